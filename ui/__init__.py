"""The table app: Kivy screens on the Pi's touchscreen, the GPIO panel and the camera.

Layout lives in ``ui/kv/*.kv``; the Python modules hold the logic. Widgets only show state
and raise intents; every rule is asked of :class:`companion.tsuro.session.Session` through
:class:`ui.controller.TableController`, which imports no Kivy at all.
"""
