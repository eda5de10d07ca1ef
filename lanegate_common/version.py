"""lanegate's version: the one place it is written. The package metadata takes it from here at build time
(pyproject.toml, `dynamic = ["version"]`), and `lanegate --version` reads it here, installed or not."""

VERSION = "0.1.0"
