"""Pull the plug (SIGKILL) at random moments while a game is written; the resumed game
must equal its record and carry on."""

import os
import random
import signal
import subprocess
import sys
import time

from companion.core.store import RecordStore
from companion.tsuro.record import load_game, replay
from companion.tsuro.session import Session

PLAYER = r"""
import sys
from companion.core.dice import DiceService
from companion.tsuro.session import Session
from companion.core.store import RecordStore
store = RecordStore.open(sys.argv[1])
seed = int(sys.argv[2])
current = store.current()
if current is None:
    s = Session.new(store, "tsuro-of-the-seas", ["red", "blue", "green", "yellow"], dice=DiceService(seed), tiles="virtual")
else:
    s = Session.resume(store, current, DiceService(seed))
print("ready", flush=True)
while True:
    if s.state.is_terminal():
        s = Session.new(store, "tsuro-of-the-seas", ["red", "blue", "green"], dice=DiceService(seed), tiles="virtual")
    elif s.awaiting() in ("roll", "die"):
        s.roll()
    else:
        acts = s.state.legal_actions()
        s.enter(acts[seed % len(acts)].notation())
        seed += 1
"""


def test_killed_mid_game_resumes_exactly_at_the_last_committed_entry(tmp_path):
    db = tmp_path / "records.sqlite3"
    rng = random.Random(11)
    seen_entries = 0
    for round_ in range(6):
        proc = subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(db), str(round_)],
            stdout=subprocess.PIPE, text=True, env={**os.environ},
        )
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.4))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        store = RecordStore.open(db)
        assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        game_id = store.current()
        header, entries = load_game(store, game_id)
        killed_at = replay(header, entries)
        resumed = Session.resume(store, game_id)
        # resuming may finish steps that need no one (a deal cut short); those are recorded
        header, entries_now = load_game(store, game_id)
        assert entries_now[: len(entries)] == entries
        assert all(e.source == "auto" for e in entries_now[len(entries) :])
        assert resumed.state == replay(header, entries_now)
        if len(entries_now) == len(entries):
            assert resumed.state == killed_at
        assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
        total = sum(g.entries for g in store.games())
        assert total >= seen_entries  # nothing committed was lost
        seen_entries = total
        store.close()
    assert seen_entries > 20


IMPORTER = r"""
import contextlib, io, sys
from companion.cli import main
def run():
    with contextlib.redirect_stdout(io.StringIO()):
        main(["import", sys.argv[1], "--db", sys.argv[2]])
run()
print("ready", flush=True)  # one import done: the kill falls in one of the next
while True:
    run()
"""


def test_an_import_killed_midway_leaves_nothing_behind(tmp_path):
    """Imports killed at random moments: every game in the store is whole, never part."""
    from companion.core.dice import DiceService
    from companion.tsuro.record import dump_lines

    source = RecordStore.open(tmp_path / "source.sqlite3")
    s = Session.new(source, "tsuro-of-the-seas", ["red", "blue", "green", "yellow"],
                    dice=DiceService(8), tiles="virtual")
    while not s.state.is_terminal():
        if s.awaiting() in ("roll", "die"):
            s.roll()
        else:
            s.enter(s.state.legal_actions()[0].notation())
    record = tmp_path / "game.jsonl"
    record.write_text("\n".join(dump_lines(*load_game(source, s.game_id))))
    whole = len(s.entries)
    db = tmp_path / "records.sqlite3"
    rng = random.Random(5)
    for _ in range(4):
        proc = subprocess.Popen(
            [sys.executable, "-c", IMPORTER, str(record), str(db)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.6))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        store = RecordStore.open(db)
        games = store.games()
        assert all(g.entries == whole and g.finished for g in games), games
        assert store.current() in {None, *(g.game_id for g in games)}
        assert store._db.execute(
            "SELECT COUNT(*) FROM entries WHERE game_id NOT IN (SELECT id FROM games)"
        ).fetchone()[0] == 0
        store.close()
    assert len(games) >= 4
