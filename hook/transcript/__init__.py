"""Reading transcripts from their end: the tail reader, record access, the prompting walk, tool evidence."""
