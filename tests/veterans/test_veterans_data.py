"""The expansion's data file: the shipped defaults, an owner's copy, and one-line refusals."""

import json
from pathlib import Path

import pytest

from companion.tsuro.veterans.data import (
    VeteransDataError,
    load_veterans,
    parse_veterans,
    shipped_doc,
    veterans_json,
)


def edited(**sections: dict[str, object]) -> dict[str, object]:
    doc = shipped_doc()
    for name, changes in sections.items():
        doc[name] = {**doc[name], **changes}
    return doc


def test_shipped_defaults_are_marked_and_follow_the_reference():
    data = load_veterans()
    assert data.default and data.source.startswith("built-in")
    # 001 prints the connecting number's steps as 2 -> 3 -> 3 -> 4
    assert data.tsunami.sequence == (2, 3, 3, 4)
    # 001: a third taihou is removed, so a hand keeps two
    assert data.taihou.keep_limit == 2
    assert data.taihou.counts_toward_hand
    # 001 says the uzushio "may" move
    assert not data.uzushio.must_move
    assert data.phoenix.count == 1
    notes = data.defaults_to_check()
    assert notes and all("check against your sheet" in n for n in notes)


def test_the_number_stays_at_four_once_reached():
    rules = load_veterans().tsunami
    assert [rules.number(k) for k in range(7)] == [2, 3, 3, 4, 4, 4, 4]


def test_an_owners_copy_in_the_data_directory_replaces_the_default(tmp_path, monkeypatch):
    doc = edited(taihou={"count": 5}, uzushio={"moves": "must"}, tsunami={"blue_edge": "nearest"})
    doc["default"] = False
    (tmp_path / "veterans.json").write_text(json.dumps(doc))
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    data = load_veterans()
    assert data.taihou.count == 5 and data.uzushio.must_move
    assert data.tsunami.blue_edge == "nearest"
    assert data.source == str(tmp_path / "veterans.json")
    assert data.defaults_to_check() == []


@pytest.mark.parametrize(
    ("sections", "says"),
    [
        ({"tsunami": {"sequence": [3, 4]}}, "points the 2s together"),
        ({"tsunami": {"sequence": [2, 3, 5]}}, "must end at its only 4"),
        ({"tsunami": {"sequence": [2, 4, 3, 4]}}, "must end at its only 4"),
        ({"tsunami": {"sequence": "2334"}}, "list of whole numbers"),
        ({"tsunami": {"blue_edge": "west"}}, "blue_edge must be one of facing, nearest"),
        ({"taihou": {"keep_limit": 3}}, "removes a third taihou"),
        ({"taihou": {"pattern": "01234567"}}, "taihou pattern"),
        ({"taihou": {"count": -1}}, "taihou count must be"),
        ({"uzushio": {"moves": "sometimes"}}, "uzushio moves must be one of may, must"),
        ({"uzushio": {"faces": {"1": "jump"}}}, "each of 1-5 exactly once"),
        ({"uzushio": {"lives": "wake-pile"}}, "uzushio lives must be one of"),
        ({"phoenix": {"count": 2}}, "one Phoenix tile"),
        ({"phoenix": {"counts_toward_hand": "yes"}}, "true or false"),
    ],
)
def test_a_file_contradicting_the_reference_is_refused_in_one_line(sections, says):
    with pytest.raises(VeteransDataError) as err:
        parse_veterans(edited(**sections), "mine.json")
    text = str(err.value)
    assert text.startswith("mine.json: ") and says in text and "\n" not in text


def test_printed_wakes_and_the_record_form_round_trip():
    data = parse_veterans(edited(portal={"pattern": "52167034"}), "mine.json")
    assert data.portal.pattern is not None
    again = parse_veterans(veterans_json(data), "record")
    assert again == data


def test_unreadable_files_are_one_line_errors(tmp_path: Path):
    bad = tmp_path / "veterans.json"
    bad.write_text("{not json")
    with pytest.raises(VeteransDataError, match="not JSON"):
        load_veterans(bad)
    with pytest.raises(VeteransDataError, match="cannot read"):
        load_veterans(tmp_path / "missing.json")
    with pytest.raises(VeteransDataError, match="expected an object"):
        parse_veterans([], "x")
