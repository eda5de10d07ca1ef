"""The stop's side of the warm parse: ask the server, or say exactly why it could not be used.

Nothing here imports spaCy or the analyzer's engine: a stop that finds a warm server pays for a socket
round trip and a JSON decode only. Every way the server can fail ends in Unavailable with its kind,
and the caller parses in its own process (route.py).
"""

from __future__ import annotations

import json
import os
import sys
import time

from warmparse import wire
from warmparse.codec import CodecError, decode, encode
from warmparse.place import Place
from warmparse.use import ANSWER_SECONDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# People wait longer for `lanegate serve --status/--stop` than a stop does.
STATUS_SECONDS = 2.0
STOP_SECONDS = 10.0
# Linux F_SETPIPE_SZ: a start spec up to this size is written without waiting for the new process.
_F_SETPIPE_SZ = 1031
_SPEC_PIPE_BYTES = 1 << 20
# The detached process imports the server from the folder this code came from, in isolated mode
# (-I): neither the stop's working folder (the judged agent's project) nor PYTHON* variables can
# put other code in its place.
_BOOT = "import sys; sys.path.insert(0, sys.argv[1]); from warmparse.server import main; sys.exit(main(sys.argv[2:]))"


class Unavailable(Exception):
    """The server could not answer; `kind` is missing, starting, crashed, wedged, foreign, stale or error."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def request(place: Place, message: dict[str, Any], timeout: float = ANSWER_SECONDS) -> dict[str, Any]:
    """One request and its reply within `timeout` seconds in all, from a server of this user only."""
    deadline = time.monotonic() + timeout
    try:
        sock = wire.connect(place.socket, timeout)
    except FileNotFoundError:
        raise absent(place) from None
    except ConnectionRefusedError:
        raise Unavailable("crashed", "the socket is left by a server that is gone") from None
    except TimeoutError:
        raise Unavailable("wedged", f"no connection within {timeout:g} s") from None
    except OSError as exc:
        raise Unavailable("error", f"cannot connect: {exc.strerror or exc}") from None
    try:
        uid = wire.peer_uid(sock)
        if uid != os.geteuid():
            raise Unavailable("foreign", f"the socket is served by uid {uid}, not this user")
        wire.send(sock, {"protocol": wire.PROTOCOL, **message})
        return wire.receive(sock, deadline=deadline)
    except TimeoutError:
        raise Unavailable("wedged", f"no answer within {timeout:g} s") from None
    except (wire.WireError, OSError) as exc:
        raise Unavailable("crashed", f"the server broke off: {exc}") from None
    finally:
        sock.close()


def absent(place: Place) -> Unavailable:
    """No socket yet: "starting" when a server holds the key's start lock (it is loading its model and
    binds when done), else "missing"."""
    if os.path.exists(place.lock):
        from warmparse.server import lock_holder

        holder = lock_holder(place.lock)
        if holder is not None:
            pid = f" (pid {holder})" if holder > 0 else ""
            return Unavailable("starting", f"a server for this key is still loading its model{pid}")
    return Unavailable("missing", "no server is running for this key")


# How often a stop waiting for a loading server looks for its socket.
LOADING_POLL_SECONDS = 0.02


def wait_while_loading(place: Place, loading: float) -> bool:
    """Wait for the server still loading its model at `place` (its start lock held, no socket yet) to bind its
    socket, while it has been loading for less than `loading` seconds (from its start lock's time: the stop
    that started it truncated the lock, the server wrote its pid there); True when its socket is there."""
    from warmparse.server import lock_holder

    try:
        until = os.stat(place.lock).st_mtime + loading
    except OSError:
        return os.path.exists(place.socket)
    while not os.path.exists(place.socket):
        if time.time() >= until or lock_holder(place.lock) is None:
            return os.path.exists(place.socket)  # given up, or the loading process is gone
        time.sleep(LOADING_POLL_SECONDS)
    return True


def remote_analyze(
    place: Place,
    key: str,
    text: str,
    model_errors: str,
    timeout: float = ANSWER_SECONDS,
    options: dict[str, bool] | None = None,
) -> Any:
    """The analyzer Report for `text`, parsed by the warm server of `key`; options: analyze()'s until_fire
    and claims, when the caller sets them."""
    expires = time.monotonic() + timeout
    message = {"op": "analyze", "key": key, "text": text, "model_errors": model_errors, "expires": expires}
    if options:
        message["options"] = dict(options)
    reply = request(place, message, timeout)
    if reply.get("key") != key:
        raise Unavailable("stale", "the server at this socket runs another key")
    if reply.get("ok") is not True:
        raise Unavailable("error", str(reply.get("error", "the server answered without a report"))[:300])
    try:
        report = decode(reply["report"])
    except (CodecError, KeyError, RecursionError) as exc:
        raise Unavailable("error", f"the server's report does not decode: {exc}") from None
    problem = report_problem(report)
    if problem is not None:  # a reply on the socket is input like any other (docs/DESIGN.md#failure): checked, not
                             # trusted
        raise Unavailable("error", f"the server's report is malformed: {problem}")
    return report


def report_problem(value: Any) -> str | None:
    """What is wrong with a decoded report, or None when it is an analyzer Report whose every field has
    its declared type (records, tuples, optionals, the Literal value sets of analyzer.report)."""
    from analyzer import report

    if type(value) is not report.Report:
        return f"a {type(value).__name__}, not a Report"
    return _field_problem(value, report)


def _field_problem(record: Any, module: Any) -> str | None:
    for name, annotation in type(record).__annotations__.items():
        problem = _value_problem(getattr(record, name), annotation.replace(" ", ""), module)
        if problem is not None:
            return f"{type(record).__name__}.{name}: {problem}"
    return None


def _value_problem(value: Any, annotation: str, module: Any) -> str | None:
    """Whether `value` fits a field annotation of analyzer.report (its annotations are strings)."""
    if annotation.endswith("|None"):
        return None if value is None else _value_problem(value, annotation[: -len("|None")], module)
    if annotation.startswith("tuple[") and annotation.endswith(",...]"):
        if type(value) is not tuple:
            return f"a {type(value).__name__}, not a tuple"
        inner = annotation[len("tuple[") : -len(",...]")]
        return next((p for p in (_value_problem(item, inner, module) for item in value) if p), None)
    annotation = module.PLAIN_ALIASES.get(annotation, annotation)
    simple = {"str": str, "int": int, "bool": bool, "float": float}.get(annotation)
    if simple is not None:
        return None if type(value) is simple else f"a {type(value).__name__}, not a {annotation}"
    literals = module._LITERALS.get(annotation)
    if literals is not None:
        return None if type(value) is str and value in literals else f"{value!r:.60} is not a {annotation}"
    cls = getattr(module, annotation, None)
    if isinstance(cls, type) and type(value) is cls:
        return _field_problem(value, module)
    return f"a {type(value).__name__}, not a {annotation}"


def start_detached(place: Place, key: str, lexicon: Any, model: str | None, idle: float) -> bool:
    """Start the server for `key` in its own session unless one holds the key's start lock; True if started.

    The lock is taken here and handed to the new process, which keeps it for its life: two stops that
    find no server at the same moment start one server between them.
    """
    from warmparse.server import take_lock

    try:  # the lexicon goes to the server on its stdin: one the wire cannot carry starts no server
        lexicon_data = encode(lexicon)
    except CodecError:
        return False
    try:
        lock_fd = take_lock(place.lock)
    except OSError:
        return False
    if lock_fd is None:
        return False
    try:
        os.ftruncate(lock_fd, 0)  # no pid in the lock until the new server writes its own (stop_all reads it)
        spec = json.dumps({"lexicon": lexicon_data, "model": model}, ensure_ascii=True).encode("ascii")
        read_end, write_end = os.pipe()
        try:
            _widen(write_end, len(spec))
            os.set_inheritable(lock_fd, True)
            root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
            argv = [sys.executable, "-I", "-c", _BOOT, root, "--socket", place.socket, "--key", key,
                    "--lock-fd", str(lock_fd), "--idle", repr(float(idle))]
            null = os.open(os.devnull, os.O_RDWR)
            try:
                actions = [(os.POSIX_SPAWN_DUP2, read_end, 0), (os.POSIX_SPAWN_DUP2, null, 1),
                           (os.POSIX_SPAWN_DUP2, null, 2)]
                os.posix_spawn(sys.executable, argv, dict(os.environ), file_actions=actions, setsid=True)
            finally:
                os.close(null)
        finally:
            os.close(read_end)
        try:
            _write_all(write_end, spec)
        finally:
            os.close(write_end)
    except OSError:
        return False
    finally:
        os.close(lock_fd)  # the server holds its own copy of the lock now (or nobody does)
    return True


def wait_until_up(place: Place, seconds: float) -> dict[str, Any] | None:
    """The status of the server at `place` once it answers, or None if it does not within `seconds`
    (a start takes the model's load time, about a second)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return request(place, {"op": "status"}, STATUS_SECONDS)["status"]
        except (Unavailable, KeyError):
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.05)


