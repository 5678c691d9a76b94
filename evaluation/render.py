"""The scorecard as a text table, as JSON, and as a self-contained HTML page with inline SVG charts."""

from __future__ import annotations

import html
import json
from typing import Any

from evaluation.metrics import Metric, Scorecard


def _fmt(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.3f}" if abs(value) < 1000 else f"{value:.0f}"
    return str(value)


def _status(metric: Metric) -> str:
    if metric.passed is None:
        return "info"
    if metric.passed:
        return "pass"
    return "FAIL (hard)" if metric.hard else "fail"


def render_text(card: Scorecard) -> str:
    lines = [f"Quorum evaluation — size {card.size}, seed {card.seed}, {card.seconds:.1f} s", ""]
    for suite in card.suites:
        lines.append(f"== {suite.name}: {suite.title} ({suite.seconds:.1f} s)")
        if suite.error:
            lines.append(f"   suite error: {suite.error}")
        width = max([len(m.name) for m in suite.metrics] + [6])
        lines.append(f"   {'metric':<{width}}  {'value':>12}  {'target':>12}  result")
        for m in suite.metrics:
            target = "" if m.target is None else f"{m.comparator} {_fmt(m.target)}"
            unit = f" {m.unit}" if m.unit and m.unit not in ("ratio",) else ""
            lines.append(f"   {m.name:<{width}}  {_fmt(m.value) + unit:>12}  {target:>12}  {_status(m)}")
        for name, rows in suite.tables.items():
            if not rows:
                continue
            lines.append(f"   -- {name}")
            cols = list(rows[0])
            widths = {c: max(len(c), *(len(_fmt(r.get(c))) for r in rows)) for c in cols}
            lines.append("   " + "  ".join(f"{c:>{widths[c]}}" for c in cols))
            for row in rows:
                lines.append("   " + "  ".join(f"{_fmt(row.get(c)):>{widths[c]}}" for c in cols))
        lines.append("")
    if card.failed_invariants:
        lines.append("FAILED hard invariants: " + ", ".join(card.failed_invariants))
    else:
        lines.append("All hard invariants hold.")
    soft = card.as_dict()["soft_failures"]
    lines.append("Soft targets missed: " + (", ".join(soft) if soft else "none"))
    return "\n".join(lines) + "\n"


def render_json(card: Scorecard) -> str:
    return json.dumps(card.as_dict(), indent=2, ensure_ascii=False, default=str) + "\n"


# ------------------------------------------------------------------------------------------ html

_CSS = """
body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}
td:first-child,th:first-child,th:last-child{text-align:left}.pass{color:#146c2e}.fail{color:#a35200}.hard{color:#b00020;font-weight:bold}
.info{color:#666}h2{border-bottom:2px solid #eee;padding-bottom:.2rem}.ok{background:#e6f4ea;padding:.5rem}
.bad{background:#fde7e9;padding:.5rem}svg text{font-size:11px;font-family:system-ui,sans-serif}
"""


