"""The citations of the law: one key per provision, one spelling, in Portuguese and English.

Every article a case, an audit event, an error or a page cites comes from this table, so
the same provision is written the same way on every screen, letter and row (issue 19,
"one spelling per citation"; issue 23 §5, "articles as data in ``law``").

**The spelling.** The law's own headings write ``Art. 63``, ``§ 2º``, ``V -`` and ``f)``;
a citation folds them into one line, as the deadline rules of :mod:`law.deadlines` have
always done: ``Art. 63``, ``Art. 63 §2``, ``Art. 59 V f``, ``Art. 23 parágrafo único``,
``Art. 27 §§3-4`` — "Art." with a capital, no ordinal sign, no comma and no space after
"§", the inciso in Roman numerals and the alínea as its letter, each after one space. Several
provisions are joined by ``"; "``. Another law's article is written the same way after the
law's short name (``CPC Art. 224 §1``). The English spelling differs only in its words
(``sole paragraph``, ``and``).

``tests/law/test_citations_have_one_spelling.py`` reads the code and the templates and
refuses a citation string defined outside this table or spelled another way.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, NamedTuple


class Citation(NamedTuple):
    """The one spelling of a provision, in each language."""

    pt: str
    en: str


_ENGLISH: dict[str, str] = {}


def _cite(
    article: int,
    paragraph: int | str | None = None,
    item: str | None = None,
    letter: str | None = None,
    *,
    law: str = "",
) -> str:
    """The Portuguese spelling of one provision (``paragraph=0``: the sole paragraph;
    ``"3-4"``: a range of paragraphs), its English spelling recorded beside it."""
    pt = [f"{law} Art. {article}".strip()]
    en = list(pt)
    if paragraph == 0:
        pt.append("parágrafo único")
        en.append("sole paragraph")
    elif isinstance(paragraph, str):
        pt.append(f"§§{paragraph}")
        en.append(f"§§{paragraph}")
    elif paragraph is not None:
        pt.append(f"§{paragraph}")
        en.append(f"§{paragraph}")
    for part in (item, letter):
        if part is not None:
            pt.append(part)
            en.append(part.replace(" e ", " and "))
    spelled = " ".join(pt)
    _ENGLISH[spelled] = " ".join(en)
    return spelled


def _joined(*citations: str) -> str:
    """Several provisions cited together, in the order given."""
    spelled = "; ".join(citations)
    _ENGLISH[spelled] = "; ".join(_ENGLISH[citation] for citation in citations)
    return spelled


# Lei nº 1.764/2023, article by article.
ART_3: Final = _cite(3)
ART_4_V: Final = _cite(4, item="V")
ART_8: Final = _cite(8)
ART_9: Final = _cite(9)
ART_10: Final = _cite(10)
ART_10_I: Final = _cite(10, item="I")
ART_10_II: Final = _cite(10, item="II")
ART_10_II_A: Final = _cite(10, item="II", letter="a")
ART_10_II_E: Final = _cite(10, item="II", letter="e")
ART_10_I_A: Final = _cite(10, item="I", letter="a")
ART_10_I_B: Final = _cite(10, item="I", letter="b")
ART_10_I_C: Final = _cite(10, item="I", letter="c")
ART_10_I_D: Final = _cite(10, item="I", letter="d")
ART_10_I_E: Final = _cite(10, item="I", letter="e")
ART_10_I_F: Final = _cite(10, item="I", letter="f")
ART_10_I_G: Final = _cite(10, item="I", letter="g")
ART_10_P1: Final = _cite(10, 1)
ART_10_P2: Final = _cite(10, 2)
ART_11_II: Final = _cite(11, item="II")
ART_12: Final = _cite(12)
ART_18: Final = _cite(18)
ART_19: Final = _cite(19)
ART_19_I: Final = _cite(19, item="I")
ART_19_II: Final = _cite(19, item="II")
ART_19_III: Final = _cite(19, item="III")
ART_20: Final = _cite(20)
ART_22: Final = _cite(22)
ART_22_P1: Final = _cite(22, 1)
ART_22_P2: Final = _cite(22, 2)
ART_22_P3: Final = _cite(22, 3)
ART_22_P4: Final = _cite(22, 4)
ART_23: Final = _cite(23)
ART_23_SOLE: Final = _cite(23, 0)
ART_24: Final = _cite(24)
ART_24_P1: Final = _cite(24, 1)
ART_24_P2: Final = _cite(24, 2)
ART_25: Final = _cite(25)
ART_25_SOLE: Final = _cite(25, 0)
ART_27: Final = _cite(27)
ART_27_P1: Final = _cite(27, 1)
ART_27_P2: Final = _cite(27, 2)
ART_27_P3_P4: Final = _cite(27, "3-4")
ART_28: Final = _cite(28)
ART_32_P2_I: Final = _cite(32, 2, item="I")
ART_34: Final = _cite(34)
ART_39_IV_VI: Final = _cite(39, item="IV e VI")
ART_40: Final = _cite(40)
ART_41: Final = _cite(41)
ART_42: Final = _cite(42)
ART_46: Final = _cite(46)
ART_46_P1: Final = _cite(46, 1)
ART_46_P2: Final = _cite(46, 2)
ART_47: Final = _cite(47)
ART_47_I: Final = _cite(47, item="I")
ART_47_II: Final = _cite(47, item="II")
ART_47_III: Final = _cite(47, item="III")
ART_47_P2: Final = _cite(47, 2)
ART_47_V: Final = _cite(47, item="V")
ART_49: Final = _cite(49)
ART_50: Final = _cite(50)
ART_50_SOLE: Final = _cite(50, 0)
ART_51: Final = _cite(51)
ART_52: Final = _cite(52)
ART_53_I: Final = _cite(53, item="I")
ART_53_II: Final = _cite(53, item="II")
ART_54: Final = _cite(54)
ART_55: Final = _cite(55)
ART_55_I: Final = _cite(55, item="I")
ART_55_II: Final = _cite(55, item="II")
ART_56: Final = _cite(56)
ART_59: Final = _cite(59)
ART_59_I: Final = _cite(59, item="I")
ART_59_IV_A: Final = _cite(59, item="IV", letter="a")
ART_59_P1: Final = _cite(59, 1)
ART_59_P2: Final = _cite(59, 2)
ART_59_P3: Final = _cite(59, 3)
ART_59_P5: Final = _cite(59, 5)
ART_59_V: Final = _cite(59, item="V")
ART_59_V_A: Final = _cite(59, item="V", letter="a")
ART_59_V_B: Final = _cite(59, item="V", letter="b")
ART_59_V_C: Final = _cite(59, item="V", letter="c")
ART_59_V_F: Final = _cite(59, item="V", letter="f")
ART_60: Final = _cite(60)
ART_60_P1_P2: Final = _cite(60, "1-2")
ART_61: Final = _cite(61)
ART_61_P2: Final = _cite(61, 2)
ART_62: Final = _cite(62)
ART_62_I: Final = _cite(62, item="I")
ART_62_II: Final = _cite(62, item="II")
ART_62_III: Final = _cite(62, item="III")
ART_62_IV: Final = _cite(62, item="IV")
ART_62_P1: Final = _cite(62, 1)
ART_62_P3: Final = _cite(62, 3)
ART_63: Final = _cite(63)
ART_63_P1: Final = _cite(63, 1)
ART_63_P2: Final = _cite(63, 2)
ART_64_I: Final = _cite(64, item="I")
ART_64_II: Final = _cite(64, item="II")
ART_64_III: Final = _cite(64, item="III")
ART_64_P1: Final = _cite(64, 1)
ART_64_P2: Final = _cite(64, 2)
ART_65: Final = _cite(65)
ART_67: Final = _cite(67)
ART_69: Final = _cite(69)
ART_70: Final = _cite(70)
ART_71: Final = _cite(71)

# Provisions cited together: the act rests on all of them.
ART_10_AND_22: Final = _joined(ART_10, ART_22)
"""Opening an application: the documents (Art. 10) and the grant (Art. 22)."""
ART_10_P2_AND_70: Final = _joined(ART_10_P2, ART_70)
"""The change of colour and its 36 months' grace."""
ART_12_AND_70: Final = _joined(ART_12, ART_70)
"""A vehicle's age limit and its 36 months' grace."""
ART_25_AND_22_P1: Final = _joined(ART_25, ART_22_P1)
"""A transfer, reviewed as a grant is."""
ART_27_P3_P4_AND_10_I: Final = _joined(ART_27_P3_P4, ART_10_I)
"""An auxiliary driver's documents."""
ART_46_P1_AND_53_II: Final = _joined(ART_46_P1, ART_53_II)
"""Notifying a violation notice within its limit."""
ART_59_V_F_AND_70: Final = _joined(ART_59_V_F, ART_70)
"""Revocation for a colour not changed within its grace."""
ART_69_AND_27_P1: Final = _joined(ART_69, ART_27_P1)
"""An auxiliary driver carried over from the former register."""

