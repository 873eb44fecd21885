"""The count `make soak` prints: how many random histories the oracle checked in this process."""

from __future__ import annotations


def pytest_terminal_summary(terminalreporter) -> None:
    from tests.history.oracle import TALLY

    if TALLY["histories"]:
        terminalreporter.write_line(
            f"history oracle: {TALLY['histories']} histories checked ({TALLY['operations']} operations)"
        )
