"""The warm parse's parts without spaCy: codec, private folder, wire, server and client failure modes.

Servers here run in a thread of the test process with a stand-in analyzer and an idle time of
seconds; each test stops its own (fixture teardown), so none outlives the test.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import stat
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analyzer.lexicon import default_lexicon
from analyzer.report import Finding, Report, Span
from lanegate_common.frozen import replace
from warmparse import wire
from warmparse.client import Unavailable, remote_analyze, request, start_detached, statuses
from warmparse.codec import CodecError, decode, encode
from warmparse.key import server_key
from warmparse.place import PlaceError, folder_for, place_for, private_folder
from warmparse.server import Server, lock_holder, note_holder, take_lock

KEY = "a" * 64
ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as another user")
OTHER_UID = 65534


def finding(**changes: object) -> Finding:
    values: dict[str, object] = {
        "phrase": "your call",
        "text": "your call",
        "family": "attribution",
        "start": 16,
        "end": 25,
        "line": 1,
        "col": 17,
        "verdict": "exempt",
        "form": "option-list",
        "attachment": Span("Merge or wait", 0, 13),
        "domains": ("merge",),
        "negated": False,
        "reason": "exempt (option-list): every alternative is human-only (merge)",
        "rule": "option-list",
        "governor": Span("Merge", 0, 5),
        "negation": None,
    }
    values.update(changes)
    return Finding(**values)  # type: ignore[arg-type]


REPORT = Report(findings=(finding(),), warnings=("model-error",), parsed=True)


# --- codec ---------------------------------------------------------------------------------------


def test_a_report_survives_the_wire_field_for_field() -> None:
    text = json.dumps(encode(REPORT))
    back = decode(json.loads(text))
    assert back == REPORT
    assert back.findings[0].governor == Span("Merge", 0, 5)  # a field to_dict() leaves out
    assert back.to_dict() == REPORT.to_dict()
    assert type(back.findings) is tuple and type(back.findings[0].domains) is tuple


def test_the_lexicon_survives_the_wire_and_encodes_to_one_text() -> None:
    lexicon = default_lexicon().extended(
        phrases=[{"canonical": "over to you", "family": "attribution"}], domain_words={"merge": ["land"]}
    )
    encoded = json.dumps(encode(lexicon), sort_keys=True)
    back = decode(json.loads(encoded))
    assert back == lexicon
    assert back.entry("over to you").family == "attribution"
    assert back.domain_of("land") == "merge"
    assert json.dumps(encode(back), sort_keys=True) == encoded  # frozensets sorted: equal values, equal text


@given(
    reason=st.text(),
    domains=st.lists(st.text(min_size=1), max_size=4).map(tuple),
    start=st.integers(min_value=0, max_value=10**6),
    warnings=st.lists(st.text(), max_size=3).map(tuple),
)
def test_any_report_round_trips_through_json(reason: str, domains: tuple[str, ...], start: int,
                                              warnings: tuple[str, ...]) -> None:
    report = Report(findings=(finding(reason=reason, domains=domains, start=start, negation=None),), warnings=warnings)
    wire_text = json.dumps(encode(report), ensure_ascii=True)  # lone surrogates travel escaped
    assert decode(json.loads(wire_text)) == report


@pytest.mark.parametrize(
    ("data", "complaint"),
    [
        ({"$record": "subprocess:Popen", "fields": {"args": "true"}}, "not from a trusted package"),
        ({"$record": "os:system", "fields": {}}, "not from a trusted package"),
        ({"$record": "analyzer.lexicon:normalize_word", "fields": {}}, "is not a record class"),
        ({"$record": "analyzer.report:Span", "fields": {"text": "x", "start": 0, "end": 1, "evil": 1}},
         "unexpected keyword argument 'evil'"),
        ({"$record": "analyzer.report:Nope", "fields": {}}, "has no attribute 'Nope'"),
        ({"$tuple": "abc"}, "holds a str, not a list"),
        ({"$dict": [["k"]]}, "not a [key, value] pair"),
        ({"$dict": [[{"$list": []}, 1]]}, "must be hashable, not a list"),
        ({"$set": []}, "unknown tag '$set'"),
        ({"a": 1, "b": 2}, "one tag"),
        ([1, 2], "not an encoded value: list"),
    ],
)
def test_decoding_builds_only_records_of_trusted_packages(data: object, complaint: str) -> None:
    with pytest.raises(CodecError, match=None) as caught:
        decode(data)
    assert complaint in str(caught.value)


def test_encoding_refuses_what_it_cannot_rebuild() -> None:
    with pytest.raises(CodecError, match="cannot encode a bytes"):
        encode(Span(b"x", 0, 1))  # type: ignore[arg-type]


# --- the private folder ----------------------------------------------------------------------------


def test_the_runtime_folder_is_made_private(tmp_path: Path) -> None:
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    folder = folder_for({"XDG_RUNTIME_DIR": str(runtime)}, str(tmp_path / "state"))
    assert folder == str(runtime / "lanegate")
    assert private_folder(folder, create=True) == folder
    assert stat.S_IMODE(os.lstat(folder).st_mode) == 0o700


def test_without_a_runtime_folder_the_state_folder_holds_it(tmp_path: Path) -> None:
    state = str(tmp_path / "state")
    assert folder_for({}, state) == os.path.join(state, "parse-server")
    assert folder_for({"XDG_RUNTIME_DIR": "relative/run"}, state) == os.path.join(state, "parse-server")
    assert folder_for({"XDG_RUNTIME_DIR": str(tmp_path / "missing")}, state) == os.path.join(state, "parse-server")
    folder = private_folder(folder_for({}, state), create=True)
    assert stat.S_IMODE(os.lstat(folder).st_mode) == 0o700


def test_a_folder_open_to_others_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "open"
    folder.mkdir()
    folder.chmod(0o755)
    with pytest.raises(PlaceError, match=r"is open to others \(mode 0755\)"):
        private_folder(str(folder), create=True)


def test_a_link_in_place_of_the_folder_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir(mode=0o700)
    link = tmp_path / "lanegate"
    link.symlink_to(target)
    with pytest.raises(PlaceError, match="is not a folder"):
        private_folder(str(link), create=True)


@ROOT_ONLY
def test_a_folder_of_another_user_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "theirs"
    folder.mkdir(mode=0o700)
    os.chown(folder, OTHER_UID, OTHER_UID)
    with pytest.raises(PlaceError, match=f"belongs to uid {OTHER_UID}, not to this user"):
        private_folder(str(folder), create=True)


def test_a_socket_path_too_long_for_an_address_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PlaceError, match="longer than a Unix socket address allows"):
        place_for(str(tmp_path / ("x" * 120)), KEY)


# --- the wire ----------------------------------------------------------------------------------------


def test_an_oversized_frame_is_refused_before_it_is_read() -> None:
    a, b = socket.socketpair()
    with a, b:
        a.sendall((wire.MAX_FRAME + 1).to_bytes(4, "big"))
        with pytest.raises(wire.WireError, match="over the limit"):
            wire.receive(b)


def test_a_frame_that_is_no_object_is_refused() -> None:
    a, b = socket.socketpair()
    with a, b:
        body = b"[1, 2]"
        a.sendall(len(body).to_bytes(4, "big") + body)
        with pytest.raises(wire.WireError, match="holds a JSON list, not an object"):
            wire.receive(b)


def test_a_peer_that_trickles_bytes_still_meets_the_deadline() -> None:
    a, b = socket.socketpair()
    with a, b:
        a.sendall((100).to_bytes(4, "big") + b"{")
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            wire.receive(b, deadline=started + 0.3)
        assert time.monotonic() - started < 1.0


# --- a server in a thread, with a stand-in analyzer -----------------------------------------------


class Running:
    def __init__(self, folder: str, analyze: object, idle: float = 30.0, key: str = KEY) -> None:
        self.place = place_for(private_folder(folder, create=True), key)
        lock = take_lock(self.place.lock)
        assert lock is not None
        self.server = Server(self.place, key, analyze, idle=idle, lock_fd=lock, model=None)  # type: ignore[arg-type]
        self.server.bind()
        self.thread = threading.Thread(target=self.server.serve, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.stopping.set()
        # A connection that sends nothing wakes its accept now, not at its next poll (a quarter second); a server that
        # has already exited refuses it.
        with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as wake:
            wake.connect(self.place.socket)
        self.thread.join(timeout=5)
        assert not self.thread.is_alive()


@pytest.fixture
def folder(tmp_path: Path) -> str:
    return str(tmp_path / "run")


@pytest.fixture
def served(folder: str) -> Iterator[Running]:
    calls: list[str] = []

    def analyze(text: str, model_errors: str) -> Report:
        calls.append(text)
        return Report(findings=(finding(text=text[:9]),), warnings=(model_errors,))

    running = Running(folder, analyze)
    running.calls = calls  # type: ignore[attr-defined]
    yield running
    running.stop()


def test_a_parse_comes_back_as_the_analyzer_returned_it(served: Running) -> None:
    report = remote_analyze(served.place, KEY, "your call, merge or wait", "skip")
    assert report == Report(findings=(finding(text="your call"),), warnings=("skip",))
    assert served.calls == ["your call, merge or wait"]  # type: ignore[attr-defined]


def test_status_and_stop(served: Running) -> None:
    status = request(served.place, {"op": "status", "key": KEY})["status"]
    assert (status["pid"], status["key"], status["requests"], status["idle_limit"]) == (os.getpid(), KEY, 0, 30.0)
    assert request(served.place, {"op": "stop", "key": KEY}) == {"ok": True, "key": KEY, "stopped": os.getpid()}
    served.thread.join(timeout=5)
    assert not served.thread.is_alive()
    assert not os.path.exists(served.place.socket)
    assert take_lock(served.place.lock) is not None  # the start lock is free for the next server


def test_a_request_for_another_key_is_stale(served: Running) -> None:
    with pytest.raises(Unavailable) as caught:
        remote_analyze(served.place, "b" * 64, "your call", "skip")
    assert (caught.value.kind, str(caught.value)) == ("stale", "the server at this socket runs another key")


def test_a_text_over_the_bound_is_refused_by_the_server(served: Running) -> None:
    with pytest.raises(Unavailable) as caught:
        remote_analyze(served.place, KEY, "x" * (wire.MAX_TEXT_CHARS + 1), "skip")
    assert caught.value.kind == "error"
    assert "at most 1000000 characters" in str(caught.value)


def test_a_request_that_expired_while_it_waited_is_not_parsed(served: Running) -> None:
    reply = request(served.place, {"op": "analyze", "key": KEY, "text": "your call", "model_errors": "skip",
                                   "expires": time.monotonic() - 1})
    assert reply == {"ok": False, "key": KEY, "error": "expired before its turn"}
    assert served.calls == []  # type: ignore[attr-defined]


def test_a_client_that_sends_nothing_does_not_hold_up_the_next(served: Running) -> None:
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    silent.connect(served.place.socket)
    try:
        started = time.monotonic()
        assert remote_analyze(served.place, KEY, "your call", "skip").findings[0].text == "your call"
        assert time.monotonic() - started < 1.0
    finally:
        silent.close()


def test_an_analyzer_failure_is_an_error_answer_not_a_dead_server(folder: str) -> None:
    def broken(text: str, model_errors: str) -> Report:
        raise RuntimeError("boom")

    running = Running(folder, broken)
    try:
        with pytest.raises(Unavailable) as caught:
            remote_analyze(running.place, KEY, "your call", "skip")
        assert (caught.value.kind, str(caught.value)) == ("error", "analyzer failed: RuntimeError: boom")
        assert request(running.place, {"op": "status", "key": KEY})["ok"] is True
    finally:
        running.stop()


def test_the_server_exits_when_idle_and_frees_its_name(folder: str) -> None:
    running = Running(folder, lambda text, errors: REPORT, idle=0.5)
    running.thread.join(timeout=5)
    assert not running.thread.is_alive()
    assert not os.path.exists(running.place.socket)
    with pytest.raises(Unavailable) as caught:
        remote_analyze(running.place, KEY, "your call", "skip")
    assert caught.value.kind == "missing"


def test_the_server_exits_after_its_parse_limit(folder: str) -> None:
    place = place_for(private_folder(folder, create=True), KEY)
    lock = take_lock(place.lock)
    assert lock is not None
    server = Server(place, KEY, lambda text, errors: REPORT, idle=30.0, lock_fd=lock, model=None, max_parses=2)
    server.bind()
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    assert remote_analyze(place, KEY, "your call", "skip") == REPORT
    assert remote_analyze(place, KEY, "your call", "skip") == REPORT
    thread.join(timeout=5)
    assert not thread.is_alive()
    assert not os.path.exists(place.socket)


def test_the_server_exits_when_its_socket_is_removed(folder: str) -> None:
    running = Running(folder, lambda text, errors: REPORT)
    os.unlink(running.place.socket)
    running.thread.join(timeout=5)
    assert not running.thread.is_alive()


@ROOT_ONLY
def test_the_server_answers_no_other_user() -> None:
    """A peer of another uid gets the connection closed, no answer (the folders are opened for the test:
    the private folder alone already keeps other users out)."""
    base = tempfile.mkdtemp()
    os.chmod(base, 0o711)
    running = Running(os.path.join(base, "run"), lambda text, errors: REPORT)
    try:
        os.chmod(running.place.folder, 0o711)
        os.chmod(running.place.socket, 0o666)
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child reports through the pipe
            try:
                os.setuid(OTHER_UID)
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                sock.settimeout(3)
                sock.connect(running.place.socket)
                wire.send(sock, {"protocol": 1, "op": "status", "key": KEY})
                outcome = b"answered" if sock.recv(4) else b"closed"
            except (ConnectionResetError, BrokenPipeError):  # closed before or while it wrote
                outcome = b"closed"
            except Exception as exc:
                outcome = type(exc).__name__.encode()
            os.write(write_end, outcome)
            os._exit(0)
        os.close(write_end)
        os.waitpid(pid, 0)
        assert os.read(read_end, 100) == b"closed"
        assert running.server.refused_peers == 1
    finally:
        running.stop()
        shutil.rmtree(base)


# --- the client's failure modes against broken servers ---------------------------------------------


def test_no_server_is_missing(folder: str) -> None:
    place = place_for(private_folder(folder, create=True), KEY)
    with pytest.raises(Unavailable) as caught:
        remote_analyze(place, KEY, "your call", "skip")
    assert caught.value.kind == "missing"


def test_a_socket_left_by_a_dead_server_is_crashed(folder: str) -> None:
    place = place_for(private_folder(folder, create=True), KEY)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(place.socket)
    dead.close()  # bound, never listening: what a killed server leaves
    with pytest.raises(Unavailable) as caught:
        remote_analyze(place, KEY, "your call", "skip")
    assert caught.value.kind == "crashed"


def test_a_server_that_never_answers_is_wedged_after_one_second(folder: str) -> None:
    place = place_for(private_folder(folder, create=True), KEY)
    wedged = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    wedged.bind(place.socket)
    wedged.listen(8)
    try:
        started = time.monotonic()
        with pytest.raises(Unavailable) as caught:
            remote_analyze(place, KEY, "your call", "skip")
        waited = time.monotonic() - started
        assert (caught.value.kind, str(caught.value)) == ("wedged", "no answer within 1 s")
        assert 0.9 < waited < 1.5
    finally:
        wedged.close()


def test_a_server_that_hangs_up_mid_answer_is_crashed(folder: str) -> None:
    place = place_for(private_folder(folder, create=True), KEY)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(place.socket)
    listener.listen(8)

    def half_answer() -> None:
        conn, _ = listener.accept()
        with conn:
            wire.receive(conn)
            conn.sendall((500).to_bytes(4, "big") + b'{"ok"')

    thread = threading.Thread(target=half_answer)
    thread.start()
    try:
        with pytest.raises(Unavailable) as caught:
            remote_analyze(place, KEY, "your call", "skip")
        assert caught.value.kind == "crashed"
        assert "closed the connection mid-frame" in str(caught.value)
    finally:
        thread.join()
        listener.close()


@ROOT_ONLY
def test_a_socket_served_by_another_user_is_foreign(tmp_path: Path) -> None:
    place = place_for(private_folder(str(tmp_path / "run"), create=True), KEY)
    ready_read, ready_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - a listener that becomes another user before it listens
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(place.socket)
        os.setuid(OTHER_UID)
        sock.listen(8)
        os.write(ready_write, b"x")
        time.sleep(5)
        os._exit(0)
    try:
        os.read(ready_read, 1)
        with pytest.raises(Unavailable) as caught:
            remote_analyze(place, KEY, "your call", "skip")
        assert caught.value.kind == "foreign"
        assert str(caught.value) == f"the socket is served by uid {OTHER_UID}, not this user"
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)


def test_only_one_start_wins_the_lock(folder: str) -> None:
    place = place_for(private_folder(folder, create=True), KEY)
    held = take_lock(place.lock)
    assert held is not None
    try:
        assert take_lock(place.lock) is None
        assert start_detached(place, KEY, default_lexicon(), None, idle=1) is False
    finally:
        os.close(held)


def test_the_key_follows_the_lexicon_and_the_model() -> None:
    base = default_lexicon()
    wider = base.extended(agent_work=["fixtures"])
    assert server_key(base.digest, None) == server_key(default_lexicon().digest, None)
    keys = {server_key(base.digest, None), server_key(wider.digest, None), server_key(base.digest, "en_core_web_md")}
    assert len(keys) == 3


def test_the_key_follows_the_code(tmp_path: Path) -> None:
    package = tmp_path / "analyzer"
    package.mkdir()
    module = package / "rules.py"
    module.write_text("A = 1\n")
    before = server_key(default_lexicon().digest, None, root=str(tmp_path))
    module.write_text("A = 22\n")
    assert server_key(default_lexicon().digest, None, root=str(tmp_path)) != before


# --- the route: whatever goes wrong on the warm side, the stop parses in its own process --------------


@pytest.fixture
def parsed_here(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """route's in-process parse replaced by a stand-in that records the texts it was given."""
    from warmparse import route

    texts: list[str] = []

    def local(text: str, lexicon: object, model_name: str | None, model_errors: str, options: object) -> Report:
        texts.append(text)
        return REPORT  # a parse (REPORT.parsed), as far as the route can tell

    monkeypatch.setattr(route, "_local", local)
    return texts


