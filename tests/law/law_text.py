"""Where the tests find the text of Lei nº 1.764/2023.

The project keeps its own copy (law/data/), so a clean clone checks the verbatim tables
without anything beside it; tests/law/test_law_text_copy.py checks that the copy still
matches the shared original (../shared/law/ next to the repository) whenever that exists.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

REPOSITORY: Final = Path(__file__).resolve().parents[2]
FILE_NAME: Final = "lei-1764-2023-mantenopolis.txt"
LAW_TEXT: Final = REPOSITORY / "law" / "data" / FILE_NAME
SHARED_LAW_TEXT: Final = REPOSITORY.parent / "shared" / "law" / FILE_NAME
