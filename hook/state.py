"""Per-session counters between stops (docs/DESIGN.md#the-decision, docs/DESIGN.md#clean-terminal,
docs/DESIGN.md#material-artifact): one small JSON file per session.

The ceiling, the drive-ratchet and the material-artifact boundary all need what happened at earlier
stops, without ever scanning the audit log. Updates are read-modify-write under an flock, written to a
temp file, fsynced and renamed, so a crash leaves either the old state or the new one. A file that exists
but cannot be read is reported as damaged (the material-artifact key then fails closed) and kept as
`<name>.corrupt` when the fresh state replaces it.

The state folder is the judged agent's reach only through the paths it names (docs/DESIGN.md#failure): the lock and the
temp file are created exclusively and without following a link (a link, FIFO or other non-file planted
there is removed and replaced, never written through), the state file is read without following a link
or blocking, and each session id has a file of its own (state_file_name). A folder or lock that cannot be
used makes the slot `unusable`: the caller then never refuses on it, since no ceiling could be counted.
"""

from __future__ import annotations

import fcntl
import json
import os
import stat
import time
from collections.abc import Mapping

from lanegate_common.frozen import asdict, frozen, replace

try:  # the C digest itself: hashlib would load OpenSSL's bindings at every stop
    from _sha256 import sha256
except ImportError:  # pragma: no cover - an implementation without it
    from hashlib import sha256

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

SCHEMA = 1
_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
_MAX_NAME = 120
# The readable part of a file name; the digest that follows it tells ids apart.
_MAX_READABLE = 64
# A state file is a few hundred bytes; anything much larger was not written by lanegate.
MAX_STATE_BYTES = 1 << 20
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
LOCK_WAIT_SECONDS = 5.0
LOCK_POLL_SECONDS = 0.005
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


@frozen
class SessionState:
    """What a session's earlier stops left behind."""

    consecutive_refusals: int = 0
    valid_refusals: int = 0
    last_allowed: bool | None = None
    scan_from: int | None = None
    pending_artifacts: tuple[str, ...] = ()
    prompt_uuid: str | None = None
    prompt_offset: int | None = None
    stops: int = 0
    # Where the previous stop left off in the transcript (hook.transcript.checkpoint), so this one reads only what
    # was appended; opaque here, checked by the reader.
    resume: Mapping[str, Any] | None = None
    # The digest and length of the final text the previous stop refused, as the harness sent it (text_digest);
    # None after an allowed stop. The same text again with nothing appended to the transcript is the client
    # sending that stop again unchanged; a text that begins with it is a retry that holds the refused answer.
    refused_digest: str | None = None
    refused_length: int | None = None

    def to_json(self) -> str:
        return json.dumps({"schema": SCHEMA, **asdict(self)}, separators=(",", ":"))


_TYPES: dict[str, tuple[type, ...]] = {
    "consecutive_refusals": (int,),
    "valid_refusals": (int,),
    "last_allowed": (bool, type(None)),
    "scan_from": (int, type(None)),
    "pending_artifacts": (list,),
    "prompt_uuid": (str, type(None)),
    "prompt_offset": (int, type(None)),
    "stops": (int,),
    "resume": (dict, type(None)),
    "refused_digest": (str, type(None)),
    "refused_length": (int, type(None)),
}


def parse_state(text: str) -> SessionState:
    """The stored state, or ValueError naming what is wrong with it."""
    try:
        data = json.loads(text)
    except RecursionError:  # nested past the decoder: damaged like any other unreadable state (fail closed)
        raise ValueError("nested too deeply to read") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise ValueError("not a lanegate state object of schema 1")
    fields: dict[str, object] = {}
    for key, types in _TYPES.items():
        value = data.get(key)
        ints_only = int in types and bool not in types
        if not isinstance(value, types) or (ints_only and isinstance(value, bool)):
            raise ValueError(f"field {key!r} is {value!r}")
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise ValueError(f"field {key!r} is negative")
        fields[key] = value
    artifacts = fields["pending_artifacts"]
    if not all(isinstance(a, str) for a in artifacts):  # type: ignore[union-attr]
        raise ValueError("field 'pending_artifacts' holds a non-string")
    fields["pending_artifacts"] = tuple(artifacts)  # type: ignore[arg-type]
    return SessionState(**fields)  # type: ignore[arg-type]


