"""The replay viewer: a deal's event log turned into frames (every seat's hand, melds and discards after each
event, replayed by the table engine itself) and a self-contained HTML page that draws them step by step."""

from .frames import Frame, deal_frames
from .page import replay_html

__all__ = ["Frame", "deal_frames", "replay_html"]
