"""The penalty of a violation notice in full, as every paper and message tells it.

Art. 59 stacks several penalties on one infraction: a written warning (I), the fine (II;
Art. 57 in VRTE, converted by Art. 54 at the VRTE of the infraction's year, doubled on
recidivism by §1), the points of Art. 56 (halved to the holder for an auxiliary's
infraction, Art. 49), a suspension of the authorization (III), the vehicle's impediment
(IV a) and, on recidivism, revocation (V a). A driver told only "100 VRTE" learns neither
what to pay in reais nor that the taxi stops: the notice, the decision on an appeal, their
letters and e-mails all take their wording from `penalty_lines`, so they say the same.

`PenaltyInFull` is the one description of a notice's penalty (issue 19): the notice's PDF,
its letter and e-mails, the portal, the case and penalties pages, the payment guide and
the API all read it — whether there is a fine to pay at all (`has_fine`: a written warning
given instead of the fine, Art. 59 I, has none), its one-line `summary`, its `lines` and,
for programs, `as_dict`.

No workflow import: the notice is read through the fields it has had since the
enforcement chapter (fine_vrte, vrte_value, assessment, occurred_at, offender,
applicant, penalty_periods).
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from documents.templatetags.documents_format import date_br, number_br

CENTS = Decimal("0.01")


@dataclass(frozen=True)
class ServedPeriod:
    """A suspension or impediment with its dates, once the penalty stands."""

    kind: str  # "suspension" or "impediment" (workflows.violation.models.PenaltyPeriod.Kind)
    starts_on: dt.date
    ends_on: dt.date


@dataclass(frozen=True)
class PenaltyInFull:
    """Everything one notice imposes; `fine_vrte` is the fine kept (after an appeal)."""

    fine_vrte: Decimal
    vrte_value: Decimal | None
    vrte_year: int | None
    points: Decimal
    warning: bool = False
    doubled: bool = False
    by_auxiliary: bool = False
    suspension_days: int = 0
    impediment_days: int = 0
    revocation: bool = False
    periods: tuple[ServedPeriod, ...] = field(default=())

    @property
    def fine_reais(self) -> Decimal | None:
        """Art. 54: the VRTE amount at the VRTE value of the infraction's year."""
        if self.vrte_value is None:
            return None
        return (self.fine_vrte * self.vrte_value).quantize(CENTS, rounding=ROUND_HALF_UP)

    def period(self, kind: str) -> ServedPeriod | None:
        return next((p for p in self.periods if p.kind == kind), None)

    @property
    def has_fine(self) -> bool:
        """A fine to pay (Art. 59 II). False for the written warning that replaces it on a
        first group 1-2 infraction (Art. 59 I, FIRST_OFFENCE_WARNING=instead), and for a
        fine cancelled on appeal: then there is no guide, no payment clock, no payment."""
        return self.fine_vrte > 0

    @property
    def kind(self) -> str:
        """`warning` (a written warning, no fine), `fine` (a fine, maybe with more) or `none`."""
        return "fine" if self.has_fine else ("warning" if self.warning else "none")

    @property
    def summary(self) -> str:
        """The penalty in one phrase, for a list or a heading."""
        words = _summary_words(get_language() or "")
        if not self.has_fine:
            return words["warning_only"] if self.warning else words["no_fine"]
        values = {"vrte": number_br(self.fine_vrte)}
        if self.fine_reais is None:
            text = words["fine"] % values
        else:
            text = words["fine_reais"] % {**values, "reais": number_br(self.fine_reais)}
        if self.warning:
            text += ", " + words["with_warning"]
        return text

    @property
    def lines(self) -> list[str]:
        return penalty_lines(self)

    def as_dict(self) -> dict[str, Any]:
        """The penalty in full for the API: what a program reads, with the sentences."""
        return {
            "kind": self.kind,
            "summary": self.summary,
            "warning": self.warning,
            "has_fine": self.has_fine,
            "fine_vrte": str(self.fine_vrte),
            "fine_reais": str(self.fine_reais) if self.fine_reais is not None else None,
            "vrte_year": self.vrte_year,
            "doubled": self.doubled,
            "points": str(self.points.normalize()) if self.points else "0",
            "suspension_days": self.suspension_days,
            "impediment_days": self.impediment_days,
            "revocation": self.revocation,
            "lines": self.lines,
        }


def penalty_of_notice(
    notice: Any, *, fine_vrte: Decimal | None = None, with_periods: bool = True
) -> PenaltyInFull:
    """The penalty of a `workflows.violation.models.ViolationNotice`, with the fine kept by
    an appeal decision when `fine_vrte` is given (a partial grant reduces the fine only).
    `with_periods=False` leaves out the dates being served (a list's summary: no query)."""
    assessment: dict[str, Any] = notice.assessment or {}
    periods: tuple[ServedPeriod, ...] = ()
    if notice.pk is not None and with_periods:
        periods = tuple(
            ServedPeriod(kind=p.kind, starts_on=p.starts_on, ends_on=p.ends_on)
            for p in notice.penalty_periods.order_by("starts_on", "id")
        )
    occurred = notice.occurred_at
    return PenaltyInFull(
        fine_vrte=Decimal(notice.fine_vrte if fine_vrte is None else fine_vrte),
        vrte_value=notice.vrte_value,
        vrte_year=timezone.localtime(occurred).year if occurred else None,
        points=Decimal(str(assessment.get("points", 0))),
        warning=bool(assessment.get("warning")),
        doubled=bool(assessment.get("recidivist")),
        by_auxiliary=notice.offender_id is not None and notice.offender_id != notice.applicant_id,
        suspension_days=int(assessment.get("suspension_days") or 0),
        impediment_days=int(assessment.get("impediment_max_days") or 0),
        revocation=bool(assessment.get("revocation")),
        periods=periods,
    )


