"""One search box over cases and registers: case number, name, CPF, plate, IM and Termo.

Tolerant of accents, case and punctuation: both sides are compared through one key,
`ws_searchkey(text)` = lower-case, unaccented, with everything but letters, digits and
spaces removed. On PostgreSQL it is an immutable SQL function over the `unaccent`
extension, and GIN trigram (`pg_trgm`) indexes on `ws_searchkey(column)` serve the
`LIKE '%…%'` the search runs (migration 0002). A driver's name has its key stored
(`Driver.name_key`, a generated column, indexed by migration 0004): a word every name has
makes PostgreSQL recheck each driver's key, and reading it costs less than computing it.
A driver's own name is asked of a GIN index of every piece of each word of that key
(`ws_wordparts`, migration 0005): one lookup for "condutor 12", where the trigrams of a
word every name has, and none for "12", read every driver.
On the embedded SQLite default the same function is registered from Python on each
connection (`register_sqlite_functions`), so the query is the same on both.

What a user may see is decided by the scoping functions (`cases_visible_to`,
`cases.policy`: drivers, vehicles and Termos); this module only narrows them.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.fields.array import ArrayContains
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import (
    BooleanField,
    CharField,
    Exists,
    ExpressionWrapper,
    F,
    Func,
    OuterRef,
    Q,
    QuerySet,
    TextField,
    Value,
)
from django.db.models.lookups import IsNull

from accounts.models import User
from accounts.roles import is_staff_member
from accounts.services import personal_data_read
from cases.models import Case, Deadline
from cases.policy import (
    authorizations_in_scope,
    drivers_in_scope,
    reads_the_parties_of_its_cases,
    sees_every_authorization,
    sees_every_driver,
    vehicles_in_scope,
)
from cases.selectors import cases_visible_to
from core.db import custom_plans, one_of
from registers.models import Authorization, Driver, MunicipalRegistration, Vehicle

# A pattern shorter than this scans too much for what it finds (and trigrams need three).
MIN_NUMBER_KEY = 3
# Register hits shown beside the cases; the case list pages on.
REGISTER_HITS = 10
# Counting every match of a broad filter over a million cases costs more than it tells.
COUNT_CAP = 10_000

_NOT_KEY = re.compile(r"[^a-z0-9 ]+")
_CASE_NUMBER = re.compile(r"^\s*(\d{4})\s*/\s*(\d{1,6})\s*$")
# A case's number is AAAA/NNNNNN (cases.services.transitions; `Case.number` holds 11
# characters): typed whole, its key of ten digits can be inside no other case's key.
FULL_NUMBER_DIGITS = 10


def search_key(value: str) -> str:
    """The comparison key of a text (same as the database's `ws_searchkey`)."""
    decomposed = unicodedata.normalize("NFD", value or "")
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NOT_KEY.sub("", plain.lower())


def register_sqlite_functions(sender: object, connection: Any, **kwargs: object) -> None:
    if connection.vendor == "sqlite":
        connection.connection.create_function(
            "ws_searchkey", 1, lambda v: None if v is None else search_key(v), deterministic=True
        )


class SearchKey(Func):
    function = "ws_searchkey"
    output_field = CharField()


@dataclass(frozen=True)
class Terms:
    """A query split the ways the registers write their values."""

    words: tuple[str, ...]  # keys of each word, for names
    compact: str  # the whole key without spaces, for numbers, CPF and plates
    case_number: tuple[int, int] | None  # AAAA/N typed as a case number

    @classmethod
    def parse(cls, text: str) -> Terms:
        words = tuple(w for w in (search_key(part) for part in text.split()) if w)
        match = _CASE_NUMBER.match(text)
        return cls(
            words=words,
            compact="".join(words),
            case_number=(int(match[1]), int(match[2])) if match else None,
        )

    def __bool__(self) -> bool:
        return bool(self.words)


def drivers_matching(user: User, terms: Terms, *, compared: bool = False) -> QuerySet[Driver]:
    """Every word in the name (compared by the key the database keeps with each driver,
    `Driver.name_key`), or the digits in the CPF. `compared`: each row's key compared, not
    the index of its words' pieces asked (a broad search's few hits, read walking the
    names' index: cutting each row's name into pieces there cost 12 ms at 400,000 cases)."""
    return drivers_in_scope(user).filter(named_by(terms, compared=compared))


# The longest piece of a word `ws_wordparts` indexes (workspace migration 0005).
PART_LENGTH = 20


class WordParts(Func):
    """`ws_wordparts(key)`: every piece of each word of a key, up to PART_LENGTH letters
    (PostgreSQL, GIN-indexed on the drivers' `name_key`, workspace migration 0005)."""

    function = "ws_wordparts"
    output_field = ArrayField(TextField())


def named_by(terms: Terms, driver: str = "", *, compared: bool = False) -> Q:
    """The condition "the words name this driver", on the driver reached by the lookup
    `driver` ("applicant__", "authorization__holder__"; "" for the driver's own row, asked
    of the index of its words' pieces unless `compared`)."""
    if not driver and not compared and connection.vendor == "postgresql":
        condition = _names_in_parts(terms)
    else:
        condition = _in_key(terms, f"{driver}name_key")
    if _may_be_a_cpf(terms):
        condition |= Q(**{f"{driver}cpf__contains": terms.compact})
    return condition


def _may_be_a_cpf(terms: Terms) -> bool:
    """Digits enough to be asked of the CPFs (a part of one, or all of it)."""
    return terms.compact.isdigit() and len(terms.compact) >= MIN_NUMBER_KEY


def _names_in_parts(terms: Terms) -> Q:
    """The words in a driver's own name by the index of its words' pieces: a word is in
    the key (`LIKE '%word%'`) exactly when it is a piece of one of the key's words, as the
    words searched have no space. One GIN lookup whatever the words; the trigram index
    read every driver for a word of fewer than three letters or one every name has (60 ms
    at a million cases to decide whether "condutor 12" was broad, issue 25). A word longer
    than the pieces kept is looked up by its first PART_LENGTH letters, then compared."""
    parts = sorted({word[:PART_LENGTH] for word in terms.words})
    condition = Q(ArrayContains(WordParts(F("name_key")), parts))
    for word in terms.words:
        if len(word) > PART_LENGTH:
            condition &= Q(name_key__contains=word)
    return condition


# A key longer than a plate is in no plate (a name's words run together, most often).
PLATE_LENGTH = Vehicle._meta.get_field("plate").max_length


def _may_name_a_plate(user: User, terms: Terms) -> bool:
    return is_staff_member(user) and MIN_NUMBER_KEY <= len(terms.compact) <= PLATE_LENGTH


def vehicles_matching(user: User, terms: Terms) -> QuerySet[Vehicle]:
    if not _may_name_a_plate(user, terms):
        return Vehicle.objects.none()
    # Plates are kept upper-case without the dash (registers.validators).
    return vehicles_in_scope(user).filter(plate__contains=terms.compact.upper())


# Up to this many ids found by a step are handed to the next as a list.
FEW = 1000
# The drivers and Termos a search names are handed on as lists up to this many. The
# trigram match is the search's dearest step (a word every name has, or one of fewer than
# three letters, makes PostgreSQL recheck every driver's key), and as a subquery it ran
# again inside each later step, the count and the page (issue 25: "condutor 12", 11,000
# drivers, 10.9 s at a million cases). The case list's condition is made of these lists.
MANY = 20_000


def _found(ids: QuerySet[Any], few: int = FEW) -> list[Any] | QuerySet[Any]:
    """The ids a `values()` query finds: a list when they are few, else the query itself.

    A trigram match's row estimate can be off by thousands (every name has "con", "ond",
    …): planned as a subquery, a search naming one driver read every case and Termo. As a
    list of the few ids found, the next step is planned for what it really gets."""
    rows = list(ids[: few + 1])
    if len(rows) > few:
        return ids
    return [next(iter(row.values())) for row in rows]


def _united(paths: list[QuerySet[Any]], few: int = FEW) -> list[Any] | QuerySet[Any]:
    """The ids each path finds, united. Each path is one indexed lookup; an OR of them
    would make PostgreSQL read every row of the table to test it (issue 13)."""
    first, *rest = [path.order_by() for path in paths]
    return _found(first.union(*rest) if rest else first, few)


def authorizations_named(
    user: User, terms: Terms, drivers: list[Any] | QuerySet[Any] | None
) -> list[Any] | QuerySet[Any]:
    """The ids of the Termos `terms` name, before any scope: by the holder (`drivers`,
    found already; None when a broad search tests the holder row by row), the Termo's
    number, the vehicle or the IM."""
    paths: list[QuerySet[Any]] = [
        Authorization.objects.filter(
            one_of("holder_id", drivers) if drivers is not None else Q(pk__in=[])
        ).values("pk")
    ]
    if len(terms.compact) >= MIN_NUMBER_KEY:
        paths += [
            Authorization.objects.alias(_key=SearchKey("number"))
            .filter(_key__contains=terms.compact)
            .values("pk"),
            MunicipalRegistration.objects.alias(_key=SearchKey("number"))
            .filter(_key__contains=terms.compact)
            .values("authorization_id"),
        ]
    if _may_name_a_plate(user, terms):
        vehicles = vehicles_matching(user, terms).values("pk")
        paths.append(Authorization.objects.filter(vehicle__in=vehicles).values("pk"))
    return _united(paths, MANY)


class Matches:
    """What one search's words name, each set found once.

    The case list and the register hits beside it ask for the same drivers and Termos,
    and a trigram match over every driver costs more than the rest of the request
    (issue 13): a view makes one `Matches` and hands it to both."""

    def __init__(self, user: User, q: str) -> None:
        self.user = user
        self.terms = Terms.parse(q)

    def __bool__(self) -> bool:
        return bool(self.terms)

    @cached_property
    def _named(self) -> QuerySet[Driver]:
        """The drivers the words name, as far as the case list needs them: the whole
        register for a user who reads the parties of every case he sees (his cases are
        scoped already, and a driver one of them names is his to read), his own drivers
        for anyone else. Scoped for the commission, each driver named was asked for two
        `Exists` on the cases before it: 0.2 s for the 20,000 "condutor 12" names at a
        million cases, 36-86 ms for the 800 "condutor 37" names at 100,000. The
        drivers shown beside the cases are scoped (`drivers`, `parties_named`)."""
        if reads_the_parties_of_its_cases(self.user):
            return Driver.objects.filter(named_by(self.terms))
        return drivers_matching(self.user, self.terms)

    @cached_property
    def _first_drivers(self) -> list[Any]:
        rows = self._named.order_by()
        return list(rows.values_list("pk", flat=True)[: FEW + 1])

    @cached_property
    def _names_many(self) -> bool:
        """The words name more than FEW drivers of the register. Remembered a while when
        they do (`SEARCH_BROAD_CACHE_SECONDS`): asking costs a GIN lookup of every driver the
        commonest word names (2-3 ms at a million cases, a tenth of a broad search), a
        person pages through the same words, and an answer gone stale changes how the
        cases are found, never which (the walk and the lists find the same ones, in the
        same order). Only a "yes" is kept: a "no" hands on the drivers found."""
        seconds = settings.SEARCH_BROAD_CACHE_SECONDS
        # The database's name in the key: a cache shared by two (a staging copy, the
        # bench's two sizes) would answer one with the other's register.
        asked = "\x1f".join((connection.settings_dict["NAME"], *self.terms.words))
        key = "ws:broad:" + hashlib.sha256(asked.encode()).hexdigest()
        if seconds and cache.get(key):
            return True
        many = len(self._first_drivers) > FEW
        if many and seconds:
            cache.set(key, True, seconds)
        return many

    @cached_property
    def broad(self) -> bool:
        """The words name more than FEW drivers, for a user who reads the drivers and
        Termos of every case he sees (`reads_the_parties_of_its_cases`): the lists test a
        row's driver by a condition on the joined row, walking their own order until the
        page is full, and are not counted (issue 25: "condutor 12" names 20,000 of 250,000
        drivers at a million cases, and handed on as ids the search took 2 s; walked, its
        first page reads some 1,200 cases). For the commission too: what it is asked of
        is the whole register (`_named`), and what the answer tells is how the search
        runs, never a driver."""
        return reads_the_parties_of_its_cases(self.user) and self._names_many

    @cached_property
    def through_its_cases(self) -> bool:
        """A broad search by a user who reads a driver or a Termo only through the cases
        he sees (the commission): the register hits beside the page are the parties of the
        cases found (`parties_named`), not the register scoped row by row (0.13 s at a
        million cases, walking the drivers by name to find ten the commission may read)."""
        return self.broad and not sees_every_driver(self.user)

    def parties_named(
        self, cases: Sequence[Case]
    ) -> tuple[QuerySet[Driver], QuerySet[Authorization]]:
        """The drivers and Termos of `cases` the words name (each case's applicant, its
        Termo by its holder), and the Termos named otherwise (number, IM, plate); still
        asked of the access policy, by primary key, a page's worth of rows.

        The names are tested on the cases' rows, read by the cases' primary keys: asked of
        the drivers, "these ids and these words" was planned as the trigram index's bitmap
        of every driver with a word in his name (all 25,000 at 100,000 cases have
        "condutor") ANDed with the ids."""
        page = Case.objects.filter(pk__in=[case.pk for case in cases]).order_by()
        if _kept_on_the_case(self.terms):
            # By the keys the cases keep: a name asked of the driver's row was sometimes
            # planned from the trigram index still (0.27 s, issue 25).
            by_applicant = _in_key(self.terms, "applicant_key")
            by_holder = _in_key(self.terms, "holder_key") | (
                by_applicant & Q(authorization__holder_id=F("applicant_id"))
            )
        else:
            by_applicant = named_by(self.terms, "applicant__")
            by_holder = named_by(self.terms, "authorization__holder__")
        rows = page.annotate(
            _by_applicant=ExpressionWrapper(by_applicant, output_field=BooleanField()),
            _by_holder=ExpressionWrapper(by_holder, output_field=BooleanField()),
        ).values_list(
            "applicant_id", "authorization_id", "authorization__holder_id",
            "_by_applicant", "_by_holder",
        )
        drivers: set[Any] = set()
        termos: set[Any] = set()
        for applicant, termo, holder, by_applicant_row, by_holder_row in rows:
            if by_applicant_row and applicant is not None:
                drivers.add(applicant)
            if by_holder_row and termo is not None:
                drivers.add(holder)
                termos.add(termo)
        return (
            drivers_in_scope(self.user).filter(pk__in=drivers),
            authorizations_in_scope(self.user).filter(
                one_of("pk", self.authorization_ids) | Q(pk__in=termos)
            ),
        )

    @cached_property
    def driver_ids(self) -> list[Any] | QuerySet[Any]:
        first = self._first_drivers
        if len(first) <= FEW:
            return first
        return _found(self._named.order_by().values("pk"), MANY)

    @cached_property
    def authorization_ids(self) -> list[Any] | QuerySet[Any]:
        """The Termos named that the user may open (all of them, for the staff who
        handle the register: no second read); in a broad search, those named otherwise
        than by their holder (who is tested row by row)."""
        named = authorizations_named(
            self.user, self.terms, None if self.broad else self.driver_ids
        )
        # None named (a broad name, most often): nothing for the scope to narrow.
        if isinstance(named, list) and (not named or sees_every_authorization(self.user)):
            return named
        scoped = authorizations_in_scope(self.user).filter(one_of("pk", named))
        return _found(scoped.order_by().values("pk"), MANY)

    @cached_property
    def authorizations(self) -> QuerySet[Authorization]:
        condition = one_of("pk", self.authorization_ids)
        if self.broad:
            condition |= named_by(self.terms, "holder__")
        return authorizations_in_scope(self.user).filter(condition)

    @cached_property
    def drivers(self) -> QuerySet[Driver]:
        if self.broad:
            return drivers_matching(self.user, self.terms, compared=True)
        return drivers_in_scope(self.user).filter(one_of("pk", self.driver_ids))

    @cached_property
    def case_condition(self) -> Q:
        return cases_named(self)


def cases_named(matches: Matches) -> Q:
    """The cases the words name, as a condition on a case's own columns: its applicant or
    its Termo among those found, or its number.

    The drivers and Termos come as lists, and an OR of lists is one PostgreSQL can
    plan: each relation's index when few are named, the cases in the page's order until
    the page is full when many are (issue 25: "condutor 12" names 7,000 cases at 100,000,
    and their ids were united, then joined to every case for the count and the page)."""
    terms = matches.terms
    if matches.broad:
        applicant = _parties_named(terms)
    else:
        applicant = one_of("applicant_id", matches.driver_ids)
    condition = applicant | one_of("authorization_id", matches.authorization_ids)
    if terms.case_number:
        year, sequence = terms.case_number
        condition |= Q(year=year, sequence=sequence)
    # A case's number is AAAA/NNNNNN: its key has digits only. Typed whole it names one
    # case, found above by its year and sequence: the substring index of every number,
    # which reads more the more numbers share its digits, is asked only for a part of one
    # (issue 25: the search by number grew with the cases, k 0.3 from 100,000 to 1M).
    # Longer than a number's key it is in none: a CPF's eleven digits are asked of the
    # drivers alone (the substring index matched every number with its "000"s first).
    whole = terms.case_number is not None and len(terms.compact) == FULL_NUMBER_DIGITS
    part = MIN_NUMBER_KEY <= len(terms.compact) <= FULL_NUMBER_DIGITS and not whole
    if terms.compact.isdigit() and part:
        numbered = Case.objects.alias(_key=SearchKey("number")).filter(_key__contains=terms.compact)
        condition |= one_of("pk", _found(numbered.order_by().values("pk")))
    return condition


def _parties_named(terms: Terms) -> Q:
    """A broad walk's test of a case's applicant and its Termo's holder. On PostgreSQL by
    the keys of their names the case keeps (`Case.applicant_key`, `Case.holder_key`,
    written by the database, workspace migration 0006), reading no row but the case's:
    joined, the driver's and the Termo's rows were four fifths of the walk (issue 25: 28
    ms for the 9,000 cases walked for "condutor 99" at a million cases, 7 ms this way)."""
    if not _kept_on_the_case(terms):
        return named_by(terms, "applicant__") | Q(_held_by_another(named_by(terms, "holder__")))
    return _in_key(terms, "applicant_key") | _in_key(terms, "holder_key")


def _kept_on_the_case(terms: Terms) -> bool:
    """The case's own keys of its parties' names answer whether `terms` name them: on
    PostgreSQL, which keeps them, and for words that are not a CPF's digits (not kept)."""
    return connection.vendor == "postgresql" and not _may_be_a_cpf(terms)


def _in_key(terms: Terms, key: str) -> Q:
    """Every word inside the search key `key` (a lookup to a key column: `name_key`, a
    case's `applicant_key`): `LIKE '%word%'` each."""
    condition = Q()
    for word in terms.words:
        condition &= Q(**{f"{key}__contains": word})
    return condition


def _held_by_another(holder: Q) -> Exists:
    """A case's Termo held by someone `holder` names who is not the case's applicant
    (whose own test comes first: a Termo is most often held by the case's applicant, and
    then the holder's row is not read)."""
    another = Q(IsNull(OuterRef("applicant_id"), True)) | ~Q(holder_id=OuterRef("applicant_id"))
    return Exists(
        Authorization.objects.filter(another, holder, pk=OuterRef("authorization_id"))
    )


@dataclass(frozen=True)
class CaseFilter:
    """The search page's filters, all of them choices (web.forms validates them)."""

    q: str = ""
    status: str = "open"  # "open", "closed" or "all"
    kind: str = ""
    state: str = ""
    assignee: str = ""  # "", "me" or "none"
    failed: bool = False  # with a deadline the sweeper could not process


def search_cases(
    *, user: User, filters: CaseFilter, matches: Matches | None = None
) -> QuerySet[Case]:
    """The user's visible cases matching the filters, newest first (`matches`: the words
    of `filters.q` already looked up for this user, when the caller shows more)."""
    rows = cases_visible_to(user)
    if filters.status == "open":
        rows = rows.filter(closed_at__isnull=True)
    elif filters.status == "closed":
        rows = rows.filter(closed_at__isnull=False)
    if filters.kind:
        rows = rows.filter(kind=filters.kind)
    if filters.state:
        rows = rows.filter(state=filters.state)
    if filters.assignee == "me":
        rows = rows.filter(assignee=user)
    elif filters.assignee == "none":
        rows = rows.filter(assignee__isnull=True)
    if filters.failed:
        failing = Deadline.objects.filter(state=Deadline.State.FAILED, case__isnull=False)
        rows = rows.filter(pk__in=failing.values("case_id"))
    matches = matches or Matches(user, filters.q)
    newest: Any = "-opened_at"
    if matches:
        rows = rows.filter(matches.case_condition)
        if not matches.broad:
            # The cases of the few drivers and Termos named are found by their indexes and
            # sorted. Given an order it can read from an index, PostgreSQL walks the whole
            # table from the newest case until the page is full, and when the cases named
            # are old it reads most of it (issue 25: 123,000 cases read for 50 found).
            newest = (F("opened_at") + Value(dt.timedelta(0))).desc()
    return rows.select_related("applicant").order_by(newest, "-id")


@dataclass(frozen=True)
class Page:
    rows: list[Any]
    number: int
    per_page: int
    total: int
    capped: bool  # there are more than `total` (counting stopped at COUNT_CAP)
    walked: bool = False  # not counted: `total` is where this page ends

    @property
    def first(self) -> int:
        return (self.number - 1) * self.per_page + 1 if self.rows else 0

    @property
    def last(self) -> int:
        return self.first + len(self.rows) - 1 if self.rows else 0

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_next(self) -> bool:
        return self.number * self.per_page < self.total or (self.walked and self.capped)

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))


