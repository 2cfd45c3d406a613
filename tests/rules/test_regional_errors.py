"""Bad input under the Sichuan and Taiwan families raises the same clear ``mjcore.errors`` exception on both
backends: unknown options and keywords (named, with the valid ones listed), hands the family cannot hold or
win with, situations that contradict themselves, impossible settlement sequences."""

from __future__ import annotations

import pytest

import mjcore
import mjcore.reference.rules.sichuan  # noqa: F401
from mjcore.errors import IllegalActionError, InvalidArgumentError, InvalidHandError, RulesetError
from mjcore.rules.sichuan import EndHand, Kong, Out, Win

S01 = "123p456p789p234s5s"  # S waits on 5s, void m
T01 = "123m456m234p567p67s55s"


@pytest.mark.parametrize(("hand", "win", "situation", "error"), [
    ("123m456p789p234s5s", "5s", {"seat": 1, "discarder": 2, "void_suit": "m"}, IllegalActionError),  # void held
    (S01, "5m", {"seat": 1, "discarder": 2, "void_suit": "m"}, IllegalActionError),  # winning on the void
    ("123p456p789p234s111s5s", "5s", {"seat": 1, "discarder": 2, "void_suit": "m"}, InvalidHandError),  # 16 tiles
    ("123p456p789p234s5z", "5z", {"seat": 1, "discarder": 2, "void_suit": "m"}, InvalidHandError),  # honours
    ("[123p]456p789p234s5s", "5s", {"seat": 1, "discarder": 2, "void_suit": "m"}, InvalidHandError),  # chi
    (S01 + "春", "5s", {"seat": 1, "discarder": 2, "void_suit": "m"}, InvalidHandError),  # a flower
    (S01, "5s", {"seat": 1, "discarder": 2}, InvalidArgumentError),  # 定缺 on: the void is required
    (S01, "5s", {"seat": 1, "void_suit": "m"}, InvalidArgumentError),  # a discard win without its discarder
    (S01, "5s", {"seat": 1, "discarder": 1, "void_suit": "m"}, IllegalActionError),  # discarding to oneself
    (S01, "5s", {"seat": 1, "self_drawn": True, "discarder": 2, "void_suit": "m"}, IllegalActionError),
    (S01, "5s", {"seat": 1, "self_drawn": True, "kong_bloom": True, "void_suit": "m"}, IllegalActionError),  # no kong
    (S01, "5s", {"seat": 1, "discarder": 2, "void_suit": "x"}, InvalidArgumentError),
    (S01, "5s", {"seat": 1, "discarder": 2, "void_suit": "m", "still_in": [0, 2]}, IllegalActionError),  # winner out
    (S01, "5s", {"seat": 1, "discarder": 2, "void_suit": "m", "kong_money": 2}, IllegalActionError),  # not 杠上炮
    (S01, "5s", {"seat": 1, "discarder": 2, "void_suit": "m", "last_copy": True}, InvalidArgumentError),
    (S01, "5s", {"seat": 1, "discarder": 2, "void_suit": "m", "round_wind": 1}, InvalidArgumentError),
])  # fmt: skip
def test_sichuan_refuses(backend, hand, win, situation, error):
    with pytest.raises(error):
        backend.score(hand, win, ruleset="sichuan", **situation)


def test_unknown_keywords_are_named_with_the_valid_ones(backend):
    with pytest.raises(InvalidArgumentError, match=r"^dragon: not a keyword of Sichuan scoring .*void_suit"):
        backend.score(S01, "5s", ruleset="sichuan", seat=1, discarder=2, void_suit="m", dragon=True)
    with pytest.raises(InvalidArgumentError, match=r"^void_suit: not a keyword of Taiwan scoring .*eye_seats"):
        backend.score(T01, "8s", ruleset="taiwan", seat=1, discarder=2, void_suit="m")
    with pytest.raises(InvalidArgumentError, match="^void_suit: not a keyword of Guangdong scoring"):  # every family
        backend.score("123m456m789m123p5p", "5p", ruleset="gd-cgc5", void_suit="m")


