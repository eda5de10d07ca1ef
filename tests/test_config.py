"""Configuration layers of docs/DESIGN.md#configuration: precedence, value parsing, and what a project may not
weaken."""

from __future__ import annotations

from pathlib import Path

import pytest

from hook.config import load_config, load_defaults, resolve_config, user_config_path

DEFAULTS = load_defaults()
HOME = {"HOME": "/home/op"}
WEAKEN = "it weakens the gate and allow_project_weakening is off"


def resolve(user=None, project=None, env=None):  # type: ignore[no-untyped-def]
    return resolve_config(DEFAULTS, user, project, {**HOME, **(env or {})})


def test_builtin_defaults() -> None:
    c = resolve()
    assert (c.mode, c.deference, c.lane_continuation) == ("enforce", True, True)
    assert (c.audit_log, c.state_dir) == ("/home/op/.lanegate/audit.jsonl", "/home/op/.lanegate/state")
    assert (c.identity, c.spacy_model) == (None, None)
    assert (c.max_refusals, c.min_compliant_drives) == (3, 2)
    assert (c.allow_project_weakening, c.skip_subagents, c.background_blocks) == (False, False, False)
    assert c.review_tools == (
        "mcp__github__create_and_submit_pull_request_review",
        "mcp__github__submit_pending_pull_request_review",
        "mcp__github__create_pull_request_review",
    )
    assert c.pr_fetch_tools == ("mcp__github__get_pull_request", "mcp__github__pull_request_read")
    assert c.policy == {"deference": True, "lane_continuation": True, "max_refusals": 3}
    assert c.warnings == ()


def test_layers_rise_user_then_project_then_env() -> None:
    c = resolve(
        user={"max_refusals": 5, "min_compliant_drives": 3, "identity": "alice"},
        project={"max_refusals": 0, "min_compliant_drives": 4},
        env={"LANEGATE_MAX_REFUSALS": "2"},
    )
    assert (c.max_refusals, c.min_compliant_drives, c.identity) == (2, 4, "alice")
    assert c.warnings == ()


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("on", True),
        (" ON ", True),
        ("True", True),
        ("yes", True),
        ("1", True),
        ("off", False),
        ("FALSE", False),
        (" No", False),
        ("0", False),
    ],
)
def test_booleans_accept_the_usual_words(raw: str, value: bool) -> None:
    c = resolve(user={"deference": not value}, env={"LANEGATE_DEFERENCE": raw})
    assert c.deference is value
    assert c.warnings == ()


def test_toml_booleans_may_be_words_too() -> None:
    assert resolve(user={"lane_continuation": "off"}).lane_continuation is False


@pytest.mark.parametrize(
    ("name", "raw", "warning"),
    [
        (
            "LANEGATE_DEFERENCE",
            "maybe",
            "env LANEGATE_DEFERENCE='maybe' unparseable (expected on/off, true/false, yes/no or 1/0); kept True",
        ),
        (
            "LANEGATE_MODE",
            "strict",
            "env LANEGATE_MODE='strict' unparseable (expected enforce or dry-run); kept 'enforce'",
        ),
        (
            "LANEGATE_MAX_REFUSALS",
            "-1",
            "env LANEGATE_MAX_REFUSALS='-1' unparseable (expected a whole number >= 0); kept 3",
        ),
        (
            "LANEGATE_MIN_COMPLIANT_DRIVES",
            "two",
            "env LANEGATE_MIN_COMPLIANT_DRIVES='two' unparseable (expected a whole number >= 0); kept 2",
        ),
        (
            "LANEGATE_AUDIT_LOG",
            " ",
            "env LANEGATE_AUDIT_LOG=' ' unparseable (expected a non-empty path); kept '~/.lanegate/audit.jsonl'",
        ),
    ],
)
def test_an_unparseable_env_value_keeps_the_lower_layer_and_is_named(name: str, raw: str, warning: str) -> None:
    before = resolve()
    c = resolve(env={name: raw})
    assert c.warnings == (warning,)
    assert (c.mode, c.deference, c.max_refusals, c.min_compliant_drives, c.audit_log) == (
        before.mode,
        before.deference,
        before.max_refusals,
        before.min_compliant_drives,
        before.audit_log,
    )