def state_file_name(key: str) -> str:
    """The file name of a session id: one id, one name, and no two ids share one.

    A readable prefix (characters outside [A-Za-z0-9_-] written as `%` and six hex digits, a fixed width,
    so the escape is prefix-free) and a digest of the whole id (SHA-256, 128 bits): `<readable>.<digest>`.
    Version 1 escaped with a variable width (" 2e" and "\u202e" were both "%202e"); its file names are
    legacy_state_file_name, migrated by SessionLock when unambiguous.
    """
    readable = "".join(c if c in _SAFE else f"%{ord(c):06x}" for c in key)[:_MAX_READABLE]
    digest = sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"{readable}.{digest}.json"


def legacy_state_file_name(key: str) -> str | None:
    """The version 1 file name of a session id, when only this id could have had it: ids of letters,
    digits, '-' and '_' up to 120 characters (every UUID) were stored under their own name."""
    if key and len(key) <= _MAX_NAME and all(c in _SAFE for c in key):
        return key + ".json"
    return None


class Slot:
    """One session's state, held under its lock until the `with` block ends."""

    def __init__(
        self, path: str | None, state: SessionState, damaged: str | None, existed: bool, *, unusable: bool = False
    ) -> None:
        self.path = path
        self.state = state
        self.damaged = damaged
        self.existed = existed
        # The state cannot be kept (no folder, no lock): damaged says why; the caller must not refuse.
        self.unusable = unusable

    def save(self, state: SessionState) -> None:
        """Replace the stored state atomically; a damaged file is kept aside as evidence."""
        if self.path is None:
            return
        if self.damaged and self.existed:
            os.replace(self.path, self.path + ".corrupt")
            self.existed = False
        # One temp name per session, safe because saves run under the session lock: a writer killed
        # before the rename leaves one stale temp file that the next save replaces, not one per crash.
        # Whatever stands at the name (a stale temp file, or a link planted to overwrite its target) is
        # removed first, and the new one created exclusively, never through a link.
        tmp = f"{self.path}.tmp"
        _remove_non_directory(tmp)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
        try:
            data = memoryview(state.to_json().encode("utf-8"))
            while data:
                data = data[os.write(fd, data) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, self.path)
        self.state, self.damaged, self.existed = state, None, True


def open_session(directory: str, key: str) -> SessionLock:
    """Lock and load a session's state: `with open_session(d, key) as slot:`; an unusable directory
    gives a damaged slot that saves nothing."""
    return SessionLock(directory, key)


class SessionLock:
    """The `with` block of open_session: the session's lock held while the block runs.

    A class rather than contextlib.contextmanager, whose import the hook would pay at every stop.
    """

    def __init__(self, directory: str, key: str) -> None:
        self.directory = directory
        self.key = key
        self._lock_fd: int | None = None

    def __enter__(self) -> Slot:
        path = os.path.join(self.directory, state_file_name(self.key))
        try:
            os.makedirs(self.directory, mode=0o700, exist_ok=True)
            self._lock_fd = _open_lock(path + ".lock")
        except OSError as exc:
            return _unusable(f"state directory unusable: {exc}")
        try:
            _lock(self._lock_fd)
        except OSError as exc:
            self._release()
            return _unusable(f"state lock unusable: {exc}")
        try:
            _migrate_legacy(self.directory, self.key, path)
            return _load(path)
        except BaseException:
            self._release()
            raise

    def __exit__(self, *exc_info: object) -> None:
        self._release()

    def _release(self) -> None:
        if self._lock_fd is not None:
            fd, self._lock_fd = self._lock_fd, None
            os.close(fd)


def _lock(fd: int) -> None:
    """Take the session lock, waiting at most LOCK_WAIT_SECONDS: another stop holds it for milliseconds,
    so a lock held longer is held by something else (any process that can open the file can hold it),
    and a stop must not wait on it until its deadline."""
    waited = 0.0
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if waited >= LOCK_WAIT_SECONDS:
                raise OSError(f"the lock is held elsewhere for over {LOCK_WAIT_SECONDS:g} s") from None
            time.sleep(LOCK_POLL_SECONDS)
            waited += LOCK_POLL_SECONDS


