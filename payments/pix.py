"""Pix "copia e cola": the EMV BR Code of a payment to the municipality.

The payload follows the Banco Central's BR Code manual (EMV QRCPS-MPM): fields as
ID-length-value, the Pix key under the GUI ``br.gov.bcb.pix``, the amount in reais with two
decimals, the transaction id that lets the bank's settlement file name the fine paid, and a
CRC-16/CCITT-FALSE over everything before it. Pure: no Django.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal

GUI = "br.gov.bcb.pix"
MAX_NAME = 25
MAX_CITY = 15
MAX_TXID = 25


def field(tag: str, value: str) -> str:
    if len(value) > 99:
        raise ValueError(f"EMV field {tag} longer than 99 characters")
    return f"{tag}{len(value):02d}{value}"


def crc16(payload: str) -> str:
    """CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), four upper-case hex digits."""
    crc = 0xFFFF
    for byte in payload.encode("utf-8"):
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return f"{crc:04X}"


def _plain(text: str, limit: int) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"\s+", " ", ascii_text).strip()[:limit]


def txid_for(reference: str) -> str:
    """A transaction id from a case or document number: letters and digits, at most 25."""
    txid = re.sub(r"[^A-Za-z0-9]", "", reference)[:MAX_TXID]
    return txid or "***"


def br_code(
    *, key: str, merchant_name: str, merchant_city: str, amount: Decimal | None, txid: str
) -> str:
    if amount is not None and (amount <= 0 or amount >= Decimal("1e10")):
        raise ValueError(f"amount out of range: {amount}")
    account = field("00", GUI) + field("01", key.strip())
    payload = (
        field("00", "01")
        + field("26", account)
        + field("52", "0000")
        + field("53", "986")
        + (field("54", f"{amount.quantize(Decimal('0.01'))}") if amount is not None else "")
        + field("58", "BR")
        + field("59", _plain(merchant_name, MAX_NAME))
        + field("60", _plain(merchant_city, MAX_CITY))
        + field("62", field("05", txid))
        + "6304"
    )
    return payload + crc16(payload)


def parse(payload: str) -> dict[str, str]:
    """The top-level fields of a BR Code (for checks and the settlement's matching)."""
    fields: dict[str, str] = {}
    position = 0
    while position < len(payload):
        tag, length = payload[position : position + 2], int(payload[position + 2 : position + 4])
        fields[tag] = payload[position + 4 : position + 4 + length]
        position += 4 + length
    return fields