def test_a_lexicon_the_wire_cannot_carry_is_parsed_here_and_starts_no_server(
    folder: str, parsed_here: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key is the lexicon's digest, so nothing is encoded per stop; the server that would get the lexicon
    on its stdin is never started with one the wire cannot carry."""
    from warmparse import route
    from warmparse.use import WarmUse

    monkeypatch.setattr(route, "_paid_cold_load", lambda report: True)
    odd = replace(default_lexicon(), agent_work=frozenset({b"bytes"}))  # a field no JSON carries
    report, warnings = route.analyze_text("your call", odd, model_name=None, model_errors="skip",
                                          warm=WarmUse(start=True, folder=folder))
    assert (report, parsed_here) == (REPORT, ["your call"])
    assert len(warnings) == 1 and warnings[0].startswith("parse server missing: ")
    assert warnings[0].endswith("; parsed in this process")  # not "; started a server for the next stop"
    assert statuses(folder) == []


def test_a_fault_of_the_warm_path_itself_is_a_warning_not_a_failure(
    folder: str, parsed_here: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from warmparse import route
    from warmparse.use import WarmUse

    def broken(*args: object, **kwargs: object) -> Report:
        raise RuntimeError("boom")

    monkeypatch.setattr(route, "remote_analyze", broken)
    report, warnings = route.analyze_text("your call", default_lexicon(), model_name=None, model_errors="skip",
                                          warm=WarmUse(start=True, folder=folder))
    assert (report, warnings) == (REPORT, ("parse server error: RuntimeError: boom; parsed in this process",))
    assert os.listdir(folder) == []  # an error is no reason to start a server


def test_without_warm_use_nothing_is_asked(parsed_here: list[str]) -> None:
    from warmparse.route import analyze_text

    assert analyze_text("your call", default_lexicon(), model_name=None, model_errors="raise", warm=None) == (
        REPORT, ()
    )


# --- what the stop says about the server (issue 24) -----------------------------------------------------


def test_a_stop_that_parses_nothing_says_nothing_about_a_missing_server(folder: str) -> None:
    """An offer fires as written, with no parse: 'parse server missing … parsed in this process' would be
    false there, and no server is worth starting for it."""
    from analyzer.parse.model import load_model
    from warmparse.route import analyze_text
    from warmparse.use import WarmUse

    uses = load_model.cache_info()
    report, warnings = analyze_text("Tests pass. Would you like me to open the PR?", default_lexicon(),
                                    model_name=None, model_errors="skip", warm=WarmUse(start=True, folder=folder),
                                    options={"until_fire": True, "claims": False})
    assert load_model.cache_info() == uses  # the analyzer never asked for the model
    assert report.parsed is False  # and its report says so
    assert ([f.phrase for f in report.findings], report.verdict, warnings) == (["would you like me to"], "fire", ())
    assert os.listdir(folder) == []  # no server started


def test_a_server_still_loading_its_model_is_starting_not_missing(folder: str) -> None:
    place = place_for(private_folder(folder, create=True), KEY)
    lock = take_lock(place.lock)  # what a server holds from its start, before it binds its socket
    assert lock is not None
    try:
        with pytest.raises(Unavailable) as caught:
            remote_analyze(place, KEY, "your call", "skip")
        loading = "a server for this key is still loading its model"
        assert (caught.value.kind, str(caught.value)) == ("starting", loading)
        note_holder(lock)
        with pytest.raises(Unavailable) as caught:
            remote_analyze(place, KEY, "your call", "skip")
        assert str(caught.value) == f"a server for this key is still loading its model (pid {os.getpid()})"
        assert [(path, status.kind) for path, status in statuses(folder)] == [(place.socket, "starting")]
    finally:
        os.close(lock)
    with pytest.raises(Unavailable) as caught:  # the lock let go and no socket: nothing runs
        remote_analyze(place, KEY, "your call", "skip")
    assert caught.value.kind == "missing"
    assert statuses(folder) == []


def test_a_stop_that_finds_a_server_loading_too_long_parses_here_and_starts_no_other(
    folder: str, parsed_here: list[str]
) -> None:
    from warmparse.route import analyze_text
    from warmparse.use import LOADING_SECONDS, WarmUse

    place = place_for(private_folder(folder, create=True), server_key(default_lexicon().digest, None))
    lock = take_lock(place.lock)
    assert lock is not None
    try:
        note_holder(lock)
        began = time.time() - LOADING_SECONDS - 1  # a load this long is stuck: a cold parse here is sooner
        os.utime(place.lock, (began, began))
        started = time.monotonic()
        report, warnings = analyze_text("your call", default_lexicon(), model_name=None, model_errors="skip",
                                        warm=WarmUse(start=True, folder=folder))
        assert time.monotonic() - started < 1  # not waited for
        assert (report, parsed_here) == (REPORT, ["your call"])
        assert warnings == (f"parse server starting: a server for this key is still loading its model "
                            f"(pid {os.getpid()}), loading for over {LOADING_SECONDS:g} s; parsed in this process",)
        assert lock_holder(place.lock) == os.getpid()  # still ours: no second server was started
    finally:
        os.close(lock)


def test_a_stop_that_finds_a_server_loading_waits_for_its_answer(folder: str, parsed_here: list[str]) -> None:
    """docs/DESIGN.md#tests: the server's load, begun earlier, ends sooner than a second one begun beside it."""
    from warmparse.route import analyze_text
    from warmparse.use import WarmUse

    key = server_key(default_lexicon().digest, None)
    place = place_for(private_folder(folder, create=True), key)
    lock = take_lock(place.lock)
    assert lock is not None
    note_holder(lock)  # loading: the start lock held, no socket yet
    server = Server(place, key, lambda text, errors: REPORT, idle=30.0, lock_fd=lock, model=None)

    def finish_loading() -> None:
        time.sleep(0.5)
        server.bind()
        server.serve()

    thread = threading.Thread(target=finish_loading, daemon=True)
    thread.start()
    try:
        started = time.monotonic()
        report, warnings = analyze_text("your call", default_lexicon(), model_name=None, model_errors="skip",
                                        warm=WarmUse(start=True, folder=folder))
        assert 0.4 < time.monotonic() - started < 3
        assert (report, warnings, parsed_here) == (REPORT, (), [])
        assert server.requests == 1
    finally:
        server.stopping.set()
        with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as wake:
            wake.connect(place.socket)  # as Running.stop does
        thread.join(timeout=5)
    assert not thread.is_alive()