def _bar_chart(title: str, bars: list[tuple[str, float, str]], unit: str = "") -> str:
    """Horizontal bars: (label, value, colour)."""
    if not bars:
        return ""
    top = max(v for _, v, _ in bars) or 1.0
    row, width, label_w = 18, 360, 190
    height = row * len(bars) + 24
    parts = [f'<svg role="img" aria-label="{html.escape(title)}" width="{label_w + width + 80}" height="{height}">',
             f'<text x="0" y="12" font-weight="bold">{html.escape(title)}</text>']
    for i, (label, value, colour) in enumerate(bars):
        y = 20 + i * row
        w = max(1.0, width * value / top)
        parts.append(f'<text x="0" y="{y + 12}">{html.escape(label)}</text>'
                     f'<rect x="{label_w}" y="{y + 2}" width="{w:.1f}" height="{row - 5}" fill="{colour}"/>'
                     f'<text x="{label_w + w + 4:.1f}" y="{y + 12}">{_fmt(value)}{html.escape(unit)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _line_chart(title: str, xs: list[float], series: list[tuple[str, list[float], str]]) -> str:
    if not xs:
        return ""
    w, h, pad = 480, 220, 40
    top = max([max(v) for _, v, _ in series if v] + [1])
    lo, hi = min(xs), max(xs)

    def px(x: float) -> float:
        return pad + (w - 2 * pad) * ((x - lo) / (hi - lo) if hi > lo else 0.5)

    def py(y: float) -> float:
        return h - pad - (h - 2 * pad) * (y / top)

    parts = [f'<svg role="img" aria-label="{html.escape(title)}" width="{w + 160}" height="{h}">',
             f'<text x="{pad}" y="14" font-weight="bold">{html.escape(title)}</text>',
             f'<line x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}" stroke="#999"/>',
             f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{h - pad}" stroke="#999"/>',
             f'<text x="4" y="{pad + 4}">{_fmt(top)}</text><text x="4" y="{h - pad}">0</text>']
    for x in xs:
        parts.append(f'<text x="{px(x) - 10:.1f}" y="{h - pad + 14}">{x:.2f}</text>')
    for n, (name, values, colour) in enumerate(series):
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, values, strict=True))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
        parts.append(f'<rect x="{w - pad + 10}" y="{pad + n * 16}" width="10" height="10" fill="{colour}"/>'
                     f'<text x="{w - pad + 24}" y="{pad + n * 16 + 9}">{html.escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _suite_charts(suite: Any) -> str:
    charts = []
    sweep = suite.tables.get("threshold_sweep")
    if sweep:
        xs = [r["threshold"] for r in sweep]
        charts.append(_line_chart("Threshold sweep: false merges vs review load", xs, [
            ("false merges", [r["false_merges"] for r in sweep], "#b00020"),
            ("review load", [r["review_load"] for r in sweep], "#1f6feb"),
            ("merges", [r["merges"] for r in sweep], "#146c2e")]))
    latency = [(m.name, float(m.value), "#1f6feb") for m in suite.metrics
               if m.unit == "ms" and isinstance(m.value, (int, float))]
    if latency:
        charts.append(_bar_chart("Latency", latency, " ms"))
    ratios = [(m.name, float(m.value), "#146c2e" if m.passed is not False else "#b00020") for m in suite.metrics
              if m.unit == "ratio" and isinstance(m.value, (int, float))]
    if ratios:
        charts.append(_bar_chart("Ratios", ratios))
    return "".join(f"<div>{c}</div>" for c in charts)


def render_html(card: Scorecard) -> str:
    data = card.as_dict()
    out = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Quorum evaluation</title>"
           f"<style>{_CSS}</style></head><body><h1>Quorum evaluation scorecard</h1>",
           f"<p>Size <b>{card.size}</b>, seed {card.seed}, started {html.escape(card.started_at)}, "
           f"{card.seconds:.1f} s, synthetic data in a throwaway database.</p>"]
    if card.failed_invariants:
        out.append("<p class='bad'>Failed hard invariants: " + html.escape(", ".join(card.failed_invariants)) + "</p>")
    else:
        out.append("<p class='ok'>All hard invariants hold.</p>")
    summary = [(s.name, sum(1 for m in s.metrics if m.passed) / max(1, sum(1 for m in s.metrics if m.passed is not None)),
                "#146c2e" if not s.failed_invariants else "#b00020") for s in card.suites]
    out.append(_bar_chart("Share of targets met per suite", summary))
    for suite in card.suites:
        out.append(f"<h2 id='{suite.name}'>{html.escape(suite.name)} — {html.escape(suite.title)}</h2>"
                   f"<p>{suite.seconds:.1f} s</p>")
        if suite.error:
            out.append(f"<p class='bad'>Suite error: {html.escape(suite.error)}</p>")
        out.append("<table><tr><th>metric</th><th>value</th><th>target</th><th>result</th><th>meaning</th></tr>")
        for m in suite.metrics:
            status = _status(m)
            cls = "hard" if status.startswith("FAIL") else status
            target = "" if m.target is None else f"{m.comparator} {_fmt(m.target)}"
            out.append(f"<tr><td>{html.escape(m.name)}{' ★' if m.hard else ''}</td>"
                       f"<td>{_fmt(m.value)} {html.escape(m.unit if m.unit != 'ratio' else '')}</td>"
                       f"<td>{html.escape(target)}</td><td class='{cls}'>{status}</td>"
                       f"<td style='text-align:left'>{html.escape(m.description)}</td></tr>")
        out.append("</table>")
        out.append(_suite_charts(suite))
        for name, rows in suite.tables.items():
            if not rows:
                continue
            cols = list(rows[0])
            out.append(f"<h3>{html.escape(name)}</h3><table><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in cols)
                       + "</tr>")
            for row in rows:
                out.append("<tr>" + "".join(f"<td>{html.escape(_fmt(row.get(c)))}</td>" for c in cols) + "</tr>")
            out.append("</table>")
    out.append("<p>★ hard invariant: a failure makes <code>evaluate</code> exit non-zero.</p>")
    # A script element's text is not HTML-decoded: escaping entities would break the JSON. "<" as
    # \u003c keeps it valid JSON that cannot close the element.
    embedded = json.dumps(data, default=str).replace("<", "\\u003c")
    out.append(f"<script type='application/json' id='scorecard'>{embedded}</script>")
    out.append("</body></html>")
    return "\n".join(out)
