"""The box's screen as the kernel shows it, and what SDL's video driver needs to open it.

* :func:`presence`: is there a DRM device (``/dev/dri/card*``) and a display
  connected to it (``/sys/class/drm/card*-*/status`` = ``connected``)? "This box
  has no screen" (no device, nothing plugged in) is told apart from "the screen
  is there and does not open" (a missing driver package, a broken release);
* :data:`VIDEO_PACKAGES`: the Debian packages each SDL video driver needs, and why;
* :func:`probe_kmsdrm`: opens the real driver stack once the way SDL's KMSDRM
  does (GBM on the DRM device, then EGL on GBM) and names the package a
  failure points to: ``EGL not initialized`` is Mesa's DRI drivers missing;
* :func:`unit_video_driver`: ``SDL_VIDEODRIVER`` from the systemd unit.

Standard library only and no other ``hal`` import: provisioning ships this
file to a box that has no release (and no pygame) yet, and runs
``python3 screen.py --probe /dev/dri/card0`` in a child process, so a driver
that crashes or hangs takes only the child down. See docs/deploy.md.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import shlex
import sys
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path

# Package -> why SDL's KMSDRM driver needs it (Debian / Raspberry Pi OS bookworm names).
KMSDRM_PACKAGES: Mapping[str, str] = {
    "libdrm2": "talks to the kernel's DRM/KMS: finds the display, sets its mode",
    "libgbm1": "GBM, the buffers KMSDRM scans out",
    "libegl1": "EGL (glvnd dispatcher): SDL draws through EGL on GBM",
    "libegl-mesa0": "Mesa's EGL, the implementation libegl1 dispatches to",
    "libgles2": "OpenGL ES 2, SDL's renderer on KMSDRM",
    "libgl1-mesa-dri": "Mesa's DRI drivers (vc4/v3d of the Pi, virtio_gpu, kms_swrast): "
                       "without them EGL does not initialise ('EGL not initialized')",
}
VIDEO_PACKAGES: Mapping[str, Mapping[str, str]] = {
    "kmsdrm": KMSDRM_PACKAGES,
    "dummy": {},
    "offscreen": {},
}
DEFAULT_DRIVER = "kmsdrm"

# Which package a library that does not load comes from.
LIBRARY_PACKAGES: Mapping[str, str] = {
    "libdrm.so.2": "libdrm2",
    "libgbm.so.1": "libgbm1",
    "libEGL.so.1": "libegl1",
    "libGLESv2.so.2": "libgles2",
}
EGL_VENDOR_DIRS = ("usr/share/glvnd/egl_vendor.d", "etc/glvnd/egl_vendor.d")

ABSENT_NO_DEVICE = "no-device"
ABSENT_NO_DISPLAY = "no-display"
PRESENT = "present"


@dataclass(frozen=True)
class Presence:
    """What the kernel shows: ``present``, ``no-device`` or ``no-display``."""

    state: str
    cards: tuple[str, ...] = ()
    connected: tuple[str, ...] = ()  # connector names, e.g. "card0-HDMI-A-1"

    @property
    def has_screen(self) -> bool:
        return self.state == PRESENT

    def describe(self) -> str:
        if self.state == ABSENT_NO_DEVICE:
            return "no DRM device (/dev/dri/card*): no display driver or no display hardware"
        if self.state == ABSENT_NO_DISPLAY:
            return f"no display connected to {', '.join(self.cards)}"
        return f"display {', '.join(self.connected)}"


def presence(root: Path = Path("/")) -> Presence:
    """DRM cards under ``root/dev/dri`` and their connected connectors under ``root/sys/class/drm``."""
    dri = root / "dev/dri"
    cards = tuple(sorted(p.name for p in dri.glob("card*"))) if dri.is_dir() else ()
    if not cards:
        return Presence(ABSENT_NO_DEVICE)
    connected: list[str] = []
    drm = root / "sys/class/drm"
    for status in sorted(drm.glob("card*-*/status")) if drm.is_dir() else ():
        try:
            if status.read_text().strip() == "connected":
                connected.append(status.parent.name)
        except OSError:
            continue
    state = PRESENT if connected else ABSENT_NO_DISPLAY
    return Presence(state, cards, tuple(connected))


def unit_video_driver(unit_text: str) -> str | None:
    """The last ``SDL_VIDEODRIVER=`` of the unit's ``Environment=`` lines (systemd's rule)."""
    driver: str | None = None
    for raw in unit_text.splitlines():
        line = raw.strip()
        if not line.startswith("Environment="):
            continue
        try:
            words = shlex.split(line.removeprefix("Environment="))
        except ValueError:
            continue
        for word in words:
            key, _, value = word.partition("=")
            if key == "SDL_VIDEODRIVER":
                driver = value
    return driver


def missing_packages(driver: str, installed: Callable[[str], bool]) -> list[str]:
    """The packages ``driver`` needs that ``installed`` says are not there."""
    return [p for p in VIDEO_PACKAGES.get(driver, {}) if not installed(p)]


# --------------------------------------------------------------------------- the real driver


@dataclass(frozen=True)
class ProbeResult:
    ok: bool
    detail: str
    missing: tuple[str, ...] = ()  # packages the failure points to

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @staticmethod
    def from_json(text: str) -> ProbeResult:
        data = json.loads(text)
        return ProbeResult(bool(data["ok"]), str(data["detail"]), tuple(str(p) for p in data["missing"]))


EGL_PLATFORM_GBM_KHR = 0x31D7
EGL_PLATFORM_SURFACELESS_MESA = 0x31DD
EGL_VENDOR, EGL_VERSION = 0x3053, 0x3054
EGL_ERRORS = {
    0x3000: "EGL_SUCCESS", 0x3001: "EGL_NOT_INITIALIZED", 0x3002: "EGL_BAD_ACCESS",
    0x3003: "EGL_BAD_ALLOC", 0x3004: "EGL_BAD_ATTRIBUTE", 0x3008: "EGL_BAD_DISPLAY",
    0x300C: "EGL_BAD_PARAMETER",
}

Loader = Callable[[str], ctypes.CDLL]


def _load(loader: Loader, name: str) -> ctypes.CDLL | ProbeResult:
    try:
        return loader(name)
    except OSError as exc:
        package = LIBRARY_PACKAGES.get(name)
        return ProbeResult(False, f"{name} does not load: {exc}", (package,) if package else ())


def _no_egl_vendor(root: Path) -> bool:
    return not any(any((root / d).glob("*.json")) for d in EGL_VENDOR_DIRS if (root / d).is_dir())


def probe_egl(platform: int, native: int | None, *, loader: Loader = ctypes.CDLL,
              root: Path = Path("/")) -> ProbeResult:
    """``eglGetPlatformDisplay(platform, native)`` then ``eglInitialize``, then terminate."""
    egl = _load(loader, "libEGL.so.1")
    if isinstance(egl, ProbeResult):
        return egl
    egl.eglGetPlatformDisplay.restype = ctypes.c_void_p
    egl.eglGetPlatformDisplay.argtypes = [ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p]
    egl.eglInitialize.restype = ctypes.c_uint
    egl.eglInitialize.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
    egl.eglGetError.restype = ctypes.c_int
    egl.eglQueryString.restype = ctypes.c_char_p
    egl.eglQueryString.argtypes = [ctypes.c_void_p, ctypes.c_int]
    egl.eglTerminate.argtypes = [ctypes.c_void_p]
    display = egl.eglGetPlatformDisplay(platform, native, None)
    if not display:
        error = EGL_ERRORS.get(egl.eglGetError(), "unknown error")
        return ProbeResult(False, f"eglGetPlatformDisplay failed ({error})", ("libegl-mesa0",))
    major, minor = ctypes.c_int(), ctypes.c_int()
    if not egl.eglInitialize(display, ctypes.byref(major), ctypes.byref(minor)):
        error = EGL_ERRORS.get(egl.eglGetError(), "unknown error")
        # No vendor file: glvnd has no EGL to dispatch to. Otherwise Mesa found no DRI driver.
        package = "libegl-mesa0" if _no_egl_vendor(root) else "libgl1-mesa-dri"
        return ProbeResult(False, f"EGL does not initialise ({error}): as SDL's 'EGL not initialized'",
                           (package,))
    try:
        vendor = (egl.eglQueryString(display, EGL_VENDOR) or b"?").decode(errors="replace")
        version = (egl.eglQueryString(display, EGL_VERSION) or b"?").decode(errors="replace")
    finally:
        egl.eglTerminate(display)
    return ProbeResult(True, f"EGL {version} ({vendor})")


def probe_kmsdrm(card: Path, *, loader: Loader = ctypes.CDLL, root: Path = Path("/")) -> ProbeResult:
    """Open ``card`` the way SDL's KMSDRM does, up to EGL; close everything again.

    Needs no DRM master and sets no mode, so it may run while the box's program
    shows on the screen.
    """
    for name in ("libdrm.so.2", "libGLESv2.so.2"):
        lib = _load(loader, name)
        if isinstance(lib, ProbeResult):
            return lib
    gbm = _load(loader, "libgbm.so.1")
    if isinstance(gbm, ProbeResult):
        return gbm
    gbm.gbm_create_device.restype = ctypes.c_void_p
    gbm.gbm_create_device.argtypes = [ctypes.c_int]
    gbm.gbm_device_destroy.argtypes = [ctypes.c_void_p]
    try:
        fd = os.open(card, os.O_RDWR | os.O_CLOEXEC)
    except OSError as exc:
        return ProbeResult(False, f"cannot open {card}: {exc.strerror}")
    try:
        device = gbm.gbm_create_device(fd)
        if not device:
            return ProbeResult(False, f"GBM cannot use {card}: no DRI driver for it", ("libgl1-mesa-dri",))
        try:
            result = probe_egl(EGL_PLATFORM_GBM_KHR, device, loader=loader, root=root)
        finally:
            gbm.gbm_device_destroy(device)
    finally:
        os.close(fd)
    if result.ok:
        return ProbeResult(True, f"{card}: GBM and {result.detail}")
    return ProbeResult(False, f"{card}: {result.detail}", result.missing)


def screen_held_elsewhere(card: Path, *, loader: Loader = ctypes.CDLL) -> bool | None:
    """Is another process DRM master of ``card`` (the running release showing on it)?

    Opening a card that has no master makes the opener its master (and closing
    gives it up), so "not master right after opening" means someone else is.
    None when it cannot be told (no libdrm ``drmIsMaster``, the card does not open).
    """
    try:
        drm = loader("libdrm.so.2")
        is_master = drm.drmIsMaster
    except (OSError, AttributeError):
        return None
    is_master.argtypes = [ctypes.c_int]
    is_master.restype = ctypes.c_int
    try:
        fd = os.open(card, os.O_RDWR | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        return not is_master(fd)
    finally:
        os.close(fd)


def main(argv: list[str] | None = None) -> int:
    """``python3 screen.py --probe CARD``: one :class:`ProbeResult` as JSON on stdout."""
    p = argparse.ArgumentParser(description="open the KMSDRM driver stack once (provisioning)")
    p.add_argument("--probe", type=Path, required=True, help="the DRM device, e.g. /dev/dri/card0")
    args = p.parse_args(argv)
    result = probe_kmsdrm(args.probe)
    print(result.to_json())
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
