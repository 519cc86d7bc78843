"""Charts drawn on the server as inline SVG: no script, no outside asset, nothing for a
Content-Security-Policy to allow. Colours are presentation attributes, not style="…".
Each chart carries a <title> and an aria-label; the table beside it holds the numbers."""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH = 640
HEIGHT = 240
LEFT = 48
BOTTOM = 56
TOP = 16
# Colours distinguishable by the common colour-vision deficiencies (Okabe-Ito).
PALETTE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#56B4E9",
    "#D55E00",
    "#F0E442",
    "#000000",
    "#999999",
    "#882255",
    "#44AA99",
    "#332288",
)


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _frame(title: str, body: list[str], legend: list[str] | None = None) -> SafeString:
    height = HEIGHT + (18 * ((len(legend) + 2) // 3) if legend else 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {height}"'
        f' role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>',
        *body,
        *(legend or []),
        "</svg>",
    ]
    return mark_safe("".join(parts))  # every text in it went through escape()


def _axis(top: float) -> list[str]:
    base = HEIGHT - BOTTOM
    out = [
        f'<line x1="{LEFT}" y1="{base}" x2="{WIDTH - 8}" y2="{base}" stroke="#444"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{base}" stroke="#444"/>',
    ]
    for fraction in (0.5, 1.0):
        y = base - (base - TOP) * fraction
        out.append(
            f'<text x="{LEFT - 4}" y="{y + 4:.1f}" text-anchor="end" font-size="11">'
            f"{_number(top * fraction)}</text>"
        )
    return out


def _label(x: float, text: str) -> str:
    y = HEIGHT - BOTTOM + 12
    short = text if len(text) <= 14 else text[:13] + "…"
    return (
        f'<text x="{x:.1f}" y="{y}" font-size="10" text-anchor="end"'
        f' transform="rotate(-35 {x:.1f} {y})">{escape(short)}</text>'
    )


def bar_chart(title: str, items: list[tuple[str, float]]) -> SafeString:
    top = max([float(v) for _label_, v in items] + [1.0])
    plot = WIDTH - LEFT - 8
    step = plot / max(1, len(items))
    body = _axis(top)
    base = HEIGHT - BOTTOM
    for i, (label, value) in enumerate(items):
        h = (base - TOP) * float(value) / top
        x = LEFT + i * step + step * 0.15
        body.append(
            f'<rect x="{x:.1f}" y="{base - h:.1f}" width="{step * 0.7:.1f}" height="{h:.1f}"'
            f' fill="{PALETTE[0]}"><title>{escape(label)}: {_number(float(value))}</title></rect>'
        )
        body.append(_label(x + step * 0.35, str(label)))
    return _frame(title, body)


def series_chart(
    title: str, categories: list[str], series: dict[str, list[float]], *, stacked: bool
) -> SafeString:
    """Bars per category, one colour per series: stacked (a total) or side by side."""
    if stacked:
        top = max([sum(float(s[i]) for s in series.values()) for i in range(len(categories))] + [1])
    else:
        top = max([float(v) for s in series.values() for v in s] + [1.0])
    plot = WIDTH - LEFT - 8
    step = plot / max(1, len(categories))
    base = HEIGHT - BOTTOM
    body = _axis(top)
    width = step * 0.7 / (1 if stacked else max(1, len(series)))
    for i, category in enumerate(categories):
        x0 = LEFT + i * step + step * 0.15
        y = float(base)
        for j, (name, values) in enumerate(series.items()):
            value = float(values[i])
            h = (base - TOP) * value / top
            x = x0 if stacked else x0 + j * width
            top_y = (y - h) if stacked else (base - h)
            if value:
                body.append(
                    f'<rect x="{x:.1f}" y="{top_y:.1f}" width="{width:.1f}" height="{h:.1f}"'
                    f' fill="{PALETTE[j % len(PALETTE)]}"><title>{escape(category)} — '
                    f"{escape(name)}: {_number(value)}</title></rect>"
                )
            if stacked:
                y -= h
        body.append(_label(x0 + step * 0.35, category))
    legend = []
    for j, name in enumerate(series):
        lx = LEFT + (j % 3) * 200
        ly = HEIGHT + 18 * (j // 3)
        legend.append(
            f'<rect x="{lx}" y="{ly - 9}" width="10" height="10"'
            f' fill="{PALETTE[j % len(PALETTE)]}"/>'
            f'<text x="{lx + 14}" y="{ly}" font-size="11">{escape(name)}</text>'
        )
    return _frame(title, body, legend)


def draw(title: str, chart: dict[str, Any]) -> SafeString | None:
    kind = chart.get("type")
    if kind == "bars":
        return bar_chart(title, chart["items"])
    if kind in ("stacked", "grouped"):
        return series_chart(
            title, chart["categories"], chart["series"], stacked=kind == "stacked"
        )
    return None