def statuses(folder: str) -> list[tuple[str, dict[str, Any] | Unavailable]]:
    """Each server socket in the folder with its status, or why it does not answer; a server still
    loading its model (its start lock held, no socket yet) is listed as starting."""
    from warmparse.place import LOCK_SUFFIX, SOCKET_SUFFIX, place_at, sockets_in

    found: list[tuple[str, dict[str, Any] | Unavailable]] = []
    sockets = sockets_in(folder)
    for path in sockets:
        try:
            found.append((path, request(place_at(path), {"op": "status"}, STATUS_SECONDS)["status"]))
        except Unavailable as exc:
            found.append((path, exc))
        except KeyError:
            found.append((path, Unavailable("error", "the status answer has no status")))
    try:
        locks = sorted(n for n in os.listdir(folder) if n.endswith(LOCK_SUFFIX))
    except OSError:
        locks = []
    for name in locks:
        socket_path = os.path.join(folder, name.removesuffix(LOCK_SUFFIX) + SOCKET_SUFFIX)
        if socket_path not in sockets and (state := absent(place_at(socket_path))).kind == "starting":
            found.append((socket_path, state))
    return found


def stop_all(folder: str, wait: float = STOP_SECONDS) -> list[int]:
    """Stop every server in the folder, those still loading included; the pids asked to stop.

    A server answers `stop` on its socket; one still loading its model has no socket yet, and is sent
    SIGTERM at the pid it wrote into its start lock (held, so that process is alive and is the server).
    """
    import contextlib
    import signal

    from warmparse.place import LOCK_SUFFIX, place_at
    from warmparse.server import lock_holder

    stopped: list[int] = []
    for path, status in statuses(folder):
        if isinstance(status, dict):
            # gone meanwhile, or not a server of ours: its lock below tells
            with contextlib.suppress(Unavailable, KeyError, TypeError, ValueError):
                stopped.append(int(request(place_at(path), {"op": "stop"}, STATUS_SECONDS)["stopped"]))
    try:
        locks = [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(LOCK_SUFFIX)]
    except OSError:
        locks = []
    deadline = time.monotonic() + wait
    while True:
        holders = [pid for pid in map(lock_holder, locks) if pid is not None]
        if not holders or time.monotonic() > deadline:
            return stopped
        for pid in holders:  # a server still loading (or one that wrote its pid after the first look)
            if pid > 0 and pid not in stopped:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGTERM)
                stopped.append(pid)
        time.sleep(0.05)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _widen(pipe_fd: int, size: int) -> None:
    """Grow the pipe so the spec is written at once, never waiting for the new process to read it."""
    if size > 60_000:
        import fcntl

        try:  # noqa: SIM105 - contextlib.suppress would cost the stop its import
            fcntl.fcntl(pipe_fd, _F_SETPIPE_SZ, max(size, _SPEC_PIPE_BYTES))
        except OSError:
            pass  # the write then waits for the server's first read, a few milliseconds
