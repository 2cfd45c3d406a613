"""The Taiwan family's file schema: every ``[options]`` entry with its allowed values, and the 台 rows in the
order the Rust engine numbers them (``rust/engine/src/rules/taiwan/tai.rs``; tests check they agree)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import RulesetError
from ..regional.ruleset import (Choice, Family, Fixed, IntRange, Switch,  register_family, register_table_check)  # fmt: skip

__all__ = ["TAIWAN_OPTIONS", "TAIWAN_TAI_KEYS", "FAMILY"]

TAIWAN_TAI_KEYS = (
    "zhuang_jia", "lian_zhuang", "men_qing", "zi_mo", "men_qing_zi_mo", "men_feng", "quan_feng", "san_yuan",
    "zheng_hua", "hua_gang", "du_ting", "qiang_gang", "gang_shang_kai_hua", "hai_di_lao_yue", "he_di_lao_yu",
    "ban_qiu_ren", "quan_qiu_ren", "ping_hu", "san_an_ke", "si_an_ke", "wu_an_ke", "peng_peng_hu", "hun_yi_se",
    "xiao_san_yuan", "da_san_yuan", "qing_yi_se", "xiao_si_xi", "da_si_xi", "zi_yi_se", "qi_qiang_yi",
    "ba_xian_guo_hai", "ren_hu", "di_hu", "tian_hu",
)  # fmt: skip

_ON = Switch()
TAIWAN_OPTIONS: Mapping[str, Any] = {
    "flower_seats": Choice(("by_name", "association")),
    "seat_wind_from": Choice(("current_dealer", "first_dealer")),
    "priority_lost_by": Choice(("passing", "timing")),
    "eye": _ON,
    "eye_fee": Choice(("tai", "base", "base_plus_tai")),
    "eye_kongs": Choice(("none", "wait_preserving")),
    "minimum_tai": IntRange(0, 1),
    "ping_hu": Choice(("strict", "all_chows")),
    "half_seeker": _ON,
    "full_seeker_single_wait": _ON,
    "ready_declarations": Fixed(False, "報聽, 地聽 and 天聽 need a ready declaration the table does not model"),
    "cap": IntRange(0, 1000),
    "flower_win": Fixed("eight", "flower wins pay the rows' 台 with no hand 台, OC-T14's default"),
    "replacements": Fixed("b4", "OC-T9: the rows' 台 are defined with B.4's replacements, so adding a row that "
                          "contains another (門清自摸 holds 門清 and 自摸, 大四喜 門風 and 圈風) would count the "
                          "contained one twice; set the rows' 台 to the values your table adds up instead"),
    "abortive_draws": _ON,
    "no_swap_discard": _ON,
    "base": IntRange(0, 1_000_000),
    "tai_value": IntRange(0, 1_000_000),
}

FAMILY = Family("taiwan", TAIWAN_OPTIONS, "tai", "tai", TAIWAN_TAI_KEYS)
register_family(FAMILY)


# The option values the table cannot play, with the reason (the value still scores by hand).
_NOT_PLAYED = {
    ("priority_lost_by", "timing"): "拦和 priority lost by response timing needs a clock: the table asks the seats "
    "one decision at a time in turn order from the discarder, where the nearest declarer keeps priority until it "
    "passes (the value \"passing\"); choosing to draw is already a pass",
}


def _table_check(options: Mapping[str, Any]) -> None:
    for (name, value), reason in _NOT_PLAYED.items():
        if options[name] == value:
            raise RulesetError(f"options.{name} = {value!r}: not played at the table: {reason} (docs/taiwan.md)")


register_table_check("taiwan", _table_check)
