"""The instruction put as the reader's possibility or duty (docs/DESIGN.md#construction-classes): the reader the subject
of a modal opening the sentence ('You can rerun the build to confirm.'), or of a need or wish under one ('You might want
to …', 'You need to …'), read by turn-taking as the imperative is — work the agent could do, then a report back."""

from __future__ import annotations

import pytest

from analyzer.api import may_ask
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Fixed the build error by correcting the import path. You can rerun the build to confirm.", "rerun"),
        ("Patched the migration. You could run `alembic upgrade head` locally and paste the output here.", "run"),
        ("The flaky test is now seeded. You may want to rerun the suite a few times to confirm it stays green.",
         "rerun"),
        ("Updated the nginx config. You should restart the dev container and let me know if the 502 persists.",
         "restart"),
        ("Adjusted the webpack alias. You need to run the build again and share any errors it prints.", "run"),
        ("Moved the fixtures. Now you can run `make test` and post the failures here, then I'll fix them.", "run"),
        ("Bumped the timeout. You must rerun the integration job to confirm it no longer times out.", "rerun"),
    ],
)  # fmt: skip
def test_the_reader_as_subject_of_a_modal_is_told_the_agents_work(text: str, act: str) -> None:
    assert_judged(text, "fire", "turn-taking", [f"tells the reader to '{act} …'", "work the agent could do"])
    assert may_ask(text) is True


@pytest.mark.parametrize(
    "text",
    [
        "Done. The key binding has been removed. You can now run `/terminal-setup` again.",
        "Fixed it. You can run `npm start` to launch the app.",
        "Fixed the import. You can sign in to the admin portal with your account to confirm the new role.",
        "Fixed the import. You ran the build twice and it passed both times, which I confirmed in the log.",
        "Fixed the import. If you rerun the build, the warning should be gone.",
        "Added the section. You can configure the retries in `config.toml`.",
        "Fixed the import. You can approve the PR once CI confirms the build.",
        "Wired it up. You'll see the new banner on the next deploy.",
        "Fixed the import. You can rotate the production API key in the vendor console and confirm the webhook "
        "still works.",
    ],
)
def test_the_readers_own_use_a_statement_or_a_human_only_act_hands_nothing(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")  # no finding at all, not only none that fires
