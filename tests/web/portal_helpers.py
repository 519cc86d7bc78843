"""The portal page as text, for the portal tests."""

from __future__ import annotations

import re


def portal_text(client, user, section: str | None = None) -> str:
    """The portal's HTML for `user` as plain text; only the element with data-testid
    `section` when given."""
    client.force_login(user)
    response = client.get("/portal/")
    assert response.status_code == 200
    html = response.content.decode()
    if section is not None:
        start = html.index(f'data-testid="{section}"')
        end = {"open-cases": "</table>", "requests": "</main>"}.get(section, "</div>")
        html = html[start : html.index(end, start)]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()
    # A closing inline tag before punctuation left a space: "00042 ," reads "00042,".
    return re.sub(r" ([,.:;])", r"\1", text)


def request_links(client, user) -> list[str]:
    client.force_login(user)
    html = client.get("/portal/").content.decode()
    return re.findall(r'data-request="([\w-]+)"', html)
