"""The warm analyzer process: spaCy loaded once, parses served over a private Unix socket (docs/DESIGN.md#performance).

It holds its key's start lock for its whole life (so a second server for the key never starts), answers
only processes of its own user (SO_PEERCRED), reads nothing but the text it is sent (never a path),
bounds every request in size and time, and exits after `idle` seconds without a request, when asked
to stop, or when its socket file is removed or replaced.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from lanegate_common import derived, patterns
from warmparse import wire
from warmparse.codec import CodecError, decode, encode
from warmparse.place import Place, place_for
from warmparse.use import DEFAULT_IDLE_SECONDS

# How long a connected peer has to send its request; then it is dropped.
REQUEST_SECONDS = 5.0
# How often the accept loop looks at the idle clock and the socket file.
POLL_SECONDS = 0.25
# Connections handled at once; more wait in the listen backlog (their clients time out and parse alone).
MAX_HANDLERS = 32
BACKLOG = 256
MAX_SPEC_BYTES = 16 << 20
# spaCy's string store keeps every new word it parses: after this many parses the server exits (the
# next stop starts a fresh one), so a server that lives for days does not grow without bound.
MAX_PARSES = 5000


Analyze = Callable[..., Any]  # (text, model_errors, **options) -> analyzer Report
# The analyze() keywords a request may set (the hook judges until the first fire, claims only for row U).
ANALYZE_OPTIONS = ("until_fire", "claims")


class Server:
    """One listening socket and the analyzer behind it; `serve()` returns when the server exits."""

    def __init__(
        self,
        place: Place,
        key: str,
        analyze: Analyze,
        *,
        idle: float,
        lock_fd: int,
        model: str | None,
        max_parses: int = MAX_PARSES,
    ) -> None:
        self.place = place
        self.max_parses = max_parses
        self.key = key
        self.analyze = analyze
        self.idle = idle
        self.lock_fd = lock_fd
        self.model = model
        self.started = time.time()
        self.last_request = time.monotonic()
        self.requests = 0
        self.refused_peers = 0
        self.stopping = threading.Event()
        self.parse_lock = threading.Lock()
        self.handlers = threading.BoundedSemaphore(MAX_HANDLERS)
        self.active = 0
        self.active_lock = threading.Lock()
        self.listener: socket.socket | None = None
        self.inode: int | None = None

    def bind(self) -> None:
        """Take the socket path (the start lock is held: any file there is a dead server's) and listen."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.place.socket)
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(self.place.socket)
        os.chmod(self.place.socket, 0o600)
        listener.listen(BACKLOG)
        listener.settimeout(POLL_SECONDS)
        self.listener = listener
        self.inode = os.stat(self.place.socket).st_ino

    def serve(self) -> None:
        assert self.listener is not None, "bind() first"
        try:
            while not self.stopping.is_set() and not self._should_exit():
                try:
                    conn, _ = self.listener.accept()
                except TimeoutError:
                    continue
                except OSError:  # closed by stop, or out of descriptors for a moment
                    if self.stopping.is_set():
                        break
                    time.sleep(POLL_SECONDS)
                    continue
                self._dispatch(conn)
        finally:
            self.close()

    def close(self) -> None:
        """Stop listening, remove the socket if it is still ours, then release the start lock (in that
        order: a stop that takes the lock next finds no socket of a dead server)."""
        self.stopping.set()
        if self.listener is not None:
            self.listener.close()
            self.listener = None
            try:
                if os.stat(self.place.socket).st_ino == self.inode:
                    os.unlink(self.place.socket)
            except OSError:
                pass
        if self.lock_fd >= 0:
            with contextlib.suppress(OSError):
                os.ftruncate(self.lock_fd, 0)  # this pid is no longer the holder
            os.close(self.lock_fd)
            self.lock_fd = -1

    def _should_exit(self) -> bool:
        with self.active_lock:
            busy = self.active > 0
        if not busy and (time.monotonic() - self.last_request > self.idle or self.requests >= self.max_parses):
            return True
        try:
            return os.stat(self.place.socket).st_ino != self.inode
        except OSError:  # removed: `serve --stop` or a cleaned folder; a new server may take the name
            return True

    def _dispatch(self, conn: socket.socket) -> None:
        try:
            peer = wire.peer_uid(conn)
        except OSError:
            peer = -1
        if peer != os.geteuid():
            self.refused_peers += 1
            conn.close()
            return
        if not self.handlers.acquire(timeout=REQUEST_SECONDS):
            conn.close()
            return
        with self.active_lock:
            self.active += 1
        threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        try:
            with conn:
                conn.settimeout(REQUEST_SECONDS)
                try:
                    request = wire.receive(conn)
                except (OSError, wire.WireError):
                    return
                wire.send(conn, self.answer(request))
        except OSError:
            pass  # the client gave up (timed out, exited): nothing to tell it
        finally:
            with self.active_lock:
                self.active -= 1
            self.handlers.release()

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """The reply to one request: a parse, the status, or a stop."""
        if request.get("protocol") != wire.PROTOCOL:
            return self._error(f"protocol {request.get('protocol')!r} is not {wire.PROTOCOL}")
        op = request.get("op")
        if op == "status":  # status and stop are for people (`lanegate serve`), who do not know the key
            return {"ok": True, "key": self.key, "status": self.status()}
        if op == "stop":
            self.stopping.set()
            return {"ok": True, "key": self.key, "stopped": os.getpid()}
        if op != "analyze":
            return self._error(f"unknown op {op!r}")
        if request.get("key") != self.key:
            return self._error("this server runs another key")
        text, model_errors = request.get("text"), request.get("model_errors", "raise")
        if not isinstance(text, str) or len(text) > wire.MAX_TEXT_CHARS:
            return self._error(f"text must be a string of at most {wire.MAX_TEXT_CHARS} characters")
        if model_errors not in ("raise", "skip"):
            return self._error(f"model_errors {model_errors!r} is not raise or skip")
        options = request.get("options") or {}
        known = isinstance(options, dict) and all(
            k in ANALYZE_OPTIONS and isinstance(v, bool) for k, v in options.items()
        )
        if not known:
            return self._error(f"options must map {', '.join(ANALYZE_OPTIONS)} to booleans")
        expires = request.get("expires")
        with self.parse_lock:
            # A request whose client gave up while it waited is not worth a parse (docs/DESIGN.md#performance: ≤ 1 s).
            if isinstance(expires, (int, float)) and time.monotonic() > expires:
                return self._error("expired before its turn")
            self.requests += 1
            try:
                report = encode(self.analyze(text, model_errors, **options))
            except Exception as exc:  # the stop parses in its own process, and meets the same error there
                return self._error(f"analyzer failed: {type(exc).__name__}: {exc}")
            finally:
                self.last_request = time.monotonic()  # only parses keep it alive: `--status` does not
        return {"ok": True, "key": self.key, "report": report}

    def status(self) -> dict[str, Any]:
        return {
            "pid": os.getpid(),
            "key": self.key,
            "model": self.model,
            "socket": self.place.socket,
            "started": self.started,
            "requests": self.requests,
            "refused_peers": self.refused_peers,
            "idle_seconds": round(time.monotonic() - self.last_request, 3),
            "idle_limit": self.idle,
            "rss_kib": resident_kib(),
        }

    def _error(self, message: str) -> dict[str, Any]:
        return {"ok": False, "key": self.key, "error": message}


def resident_kib() -> int | None:
    """This process's resident memory (VmRSS), for `serve --status` and the bench."""
    try:
        with open("/proc/self/status", "rb") as status:
            for line in status:
                if line.startswith(b"VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def take_lock(path: str) -> int | None:
    """The start lock of a key, taken without waiting (None: a server holds it or is starting)."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def note_holder(lock_fd: int) -> None:
    """Write this process's pid into its start lock, so `serve --stop` can end a server still loading."""
    os.ftruncate(lock_fd, 0)
    os.pwrite(lock_fd, f"{os.getpid()}\n".encode(), 0)


def lock_holder(path: str) -> int | None:
    """Who holds a start lock: None when free, else the holder's pid (0 while it has not written it yet)."""
    try:
        fd = take_lock(path)
    except OSError:
        return None
    if fd is not None:
        os.close(fd)
        return None
    try:
        with open(path, "rb") as lock:
            return int(lock.read(32).strip() or b"0")
    except (OSError, ValueError):
        return 0


def run(place: Place, key: str, lexicon: Any, model: str | None, *, idle: float, lock_fd: int) -> int:
    """Load the model, check this code computes the same key, listen, serve until idle; the exit status."""
    note_holder(lock_fd)
    from analyzer import analyze
    from analyzer.parse.model import ModelUnavailable, load_model
    from warmparse.key import server_key

    if server_key(lexicon.digest, model) != key:
        return 3  # the code here is not the code of the stop that asked: serving it would be wrong
    try:
        load_model(model)
    except ModelUnavailable:
        return 4  # stops parse alone and report model-error; a server would only repeat it

    def parse(text: str, model_errors: str, **options: bool) -> Any:
        return analyze(text, lexicon=lexicon, model_errors=model_errors, model_name=model, **options)  # type: ignore[arg-type]

    parse("Warm-up: your call on the merge.", "skip")
    patterns.save()  # the next cold load, here or in a stop, builds spaCy's patterns from their stored form
    derived.save()  # and reads the data files' tables from theirs (lanegate_common.derived)
    server = Server(place, key, parse, idle=idle, lock_fd=lock_fd, model=model)
    signal.signal(signal.SIGTERM, lambda *_: server.stopping.set())
    server.bind()
    server.serve()
    return 0


def main(argv: list[str]) -> int:
    """Entry point of the detached process: arguments name the socket, key, lock and idle time; the
    lexicon and model arrive on stdin (the server reads no file for them)."""
    import argparse

    parser = argparse.ArgumentParser(prog="lanegate-parse-server")
    parser.add_argument("--socket", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--lock-fd", type=int, required=True)
    parser.add_argument("--idle", type=float, default=DEFAULT_IDLE_SECONDS)
    args = parser.parse_args(argv)
    patterns.use()
    os.chdir("/")  # hold no project folder open
    _close_inherited(keep=args.lock_fd)
    spec = json.loads(sys.stdin.buffer.read(MAX_SPEC_BYTES))
    sys.stdin.close()
    try:
        lexicon = decode(spec["lexicon"])
    except (CodecError, KeyError, TypeError) as exc:
        print(f"lanegate parse server: bad start spec: {exc}", file=sys.stderr)
        return 2
    place = place_for(os.path.dirname(args.socket), args.key)
    if place.socket != args.socket:
        print(f"lanegate parse server: {args.socket} is not the socket of key {args.key}", file=sys.stderr)
        return 2
    return run(place, args.key, lexicon, spec.get("model"), idle=args.idle, lock_fd=args.lock_fd)


def _close_inherited(keep: int) -> None:
    """Close every descriptor above stderr but the lock: a pipe the harness handed the stop must not
    stay open in a process that lives for minutes."""
    try:
        fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        fds = list(range(3, 256))
    for fd in fds:
        if fd > 2 and fd != keep:
            with contextlib.suppress(OSError):
                os.close(fd)
