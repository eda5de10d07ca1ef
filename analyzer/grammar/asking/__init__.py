"""Closing questions that ask the reader for leave, readiness or a view of the agent's own plan
(docs/DESIGN.md#construction-classes revision 4): [[closing-question]] rows of grammar.toml beside those of
closing_questions.py, walked in the table's order over each question of the closing part and judged like attribution —
exempt when what the agent asks about is purely human-only work."""