def test_env_sets_every_listed_variable() -> None:
    c = resolve(
        env={
            "LANEGATE_MODE": "Dry-Run",
            "LANEGATE_DEFERENCE": "off",
            "LANEGATE_LANE_CONTINUATION": "no",
            "LANEGATE_AUDIT_LOG": "~/logs/a.jsonl",
            "LANEGATE_STATE_DIR": "/var/lib/lg",
            "LANEGATE_IDENTITY": " @bot ",
            "LANEGATE_MAX_REFUSALS": " 0 ",
            "LANEGATE_MIN_COMPLIANT_DRIVES": "5",
            "LANEGATE_SPACY_MODEL": "en_core_web_md",
            "LANEGATE_ALLOW_PROJECT_WEAKENING": "yes",
        }
    )
    assert (c.mode, c.deference, c.lane_continuation) == ("dry-run", False, False)
    assert (c.audit_log, c.state_dir, c.identity) == ("/home/op/logs/a.jsonl", "/var/lib/lg", "@bot")
    assert (c.max_refusals, c.min_compliant_drives, c.spacy_model, c.allow_project_weakening) == (
        0,
        5,
        "en_core_web_md",
        True,
    )


def test_an_empty_identity_means_unset() -> None:
    assert resolve(user={"identity": "alice"}, env={"LANEGATE_IDENTITY": ""}).identity is None


@pytest.mark.parametrize(
    ("key", "value", "kept"),
    [
        ("mode", "dry-run", "enforce"),
        ("deference", False, True),
        ("lane_continuation", "off", True),
        ("max_refusals", 4, 3),
        ("max_refusals", 1, 3),  # docs/DESIGN.md#configuration (revision 2): a lower ceiling releases the agent sooner
        ("max_refusals", 5, 3),  # and a higher one refuses longer; only 0 (no ceiling) is not a weakening
        ("min_compliant_drives", 1, 2),
        ("skip_subagents", True, False),
        ("background_blocks", False, True),
        ("audit_log", "/dev/null", "/home/op/.lanegate/audit.jsonl"),
        ("state_dir", "/tmp/fresh", "/home/op/.lanegate/state"),
        ("identity", "someone-else", None),
        ("spacy_model", "missing_model", None),
        (
            "review_tools",
            ["Bash"],
            (
                "mcp__github__create_and_submit_pull_request_review",
                "mcp__github__submit_pending_pull_request_review",
                "mcp__github__create_pull_request_review",
            ),
        ),
    ],
)
def test_a_project_cannot_weaken_the_gate(key: str, value: object, kept: object) -> None:
    user = {"background_blocks": True} if key == "background_blocks" else None
    c = resolve(user=user, project={key: value})
    assert getattr(c, key) == kept
    assert c.warnings == (f"project lanegate.toml {key}={value!r} ignored: {WEAKEN}",)


@pytest.mark.parametrize("source", ["user", "env"])
def test_allow_project_weakening_from_the_user_or_env_lets_the_project_through(source: str) -> None:
    user = {"allow_project_weakening": True} if source == "user" else None
    env = {"LANEGATE_ALLOW_PROJECT_WEAKENING": "on"} if source == "env" else None
    c = resolve(
        user=user,
        project={"mode": "dry-run", "max_refusals": 0, "lexicon": {"domain_words": {"merge": ["ship"]}}},
        env=env,
    )
    assert (c.mode, c.max_refusals) == ("dry-run", 0)
    assert dict(c.lexicon.domain_words) == {"merge": ("ship",)}
    assert c.warnings == ()


def test_a_project_cannot_allow_its_own_weakening() -> None:
    c = resolve(project={"allow_project_weakening": True, "mode": "dry-run"})
    assert (c.allow_project_weakening, c.mode) == (False, "enforce")
    assert c.warnings == (
        "project lanegate.toml allow_project_weakening ignored: only the user may set it",
        f"project lanegate.toml mode='dry-run' ignored: {WEAKEN}",
    )


def test_a_project_may_make_settings_stricter() -> None:
    c = resolve(
        user={"mode": "dry-run", "deference": False, "max_refusals": 3, "background_blocks": False},
        project={
            "mode": "enforce",
            "deference": True,
            "max_refusals": 0,
            "min_compliant_drives": 4,
            "background_blocks": True,
        },
    )
    assert (c.mode, c.deference, c.max_refusals, c.min_compliant_drives, c.background_blocks) == (
        "enforce",
        True,
        0,
        4,
        True,
    )
    assert c.warnings == ()


def test_env_still_wins_over_an_ignored_project_key() -> None:
    c = resolve(project={"mode": "dry-run"}, env={"LANEGATE_MODE": "dry-run"})
    assert c.mode == "dry-run"


