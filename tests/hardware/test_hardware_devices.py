"""Buttons and lights on gpiozero's MockFactory, built from the configuration's pin map."""

from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.core.config import Config
from hardware.buttons import Buttons
from hardware.leds import StatusLight
from hardware.panel import Panel
from hardware.pins import PinProblem, choose_factory, is_raspberry_pi


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def factory() -> MockFactory:
    return MockFactory()


def test_panel_follows_the_pin_map(factory: MockFactory) -> None:
    gpio = Config().with_value("gpio.pins.turn", [12, 16, 20]).gpio
    panel = Panel.build(gpio, factory)
    try:
        assert panel.problems == []
        assert panel.buttons.roll.pin_number == 17
        assert panel.buttons.confirm.device.pin.info.name == "GPIO27"
        assert len(panel.turns.lamps) == 3
        panel.turns.show(1)
        assert [lamp.is_lit for lamp in panel.turns.lamps] == [False, True, False]
        assert factory.pin(16).state == 1
    finally:
        panel.close()


def test_a_press_calls_the_handler_once(factory: MockFactory) -> None:
    clock = FakeClock()
    buttons = Buttons({"roll": 17, "confirm": 27, "undo": 22}, factory, clock=clock)
    seen: list[str] = []
    for b in buttons:
        b.when_pressed = lambda role=b.role: seen.append(role)
    pin = factory.pin(27)
    pin.drive_low()  # the button pulls its pin to ground
    assert buttons.confirm.is_pressed
    pin.drive_high()
    clock.now += 1
    buttons.undo.press()
    assert seen == ["confirm", "undo"]
    buttons.close()


def test_two_quick_presses_are_one_action(factory: MockFactory) -> None:
    clock = FakeClock()
    buttons = Buttons({"confirm": 27}, factory, repeat=0.4, clock=clock)
    count = []
    buttons.confirm.when_pressed = lambda: count.append(1)
    buttons.confirm.press()
    clock.now += 0.15
    buttons.confirm.press()
    assert len(count) == 1 and buttons.confirm.ignored == 1
    clock.now += 0.5
    buttons.confirm.press()
    assert len(count) == 2
    buttons.close()


def test_status_light_states(factory: MockFactory) -> None:
    light = StatusLight({"green": 5, "red": 6, "amber": 13}, factory)
    expect = {
        "legal": (True, False, False),
        "illegal": (False, True, False),
        "waiting": (False, False, True),
        "off": (False, False, False),
    }
    for state, lit in expect.items():
        light.show(state)
        assert (light.green.is_lit, light.red.is_lit, light.amber.is_lit) == lit
        assert (factory.pin(5).state, factory.pin(6).state, factory.pin(13).state) == lit
    with pytest.raises(ValueError, match="'blue' is not a light state"):
        light.show("blue")
    light.close()


def test_no_amber_led_shows_waiting_as_green_and_red(factory: MockFactory) -> None:
    light = StatusLight({"green": 5, "red": 6, "amber": None}, factory)
    light.show("waiting")
    assert light.green.is_lit and light.red.is_lit and not light.amber.is_lit
    light.close()


def test_pin_in_use_is_one_clear_message(factory: MockFactory) -> None:
    from gpiozero import LED

    other = LED(27, pin_factory=factory)
    with pytest.raises(PinProblem) as info:
        Buttons({"roll": 17, "confirm": 27}, factory)
    assert str(info.value) == (
        "GPIO27 (confirm button) is already in use by another device; "
        "pick a free pin in the settings"
    )
    assert info.value.pin == 27
    # the roll button built before the failure was released again
    LED(17, pin_factory=factory).close()
    other.close()


def test_missing_pin_is_one_clear_message(factory: MockFactory) -> None:
    with pytest.raises(
        PinProblem, match=r"^GPIO45 \(status red LED\) does not exist on this board"
    ):
        StatusLight({"red": 45}, factory)


def test_panel_keeps_the_parts_that_work(factory: MockFactory) -> None:
    from gpiozero import LED

    squatter = LED(22, pin_factory=factory)
    panel = Panel.build(Config().gpio, factory)
    try:
        assert panel.problems == [
            "GPIO22 (undo button) is already in use by another device; "
            "pick a free pin in the settings"
        ]
        assert panel.failed_pins == {22: panel.problems[0]}
        assert "roll" in panel.buttons and "confirm" in panel.buttons
        assert "undo" not in panel.buttons
        panel.status.show("legal")
        assert panel.status.green.is_lit
    finally:
        panel.close()
        squatter.close()


def test_factory_choice_off_the_pi(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_text("Generic x86 PC\0")
    assert not is_raspberry_pi(model)
    choice = choose_factory("auto", model)
    assert choice.simulated and isinstance(choice.factory, MockFactory)
    assert "not a Raspberry Pi" in choice.reason
    assert isinstance(choose_factory("mock").factory, MockFactory)
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\0")
    assert is_raspberry_pi(model)


def test_a_failing_pin_library_falls_back_to_mock_and_says_why() -> None:
    choice = choose_factory("pigpio")  # no pigpio daemon here
    assert choice.simulated
    assert choice.reason.startswith("no GPIO library worked (pigpio:")


def test_nothing_sets_the_global_pin_factory(factory: MockFactory) -> None:
    before = Device.__dict__.get("pin_factory")
    panel = Panel.build(Config().gpio, factory)
    panel.close()
    assert Device.__dict__.get("pin_factory") is before
