"""Per-session state: atomic, locked read-modify-write, damaged files reported and kept as evidence."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hook.state import SessionState, after_stop, is_new_prompt, open_session, parse_state, state_file_name

ROOT = Path(__file__).resolve().parents[1]


def test_a_new_session_has_fresh_state(tmp_path: Path) -> None:
    with open_session(str(tmp_path / "state"), "s1") as slot:
        assert (slot.state, slot.damaged, slot.existed) == (SessionState(), None, False)
    assert sorted(p.name for p in (tmp_path / "state").iterdir()) == [state_file_name("s1") + ".lock"]


def test_save_then_load_round_trips(tmp_path: Path) -> None:
    state = SessionState(
        consecutive_refusals=2,
        valid_refusals=1,
        last_allowed=False,
        scan_from=4096,
        pending_artifacts=("PR created: https://github.com/o/r/pull/7",),
        prompt_uuid="u-1",
        prompt_offset=100,
        stops=3,
    )
    with open_session(str(tmp_path), "s1") as slot:
        slot.save(state)
    with open_session(str(tmp_path), "s1") as slot:
        assert (slot.state, slot.damaged, slot.existed) == (state, None, True)
    assert sorted(p.name for p in tmp_path.iterdir()) == [state_file_name("s1"), state_file_name("s1") + ".lock"]


def test_the_file_is_small_json_with_a_schema(tmp_path: Path) -> None:
    with open_session(str(tmp_path), "s1") as slot:
        slot.save(SessionState(stops=1))
    assert json.loads((tmp_path / state_file_name("s1")).read_text()) == {
        "schema": 1,
        "consecutive_refusals": 0,
        "valid_refusals": 0,
        "last_allowed": None,
        "scan_from": None,
        "pending_artifacts": [],
        "prompt_uuid": None,
        "prompt_offset": None,
        "stops": 1,
        "resume": None,
        "refused_digest": None,
        "refused_length": None,
    }


@pytest.mark.parametrize(
    ("content", "damage"),
    [
        (
            b"{not json",
            "state file damaged: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
        ),
        (b"[]", "state file damaged: not a lanegate state object of schema 1"),
        (b'{"schema": 2}', "state file damaged: not a lanegate state object of schema 1"),
        (b'{"schema": 1, "consecutive_refusals": "3"}', "state file damaged: field 'consecutive_refusals' is '3'"),
        (b'{"schema": 1, "consecutive_refusals": true}', "state file damaged: field 'consecutive_refusals' is True"),
        (b"\xff\xfe", "state file unreadable: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"),
    ],
)
def test_damaged_state_is_reported_replaced_and_kept_as_evidence(tmp_path: Path, content: bytes, damage: str) -> None:
    (tmp_path / state_file_name("s1")).write_bytes(content)
    with open_session(str(tmp_path), "s1") as slot:
        assert (slot.state, slot.damaged, slot.existed) == (SessionState(), damage, True)
        slot.save(SessionState(stops=1))
        assert slot.damaged is None
    assert (tmp_path / (state_file_name("s1") + ".corrupt")).read_bytes() == content
    with open_session(str(tmp_path), "s1") as slot:
        assert (slot.state, slot.damaged) == (SessionState(stops=1), None)


def test_negative_counters_are_damage() -> None:
    good = json.loads(SessionState().to_json())
    with pytest.raises(ValueError, match="field 'stops' is negative"):
        parse_state(json.dumps({**good, "stops": -1}))
    with pytest.raises(ValueError, match="field 'pending_artifacts' holds a non-string"):
        parse_state(json.dumps({**good, "pending_artifacts": [1]}))


def test_an_unusable_directory_gives_a_damaged_slot_that_saves_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with open_session(str(blocker / "state"), "s1") as slot:
        assert slot.path is None
        assert slot.damaged is not None and slot.damaged.startswith("state directory unusable: ")
        slot.save(SessionState(stops=1))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


@pytest.mark.parametrize(
    ("key", "name"),
    [
        (
            "5e55a000-0000-4000-8000-000000000001",
            "5e55a000-0000-4000-8000-000000000001.091b93a9618762241e01a7bedff52a61.json",
        ),
        (
            "../../etc/passwd",
            "%00002e%00002e%00002f%00002e%00002e%00002fetc%00002fpasswd.3754d6cb3a38e1185e5b382d5f3ef3f1.json",
        ),
        ("s1/agent-7", "s1%00002fagent-7.e0374ee716dcbb5f7e18c018dffc0d35.json"),
        (" 2e", "%0000202e.27e9166d9f527790f4e9f1f29bcae727.json"),
        ("\u202e", "%00202e.3b9e50315ad56b16868dd444f3f10f7a.json"),
    ],
)
def test_state_file_names_are_sanitized_prefix_free_and_digested(key: str, name: str) -> None:
    """docs/DESIGN.md#failure: a fixed-width escape (prefix-free) and a digest of the whole id; v1's variable-width
    escape gave ' 2e' and '\u202e' one file."""
    assert state_file_name(key) == name


def test_long_keys_are_cut_and_hashed_without_collisions() -> None:
    a, b = state_file_name("a" * 300), state_file_name("a" * 299 + "b")
    assert (len(a), len(b), a == b) == (102, 102, False)


def test_a_version_1_state_file_of_a_plain_id_is_migrated(tmp_path: Path) -> None:
    key = "5e55a000-0000-4000-8000-000000000001"
    (tmp_path / f"{key}.json").write_text(SessionState(consecutive_refusals=2, stops=2).to_json())
    with open_session(str(tmp_path), key) as slot:
        assert (slot.state.consecutive_refusals, slot.existed, slot.damaged) == (2, True, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == [state_file_name(key), state_file_name(key) + ".lock"]


def test_a_version_1_state_file_of_an_escaped_id_is_left_alone(tmp_path: Path) -> None:
    """v1's escaped names were ambiguous (' 2e' and '\u202e' shared '%202e.json'): not migrated."""
    (tmp_path / "%202e.json").write_text(SessionState(consecutive_refusals=2).to_json())
    with open_session(str(tmp_path), " 2e") as slot:
        assert (slot.state.consecutive_refusals, slot.existed) == (0, False)
    assert (tmp_path / "%202e.json").exists()


