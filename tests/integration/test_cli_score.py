"""The ``mjcore score`` subcommand prints the breakdown in Chinese and English and fails cleanly on bad input."""

from __future__ import annotations

import argparse

import mjcore

from mjcore.cli.score import add_score_command, main


def test_score_prints_the_breakdown(capsys):
    status = main(["12p456s789s88p[555m]", "--win", "3p", "--self-drawn", "--seat", "S", "--round", "E",
                   "--rules", "gd-qq3", "--kong-bloom"])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 0
    for part in ("QQ游戏", "ji_hu", "鸡胡", "Chicken hand", "自摸", "raised to the floor 3", "South +24", "East -8"):
        assert part in out


def test_cap_and_not_a_win(capsys):
    assert main(["123m456m789m23m55m", "--win", "4m", "--self-drawn", "--seat", "S"]) == 0
    assert "capped (爆胡) at 5" in capsys.readouterr().out
    assert main(["123m456m78p234s99s", "--win", "1p", "--discarder", "N", "--seat", "S"]) == 0
    assert "not a win" in capsys.readouterr().out


def test_bad_input_exits_2(capsys):
    assert main(["123m", "--win", "1p", "--discarder", "N", "--seat", "S"]) == 2
    assert capsys.readouterr().err.startswith("mjcore: error: ")
    assert main(["123m456m78p234s99s", "--win", "9p", "--discarder", "S", "--seat", "S"]) == 2


def test_wires_into_a_parent_cli(capsys):
    parser = argparse.ArgumentParser(prog="mjcore")
    add_score_command(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["score", "123m456m78p234s99s", "--win", "9p", "--robbed", "W", "--seat", "S",
                              "--minimum", "3"])  # fmt: skip
    assert args.handler(args) == 0
    out = capsys.readouterr().out
    assert "起和 3: legal" in out and "liable: West" in out


def test_the_mjcore_command_has_score(capsys):
    from mjcore.cli import main as mjcore_main

    assert mjcore_main(["score", "12p456s789s88p[555m]", "--win", "3p", "--discarder", "E", "--seat", "S"]) == 0
    assert "鸡糊" in capsys.readouterr().out


def test_mcr_prints_its_fans(capsys):
    assert main(["123456789m1234p", "--win", "1p", "--self-drawn", "--rules", "mcr"]) == 0
    out = capsys.readouterr().out
    for part in ("国标", "pure_straight", "清龙", "Pure Straight", "total 23 fan (meets the minimum of 8"):
        assert part in out
    assert main(["123m456p789s34s11z", "--win", "5s", "--discarder", "W", "--rules", "mcr", "--last-copy"]) == 0
    assert "和绝张" in capsys.readouterr().out
    assert main(["123456789m1234p", "--win", "1p", "--self-drawn", "--rules", "mcr", "--heavenly"]) == 2


def test_every_family_through_the_cli_with_its_own_keywords(capsys):
    from mjcore.cli import main as mjcore_main

    assert mjcore_main(["score", "123m456m79p234s9s5z", "--win", "9s", "--self-drawn", "--seat", "S", "--rules",
                        "tdh", "--set", "dealer=1", "--set", "kong_fed_by=None"]) == 0  # fmt: skip
    expected = mjcore.score("123m456m79p234s9s5z", "9s", ruleset="tdh", self_drawn=True, seat_wind="S", dealer=1)
    assert expected.table() in capsys.readouterr().out
    assert mjcore_main(["score", "123m456m79p234s9s5z", "--win", "9s", "--self-drawn", "--round", "W", "--rules",
                        "tdh"]) == 2  # fmt: skip
    assert "round_wind: not a keyword of 推倒胡 scoring" in capsys.readouterr().err
    assert mjcore_main(["score", "123m456m789m1p23s", "--win", "1s", "--self-drawn", "--set", "oops"]) == 2
    assert "--set takes KEYWORD=VALUE, not 'oops'" in capsys.readouterr().err


def test_the_regional_families_take_the_seat_by_their_own_name(capsys):
    from mjcore.cli import main as mjcore_main

    assert mjcore_main(["score", "(7777s)[222s]555s888s3s", "--win", "3s", "--seat", "N", "--discarder", "S",
                        "--rules", "sichuan", "--set", "void_suit=p"]) == 0  # fmt: skip
    expected = mjcore.score("(7777s)[222s]555s888s3s", "3s", ruleset="sichuan", seat="N", discarder="S",
                            void_suit="p")  # fmt: skip
    assert expected.table() in capsys.readouterr().out
