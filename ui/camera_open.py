"""Which camera the configuration names, opened, or the fallback when it cannot start.

``auto`` and ``sim`` give the simulated camera off the Pi; ``none`` gives no camera
(entry by touch); a real camera that cannot start gives none, and the sentence says why.
"""

from __future__ import annotations

import logging

from .camera import Camera, CameraFault
from .sim_camera import SimCamera, exact_reader
from .vision_camera import VisionCamera

# the logger keeps the name these lines had before the camera module was split
log = logging.getLogger("ui.camera")


def make_camera(source: str, profile_dir: str = "") -> tuple[Camera | None, str]:
    """The camera the configuration names, and one sentence saying what it is.

    ``auto`` and ``sim`` give the simulated camera off the Pi; ``none`` gives no camera
    (entry by touch). A real camera that cannot start gives None and says why.
    """
    if source == "none":
        return None, "No camera: placements are entered by touch."
    if source in ("sim", "auto"):
        if source == "auto" and _is_pi():
            cam, why = _real_camera("picamera", profile_dir)
            if cam is not None:
                return cam, why
            log.warning("%s; using the simulated camera", why)
        sim = SimCamera()
        how = "photographed and read by the vision package" if sim.reader is not exact_reader \
            else "reads the simulated table exactly"
        return sim, f"Simulated camera, not a real one ({how})."
    return _real_camera(source, profile_dir)


def _is_pi() -> bool:
    from hardware.pins import is_raspberry_pi

    return is_raspberry_pi()


def _real_camera(source: str, profile_dir: str = "") -> tuple[Camera | None, str]:
    try:
        cam = VisionCamera(source, profile_dir)
    except CameraFault as exc:
        return None, f"{exc} Placements are entered by touch."
    except Exception as exc:  # vision missing or broken
        log.exception("camera %s", source)
        return None, f"The camera ({source}) cannot start ({exc}): entry by touch."
    return cam, f"Camera: {cam.name}."
