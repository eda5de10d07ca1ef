"""lanegate's harness side: transcript walk, lane-state gates, decision, audit (SPEC §3–§5)."""
