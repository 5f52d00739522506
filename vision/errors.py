"""The typed errors of the camera package.

Every error says what was wrong in words a player can act on; the app shows the message and
falls back to entry by touch.
"""

from __future__ import annotations

import zipfile
import zlib


class VisionError(ValueError):
    """Base of everything the camera reader refuses."""


class CameraError(VisionError):
    """A camera source that cannot give frames (absent, unplugged, silent or garbled)."""


class CameraUnavailable(CameraError):
    """The camera (or the library that drives it) is not there."""


class NoFrame(CameraError):
    """The camera is there but gave no usable frame."""


class BlankFrame(NoFrame):
    """A uniform frame: the lens is covered or the sensor not ready; the camera itself
    answers, so it need not be reopened."""


class BadImage(CameraError):
    """An image file or frame that cannot be decoded or is empty."""


class BoardNotFound(VisionError):
    """The camera markers were not seen well enough to place the board."""


class ProfileError(VisionError):
    """A vision profile directory that is missing pieces or holds something unreadable."""


class LayoutError(VisionError):
    """A teaching layout that is malformed or names something off the board."""


UNREADABLE: tuple[type[BaseException], ...] = (
    OSError, KeyError, ValueError, TypeError, EOFError, zipfile.BadZipFile, zlib.error)
"""What loading a saved ``.npz`` may raise when the file is cut short or damaged (a zip
that is not one, a member that ends early): each is told as one :class:`ProfileError`."""
