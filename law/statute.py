"""Identification of Lei nº 1.764/2023 and of the laws that amended it."""

from __future__ import annotations

import datetime as dt
from typing import Final

LAW_NAME: Final = "Lei nº 1.764, de 28 de julho de 2023"
"""The statute implemented by this package."""

PUBLICATION_DATE: Final = dt.date(2023, 7, 28)
"""Publication date; the law came into force on it (Art. 71)."""

LEI_1799_2024: Final = "Lei nº 1.799, de 17 de abril de 2024"
"""Amending law that gave the current wording of Arts. 12 and 70."""

LEI_1868_2025: Final = "Lei nº 1.868, de 29 de dezembro de 2025"
"""Amending law that revoked Arts. 13 to 16 and reworded Art. 4, III."""