def test_lexicon_tables_add_up_and_project_domain_words_are_ignored() -> None:
    c = resolve(
        user={
            "lexicon": {
                "phrases": [{"canonical": "your steer", "family": "attribution"}],
                "domain_words": {"release": ["production deploy"]},
                "agent_work": ["spike"],
            }
        },
        project={
            "lexicon": {
                "phrases": [{"canonical": "shall we", "family": "offer", "gate": "none"}],
                "domain_words": {"merge": ["lgtm"]},
                "agent_work": ["triage", "spike"],
            }
        },
    )
    assert [dict(p) for p in c.lexicon.phrases] == [
        {"canonical": "your steer", "family": "attribution"},
        {"canonical": "shall we", "family": "offer"},
    ]
    assert dict(c.lexicon.domain_words) == {"release": ("production deploy",)}
    assert c.lexicon.agent_work == ("spike", "triage")
    assert c.warnings == (
        "project lanegate.toml lexicon.domain_words ignored: it widens the exemption and "
        "allow_project_weakening is off",
    )


def test_bad_lexicon_entries_are_named() -> None:
    c = resolve(user={"lexicon": {"phrases": [{"canonical": "x", "family": "maybe"}, "y"], "colour": 1}})
    assert c.lexicon.phrases == ()
    assert c.warnings == (
        "user config lexicon.phrases entry {'canonical': 'x', 'family': 'maybe'} ignored: needs canonical, family",
        "user config lexicon.phrases entry 'y' ignored: needs canonical, family",
        "user config lexicon.colour: unknown key or wrong type, ignored",
    )


PROJECT_WALK = {"autonomous_prefixes": {"[CRON]": "wake"}, "non_prompting_prefixes": ["[WAKE]"], "replace": True}


def test_walk_layers_keep_their_source_and_a_project_cannot_reclassify_prompts() -> None:
    """A project prefix that makes an operator prompt autonomous would lift L2 and open L3/L4."""
    c = resolve(user={"walk": {"non_prompting_prefixes": ["<peer>"]}}, project={"walk": PROJECT_WALK})
    assert [(s, dict(t)) for s, t in c.walk] == [("user config", {"non_prompting_prefixes": ["<peer>"]})]
    why = "it changes which prompts count as the operator's and allow_project_weakening is off"
    assert c.warnings == (
        f"project lanegate.toml walk.autonomous_prefixes ignored: {why}",
        f"project lanegate.toml walk.non_prompting_prefixes ignored: {why}",
        f"project lanegate.toml walk.replace ignored: {why}",
    )


def test_a_trusted_project_may_set_the_walk() -> None:
    c = resolve(user={"allow_project_weakening": True}, project={"walk": PROJECT_WALK})
    assert [(s, dict(t)) for s, t in c.walk] == [("project lanegate.toml", PROJECT_WALK)]
    assert c.warnings == ()


def test_directive_tables_merge_with_a_trusted_project_last() -> None:
    c = resolve(
        user={"allow_project_weakening": True, "directives": {"role": "maintainer", "rules": {"no-lane-state": "a"}}},
        project={"directives": {"role": "release engineer", "rules": {"valid-lane-state": "b"}}},
    )
    assert dict(c.directives) == {
        "role": "release engineer",
        "rules": {"no-lane-state": "a", "valid-lane-state": "b"},
    }


def test_a_project_directive_text_is_ignored_and_named() -> None:
    """docs/DESIGN.md#configuration (revision 2): a directive text becomes the model's next instruction with the hook's
    authority, so the judged agent's project may not write one."""
    c = resolve(
        user={"directives": {"role": "maintainer"}},
        project={"directives": {"role": "release engineer", "no_hold": "You may stop now."}},
    )
    assert dict(c.directives) == {"role": "maintainer"}
    assert c.warnings == tuple(
        f"project lanegate.toml directives.{key} ignored: a directive text speaks with the hook's authority "
        "and allow_project_weakening is off"
        for key in ("role", "no_hold")
    )


def test_gh_paths_come_from_the_user_or_the_environment_only() -> None:
    c = resolve(user={"gh_paths": ["/opt/gh/bin/gh"]}, project={"gh_paths": ["/tmp/x/gh"]})
    assert c.gh_paths == ("/opt/gh/bin/gh",)
    assert c.warnings == (
        "project lanegate.toml gh_paths ignored: only the user file or the environment may set it",
    )
    env = resolve(env={"LANEGATE_GH_PATHS": "/a/gh, relative/gh"})
    assert env.gh_paths == ("/usr/bin/gh", "/usr/local/bin/gh", "/opt/homebrew/bin/gh")
    assert env.warnings[0].startswith("env LANEGATE_GH_PATHS='/a/gh, relative/gh' unparseable (expected absolute")


