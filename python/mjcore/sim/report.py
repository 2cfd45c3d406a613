"""A simulation or a comparison as one self-contained HTML page: the summary tables with their 95% intervals,
log-scale frequencies (the family's fan / 番 / 台 / multipliers, patterns, self-drawn wins by turn) as inline SVG,
the distribution of the settlement per seat (when the run kept its per-deal arrays), and a comparison's differences
with their paired intervals. No script, no external file: the page opens anywhere and can be mailed."""

from __future__ import annotations

import html
import math
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Optional, Union

import numpy as np

if TYPE_CHECKING:
    from .compare import Comparison
    from .result import SimulationResult
    from .summary import Estimate, Summary

__all__ = ["comparison_report", "simulation_report", "write_report"]

_OFFSET_NAMES = ("dealer (East)", "dealer's 下家", "dealer's 对家", "dealer's 上家")
_STYLE = """
body { font-family: system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif; margin: 2em auto; max-width: 72em;
       color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5em 0; font-variant-numeric: tabular-nums; }
td, th { padding: .15em .7em; text-align: right; border-bottom: 1px solid #eee; white-space: nowrap; }
td:first-child, th:first-child { text-align: left; }
.none { color: #999; } .significant { font-weight: bold; }
figure { margin: 1em 0; } figcaption { font-size: .9em; color: #555; }
svg text { font-size: 11px; font-family: inherit; }
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def _number(value: Optional[float], percent: bool) -> str:
    if value is None:
        return ""
    return f"{100 * value:.3f}%" if percent else f"{value:.4f}"


def _is_percent(estimate: Estimate) -> bool:
    return estimate.kind in ("proportion", "share of wins")


def _estimates_table(rows: Sequence[Estimate]) -> str:
    body = []
    for e in rows:
        percent = _is_percent(e)
        interval = (f"[{_number(e.low, percent)}, {_number(e.high, percent)}]" if e.low is not None
                    else '<span class="none">no interval</span>')  # fmt: skip
        body.append(f"<tr><td>{_e(e.label)}</td><td>{_number(e.value, percent)}</td><td>{interval}</td>"
                    f"<td>{e.count:,} / {e.of:,}</td><td>{_e(e.kind)}</td></tr>")  # fmt: skip
    return ("<table><tr><th>estimate</th><th>value</th><th>95% interval</th><th>count / of</th><th>kind</th></tr>"
            + "".join(body) + "</table>")  # fmt: skip


def log_bars(title: str, rows: Sequence[tuple[str, float]], unit: str = "% of wins", ident: str = "") -> str:
    """Horizontal bars of shares (0..1) on a log scale, as inline SVG: rare rows stay visible."""
    rows = [(label, value) for label, value in rows if value > 0]
    if not rows:
        return ""
    floor = 10 ** math.floor(math.log10(min(value for _, value in rows)))
    decades = max(1, -round(math.log10(floor)))
    left, width, bar, top = 230, 420, 16, 24
    height = top + bar * len(rows) + 30

    def x(value: float) -> float:
        return left + width * (math.log10(value) - math.log10(floor)) / decades

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 90}" height="{height}" role="img" '
             f'aria-label="{_e(title)}"><text x="0" y="14" font-weight="bold">{_e(title)} (log scale)</text>']  # fmt: skip
    for d in range(decades + 1):
        tick = floor * 10**d
        parts.append(f'<line x1="{x(tick):.1f}" y1="{top}" x2="{x(tick):.1f}" y2="{height - 24}" stroke="#ddd"/>'
                     f'<text x="{x(tick):.1f}" y="{height - 10}" text-anchor="middle">{100 * tick:g}%</text>')  # fmt: skip
    for i, (label, value) in enumerate(rows):
        y = top + i * bar
        parts.append(f'<text x="{left - 6}" y="{y + 12}" text-anchor="end">{_e(label)}</text>'
                     f'<rect x="{left}" y="{y + 2}" width="{max(1.0, x(value) - left):.1f}" height="{bar - 4}" '
                     f'fill="#4a78b0"><title>{_e(label)}: {100 * value:.4g}%</title></rect>'
                     f'<text x="{max(x(value), left) + 4:.1f}" y="{y + 12}">{100 * value:.3g}%</text>')  # fmt: skip
    parts.append(f'<text x="{left + width / 2}" y="{height}" text-anchor="middle">{_e(unit)}</text></svg>')
    return f'<figure id="{_e(ident)}">{"".join(parts)}</figure>'


def _payment_histograms(result: SimulationResult) -> str:
    """The distribution of each seat's settlement per deal (seat relative to the dealer), log-scale counts."""
    if result.per_deal is None or result.deals == 0:
        return ("<p class=\"none\">The distribution of payments needs the per-deal arrays (simulate with "
                "per_deal=True, or the CLI's --report keeps them).</p>")  # fmt: skip
    seats = (result["dealer"][:, None].astype(np.int64) + np.arange(4)) % 4
    payments = np.take_along_axis(result["payments"], seats, axis=1)
    figures = []
    for offset, name in enumerate(_OFFSET_NAMES):
        values, counts = np.unique(payments[:, offset], return_counts=True)
        if len(values) > 40:  # bins of equal width when there are many distinct amounts
            counts, edges = np.histogram(payments[:, offset], bins=40)
            labels = [f"{edges[i]:.0f}..{edges[i + 1]:.0f}" for i in range(len(counts))]
        else:
            labels = [f"{v:+d}" for v in values]
        rows = [(label, count / result.deals) for label, count in zip(labels, counts)]
        figures.append(log_bars(f"Settlement per deal: {name}", rows, "% of deals", f"payments-{offset}"))
    return "".join(figures)