def _unusable(why: str) -> Slot:
    return Slot(None, SessionState(), why, existed=False, unusable=True)


def _open_lock(path: str) -> int:
    """The lock file's descriptor: an existing regular file opened without following a link, else a new
    one created exclusively (a link, FIFO or socket planted at the name is removed first). A directory
    there raises: the lock cannot be taken, and the slot is unusable."""
    for _ in range(3):
        try:
            fd = os.open(path, os.O_RDWR | _NOFOLLOW | _NONBLOCK)
        except FileNotFoundError:
            try:
                return os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
            except FileExistsError:
                continue  # another stop created it first: open that one
        except OSError:
            if stat.S_ISDIR(os.lstat(path).st_mode):
                raise
            _remove_non_directory(path)
            continue
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)
        _remove_non_directory(path)
    raise OSError(f"cannot create the lock file {path}")


def _remove_non_directory(path: str) -> None:
    try:  # noqa: SIM105 - contextlib.suppress would cost every stop its import
        os.unlink(path)
    except FileNotFoundError:
        pass


def _migrate_legacy(directory: str, key: str, path: str) -> None:
    """A version 1 state file of this session, under the new name (called under the new lock)."""
    legacy = legacy_state_file_name(key)
    if legacy is None or os.path.lexists(path):
        return
    old = os.path.join(directory, legacy)
    try:
        if stat.S_ISREG(os.lstat(old).st_mode):
            os.rename(old, path)
    except OSError:
        pass  # no legacy file (or it went away): the session starts fresh


def _load(path: str) -> Slot:
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK)
    except FileNotFoundError:
        return Slot(path, SessionState(), None, existed=False)
    except OSError as exc:
        return Slot(path, SessionState(), f"state file unreadable: {exc}", existed=True)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_STATE_BYTES:
            return Slot(path, SessionState(), "state file unreadable: not a small regular file", existed=True)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            text = fh.read(MAX_STATE_BYTES).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return Slot(path, SessionState(), f"state file unreadable: {exc}", existed=True)
    finally:
        os.close(fd)
    try:
        return Slot(path, parse_state(text), None, existed=True)
    except ValueError as exc:
        return Slot(path, SessionState(), f"state file damaged: {exc}", existed=True)


# ---- transitions: pure, so the ceiling and ratchet bookkeeping is unit-testable ----


def is_new_prompt(state: SessionState, uuid: str | None, offset: int | None) -> bool:
    """Whether the newest prompting record differs from the one seen at the previous stop."""
    if uuid is None and offset is None:
        return False
    if uuid is not None and state.prompt_uuid is not None:
        return uuid != state.prompt_uuid
    return offset != state.prompt_offset


def text_digest(text: str | None) -> str:
    """A short digest of a final text, to tell a stop sent again unchanged from a new one."""
    return sha256((text or "").encode("utf-8", "surrogatepass")).hexdigest()[:32]


def after_stop(
    state: SessionState,
    *,
    consecutive: int,
    refused: bool,
    valid_refusal: bool,
    scan_to: int | None,
    prompt_uuid: str | None,
    prompt_offset: int | None,
    pending: tuple[str, ...],
    resume: Mapping[str, Any] | None = None,
    text: str | None = None,
) -> SessionState:
    """The state the next stop sees: a refusal extends the chain, any allow resets it and the boundary.

    `resume` is this stop's transcript checkpoint; None (an error stop) makes the next stop read in full.
    `text`: the final text this stop judged (its digest is kept while the chain of refusals goes on).
    """
    return replace(
        state,
        consecutive_refusals=consecutive + 1 if refused else 0,
        valid_refusals=state.valid_refusals + (1 if valid_refusal else 0),
        last_allowed=not refused,
        scan_from=scan_to if scan_to is not None else state.scan_from,
        pending_artifacts=pending if refused else (),
        prompt_uuid=prompt_uuid if prompt_uuid is not None else state.prompt_uuid,
        prompt_offset=prompt_offset if prompt_offset is not None else state.prompt_offset,
        stops=state.stops + 1,
        resume=dict(resume) if resume is not None else None,
        refused_digest=text_digest(text) if refused and text is not None else None,
        refused_length=len(text) if refused and text is not None else None,
    )
