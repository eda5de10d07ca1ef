"""The text as a reader reads it, without spaCy: the fold (disguise), the carve-outs, the units, the candidate
phrases and the closing part. The Stop hook's per-stop path: nothing here imports spaCy or typing."""
