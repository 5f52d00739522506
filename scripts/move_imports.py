"""Rewrite imports after the path-game engine moved into ``companion.core`` and
``companion.tsuro`` (issue 10). Idempotent: run it again over code written with the old paths.

    .venv/bin/python scripts/move_imports.py [files...]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ["board", "dice", "store", "locations", "config", "instruction", "events"]
TSURO = ["tiles", "paths", "placement", "piles", "daikaiju", "state", "actions", "game",
         "session", "view", "describe", "odds", "advisor", "advisor_steps", "render",
         "veterans"]
MOVED = {f"companion.{m}": f"companion.core.{m}" for m in CORE}
MOVED |= {f"companion.{m}": f"companion.tsuro.{m}" for m in TSURO}
SHARED_RECORD = {
    "FORMAT", "VERSION", "READS", "SOURCES", "Integrity", "MAX_NAME", "MAX_LINE", "MAX_DEPTH",
    "RecordError", "now", "name_problem", "check_players", "whole_number", "canonical", "chain",
    "_depth_ok", "Entry", "live_entries", "parse_line", "check_sums",
}
FROM = re.compile(r"^(?P<ind>[ \t]*)from (?P<mod>\.*[\w.]*) import (?P<names>\([^)]*\)|[^\n]*)",
                  re.M)


def new_name(mod: str) -> str:
    for old, new in MOVED.items():
        if mod == old or mod.startswith(old + "."):
            return new + mod[len(old):]
    return mod


def package_of(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts[:-1])  # __init__ included: its package is its folder


def resolve(mod: str, pkg: str) -> str:
    dots = len(mod) - len(mod.lstrip("."))
    if not dots:
        return mod
    base = pkg.split(".")
    if dots > 1:
        base = base[: len(base) - (dots - 1)]
    rest = mod[dots:]
    return ".".join([*base, rest] if rest else base)


def split_names(names: str) -> list[str]:
    inner = names.strip()
    if inner.startswith("("):
        inner = inner[1:-1]
    inner = re.sub(r"#[^\n]*", "", inner)
    return [n.strip() for n in inner.replace("\n", " ").split(",") if n.strip()]


def fmt(ind: str, mod: str, names: list[str]) -> str:
    line = f"{ind}from {mod} import {', '.join(names)}"
    if len(line) <= 100:
        return line
    body = "".join(f"{ind}    {n},\n" for n in names)
    return f"{ind}from {mod} import (\n{body}{ind})"


def rewrite(path: Path) -> bool:
    text = path.read_text()
    pkg = package_of(path)
    own = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    moving = new_name(own) != own or own == "companion.record"  # not yet moved: all absolute

    def one(m: re.Match[str]) -> str:
        ind, mod, names = m.group("ind"), m.group("mod"), m.group("names")
        tail = ""
        if not names.startswith("(") and "#" in names:
            names, tail = names.split("#", 1)[0].rstrip(), "  #" + names.split("#", 1)[1]
        absolute = resolve(mod, pkg)
        if not absolute.startswith("companion"):
            return m.group(0)
        listed = split_names(names)
        if absolute == "companion":  # from companion import config, session
            if not any(f"companion.{n.split(' as ')[0]}" in MOVED for n in listed):
                return m.group(0)
            return "\n".join(
                fmt(ind, new_name(f"companion.{n.split(' as ')[0]}").rsplit(".", 1)[0], [n])
                for n in listed) + tail
        if absolute == "companion.record":
            shared = [n for n in listed if n.split(" as ")[0] in SHARED_RECORD]
            path_names = [n for n in listed if n.split(" as ")[0] not in SHARED_RECORD]
            out = []
            if shared:
                out.append(fmt(ind, "companion.core.records", shared))
            if path_names:
                out.append(fmt(ind, "companion.tsuro.record", path_names))
            return "\n".join(out) + tail
        target = new_name(absolute)
        if target == absolute and not (moving and mod.startswith(".")):
            return m.group(0)
        if names.startswith("("):
            return fmt(ind, target, listed) + tail
        return f"{ind}from {target} import {names}{tail}"

    new = FROM.sub(one, text)
    # dotted names in strings, docs and plain imports
    for old, tgt in sorted(MOVED.items(), key=lambda kv: -len(kv[0])):
        new = re.sub(rf"(?<![\w.]){re.escape(old)}(?![\w])", tgt, new)
        o, t = old.replace(".", "/"), tgt.replace(".", "/")
        new = re.sub(rf"(?<![\w/]){re.escape(o)}(?=\.py|/)", t, new)
    new = re.sub(r"(?<![\w.])companion\.record(?![\w])", "companion.tsuro.record", new)
    new = re.sub(r"(?<![\w/])companion/record\.py", "companion/tsuro/record.py", new)
    if new != text:
        path.write_text(new)
        return True
    return False


def files() -> list[Path]:
    out = []
    for top in ("companion", "vision", "hardware", "ui", "tests", "benchmarks", "scripts", "docs"):
        for p in (ROOT / top).rglob("*"):
            if p.suffix in (".py", ".md", ".kv", ".toml", ".json") and "__pycache__" not in p.parts:
                out.append(p)
    out += [ROOT / "README.md", ROOT / "pyproject.toml"]
    return [p for p in out if p.is_file() and p.name != "move_imports.py"]


if __name__ == "__main__":
    chosen = [Path(a).resolve() for a in sys.argv[1:]] or files()
    changed = [p for p in chosen if rewrite(p)]
    print(f"{len(changed)} files rewritten")
