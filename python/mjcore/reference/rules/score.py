"""The twin's one ``score``: the signature every family shares (``mjcore.rules.score_signature``) around the
twin's core of each family, as ``mjcore.rules.families`` lists them."""

from __future__ import annotations

from ...rules.families import entries
from ...rules.score_signature import score_function

__all__ = ["score"]

score = score_function(entries("twin_score"), __name__)
