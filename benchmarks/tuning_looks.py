"""The command line the measuring scripts share (``vision_twins_*.py``): which tuning looks,
photo seeds and boards to measure; ``held-out`` is refused (it is scored only, never
measured for choosing a threshold: docs/vision.md)."""

from __future__ import annotations

import argparse

from vision import looks


def parser(doc: str | None) -> argparse.ArgumentParser:
    """A parser with ``--looks``, ``--seeds`` and ``--boards``; a script adds its own."""
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--looks", default="seas")
    ap.add_argument("--seeds", default="2026,7")
    ap.add_argument("--boards", type=int, default=40)
    return ap


def chosen(ap: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[list[str], list[int]]:
    """The looks and photo seeds asked for; exits with a message if ``held-out`` is one."""
    names = [lk.strip() for lk in args.looks.split(",") if lk.strip()]
    if looks.HELD_OUT in names:
        ap.error(f"{looks.HELD_OUT} is scored only, never measured for choosing")
    return names, [int(s) for s in args.seeds.split(",")]