ART_23_AND_27_P1: Final = _joined(ART_23, ART_27_P1)
ART_39_IV_VI_AND_40: Final = _joined(ART_39_IV_VI, ART_40)
ART_41_AND_42: Final = _joined(ART_41, ART_42)
ART_46_AND_47: Final = _joined(ART_46, ART_47)
ART_59_P2_AND_46: Final = _joined(ART_59_P2, ART_46)
ART_46_P2_AND_59_P2: Final = _joined(ART_46_P2, ART_59_P2)
ART_25_AND_27: Final = _joined(ART_25, ART_27)
ART_9_AND_10_I: Final = _joined(ART_9, ART_10_I)
ART_46_P2_AND_47_P2: Final = _joined(ART_46_P2, ART_47_P2)
ART_55_I_AND_63: Final = _joined(ART_55_I, ART_63)
ART_52_AND_55_II: Final = _joined(ART_52, ART_55_II)
ART_52_AND_59_I: Final = _joined(ART_52, ART_59_I)

ART_49_AND_56: Final = _joined(ART_49, ART_56)

# Other laws.
CPC_224_P1: Final = _cite(224, 1, law="CPC")
"""Código de Processo Civil: a term ending on a closed day moves to the next business day."""


CITATIONS: Final[Mapping[str, Citation]] = MappingProxyType(
    {
        name: Citation(value, _ENGLISH[value])
        for name, value in sorted(globals().items())
        if name.startswith(("ART_", "CPC_")) and isinstance(value, str)
    }
)
"""Every citation of the table by its key (the constant's name)."""


def english(citation: str) -> str:
    """The English spelling of a citation of the table (itself when it has no other)."""
    return _ENGLISH.get(citation, citation)