def test_refusals_extend_the_chain_and_allows_reset_it() -> None:
    s = SessionState()
    s = after_stop(
        s,
        consecutive=0,
        refused=True,
        valid_refusal=True,
        scan_to=10,
        prompt_uuid="p1",
        prompt_offset=0,
        pending=("PR created: u",),
    )
    assert s == SessionState(1, 1, False, 10, ("PR created: u",), "p1", 0, 1)
    s = after_stop(
        s,
        consecutive=1,
        refused=True,
        valid_refusal=False,
        scan_to=20,
        prompt_uuid="p1",
        prompt_offset=0,
        pending=("PR created: u",),
    )
    assert s == SessionState(2, 1, False, 20, ("PR created: u",), "p1", 0, 2)
    s = after_stop(
        s,
        consecutive=2,
        refused=False,
        valid_refusal=False,
        scan_to=30,
        prompt_uuid="p1",
        prompt_offset=0,
        pending=("PR created: u",),
    )
    assert s == SessionState(0, 1, True, 30, (), "p1", 0, 3)


def test_an_unknown_offset_keeps_the_previous_one() -> None:
    s = SessionState(scan_from=50, prompt_uuid="p1", prompt_offset=7)
    s = after_stop(
        s,
        consecutive=0,
        refused=False,
        valid_refusal=False,
        scan_to=None,
        prompt_uuid=None,
        prompt_offset=None,
        pending=(),
    )
    assert (s.scan_from, s.prompt_uuid, s.prompt_offset) == (50, "p1", 7)


@pytest.mark.parametrize(
    ("stored", "uuid", "offset", "new"),
    [
        (SessionState(), "p1", 0, True),
        (SessionState(prompt_uuid="p1", prompt_offset=0), "p1", 0, False),
        (SessionState(prompt_uuid="p1", prompt_offset=0), "p2", 900, True),
        (SessionState(prompt_uuid="p1", prompt_offset=0), "p1", 40, False),
        (SessionState(prompt_offset=40), None, 40, False),
        (SessionState(prompt_offset=40), None, 80, True),
        (SessionState(prompt_uuid="p1"), None, None, False),
    ],
)
def test_is_new_prompt(stored: SessionState, uuid: str | None, offset: int | None, new: bool) -> None:
    assert is_new_prompt(stored, uuid, offset) is new


COUNTER = """
import sys
from lanegate_common.frozen import replace
from hook.state import open_session
for _ in range(int(sys.argv[2])):
    with open_session(sys.argv[1], "shared") as slot:
        slot.save(replace(slot.state, stops=slot.state.stops + 1))
"""


def test_concurrent_updates_never_lose_a_count(tmp_path: Path) -> None:
    procs = [subprocess.Popen([sys.executable, "-c", COUNTER, str(tmp_path), "40"], cwd=ROOT) for _ in range(6)]
    assert [p.wait(timeout=60) for p in procs] == [0] * 6
    with open_session(str(tmp_path), "shared") as slot:
        assert (slot.state.stops, slot.damaged) == (240, None)
    name = state_file_name("shared")
    assert sorted(p.name for p in tmp_path.iterdir()) == [name, name + ".lock"]


def test_the_state_file_is_private(tmp_path: Path) -> None:
    with open_session(str(tmp_path), "s1") as slot:
        slot.save(SessionState())
    assert os.stat(tmp_path / state_file_name("s1")).st_mode & 0o777 == 0o600
