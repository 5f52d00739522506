"""Widgets that draw state and raise intents: dice, the board, the tile picker, the panel."""
