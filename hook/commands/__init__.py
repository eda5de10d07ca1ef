"""The `lanegate` subcommands, one module each (registered in hook.cli.COMMANDS)."""
