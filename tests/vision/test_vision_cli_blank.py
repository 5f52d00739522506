"""A readable picture with no board in it is 'board not found' (exit 3), not a crash."""

import cv2
import numpy as np

from companion.cli import main


def test_a_blank_picture_is_board_not_found(tmp_path, capsys):
    path = tmp_path / "blank.png"
    cv2.imwrite(str(path), np.full((480, 640, 3), 200, np.uint8))
    assert main(["vision", "read", "--game", "tsuro", str(path), "--json"]) == 3
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.count("\n") == 1 and "board not found" in out.err


def test_teaching_from_a_blank_picture_fails_with_one_line(tmp_path, capsys):
    path = tmp_path / "blank.png"
    cv2.imwrite(str(path), np.full((480, 640, 3), 200, np.uint8))
    layout = tmp_path / "layout.json"
    layout.write_text('{"images": [{"path": "blank.png", "squares": {"r1c1": null}}]}')
    code = main(["vision", "teach", "--game", "tsuro", "--profile", str(tmp_path / "p"),
                 "--layout", str(layout)])
    assert code != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_photo_of_another_board_size_says_so(tmp_path, capsys):
    from vision.look_files import write_game_photo

    photo = write_game_photo("drawn", 6, 6, "tsuro", tmp_path, 4)
    # a 6x6 board read as the Seas' 7x7: all four markers seen, lying as no 7x7 board's do
    assert main(["vision", "read", "--game", "tsuro-of-the-seas", str(photo)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "4 board markers in view" in err and "7x7" in err and "only" not in err
