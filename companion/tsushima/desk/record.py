"""The campaign record: a header naming the scenario and its options, then one entry per
accepted step, as JSON Lines. It is append-only: an undo is an entry of its own that takes
back the last step still standing. Replaying the entries rebuilds the campaign exactly.

>>> h = Header("round-island")
>>> text = dump(h, [Entry("place", {"ship": "Rurik", "location": "sea"}), Entry("undo", {})])
>>> h2, entries = load(text)
>>> h2 == h, [e.step for e in live(entries)]
(True, [])
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import TsushimaError

FORMAT = "tsushima-record"
VERSION = 1
UNDO = "undo"


class RecordError(TsushimaError):
    """A record that cannot be read or replayed; names the line at fault."""

    def __init__(self, line: int, why: str) -> None:
        super().__init__(f"line {line}: {why}")
        self.line = line


@dataclass(frozen=True)
class Header:
    scenario: str
    flight_salvos: str = "own"
    created: str = field(default="", compare=False)
    chemulpo_loss: str = "hit"

    def to_json(self) -> dict[str, Any]:
        options = {"flight_salvos": self.flight_salvos}
        if self.chemulpo_loss != "hit":  # records made before the option read the same
            options["chemulpo_loss"] = self.chemulpo_loss
        return {
            "format": FORMAT,
            "version": VERSION,
            "scenario": self.scenario,
            "options": options,
            "created": self.created,
        }

    @classmethod
    def from_json(cls, doc: Any) -> Header:
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise RecordError(1, "not a Tsushima campaign record")
        if doc.get("version") != VERSION:
            raise RecordError(1, f"record version {doc.get('version')!r} is not {VERSION}")
        options = doc.get("options") or {}
        if not isinstance(doc.get("scenario"), str) or not isinstance(options, dict):
            raise RecordError(1, "the header names no scenario")
        return cls(
            doc["scenario"],
            str(options.get("flight_salvos", "own")),
            str(doc.get("created", "")),
            str(options.get("chemulpo_loss", "hit")),
        )


@dataclass(frozen=True)
class Entry:
    step: str
    args: dict[str, Any]

    def to_json(self, n: int) -> dict[str, Any]:
        return {"n": n, "step": self.step, "args": self.args}

    @classmethod
    def from_json(cls, doc: Any, line: int) -> Entry:
        if (
            not isinstance(doc, dict)
            or not isinstance(doc.get("step"), str)
            or not isinstance(doc.get("args", {}), dict)
        ):
            raise RecordError(line, "an entry needs a step name and its arguments")
        return cls(doc["step"], dict(doc.get("args", {})))


def live(entries: Sequence[Entry]) -> list[Entry]:
    """The steps still standing once every undo has taken back the step before it."""
    out: list[Entry] = []
    for e in entries:
        if e.step == UNDO:
            if out:
                out.pop()
        else:
            out.append(e)
    return out


def _sum(previous: str, doc: dict[str, Any]) -> str:
    """The line's checksum, chained from the line before, so an edited line is found."""
    body = json.dumps({k: v for k, v in doc.items() if k != "sum"}, sort_keys=True)
    return hashlib.sha256((previous + body).encode("utf-8")).hexdigest()[:16]


def dump(header: Header, entries: Sequence[Entry]) -> str:
    docs = [header.to_json(), *(e.to_json(i) for i, e in enumerate(entries, 1))]
    lines, previous = [], ""
    for doc in docs:
        previous = _sum(previous, doc)
        lines.append(json.dumps({**doc, "sum": previous}, sort_keys=True))
    return "\n".join(lines) + "\n"


def load(text: str) -> tuple[Header, list[Entry]]:
    """Read a record. Lines written by the companion carry checksums, and a line changed
    since is named; a record with no checksums at all (written by hand) is read as is."""
    docs: list[tuple[int, Any]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            docs.append((n, json.loads(raw)))
        except json.JSONDecodeError as exc:
            raise RecordError(n, f"not JSON ({exc.msg})") from None
        except RecursionError:  # "[[[[..." past Python's own depth: no record line nests so
            raise RecordError(n, "not a record line: it nests too deeply") from None
        except ValueError as exc:  # a number of thousands of digits and the like
            raise RecordError(n, f"not a record line: {exc}") from None
    if not docs:
        raise RecordError(1, "the record is empty")
    if any(isinstance(doc, dict) and "sum" in doc for _, doc in docs):
        previous = ""
        for n, doc in docs:
            if not isinstance(doc, dict) or doc.get("sum") != _sum(previous, doc):
                raise RecordError(n, "the line was changed after it was written "
                                     "(its checksum does not match)")
            previous = doc["sum"]
    header = Header.from_json(docs[0][1])
    return header, [Entry.from_json(doc, n) for n, doc in docs[1:]]
