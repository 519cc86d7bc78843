"""Statute messages are Portuguese templates marked with ``N_`` plus their values,
so the Django side can translate them (``gettext(exc.template) % exc.params``)."""

from __future__ import annotations

import datetime as dt

import pytest

import law
from law.errors import InvalidSuspensionPeriod, LawError, NotCitable, UnknownInfraction
from law.i18n import N_
from law.infractions import infraction
from law.suspension import Ground, check_extension, check_request
from law.vehicles import Failure, vehicle_requirements_failures

START = dt.date(2026, 4, 1)


def test_n_marker_returns_its_argument_and_is_exported_by_the_package() -> None:
    assert N_("dias úteis") == "dias úteis"
    assert law.N_ is N_


def test_law_error_keeps_template_params_and_article() -> None:
    # given / when
    error = LawError(
        N_("foram pedidos %(days)d dias (%(what)s)"), article="Art. 24", days=121, what="x"
    )
    # then
    assert error.template == "foram pedidos %(days)d dias (%(what)s)"
    assert dict(error.params) == {"days": 121, "what": "x"}
    assert error.article == "Art. 24"
    assert str(error) == "foram pedidos 121 dias (x)"
    assert isinstance(error, ValueError)


def test_law_error_without_params_is_its_template() -> None:
    error = LawError(N_("Sem valores."), article="Art. 24")
    assert str(error) == error.template == "Sem valores."
    assert dict(error.params) == {}


def test_suspension_period_error_carries_its_values_art24() -> None:
    # when
    with pytest.raises(InvalidSuspensionPeriod) as caught:
        check_request(Ground.IV, START, 121)
    # then
    error = caught.value
    assert "%(days)d" in error.template
    assert dict(error.params) == {"min_days": 1, "max_days": 120, "days": 121}
    assert error.template % error.params == str(error)
    assert str(error) == "O prazo da suspensão deve ser de 1 a 120 dias; foram pedidos 121."


def test_extension_error_carries_the_original_period_as_maximum_art24() -> None:
    with pytest.raises(InvalidSuspensionPeriod) as caught:
        check_extension(60, 61, 0)
    assert dict(caught.value.params) == {"min_days": 1, "max_days": 60, "days": 61}
    assert "de 1 a 60 dias" in str(caught.value)


def test_infraction_errors_carry_the_item_art58() -> None:
    with pytest.raises(UnknownInfraction) as unknown:
        infraction("XXX")
    assert unknown.value.params["item"] == "XXX"
    assert str(unknown.value).startswith("O item 'XXX' não existe no Art. 58")
    with pytest.raises(NotCitable) as revoked:
        infraction("xxi")
    assert revoked.value.params["item"] == "XXI"
    assert revoked.value.template % revoked.value.params == str(revoked.value)


def test_vehicle_failures_carry_template_and_params_art10() -> None:
    # given a vehicle with 2 doors
    failures = vehicle_requirements_failures(
        manufacture_year=2024,
        doors=2,
        capacity=5,
        air_conditioning=True,
        colour_is_white=True,
        on=dt.date(2026, 1, 1),
    )
    # then
    assert len(failures) == 1
    failure = failures[0]
    assert failure.message == "O veículo deve ter 4 ou 5 portas; tem 2."
    assert failure.template % failure.params == failure.message
    assert dict(failure.params) == {"min_doors": 4, "max_doors": 5, "doors": 2}
    # equality ignores the translatable form
    assert failure == Failure("doors", "Art. 10 II c", failure.message)
