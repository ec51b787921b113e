"""The table layer: what a screen may send (:mod:`.protocol`)."""
