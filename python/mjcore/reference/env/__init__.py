"""The pure-Python twin of ``mjcore.env``: the observation planes (``encoding``), built from a ``Table``
observation by the documented plane table."""
