"""The pure-Python twins of the rule families' scorers (``guangdong`` dispatches ``score`` to each family)."""
