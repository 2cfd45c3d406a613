"""The replay page: one self-contained HTML file (no network, no files beside it) holding the frames as JSON and
a small script that draws frame k — every seat's hand as tile glyphs, melds, discards in order (claimed ones
struck through, with the claimant), the wall count, the decision, the settlement, and (``--advise SEAT``) the
discard advisor's table before each of that seat's own-turn decisions, the decision made marked with a star. Buttons, a slider and the
arrow keys move through the deal; ``#step=k`` in the address opens frame k."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence

from ..tiles import unicode_tile
from .frames import Frame, code_name

__all__ = ["replay_html"]

_TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>__TITLE__</title>
<style>
body { font-family: sans-serif; margin: 1em; }
.seat { border: 1px solid #ccc; border-radius: 6px; padding: .4em .8em; margin: .4em 0; }
.seat.acting { border-color: #c33; }
.tiles { font-size: 2em; line-height: 1.1; }
.claimed { opacity: .35; text-decoration: line-through; }
#event { font-weight: bold; } #settlement { color: #063; font-weight: bold; }
#advice table { border-collapse: collapse; } #advice td, #advice th { padding: 0 .6em; text-align: right; }
#advice tr.made { background: #fe9; font-weight: bold; }
</style></head><body>
<h1>__TITLE__</h1>
<div><button id="prev">&larr;</button> <input id="slider" type="range" min="0" value="0">
<button id="next">&rarr;</button> step <span id="step">0</span> / <span id="last">0</span>,
wall <span id="wall"></span> left</div>
<p id="event"></p><p id="settlement"></p>
<div id="advice"></div>
<div id="seats"></div>
<script id="frames" type="application/json">__FRAMES__</script>
<script>
const frames = JSON.parse(document.getElementById("frames").textContent);
const glyphs = __GLYPHS__, names = __NAMES__;
const winds = ["East", "South", "West", "North"];
const tiles = (list) => list.map((t) => `<span title="${names[t]}" data-tile="${names[t]}">${glyphs[t]}</span>`).join("");
let step = 0;
function draw() {
  const f = frames[step];
  document.getElementById("step").textContent = step;
  document.getElementById("wall").textContent = f.wall_remaining;
  document.getElementById("event").textContent = f.caption;
  document.getElementById("settlement").textContent = f.settlement || "";
  document.getElementById("slider").value = step;
  const seats = [0, 1, 2, 3].map((s) => {
    const discards = f.discards[s].map(([t, by]) => by === null ? tiles([t])
      : `<span class="claimed" title="claimed by seat ${by}">${tiles([t])}</span>`).join("");
    const melds = f.melds[s].map(([kind, ts]) => `<span title="${kind}">${tiles(ts)}</span>`).join(" ");
    const drawn = f.drawn[s] === null ? "" : ` + <span class="drawn">${tiles([f.drawn[s]])}</span>`;
    return `<div class="seat${f.to_act === s ? " acting" : ""}" id="seat-${s}"><b>seat ${s}</b>
      <div class="tiles hand" id="seat-${s}-hand">${tiles(f.hands[s])}</div><div>drawn: ${drawn || "-"}</div>
      <div>melds: <span class="tiles" id="seat-${s}-melds">${melds}</span></div>
      <div>discards: <span class="tiles" id="seat-${s}-discards">${discards}</span></div></div>`;
  });
  document.getElementById("seats").innerHTML = seats.join("");
  document.getElementById("advice").innerHTML = f.advice ? advice(f.advice) : "";
}
const code = (name) => names.indexOf(name);
function advice(a) {
  const rows = a.rows.map((r) => `<tr class="advice-row${r.made ? " made" : ""}" data-discard="${r.tile}">
    <td>${r.made ? "&#9733; " : ""}${r.tile === null ? "-" : tiles([code(r.tile)])}</td><td>${r.shanten}</td>
    <td>${r.useful}</td><td>${r.win.toFixed(4)}</td><td>${r.ready.toFixed(4)}</td><td>${r.ev.toFixed(2)}</td>
    <td>${r.curve}</td></tr>`).join("");
  return `<p id="advice-caption">advisor for seat ${a.seat}'s next decision (made: <span id="advice-made">${a.made}`
    + `</span>): ${a.draws} draws, the first from ${a.wall} unseen tiles</p><table><tr><th>discard</th>`
    + `<th>shanten</th><th>useful</th><th>win</th><th>ready</th><th>EV</th><th>win curve</th></tr>${rows}</table>`;
}
function go(k) { step = Math.max(0, Math.min(frames.length - 1, k)); draw(); }
document.getElementById("prev").onclick = () => go(step - 1);
document.getElementById("next").onclick = () => go(step + 1);
document.getElementById("slider").max = frames.length - 1;
document.getElementById("last").textContent = frames.length - 1;
document.getElementById("slider").oninput = (e) => go(Number(e.target.value));
document.addEventListener("keydown", (e) => { if (e.key === "ArrowLeft") go(step - 1); if (e.key === "ArrowRight") go(step + 1); });
const asked = /step=(\\d+)/.exec(location.hash);
go(asked ? Number(asked[1]) : 0);
</script></body></html>
"""


# The flowers 1f..8f (春夏秋冬梅兰菊竹, ``mjcore.tiles.FLOWER_CHINESE``), wall codes 34..41: 推倒胡's flower
# ghosts are held in the hand.
_FLOWER_GLYPHS = "\U0001F026\U0001F027\U0001F028\U0001F029\U0001F022\U0001F023\U0001F025\U0001F024"


def replay_html(frames: Sequence[Frame], title: str = "mjcore replay") -> str:
    """The page drawing ``frames`` (from ``deal_frames``)."""
    # "</" cannot end the JSON's script element early: every "<" is escaped.
    data = json.dumps([f.to_json() for f in frames], ensure_ascii=False).replace("<", "\\u003c")
    return (_TEMPLATE.replace("__TITLE__", html.escape(title))
            .replace("__GLYPHS__", json.dumps([unicode_tile(k) for k in range(34)] + list(_FLOWER_GLYPHS),
                                              ensure_ascii=False))
            .replace("__NAMES__", json.dumps([code_name(k) for k in range(34 + len(_FLOWER_GLYPHS))]))
            .replace("__FRAMES__", data))
