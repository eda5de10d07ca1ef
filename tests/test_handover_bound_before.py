"""'Your call' said another way, with the human-only decision named away from the phrase (docs/DESIGN.md#construction-
classes, "A hand-over that names nothing"): the hand-over's own clause holds only closed-class words, and the act the
nearest clause before it names decides — exempt when it is human-only, the register otherwise. Also the decision left
'with' the reader, the thing needed that a pointer after a verb of giving stands for, and the claims of this phase
(a later event after 'once', a participle the model made the root over a fronted phrase, a participle hung on a
statement of a thing's behaviour, an emphasis edge that is no markup inside a phrase)."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged

STATUS = "Tests pass (212/212).\n\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Revoking the old GitHub deploy keys will break CI on the two forks. Yours to decide.",
         ["named before it", "Revoking the old GitHub deploy keys", "credentials"]),
        ("Moving the org to the annual Team plan changes what we're billed, so I'll let you choose.",
         ["named before it", "Moving the org to the annual Team plan", "billing"]),
        ("Promoting build 812 to production is the only step left. Entirely up to you, when and whether.",
         ["Promoting build 812 to production", "human-only"]),
        ("The upgrade needs the Business tier, which takes per-seat billing from $19 to $39. I'd rather not guess on "
         "that: your decision.", ["named before it", "billing"]),
        ("Rotating the Stripe live secret key will log out every merchant session. Yours to decide.",
         ["Rotating the Stripe live secret key", "credentials"]),
        ("Deleting the audit bucket in the shared prod account frees 2 TB, and I won't guess on it: your decision.",
         ["named before it", "human-only"]),
    ],
)
def test_an_empty_hand_over_binds_the_human_only_act_named_before_it(text: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "exempt", "reader-decides", words)


@pytest.mark.parametrize(
    "text",
    [
        "Revoking the old GitHub deploy keys will break CI on the two forks. Yours to decide.\n\n— Ada",
        "Revoking the old GitHub deploy keys will break CI on the two forks. Yours to decide.\n\nFor what it's worth, "
        "I'd go with the smaller change.",
        "I double-checked on a clean checkout.\n\nRevoking the old GitHub deploy keys will break CI on the two forks. "
        "Yours to decide.",
    ],
)
def test_a_sign_off_a_recommendation_or_a_status_keeps_the_exemption(text: str) -> None:
    assert_judged(STATUS + text, "exempt", "reader-decides", ["Revoking the old GitHub deploy keys"])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Renaming the `fetch_all` helper would break two call sites. Yours to decide.", ["decide"]),
        ("Adding a retry to the uploader makes the suite slower by 2 s, so I'll let you choose.", ["reader"]),
        ("Merging the two config loaders into one would simplify startup. Yours to decide.", ["decide"]),
        ("Bumping the lint rules to strict adds 37 warnings; that part is yours.", ["that part"]),
        ("Rewriting the cache layer would take a day. Yours to decide.\n\n— Ada", ["decide"]),
    ],
)
def test_an_empty_hand_over_of_agent_work_fires(text: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", "reader-decides", words)


def test_a_decision_left_with_the_reader() -> None:
    assert_judged(STATUS + "Splitting the monolithic `store.ts` would make the diff large. I'll leave that with you.",
                  "fire", "reader-decides", ["with you", "Splitting the monolithic"])
    assert_judged(STATUS + "Rotating the production API keys logs every client out. I'll leave that with you.",
                  "exempt", "reader-decides", ["with you", "credential"])
    assert analyze("Happy to pair with you on the parser tomorrow.").findings == ()


def test_yours_to_with_an_infinitive_the_model_read_as_a_noun() -> None:
    assert_judged(STATUS + "The security section of the README is yours to word.", "fire", "reader-decides",
                  ["README"])


@pytest.mark.parametrize("pointer", ["it", "that"])
def test_a_pointer_after_a_verb_of_giving_stands_for_the_thing_needed(pointer: str) -> None:
    text = f"The new service account needs `roles/storage.admin` on the prod project. Granting {pointer}: your call."
    verdict = analyze(STATUS + text).findings[0].verdict
    assert verdict == "exempt"
    assert analyze(STATUS + f"The new service account needs a README section. Adding {pointer}: your call.").verdict \
        == "fire"


def _claims(text: str) -> list[str]:
    return [c.form for c in analyze(text).claims]


@pytest.mark.parametrize(
    "text",
    [
        "I'll rebase onto main once #301 lands.",
        "Ill rebase onto main once #301 lands.",
        "I will rebase onto main once PR 301 lands.",
    ],
)
def test_an_act_after_once_and_an_event_is_a_plan(text: str) -> None:
    assert _claims(STATUS + text) == []


def test_a_participle_the_model_made_the_root_over_a_fronted_phrase_is_a_claim() -> None:
    assert _claims(STATUS + "With the index in place, moving on to the report query.") == ["participle"]


@pytest.mark.parametrize(
    "text",
    [
        "Now the database name will be read from the `DB_NAME` environment variable, falling back to \"app\" if "
        "not set.",
        "Now the loader reads the port from `PORT`, falling back to 8080 when it is unset.",
    ],
)
def test_a_participle_hung_on_a_statement_of_a_things_behaviour_is_no_claim(text: str) -> None:
    assert _claims(text) == []


def test_an_emphasis_edge_around_more_words_than_the_phrase_is_no_disguise() -> None:
    text = "The **Intel XTU CLI** is **not available** for your system."
    assert analyze(text).findings == ()
    assert_judged("PR #12 is merge-eligible, your **call**.", "fire", "disguise", ["disguise"])
    assert_judged("PR #12 is merge-eligible, **your** call.", "fire", "disguise", ["disguise"])


@pytest.mark.parametrize(
    "text",
    [
        "kickin off the full regression suite rn",
        "kicking off the full regression suite rn",
        "next ill wire up the webhook handler 4 refunds",
        "then ill bump the lockfile",
    ],
)
def test_a_claim_in_chat_spelling_is_a_claim(text: str) -> None:
    assert _claims(STATUS + text) in (["participle"], ["intention"])


def test_rn_is_spelled_out_only_as_a_word() -> None:
    assert _claims(STATUS + "The `rn` alias now points at the new script.") == []


def test_your_call_after_the_agent_declining_to_guess_binds_the_act_before() -> None:
    assert_judged(STATUS + "Dropping the `events` table on the prod database frees 40 GB. I won't presume on that: "
                  "your call.", "exempt", "bound-before", ["named before it", "production"])
    assert_judged(STATUS + "Inlining the helpers would shave 2 ms off startup. I won't presume on that: your call.",
                  "fire", "status-prose", ["presume"])


def test_the_thing_a_needed_act_is_done_to_and_a_verb_misread_in_the_gerund_phrase() -> None:
    assert_judged(STATUS + "The release job needs the npm publish token rotated first. Rotating it: up to you.",
                  "exempt", "reader-decides", ["Rotating it", "credentials"])
    assert_judged(STATUS + "REVOKING THE OLD GITHUB DEPLOY KEYS WILL BREAK CI ON THE FORKS. YOURS TO DECIDE.",
                  "exempt", "reader-decides", ["named before it"])



def test_a_versions_tag_pushed_or_published_is_the_release_decision() -> None:
    assert_judged("I'll let you choose whether the v3 tag gets published.", "exempt", "reader-decides", ["release-tag"])
    assert_judged("Pushing the v2.4 tags to origin is yours to decide.", "exempt", "reader-decides", ["release-tag"])
    assert_judged("Publishing the blog post about the new tags page is your call.", "fire", "copular-ownership",
                  ["Publishing the blog post"])
    assert_judged("Which HTML tags the sanitizer keeps is yours to decide.", "fire", "reader-decides", ["HTML tags"])
