"""Command groups of the ``companion`` command, kept apart from the rules they call.

Each module here has a ``register(subparsers)`` function; the game registry
(:mod:`companion.games`) names the groups each game brings.
"""
