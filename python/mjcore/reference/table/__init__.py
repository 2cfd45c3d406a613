"""The pure-Python twin of the Rust table engine (``mjcore_engine::sim``): the same RNG, wall, 鸡平胡 deal state
machine, random bot, event log and game loop — slow and readable. Given the same seed it produces the
identical event log."""

from .bots import BOT_NAMES, bot_named, bots_named
from .deal import SEATS, Deal
from .efficiency import EfficiencyBot
from .game import Game, GameConfig, play_deal, play_game
from .policy import Policy, RandomBot
from .replay import replay
from .rng import Rng
from .scoring_rules import scoring_win_check
from .shape_rules import chicken_win_check
from .table import Table
from .wall import WALL_SIZE, Wall

__all__ = [
    "BOT_NAMES",
    "SEATS",
    "WALL_SIZE",
    "Deal",
    "EfficiencyBot",
    "Game",
    "GameConfig",
    "Policy",
    "RandomBot",
    "Rng",
    "Table",
    "Wall",
    "bot_named",
    "bots_named",
    "play_deal",
    "play_game",
    "chicken_win_check",
    "replay",
    "scoring_win_check",
]
