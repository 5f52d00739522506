"""What can be typed now, for ``companion moves`` and the ``companion play`` prompt: each
hint a command that works when pasted as it stands, with the real squares, points and
tiles of this game (never a fixed example from another board), checked against the rules
before it is offered (tests/test_cli_hints.py plays whole games by pasting them).
"""

from __future__ import annotations

from companion.tsuro.actions import Place, parse_action
from companion.tsuro.session import Session
from companion.tsuro.state import Phase, State
from companion.tsuro.tiles import PATTERNS


def command_hints(s: Session) -> list[str]:
    """What can be typed now: each line a command that works as it stands, a ``#`` before
    anything said about it (so a whole line pasted into a shell works too)."""
    st = s.state
    if st.phase in (Phase.TURN_ROLL, Phase.DAIKAIJU_ROLL, Phase.PORTAL_ROLL):
        return ["roll        # the companion rolls", "roll 3 4    # real dice: gold 3, blue 4"]
    if st.phase in (Phase.DAIKAIJU_DIE, Phase.TSUNAMI_DIE, Phase.UZUSHIO_DIE):
        return ["die         # the companion rolls", "die 5       # the real die shows 5"]
    if st.phase is Phase.DRAW and st.vet is not None and any(st.vet.pile):
        # only what the pile still holds: a piece all drawn is refused when pasted
        said = {"?": "# a wake tile, unseen", "taihou": "# announced when drawn",
                "portal": "# announced when drawn", "phoenix": "# announced when drawn"}
        return [f"draw {what:<8}{why}" for what, why in said.items() if _takes(st, f"draw {what}")]
    if st.phase is Phase.PORTAL_LAND and not st.legal_actions():
        landings = land_examples(st)
        return [*(f"{a}   # for example" for a in landings[:2]),
                "# land POINT TILE: where the ship starts, and the tile from its hand laid",
                "# there as it lies (eight digits, written as for a placement)."]
    if st.phase is Phase.PLACE and not st.legal_actions():
        front = st.grid.square(st.front_square(st.active))
        fine = (p.tile.notation() for p in s.possible_placements() if s.check(front, p.tile).legal)
        example = next(fine, None)
        lines = [f"place {front} {example}   # for example" if example else
                 _with_hand_example(s)]
        return [*filter(None, lines),
            f"# write the tile laid on {front} as it lies: eight digits, digit i the point",
            "# joined to point i; points 0-7 run clockwise from the top side's left point.",
            f"# Asked to show the hand: place {front} TILE hand TILE T2 T3 (all of it).",
        ]
    return []


def _takes(st: State, text: str) -> bool:
    """Whether the game would take ``text`` (record notation) now."""
    try:
        st.apply(parse_action(text))
    except ValueError:  # every refusal of the rules is one
        return False
    return True


def land_examples(st: State) -> list[str]:
    """Landings through a mystic portal the rules take now; with a hidden hand, each
    written with a tile the hand could hold."""
    known = [a.notation() for a in st.legal_actions()]
    if known or st.vet is None or st.vet.portal is None or st.vet.portal.target < 0:
        return known
    square = st.grid.square(st.vet.portal.target)
    tiles = [PATTERNS[t] for t in dict.fromkeys(st.pile.unseen)][:6]  # a few will do
    out = []
    for point in range(8):
        tried = (f"land {square}:{point} {r.notation()}" for t in tiles for r in t.rotations())
        out += [next((text for text in tried if _takes(st, text)), "")]
    return [text for text in out if text]


def _with_hand_example(s: Session) -> str:
    """A placement written with a whole hand that the rules allow, for the square where
    every tile loses the piece (a corner): pasted as it stands, it is taken. "" if none."""
    from itertools import combinations, islice

    st = s.state
    hand = st.hands[st.active]
    known = [PATTERNS[t] for t in hand if t >= 0]
    tiles = {p.tile.pattern(): p.tile for p in s.possible_placements()}
    others = [t for pattern, t in tiles.items() if pattern not in {k.pattern() for k in known}]
    front = st.grid.square(st.front_square(st.active))
    # a few dozen hands at most: in a corner the first one already does
    for rest in islice(combinations(others, len(hand) - len(known)), 40):
        shown = (*known, *rest)
        laid = next((t for t in shown if t.pattern() in tiles), None)
        if laid is None:
            continue
        place = Place(front, tiles[laid.pattern()], shown)
        try:
            st.apply(place)
        except ValueError:  # every refusal of the rules is one
            continue
        return f"{place.notation()}   # for example, with the whole hand shown"
    return ""
