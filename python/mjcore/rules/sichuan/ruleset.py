"""The Sichuan family's file schema: every ``[options]`` entry with its allowed values, and the fan rows in
the order the Rust engine numbers them (``rust/engine/src/rules/sichuan/fan.rs``; tests check they agree)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import RulesetError
from ..regional.ruleset import (Choice, Family, IntRange, Switch, 
                                register_family)  # fmt: skip

__all__ = ["FIXED_PIG_PENALTIES", "SICHUAN_FAN_KEYS", "SICHUAN_OPTIONS", "FAMILY"]

SICHUAN_FAN_KEYS = (
    "ping_hu", "dui_dui_hu", "qi_dui", "dai_yao_jiu", "jiang_dui", "long_qi_dui", "qing_yi_se", "jin_gou_diao",
    "jiang_qi_dui", "gen", "zi_mo", "gang_shang_hua", "gang_shang_pao", "qiang_gang_hu", "hai_di_lao_yue",
    "hai_di_pao", "men_qing", "zhong_zhang", "tian_hu", "di_hu",
)  # fmt: skip

_ON = Switch()
SICHUAN_OPTIONS: Mapping[str, Any] = {
    "mode": Choice(("xuezhan", "xueliu")),
    "swap_three": Choice(("off", "three", "four")),
    "void_suit": _ON,
    "must_discard_void": _ON,
    "self_draw_bonus": Choice(("fan", "base", "none")),
    "cap": IntRange(0, 16),
    "heaven_earth": Choice(("cap", "fixed", "off")),
    "earthly_hand": Choice(("first_draw", "first_discard")),
    "heavenly_after_kong": Choice(("void", "allowed")),
    "dai_yao_jiu": _ON,
    "jiang_dui": _ON,
    "jiang_qi_dui": _ON,
    "men_qing": _ON,
    "zhong_zhang": _ON,
    "hai_di_pao": _ON,
    "fed_kong_bloom": Choice(("self_draw", "discard")),
    "call_transfer": Choice(("kong", "all", "off")),
    "call_transfer_shared": Choice(("none", "split")),
    "direct_kong": IntRange(0, 64),
    "added_kong": IntRange(0, 64),
    "concealed_kong": IntRange(0, 64),
    "returned_kong_pays": _ON,
    "refund_to": Choice(("all", "still_in")),
    "flower_pig": Choice(("cap", "cap_and_winners", "sixteen", "forty_eight")),
    "ready_check_basis": Choice(("discard", "self_draw")),
    "dead_wait_counts": _ON,
    "next_dealer": Choice(("first_winner", "rotate", "last_winner")),
    "locked_after_win": _ON,
    "void_discards_exempt": _ON,
    "kong_on_empty_wall": _ON,
    "resume_after": Choice(("winner", "discarder")),
    "check_fourth": _ON,
    "minimum_fan": IntRange(0, 16),
    "base": IntRange(1, 1_000_000),
}


# The most fan a win can reach must keep 底 × 2^fan within 64-bit money (both backends refuse the same files).
MAX_FAN = 40
_SHAPES = SICHUAN_FAN_KEYS[:6]
_FIXED = ("tian_hu", "di_hu")


# OC-S14: the 花猪 penalties of a fixed number of 底 (E1's 16, E8's 48); the others pay 底 × 2^cap.
FIXED_PIG_PENALTIES = {"sixteen": 16, "forty_eight": 48}


def _check(options: Mapping[str, Any], values: Mapping[str, int]) -> None:
    reach = max(values[k] for k in _SHAPES) + sum(v for k, v in values.items() if k not in _SHAPES + _FIXED)
    reach += 3 * values["gen"]  # up to four 根
    if reach > MAX_FAN or any(values[k] > MAX_FAN for k in _FIXED):
        raise RulesetError(f"fans: a win could reach {reach} fan; at most {MAX_FAN} keep 底 × 2^fan in 64-bit money")
    if options["cap"] == 0 and options["flower_pig"] not in FIXED_PIG_PENALTIES:
        raise RulesetError(f"options.flower_pig: {options['flower_pig']!r} pays the cap, and options.cap = 0 sets "
                           "none: choose a cap or flower_pig = 'sixteen' or 'forty_eight'")  # fmt: skip


FAMILY = Family("sichuan", SICHUAN_OPTIONS, "fans", "fan", SICHUAN_FAN_KEYS, _check)
register_family(FAMILY)

# Codes of the choices as the engine numbers them (the index in each Choice).
