"""A made-up map for tests whose subject is not the map: every port of the map a short sail
from every other and on the south edge, so moves there cost a few movement points and ask
no question. It is test data only: the shipped map file stays empty (nothing is invented for
the owner)."""

from __future__ import annotations

import json
from pathlib import Path

PORT_HEXES = {
    "Port Arthur": "0909", "Vladivostok": "0910", "Yokosuka": "1009", "Sasebo": "1010",
    "Kure": "0810", "Maizuru": "0811", "Ominato": "1008", "Tsushima": "1011",
    "Chemulpo": "0908", "Fusan": "1109", "Yin-Kou": "1110",
}
# hexes the tests name, near the ports above, each on the south edge too
OTHER_HEXES = ("0710", "0712", "0713", "0912", "1204", "1205", "1801")


def near_map() -> dict[str, object]:
    hexes = {h: {"edge": 0} for h in (*PORT_HEXES.values(), *OTHER_HEXES)}
    return {"schema": "tsushima-map/1", "layout": "odd-q", "port_hexes": PORT_HEXES,
            "hexes": hexes}


def write_near_map(directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "map.json"
    path.write_text(json.dumps(near_map()), encoding="utf-8")
    return path