@pytest.mark.parametrize(("hand", "win", "situation", "error"), [
    ("123m456m789m123p5p", "5p", {"seat": 1, "discarder": 2}, InvalidHandError),  # 13 tiles
    ("123m456m234p567p67s55s*", "8s", {"seat": 1, "discarder": 2}, InvalidHandError),  # a wild tile
    (T01, "8s", {"seat": 1}, InvalidArgumentError),  # no discarder
    (T01, "8s", {"seat": 1, "self_drawn": True, "robbing_kong": True}, IllegalActionError),
    (T01, "8s", {"seat": 1, "discarder": 2, "heavenly": True}, IllegalActionError),
    (T01, "8s", {"seat": 1, "self_drawn": True, "heavenly": True}, IllegalActionError),  # not the dealer
    (T01, "8s", {"seat": 1, "discarder": 2, "eye_seats": [1]}, IllegalActionError),  # 眼牌 wins only by self-draw
    (T01, "5s", {"seat": 1, "discarder": 2, "robbing_kong": True}, IllegalActionError),  # 5s is held
    ("[123m]456m234p567p67s55s", "8s", {"seat": 1, "discarder": 2, "human": True}, IllegalActionError),
    (T01, "8s", {"seat": 1, "discarder": 2, "streak": -1}, InvalidArgumentError),
])  # fmt: skip
def test_taiwan_refuses(backend, hand, win, situation, error):
    with pytest.raises(error):
        backend.score(hand, win, ruleset="taiwan", **situation)


def test_flower_win_refusals(backend):
    with pytest.raises(InvalidArgumentError):
        backend.rules.taiwan.score_flower_win("nine_dragons", 1)
    with pytest.raises(InvalidArgumentError):  # 七搶一 needs the single flower's holder
        backend.rules.taiwan.score_flower_win("qi_qiang_yi", 1)
    with pytest.raises(IllegalActionError):
        backend.rules.taiwan.score_flower_win("qi_qiang_yi", 1, payer=1)


@pytest.mark.parametrize(("family", "options", "field"), [
    ("sichuan", {"mode": "bloody"}, "options.mode"),
    ("sichuan", {"cap": -1}, "options.cap"),
    ("sichuan", {"cap": True}, "options.cap"),
    ("sichuan", {"void_suit": "yes"}, "options.void_suit"),
    ("sichuan", {"cap": 0}, "options.flower_pig"),  # 查花猪 pays the cap: a cap is needed
    ("sichuan", {"dragon_tiles": True}, "options.dragon_tiles"),
    ("taiwan", {"ready_declarations": True}, "options.ready_declarations"),
    ("taiwan", {"flower_win": "add_hand"}, "options.flower_win"),
    ("taiwan", {"minimum_tai": 2}, "options.minimum_tai"),
])  # fmt: skip
def test_with_options_validates_as_the_file(family, options, field):
    with pytest.raises(RulesetError, match=field.replace(".", r"\.")):
        mjcore.load_ruleset(family).with_options(**options)


def test_a_file_with_a_bad_row_is_refused(tmp_path):
    text = (mjcore.rules.RULESET_DIR / "sichuan.toml").read_text(encoding="utf-8")
    for broken, field in ((text.replace('[fans.gen]\nzh = "根"', '[fans.gen]\nzh = ""'), "fans.gen.zh"),
                          (text.replace("[fans.di_hu]", "[fans.da_hu]"), "fans.da_hu"),
                          (text.replace("fan = 1\n\n# Situational", "fan = 40\n\n# Situational"), "fans")):  # fmt: skip
        path = tmp_path / "bad.toml"
        path.write_text(broken, encoding="utf-8")
        with pytest.raises(RulesetError, match=field):
            mjcore.load_ruleset(path)


def _settle(backend, events, ends=(), **options):
    rules = mjcore.load_ruleset("sichuan").with_options(**options)
    return backend.rules.sichuan.settle(events, ends, ruleset=rules)


def test_settlement_refusals(backend):
    with pytest.raises(IllegalActionError):  # a seat that has won makes no kong (血战到底)
        _settle(backend, [Out(1), Kong(1, "concealed")])
    with pytest.raises(IllegalActionError):  # nothing happens after the third winner
        _settle(backend, [Out(1), Out(2), Out(3), Kong(0, "concealed")])
    with pytest.raises(IllegalActionError):  # 杠上炮 by a seat with no kong
        _settle(backend, [Win(((1, 1),), "discard", 0, True)])
    with pytest.raises(InvalidArgumentError, match="give its EndHand"):  # a checked seat's final hand is missing
        _settle(backend, [Out(1)], [EndHand.of(0, "1112345678999m", "p")])
    with pytest.raises(InvalidArgumentError, match="honours"):  # a final hand with honours
        _settle(backend, [Out(1)], [EndHand.of(s, "111222333444m5z" if s == 0 else "1112345678999m", "p")
                                    for s in (0, 2, 3)])  # fmt: skip
    with pytest.raises(InvalidArgumentError):
        Kong(0, "direct")  # a direct kong names its feeder
    with pytest.raises(InvalidArgumentError):
        Win(((1, 1), (1, 2)), "discard", 0)  # a seat twice


def test_a_situation_object_is_refused(backend):
    with pytest.raises(InvalidArgumentError, match="keywords"):
        backend.score(S01, "5s", mjcore.Situation(self_drawn=True), ruleset="sichuan", seat=1, discarder=2,
                      void_suit="m")
