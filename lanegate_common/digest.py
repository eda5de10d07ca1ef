"""A SHA-256 hex digest without hashlib: hashlib loads OpenSSL, ~10 ms of a stop that needs one digest."""

from __future__ import annotations

try:  # the C digest alone
    from _sha256 import sha256
except ImportError:  # pragma: no cover - Python 3.12 renamed the module
    try:
        from _sha2 import sha256  # type: ignore[no-redef]
    except ImportError:
        from hashlib import sha256  # type: ignore[no-redef]


def sha256_hex(data: bytes) -> str:
    return sha256(data).hexdigest()