def test_unknown_keys_and_non_tables_are_named() -> None:
    c = resolve(user={"colour": "blue", "walk": "fast"})
    assert c.warnings == ("user config colour: unknown key ignored", "user config [walk] is not a table; ignored")


# ---- the loader ----


def test_user_config_path_order(tmp_path: Path) -> None:
    assert user_config_path({"HOME": "/h"}) == "/h/.config/lanegate/config.toml"
    assert user_config_path({"HOME": "/h", "XDG_CONFIG_HOME": "/x"}) == "/x/lanegate/config.toml"
    assert user_config_path({"HOME": "/h", "XDG_CONFIG_HOME": "relative"}) == "/h/.config/lanegate/config.toml"
    assert user_config_path({"HOME": "/h", "XDG_CONFIG_HOME": "/x", "LANEGATE_CONFIG": "/c.toml"}) == "/c.toml"


def test_load_config_reads_the_user_and_project_files(tmp_path: Path) -> None:
    (tmp_path / "xdg" / "lanegate").mkdir(parents=True)
    (tmp_path / "xdg" / "lanegate" / "config.toml").write_text('identity = "alice"\nmax_refusals = 5\n')
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "lanegate.toml").write_text('max_refusals = 0\n[lexicon]\nagent_work = ["gardening"]\n')
    c = load_config({"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "xdg")}, str(tmp_path / "proj"))
    assert (c.identity, c.max_refusals, c.lexicon.agent_work) == ("alice", 0, ("gardening",))
    assert c.warnings == ()


def test_a_broken_project_file_is_ignored_and_named(tmp_path: Path) -> None:
    (tmp_path / "lanegate.toml").write_text('mode = "dry-run\n')
    c = load_config({"HOME": str(tmp_path), "LANEGATE_CONFIG": str(tmp_path / "none.toml")}, str(tmp_path))
    assert (c.mode, c.deference, c.lane_continuation) == ("enforce", True, True)
    assert len(c.warnings) == 1
    assert c.warnings[0].startswith(f"project {tmp_path}/lanegate.toml ignored: ")


def test_a_broken_user_file_is_ignored_and_named(tmp_path: Path) -> None:
    (tmp_path / "user.toml").write_bytes(b"mode = \xff\n")
    c = load_config({"HOME": str(tmp_path), "LANEGATE_CONFIG": str(tmp_path / "user.toml")}, None)
    assert c.mode == "enforce"
    assert len(c.warnings) == 1
    assert c.warnings[0].startswith(f"user config {tmp_path}/user.toml ignored: ")


def test_missing_files_are_not_warnings(tmp_path: Path) -> None:
    c = load_config({"HOME": str(tmp_path)}, str(tmp_path / "nowhere"))
    assert c.warnings == ()


def test_an_unparseable_trusted_value_falls_back_to_the_builtin_default_and_is_named() -> None:
    """docs/DESIGN.md#configuration: an unparseable value keeps the default — not the lower layer's — and says so."""
    c = resolve(
        user={"deference": False, "max_refusals": 5},
        env={"LANEGATE_DEFERENCE": "maybe", "LANEGATE_MAX_REFUSALS": "abc"},
    )
    assert (c.deference, c.max_refusals) == (True, 3)
    assert [w.split(" unparseable")[0] for w in c.warnings] == [
        "env LANEGATE_DEFERENCE='maybe'",
        "env LANEGATE_MAX_REFUSALS='abc'",
    ]


def test_an_unparseable_project_value_keeps_the_lower_layer_so_garbage_cannot_weaken() -> None:
    c = resolve(user={"max_refusals": 1}, project={"max_refusals": "lots"})
    assert c.max_refusals == 1
    assert c.warnings[0].startswith("project lanegate.toml max_refusals='lots' unparseable")


def test_family_modes_user_demotes_and_project_may_only_promote() -> None:
    """docs/DESIGN.md#phrase-families, docs/DESIGN.md#configuration revision 2: `[lexicon] enforce/observe` per family;
    a project demotion is a weakening."""
    c = resolve(
        user={"lexicon": {"observe": ["choice"], "enforce": ["Permission"]}},
        project={"lexicon": {"enforce": ["standing-by"], "observe": ["offer"]}},
    )
    assert c.lexicon.modes == (("choice", "observe"), ("permission", "enforce"), ("standing-by", "enforce"))
    assert c.warnings == (
        "project lanegate.toml lexicon.observe 'offer' ignored: demoting a family to observe weakens the gate "
        "and allow_project_weakening is off",
    )


@pytest.mark.parametrize(
    ("observe", "named"),
    [
        (["permission"], ["permission"]),
        (["standing-by"], ["standing-by"]),
        ("permission, standing-by", ["permission", "standing-by"]),
        ([" Permission ", "STANDING-BY"], ["permission", "standing-by"]),
    ],
    ids=["permission", "standing-by", "comma-string", "spelled-otherwise"],
)
def test_a_project_cannot_demote_the_revision_3_families_in_any_spelling(observe: object, named: list[str]) -> None:
    """docs/DESIGN.md#phrase-families revision 3: permission and standing-by enforce by default; the judged agent's
    project file may not demote them, however it writes the list, and the attempt is named."""
    c = resolve(project={"lexicon": {"observe": observe}})
    assert c.lexicon.modes == ()
    assert c.warnings == tuple(
        f"project lanegate.toml lexicon.observe {family!r} ignored: demoting a family to observe weakens the gate "
        "and allow_project_weakening is off"
        for family in named
    )


def test_a_project_cannot_undo_the_users_promotion_nor_its_own() -> None:
    """A project that first promotes and then demotes the same family (or demotes what the user set) keeps
    enforce: only the demotion is a weakening."""
    c = resolve(
        user={"lexicon": {"enforce": ["permission"]}},
        project={"lexicon": {"enforce": ["standing-by"], "observe": ["standing-by", "permission"]}},
    )
    assert c.lexicon.modes == (("permission", "enforce"), ("standing-by", "enforce"))
    assert [w.split(" ignored")[0] for w in c.warnings] == [
        "project lanegate.toml lexicon.observe 'standing-by'",
        "project lanegate.toml lexicon.observe 'permission'",
    ]


def test_the_user_may_still_demote_the_revision_3_families() -> None:
    """docs/DESIGN.md#phrase-families revision 3: "a user file may still demote them"."""
    c = resolve(user={"lexicon": {"observe": ["permission", "standing-by"]}})
    assert (c.lexicon.modes, c.warnings) == ((("permission", "observe"), ("standing-by", "observe")), ())


def test_a_project_demotion_counts_when_the_user_allows_project_weakening() -> None:
    c = resolve(user={"allow_project_weakening": True}, project={"lexicon": {"observe": ["choice"]}})
    assert (c.lexicon.modes, c.warnings) == ((("choice", "observe"),), ())


def test_an_unknown_family_is_named_and_ignored() -> None:
    c = resolve(user={"lexicon": {"enforce": ["helpful", "choice"], "observe": "x, y"}})
    assert c.lexicon.modes == (("choice", "enforce"),)
    known = "offer, attribution, choice, permission, standing-by, closing-question"
    assert c.warnings == (
        f"user config lexicon.enforce: unknown family 'helpful' ignored (known: {known})",
        f"user config lexicon.observe: unknown family 'x' ignored (known: {known})",
        f"user config lexicon.observe: unknown family 'y' ignored (known: {known})",
    )


# ---- unbacked_claims (row U, docs/DESIGN.md#the-decision) ----


def test_unbacked_claims_defaults_to_any_and_reads_every_layer() -> None:
    assert resolve().unbacked_claims == "any"
    assert resolve(user={"unbacked_claims": "no-tools"}).unbacked_claims == "no-tools"
    assert resolve(env={"LANEGATE_UNBACKED_CLAIMS": " OFF "}).unbacked_claims == "off"


@pytest.mark.parametrize("weaker", ["no-tools", "off"])
def test_a_project_cannot_weaken_unbacked_claims(weaker: str) -> None:
    c = resolve(project={"unbacked_claims": weaker})
    assert c.unbacked_claims == "any"
    assert c.warnings == (
        f"project lanegate.toml unbacked_claims={weaker!r} ignored: it weakens the gate and "
        "allow_project_weakening is off",
    )


def test_a_project_may_make_unbacked_claims_stricter() -> None:
    c = resolve(user={"unbacked_claims": "off"}, project={"unbacked_claims": "no-tools"})
    assert (c.unbacked_claims, c.warnings) == ("no-tools", ())


def test_an_unparseable_unbacked_claims_keeps_the_default_and_is_named() -> None:
    c = resolve(env={"LANEGATE_UNBACKED_CLAIMS": "sometimes"})
    assert c.unbacked_claims == "any"
    assert c.warnings == (
        "env LANEGATE_UNBACKED_CLAIMS='sometimes' unparseable (expected any, no-tools or off); kept 'any'",
    )