@functools.lru_cache(maxsize=8)
def _summary_words(language: str) -> dict[str, str]:
    """The summary's phrases in `language`, translated once: a list shows a summary a row
    (the appeal notices' fifty), and each phrase missing from the catalog of the language
    written in the code walks every fallback catalog before it is answered as itself."""
    return {
        "warning_only": _("advertência escrita (Art. 59 I), sem multa"),
        "no_fine": _("sem multa"),
        "fine": _("multa de %(vrte)s VRTE"),
        "fine_reais": _("multa de %(vrte)s VRTE (R$ %(reais)s)"),
        "with_warning": _("com advertência escrita (Art. 59 I)"),
    }


def _points(value: Decimal) -> str:
    return number_br(value, 0 if value == value.to_integral_value() else 1)


def _dates(period: ServedPeriod | None) -> str:
    if period is None:
        return ""
    return " " + _("de %(start)s a %(end)s, inclusive,") % {
        "start": date_br(period.starts_on),
        "end": date_br(period.ends_on),
    }


def fine_line(penalty: PenaltyInFull) -> str:
    """The fine in VRTE and in reais, with the VRTE value it was converted at."""
    if penalty.fine_vrte == 0:
        if penalty.warning:
            return _(
                "Multa: nenhuma; na primeira infração dos grupos 1 e 2, a advertência escrita "
                "é aplicada em lugar da multa (Art. 59 I)."
            )
        return _("Multa: nenhuma.")
    values = {
        "vrte": number_br(penalty.fine_vrte),
        "reais": number_br(penalty.fine_reais) if penalty.fine_reais is not None else "",
        "value": number_br(penalty.vrte_value, 4) if penalty.vrte_value is not None else "",
        "year": penalty.vrte_year or "",
    }
    if penalty.fine_reais is None:
        text = _(
            "Multa: %(vrte)s VRTE; o valor em reais será calculado pela VRTE de %(year)s, "
            "ainda não cadastrada (Arts. 54 e 57)."
        )
    else:
        text = _(
            "Multa: %(vrte)s VRTE = R$ %(reais)s (VRTE de %(year)s: R$ %(value)s; "
            "Arts. 54 e 57)."
        )
    line = text % values
    if penalty.doubled:
        line += " " + _("Em dobro, por reincidência (Art. 59 §1).")
    return line


def penalty_lines(penalty: PenaltyInFull) -> list[str]:
    """Each penalty in a sentence of its own, with its article, in the order of Art. 59."""
    lines = []
    if penalty.warning:
        lines.append(_("Advertência escrita (Art. 59 I)."))
    lines.append(fine_line(penalty))
    if penalty.points:
        points = _points(penalty.points)
        if penalty.by_auxiliary:
            lines.append(
                _(
                    "Pontos: %(points)s no cadastro do condutor auxiliar e %(half)s no do "
                    "taxista titular (Arts. 49 e 56)."
                )
                % {"points": points, "half": _points(penalty.points / 2)}
            )
        else:
            lines.append(
                ngettext(
                    "Pontos: %(points)s ponto no cadastro do condutor (Art. 56).",
                    "Pontos: %(points)s pontos no cadastro do condutor (Art. 56).",
                    int(penalty.points),
                )
                % {"points": points}
            )
    if penalty.suspension_days:
        lines.append(
            _(
                "Suspensão da autorização por %(days)s dias%(dates)s período em que o táxi "
                "não pode circular (Art. 59 III)."
            )
            % {
                "days": penalty.suspension_days,
                "dates": _dates(penalty.period("suspension")) or ",",
            }
        )
    if penalty.impediment_days:
        lines.append(
            _(
                "Impedimento de circulação do veículo por até %(days)s dias%(dates)s podendo "
                "voltar antes se o problema for sanado e comprovado na Secretaria "
                "(Art. 59 IV a)."
            )
            % {
                "days": penalty.impediment_days,
                "dates": _dates(penalty.period("impediment")) or ",",
            }
        )
    if penalty.revocation:
        lines.append(
            _(
                "Cassação: a reincidência abre processo de cassação da autorização, com "
                "direito a recurso (Art. 59 V a e §2)."
            )
        )
    return lines


def penalty_text(penalty: PenaltyInFull) -> str:
    """The lines of `penalty_lines` as one paragraph."""
    return " ".join(penalty_lines(penalty))
