"""What a 推倒胡 ``score`` returns, shared by both backends: built from the one row both cores produce, so the
two cannot disagree on anything but the numbers they computed."""

from __future__ import annotations

from dataclasses import dataclass

from ...seats import SEAT_NAMES
from ...tiles import tile_name
from ..result_maker import maker
from .names import FLOWER_BASE, FORMS, KONG_KINDS, MULTIPLIERS, REFUSALS
from .ruleset import TdhRuleset

__all__ = ["Horse", "KongPayment", "Multiplier", "TdhScore", "WinForm", "code_name"]


@dataclass(frozen=True)
class WinForm:
    key: str
    zh: str
    en: str


@dataclass(frozen=True)
class Multiplier:
    key: str
    zh: str
    en: str
    factor: int = 2


@dataclass(frozen=True)
class Horse:
    """A horse tile, the seat it points at (counted from the dealer), whether it hits the winner and how many
    hits it is worth (its number under 一马全中, else 1 when it hits)."""

    tile: str
    seat: int
    hit: bool
    hits: int


@dataclass(frozen=True)
class KongPayment:
    """Kong money: ``payer`` pays ``amount`` b to ``owner`` for a kong of ``kind``."""

    owner: int
    kind: str
    payer: int
    amount: int


@dataclass(frozen=True)
class TdhScore:
    """The settlement of one 推倒胡 win. When ``is_win`` is False, ``refusal`` says why and nothing moves.

    share: what one payer's share of the win is worth in b (``win`` × the multipliers); horses: each horse
    tile, its seat and hits; liable: the seat paying every share (抢杠全包, 杠爆全包, 全铳), if any;
    win_net: the win, horses and 节节高 per seat; kong_money: kong money per seat; net = both, per seat 0..3
    (East, South, West, North under the default dealer), in b, zero-sum; points = net × the ruleset's base."""

    is_win: bool
    ruleset: str
    refusal: str | None = None
    form: WinForm | None = None
    multipliers: tuple[Multiplier, ...] = ()
    share: int = 0
    horses: tuple[Horse, ...] = ()
    liable: int | None = None
    win_net: tuple[int, int, int, int] = (0, 0, 0, 0)
    kong_payments: tuple[KongPayment, ...] = ()
    kong_money: tuple[int, int, int, int] = (0, 0, 0, 0)
    net: tuple[int, int, int, int] = (0, 0, 0, 0)
    base: int = 1

    @property
    def reason(self) -> str:
        """The refusal in words (or "a win")."""
        return dict(REFUSALS)[self.refusal or "win"]

    @property
    def multiplier(self) -> int:
        product = 1
        for m in self.multipliers:
            product *= m.factor
        return product

    @property
    def horse_hits(self) -> int:
        return sum(h.hits for h in self.horses)

    @property
    def points(self) -> tuple[int, int, int, int]:
        return tuple(n * self.base for n in self.net)  # type: ignore[return-value]

    @classmethod
    def from_row(cls, rules: TdhRuleset, horses: tuple[int, ...], row: tuple) -> TdhScore:
        """The result of a core's row: (refusal code, form code, multiplier codes, share, horses as (seat,
        hits), liable or -1, win_net, kong payments as (owner, kind code, payer, amount), kong_money, net)."""
        refusal, form, multipliers, share, horse_rows, liable, win_net, kongs, kong_money, net = row
        if refusal:
            return cls(False, rules.name, refusal=REFUSALS[refusal][0], base=rules["base"])
        make = _make_score if cls is TdhScore else cls
        return make(
            True, rules.name, None, FORM_OBJECTS[form], tuple([MULTIPLIER_OBJECTS[m] for m in multipliers]) if multipliers else (),
            share, tuple([Horse(code_name(tile), seat, hits > 0, hits) for tile, (seat, hits) in zip(horses, horse_rows)])
            if horse_rows else (), None if liable < 0 else liable, tuple(win_net),
            tuple([KongPayment(owner, KONG_KINDS[kind], payer, amount) for owner, kind, payer, amount in kongs])
            if kongs else (), tuple(kong_money), tuple(net), rules["base"],
        )  # fmt: skip

    def table(self) -> str:
        if not self.is_win:
            return f"not a win under {self.ruleset}: {self.reason}"
        form = self.form
        assert form is not None
        lines = [f"  {form.key} {form.zh} ({form.en})"]
        lines += [f"  ×{m.factor} {m.key} {m.zh} ({m.en})" for m in self.multipliers]
        lines.append(f"  share {self.share}b")
        if self.horses:
            shown = " ".join(f"{h.tile}→{SEAT_NAMES[h.seat][0]}{'*' * h.hits}" for h in self.horses)
            lines.append(f"  horses {shown}: {self.horse_hits} hit(s)")
        if self.liable is not None:
            lines.append(f"  liable: seat {self.liable}")
        for name, values in (("win", self.win_net), ("kong money", self.kong_money), ("net", self.net)):
            lines.append(f"  {name}: " + "  ".join(f"{seat}:{v:+d}" for seat, v in enumerate(values)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def code_name(code: int) -> str:
    """A tile code's name: ``'3p'``, or ``'2f'`` for a flower."""
    return f"{code - FLOWER_BASE + 1}f" if code >= FLOWER_BASE else tile_name(code)


# The forms and multipliers a result names, made once (frozen: every result shares them; the core's single call
# takes them from here too), and the result's maker (``result_maker``: a result without its ``__init__``).
_make_score = maker(TdhScore)
FORM_OBJECTS = tuple(WinForm(*form) for form in FORMS)
MULTIPLIER_OBJECTS = tuple(Multiplier(*multiplier) for multiplier in MULTIPLIERS)
