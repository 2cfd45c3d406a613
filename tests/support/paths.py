"""Where the tests find the repository's files, whatever folder a test sits in."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
REPO = TESTS.parent
DATA = TESTS / "data"
