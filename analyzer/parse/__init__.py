"""The parse: the spaCy model loaded once and lazily, and the small helpers over its tokens and sentence shapes."""
