"""What `analyze` shows a person: the report text, the parse listing, the displaCy picture, the rules listing."""
