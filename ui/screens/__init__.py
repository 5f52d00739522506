"""One module per screen; each has ``update(controller)`` and raises intents only."""
