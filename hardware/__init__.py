"""The table's physical controls: three push buttons and the status / turn lights.

Every device is built with an explicit gpiozero pin factory (:mod:`hardware.pins`), so
tests and the laptop fallback use :class:`gpiozero.pins.mock.MockFactory` and nothing
here touches gpiozero's global default factory.
"""
