"""`manage.py load_demo`: the demo logins, registers and one pending case (idempotent)."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand

from web.demo import DEMO_LOGINS, demo_load

# Portuguese names for the counts demo_load returns, in the order they are shown.
LABELS: dict[str, tuple[str, str]] = {
    "users": ("usuário", "usuários"),
    "drivers": ("taxista", "taxistas"),
    "vehicles": ("veículo", "veículos"),
    "authorizations": ("termo de autorização", "termos de autorização"),
    "registrations": ("inscrição municipal", "inscrições municipais"),
    "population_figures": ("dado de população", "dados de população"),
    "vrte_values": ("valor de VRTE", "valores de VRTE"),
    "commission_seats": ("cadeira da comissão", "cadeiras da comissão"),
    "cases": ("processo", "processos"),
}


def summary(counts: dict[str, int]) -> str:
    """One line saying what was created, or that nothing was (the common second run)."""
    created = [
        f"{counts[key]} {singular if counts[key] == 1 else plural}"
        for key, (singular, plural) in LABELS.items()
        if counts.get(key)
    ]
    if not created:
        return "Dados de demonstração já carregados: nada novo a criar."
    return "Dados de demonstração criados: " + ", ".join(created) + "."


class Command(BaseCommand):
    help = (
        "Carrega os dados de demonstração (usuários por papel, taxistas, veículos, termos, "
        "IMs e um pedido de suspensão). Pode ser executado várias vezes sem duplicar nada."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("signing_dev_chain", verbosity=options["verbosity"])
        counts = demo_load()
        # Each demo user's own signing key (NOT VALID), so a signed act works at once.
        call_command(
            "signing_dev_chain",
            verbosity=options["verbosity"],
            user=[f"{login}:{password}" for login, password, _label in DEMO_LOGINS],
        )
        self.stdout.write(self.style.SUCCESS(summary(counts)))
        if options["verbosity"] >= 1:
            self.stdout.write("Logins de demonstração:")
            for username, password, label in DEMO_LOGINS:
                self.stdout.write(f"  {username:<12} senha {password}  — {label}")
