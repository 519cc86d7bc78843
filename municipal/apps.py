from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MunicipalConfig(AppConfig):
    """The registers of the law that are duties, not requests: stands (Arts. 32-36),
    tariffs (Arts. 29-31), lost property (Art. 37 XVIII), the service roster (Art. 37 VII)
    and drivers' associations (Art. 3 §§1-5)."""

    name = "municipal"
    verbose_name = _("Cadastros municipais do serviço")

    def ready(self) -> None:
        # Registers the handler of the lost-property handing-in deadline (Art. 37 XVIII).
        from municipal.services import lost_property  # noqa: F401
