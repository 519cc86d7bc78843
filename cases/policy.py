"""The access policy (accounts.policy) applied to the registers a case reaches: which
drivers, vehicles and Termos a user may open.

It lives with the cases because the commission's relation to a register row goes through
them: it opens the file of a driver, a vehicle or a Termo only when a case before it
names them (Art. 52) — not the whole register, with every CPF, CNH, address and phone.
`registers.selectors` answers the same questions below the cases, without that relation.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet

from accounts.models import User
from accounts.policy import HANDLING, JUDGING, OWNER, Record, relations_granted
from cases.models import Case
from cases.selectors import cases_judged
from registers.models import Authorization, Driver, Vehicle


def _judged(**reaching: object) -> Exists:
    """Whether a case before the commission names the row, through `reaching` (a lookup of
    the case = the row's OuterRef). Asked row by row, each an indexed probe of the cases
    before it (`case_judged_applicant_idx`, …), or hashed once from that index for many
    rows: as `pk IN (…)` under an OR, PostgreSQL read every case before the commission to
    open one driver's file (issue 25)."""
    return Exists(Case.objects.filter(cases_judged(), **reaching))


def drivers_in_scope(user: User) -> QuerySet[Driver]:
    """The drivers whose data `user` may read: all for the staff who handle them, his own
    for a driver, those named by a case before it for the commission (the applicant, the
    holder of the Termo)."""
    relations = relations_granted(user, Record.DRIVER)
    if HANDLING in relations:
        return Driver.objects.all()
    scope = Q(pk__in=[])
    if OWNER in relations:
        scope |= Q(user=user)
    if JUDGING in relations:
        scope |= _judged(applicant=OuterRef("pk")) | _judged(
            authorization__holder=OuterRef("pk")
        )
    return Driver.objects.filter(scope)


def vehicles_in_scope(user: User) -> QuerySet[Vehicle]:
    """The vehicles `user` may open: as for drivers, through the Termo that names them."""
    relations = relations_granted(user, Record.VEHICLE)
    if HANDLING in relations:
        return Vehicle.objects.all()
    scope = Q(pk__in=[])
    if OWNER in relations:
        scope |= Q(owner__user=user) | Q(
            pk__in=Authorization.objects.filter(holder__user=user).values("vehicle_id")
        )
    if JUDGING in relations:
        scope |= _judged(authorization__vehicle=OuterRef("pk"))
    return Vehicle.objects.filter(scope)


def reads_the_parties_of_its_cases(user: User) -> bool:
    """Whether every case `user` may open names only drivers and a Termo he may read (its
    applicant, its Termo and the Termo's holder): the staff who handle the registers read
    every one, the commission those of the cases before it. A search may then test a case's
    applicant and holder by a condition on the joined row instead of a list of drivers
    found. Not a driver: a notice naming him may have been filed by another."""
    return all(
        relations_granted(user, record) & {HANDLING, JUDGING}
        for record in (Record.DRIVER, Record.AUTHORIZATION)
    )


def sees_every_driver(user: User) -> bool:
    """Whether `drivers_in_scope(user)` is every driver: for anyone else (the commission)
    it is asked of each driver, through the cases that name him."""
    return HANDLING in relations_granted(user, Record.DRIVER)


def sees_every_authorization(user: User) -> bool:
    """Whether `authorizations_in_scope(user)` is every Termo: ids found for such a user
    need no second read to be scoped."""
    return HANDLING in relations_granted(user, Record.AUTHORIZATION)


def authorizations_in_scope(user: User) -> QuerySet[Authorization]:
    """The Termos `user` may open: all for the staff who handle them, the holder's own,
    those of a case before the commission."""
    base = Authorization.objects.select_related("holder", "vehicle")
    relations = relations_granted(user, Record.AUTHORIZATION)
    if HANDLING in relations:
        return base
    scope = Q(pk__in=[])
    if OWNER in relations:
        scope |= Q(holder__user=user)
    if JUDGING in relations:
        scope |= _judged(authorization=OuterRef("pk"))
    return base.filter(scope)
