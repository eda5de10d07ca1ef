"""lanegate's harness side: transcript walk, lane-state gates, decision, audit (docs/DESIGN.md#walk,
docs/DESIGN.md#the-decision, docs/DESIGN.md#exits)."""
