"""Exceptions that the CLI turns into one-line messages and exit codes."""


class InputError(Exception):
    """Bad input from the user: exit code 2."""


class CheckFailure(Exception):
    """An analysis or check failed: exit code 1."""
