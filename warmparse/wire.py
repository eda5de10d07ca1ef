"""The parse server's wire: one JSON object per frame, a 4-byte big-endian length before it.

The C `_socket` module is used on both sides: `socket.py` builds its enums at import, a cost the stop
would pay for nothing. Frames are bounded on read (MAX_FRAME), so a peer cannot make the other side
buffer without limit, and JSON is written ASCII-only so a lone surrogate in agent text travels intact.
"""

from __future__ import annotations

import _socket
import json
import sys
import time

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the stop's path
if TYPE_CHECKING:
    from typing import Any

PROTOCOL = 1
# The longest text sent for a parse: the hook judges at most 1,000,000 characters (hook.deference.MAX_JUDGED_CHARS).
MAX_TEXT_CHARS = 1_000_000
# ASCII JSON spends at most 6 bytes a character (\\uXXXX), plus the envelope.
MAX_FRAME = 6 * MAX_TEXT_CHARS + 64 * 1024
HEADER = 4


class WireError(OSError):
    """The peer closed early, sent an oversized or malformed frame, or the socket failed."""


def connect(path: str, timeout: float) -> _socket.socket:
    """A stream socket connected to the Unix socket at `path`, with `timeout` on every operation."""
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        sock.connect(path)
    except BaseException:
        sock.close()
        raise
    return sock


def peer_uid(sock: _socket.socket) -> int:
    """The user id of the process at the other end (SO_PEERCRED: pid, uid, gid as C ints)."""
    raw = sock.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, 12)
    return int.from_bytes(raw[4:8], sys.byteorder, signed=False)


def send(sock: _socket.socket, message: dict[str, Any]) -> None:
    body = json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    sock.sendall(len(body).to_bytes(HEADER, "big") + body)


def receive(sock: _socket.socket, limit: int = MAX_FRAME, deadline: float | None = None) -> dict[str, Any]:
    """The next frame as a JSON object; WireError when the peer closed, lied about size or sent no object.

    deadline (time.monotonic): TimeoutError once it passes, however slowly the peer trickles bytes.
    """
    size = int.from_bytes(_exactly(sock, HEADER, deadline), "big")
    if size > limit:
        raise WireError(f"frame of {size} bytes is over the limit of {limit}")
    body = _exactly(sock, size, deadline)
    try:
        message = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise WireError(f"frame is not JSON: {exc}") from None
    if not isinstance(message, dict):
        raise WireError(f"frame holds a JSON {type(message).__name__}, not an object")
    return message


def _exactly(sock: _socket.socket, size: int, deadline: float | None) -> bytes:
    chunks: list[bytes] = []
    left = size
    while left:
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("the deadline passed mid-frame")
            sock.settimeout(remaining)
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            raise WireError("the peer closed the connection" + (" mid-frame" if chunks else ""))
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
