"""Fixtures shared by the vision tests: teaching costs a second or two, so a profile every
test only reads is taught once per worker."""

from __future__ import annotations

from pathlib import Path

import pytest
from vision_helpers import LOOKS, taught_looks

from companion.core.board import GAME_BOARDS
from vision.look_files import write_teach_set
from vision.teach import teach
from vision.templates import TemplateSet


@pytest.fixture(scope="session")
def taught(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A mottled set taught for Tsuro, as ``companion vision teach --game tsuro`` does (read
    only: a test that changes a profile copies it first)."""
    where = tmp_path_factory.mktemp("mottled")
    layout = write_teach_set("mottled", 6, 6, "tsuro", where, 5)
    teach(layout, GAME_BOARDS["tsuro"], where / "profile", game="tsuro")
    return where / "profile"


@pytest.fixture(scope="session")
def profiles(tmp_path_factory: pytest.TempPathFactory, taught: Path) -> dict[str, TemplateSet]:
    """Each of ``vision_helpers.LOOKS`` taught for Tsuro (mottled: the set of ``taught``)."""
    return taught_looks(tmp_path_factory, taught, LOOKS, 11)
