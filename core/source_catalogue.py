"""The source language's own catalogue: every msgid of the English catalogue, translated
to itself, as `locale/pt_BR/LC_MESSAGES/django.po`.

The msgids are the Portuguese texts, so a Portuguese page finds none of them in a catalogue
of its own: each `{% translate %}` and lazy label then misses in every Portuguese catalogue
that Django and its apps ship (seven, and six fallbacks behind them) before it gives the
msgid back. A catalogue that holds each msgid answers at the first lookup — a tenth of the
case page's time at a million cases (bench/RESULTS.md) — and says the same words.

Its plural rule is the one a missing msgid already followed (`n != 1`: zero takes the
plural), so no count reads differently. `makemessages` writes it from the English one
(web/management/commands/makemessages.py); `compilemessages` compiles it.
"""

from __future__ import annotations

from pathlib import Path

ENGLISH = Path("locale") / "en" / "LC_MESSAGES" / "django.po"
SOURCE = Path("locale") / "pt_BR" / "LC_MESSAGES" / "django.po"

HEADER = """\
# Portuguese (Brazil), the source language: each msgid is its own translation.
# Written by `manage.py makemessages` from locale/en/LC_MESSAGES/django.po; do not edit.
# Why it exists: core/source_catalogue.py.
#
msgid ""
msgstr ""
"Project-Id-Version: mantenopolis-taxi\\n"
"Language-Team: Portuguese (Brazil)\\n"
"Language: pt_BR\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def _field(lines: list[str], name: str) -> list[str]:
    """The lines of field `name` (`msgid`, `msgid_plural`) of an entry, as written."""
    out: list[str] = []
    for line in lines:
        if out and line.startswith('"'):
            out.append(line)
        elif out:
            break
        elif line.startswith(f"{name} "):
            out.append(line)
    return out


def _as(lines: list[str], name: str) -> list[str]:
    """Field lines under another name: the msgid's quoted text, kept byte for byte."""
    first = lines[0].split(" ", 1)[1]
    return [f"{name} {first}", *lines[1:]]


def _entries(text: str) -> list[list[str]]:
    """The entries of a .po text, each its lines: an entry ends at a blank line or where
    the next one's comments or msgid begin after its msgstr (msgmerge leaves some entries
    with no blank line between them)."""
    entries: list[list[str]] = []
    current: list[str] = []
    translated = False
    for line in text.splitlines():
        starts = line.startswith(("#", "msgid "))
        if not line.strip() or (starts and translated):
            if current:
                entries.append(current)
            current, translated = [], False
        if line.strip():
            current.append(line)
            translated = translated or line.startswith("msgstr")
    if current:
        entries.append(current)
    return entries


def source_catalogue(english: str) -> str:
    """The source catalogue for the English catalogue's text `english`: its entries in
    order, their references and flags kept, each msgstr the msgid (for a plural entry,
    msgstr[0] the msgid and msgstr[1] the msgid_plural)."""
    entries = []
    for lines in _entries(english):
        msgid = _field(lines, "msgid")
        if not msgid or msgid == ['msgid ""']:
            continue  # the header: the source catalogue has its own
        comments = [line for line in lines if line.startswith("#")]
        plural = _field(lines, "msgid_plural")
        if plural:
            strings = [*_as(msgid, "msgstr[0]"), *_as(plural, "msgstr[1]")]
            entries.append("\n".join([*comments, *msgid, *plural, *strings]))
        else:
            entries.append("\n".join([*comments, *msgid, *_as(msgid, "msgstr")]))
    return "\n\n".join([HEADER.rstrip("\n"), *entries]) + "\n"


def write_source_catalogue(root: Path) -> Path:
    """Writes the source catalogue of the project at `root` from its English one."""
    target = root / SOURCE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(source_catalogue((root / ENGLISH).read_text(encoding="utf-8")), "utf-8")
    return target