def _summary_sections(summary: Summary) -> str:
    parts = []
    for heading, rows in summary.estimates().items():
        shown = [e for e in rows if e.count or e.kind in ("mean", "ratio")]
        parts.append(f"<h2>{_e(heading)}</h2>{_estimates_table(shown)}")
    return "".join(parts)


def simulation_report(result: SimulationResult) -> str:
    """The page of one run."""
    summary = result.summary()
    title = f"{result.ruleset}: {result.deals:,} deals, bots {', '.join(result.bots)}"
    charts = [
        log_bars(summary.words.fan_heading, [(e.label, e.value) for e in summary.fans], ident="chart-fans"),
        log_bars(summary.words.pattern_heading, [(e.label, e.value) for e in summary.patterns],
                 ident="chart-patterns"),
        log_bars("Self-drawn wins by turn (巡目)", [(e.label, e.value) for e in summary.self_drawn_by_turn],
                 "% of self-drawn wins", "chart-turns"),  # fmt: skip
    ]
    body = (f"<h1>{_e(title)}</h1><p>Runs (seed, first deal, stop): {_e(result.runs)}. Every estimate with its 95% "
            "confidence interval (docs/simulation.md); an estimate without an honest interval shows none.</p>"
            + _summary_sections(summary) + "<h2>Frequencies</h2>" + "".join(charts)
            + "<h2>Settlement per seat</h2>" + _payment_histograms(result))  # fmt: skip
    return _page(title, body)


def _difference_bar(low: Optional[float], high: Optional[float], value: float) -> str:
    """A small interval plot: the paired interval against zero, on the row's own scale."""
    if low is None or high is None:
        return ""
    reach = max(abs(low), abs(high), 1e-300)
    width = 160

    def x(v: float) -> float:
        return width / 2 + (width / 2 - 4) * v / reach

    colour = "#b0413e" if low > 0 or high < 0 else "#4a78b0"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="14">'
            f'<line x1="{width / 2}" y1="0" x2="{width / 2}" y2="14" stroke="#999"/>'
            f'<line x1="{x(low):.1f}" y1="7" x2="{x(high):.1f}" y2="7" stroke="{colour}" stroke-width="3"/>'
            f'<circle cx="{x(value):.1f}" cy="7" r="3" fill="{colour}"/></svg>')  # fmt: skip


def comparison_report(comparison: Comparison) -> str:
    """The page of a comparison: the differences with their paired intervals, then each side's summary."""
    title = f"{comparison.a_label} vs {comparison.b_label}: {comparison.deals:,} deals, seed {comparison.seed}"
    walls = ("Both sides were dealt the same walls (common random numbers)." if comparison.common_walls else
             "The two sides were dealt different walls (different tile sets): the pairs share only the seed.")
    rows = []
    for d in comparison.differences:
        interval = f"[{d.low:+.4f}, {d.high:+.4f}]" if d.low is not None else '<span class="none">no interval</span>'
        narrowing = f"{d.narrowing:.1f}×" if d.narrowing else ""
        css = ' class="significant"' if d.significant else ""
        rows.append(f"<tr{css}><td>{_e(d.label)}</td><td>{d.a:.4f}</td><td>{d.b:.4f}</td><td>{d.difference:+.4f}</td>"
                    f"<td>{interval}</td><td>{_difference_bar(d.low, d.high, d.difference)}</td>"
                    f"<td>{narrowing}</td></tr>")  # fmt: skip
    table = ("<table id='differences'><tr><th>metric</th><th>A</th><th>B</th><th>A − B</th><th>paired 95% interval</th><th></th>"
             "<th>narrower than independent runs</th></tr>" + "".join(rows) + "</table>")  # fmt: skip
    body = (f"<h1>{_e(title)}</h1><p>A = {_e(comparison.a_label)}, B = {_e(comparison.b_label)}. {_e(walls)} "
            "Bold rows: the interval excludes 0.</p><h2>Differences A − B</h2>" + table
            + f"<h2>A: {_e(comparison.a_label)}</h2>" + _summary_sections(comparison.a.summary())
            + f"<h2>B: {_e(comparison.b_label)}</h2>" + _summary_sections(comparison.b.summary()))  # fmt: skip
    return _page(title, body)


def _page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{_e(title)}</title>'
            f"<style>{_STYLE}</style></head><body>{body}</body></html>\n")  # fmt: skip


def write_report(what: Union[SimulationResult, Comparison], path: Union[str, os.PathLike]) -> None:
    """Writes the page of a run or a comparison to ``path`` (UTF-8)."""
    from .compare import Comparison

    page = comparison_report(what) if isinstance(what, Comparison) else simulation_report(what)
    with open(path, "w", encoding="utf-8") as file:
        file.write(page)