def page_of(
    rows: QuerySet[Any], *, number: int, per_page: int, walked: bool = False
) -> Page:
    """One page of `rows` and how many there are, counting up to COUNT_CAP.

    A page within the count's reach is read first: when it is the first, or has rows, and
    is not full, it is the last one and tells the total, with no count (a search naming
    one driver finds a few cases). `walked` rows (a broad search's) are not counted: the
    page is read with one row more, which says whether another page follows (a count of
    every match would walk the whole table)."""
    number = max(1, number)
    start = (number - 1) * per_page
    if walked:
        with custom_plans():
            found = list(rows[start : start + per_page + 1])
        if not found and number > 1:
            return page_of(rows, number=1, per_page=per_page, walked=True)
        return Page(
            rows=found[:per_page], number=number, per_page=per_page,
            total=start + min(len(found), per_page), capped=len(found) > per_page, walked=True,
        )
    found: list[Any] | None = None
    with custom_plans():
        if start < COUNT_CAP:
            found = list(rows[start : start + per_page])
            total = start + len(found)
            if len(found) < per_page and (found or number == 1) and total <= COUNT_CAP:
                return Page(rows=found, number=number, per_page=per_page, total=total, capped=False)
        counted = rows.order_by()[: COUNT_CAP + 1].count()
        capped = counted > COUNT_CAP
        total = min(counted, COUNT_CAP)
        last_page = max(1, -(-total // per_page))
        if found is None or number > last_page:
            number = min(number, last_page)
            start = (number - 1) * per_page
            found = list(rows[start : start + per_page])
    return Page(rows=found, number=number, per_page=per_page, total=total, capped=capped)


@dataclass(frozen=True)
class RegisterHits:
    drivers: list[Driver]
    vehicles: list[Vehicle]
    authorizations: list[Authorization]


def search_registers(
    *, user: User, q: str, matches: Matches | None = None, cases: Sequence[Case] | None = None
) -> RegisterHits:
    """The drivers, vehicles and Termos the query names (a few of each); `cases`: the page
    of cases found beside them, whose parties are the hits of a broad search by the
    commission (`Matches.through_its_cases`)."""
    matches = matches or Matches(user, q)
    if not matches:
        return RegisterHits([], [], [])
    if cases is not None and matches.through_its_cases:
        drivers, authorizations = matches.parties_named(cases)
    else:
        drivers, authorizations = matches.drivers, matches.authorizations
    # What a hit shows (the page, the API), and of a driver his account: the read log
    # skips a driver's reads of his own data.
    drivers = drivers.only("name", "cpf", "user")
    vehicles = vehicles_matching(user, matches.terms).only("plate", "make", "model")
    authorizations = (
        authorizations.select_related(None)
        .select_related("holder")
        .only("number", "holder__name", "holder__user")
    )
    with custom_plans():
        return RegisterHits(
            drivers=list(drivers.order_by("name", "pk")[:REGISTER_HITS]),
            vehicles=list(vehicles.order_by("plate")[:REGISTER_HITS]),
            authorizations=list(authorizations.order_by("number")[:REGISTER_HITS]),
        )


# What a page of cases shows of each (workspace/_case_rows.html, the search API): a case
# read whole with its applicant's, assignee's and Termo's rows was four models built a row.
CASE_ROW_FIELDS = ("number", "kind", "state", "opened_at", "closed_at", "applicant__name")


@dataclass(frozen=True)
class Results:
    page: Page
    hits: RegisterHits


def search(*, user: User, filters: CaseFilter, page: int, per_page: int) -> Results:
    """A page of the cases matching `filters` and the register hits beside it: the words
    looked up once for both (`Matches`), every statement planned for its own values
    (`custom_plans`)."""
    matches = Matches(user, filters.q)
    with custom_plans():
        rows = search_cases(user=user, filters=filters, matches=matches).only(*CASE_ROW_FIELDS)
        found = page_of(rows, number=page, per_page=per_page, walked=matches.broad)
        return Results(
            page=found,
            hits=search_registers(user=user, q=filters.q, matches=matches, cases=found.rows),
        )


# Rows on a page of the search, on the page and over the API.
SEARCH_PAGE_SIZE = 50


class SearchAsked(Protocol):
    """What a person asked the search box (the search form, on the page or over the API)."""

    def filters(self) -> CaseFilter: ...

    def page_number(self) -> int: ...


def search_logged(*, user: User, asked: SearchAsked, path: str, what: str) -> Results:
    """The search a person runs, on the page or over the API: its results, and the drivers
    they show (found by name or partial CPF, and the holders of the Termos found) in the
    LGPD read log with the query that found them (`path`), in one transaction with the
    search, so the log is never written without the reading or left out of it."""
    with transaction.atomic(), custom_plans():
        found = search(
            user=user,
            filters=asked.filters(),
            page=asked.page_number(),
            per_page=SEARCH_PAGE_SIZE,
        )
        hits = found.hits
        personal_data_read(
            actor=user,
            drivers=[*hits.drivers, *(a.holder for a in hits.authorizations)],
            case=None,
            channel="search",
            path=path,
            what=what,
            purpose="search",
        )
    return found
