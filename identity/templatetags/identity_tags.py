from django import template

from identity.providers import providers

register = template.Library()


@register.inclusion_tag("identity/provider_buttons.html", takes_context=True)
def provider_buttons(context: template.Context) -> dict[str, object]:
    """The "Entrar com gov.br" buttons of the configured providers (none: nothing)."""
    return {"providers": providers(), "next": context.get("next", "")}
