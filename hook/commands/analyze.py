"""The `analyze` console script (SPEC §1.1): analyzer.cli with the user's warm parse server (SPEC §6).

The analyzer imports no caller; here the product side hands its CLI a way to judge a text that asks the
user's running server first and parses in this process, silently, when none answers (`analyze` never
starts one). The folder and the on/off switch come from the user's own settings (hook.commands.serve).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from analyzer.report import Report


def main(argv: Sequence[str] | None = None) -> int:
    from analyzer.cli import main as analyze_main

    return analyze_main(argv, parse=warm_parse)


def warm_parse(text: str) -> Report:
    """The built-in lexicon's Report for `text`, from the user's warm parse server when one answers."""
    from analyzer.api import lexicon_for
    from hook.commands.serve import user_server
    from warmparse.route import analyze_text

    report, _ = analyze_text(text, lexicon_for(), model_name=None, model_errors="raise", warm=user_server(os.environ))
    return report  # type: ignore[no-any-return]


if __name__ == "__main__":
    sys.exit(main())
