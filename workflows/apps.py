from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WorkflowsConfig(AppConfig):
    """The parent of the kinds: each kind is a sub-app `workflows.<kind>` of its own.

    This app holds no model any more. It stays installed for its migrations, which
    created the tables of the suspension, the violation notice and the revocation before
    those kinds became sub-apps (the tables kept their names), and for the modules the
    kinds share (`workflows.holds`, `workflows.steps`).
    """

    name = "workflows"
    verbose_name = _("Tipos de processo")
