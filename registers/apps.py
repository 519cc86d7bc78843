from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegistersConfig(AppConfig):
    name = "registers"
    verbose_name = _("Cadastros")

    def ready(self) -> None:
        from law.calendar import set_default_calendar_provider
        from registers.calendar import municipal_calendar

        # The statute package knows no database; this tells it which days the
        # municipality has declared closed or open (DESIGN principle 5).
        set_default_calendar_provider(municipal_calendar)
