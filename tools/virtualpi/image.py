"""The SD-card image a person flashes (deploy/build-image), and its FAT boot partition's kernel,
initrd and cmdline.txt, read as the Pi's firmware reads them."""

from __future__ import annotations

import os
import struct
import subprocess
import time
from pathlib import Path

from tools.virtualpi.cache import REPO, Paths, have_image
from tools.virtualpi.host import as_root, ensure_binfmt, ensure_host_tools
from tools.virtualpi.usage import UsageError, log


def first_partition(mbr: bytes) -> tuple[int, int]:
    """The byte offset and size of the first partition of an MBR (the Pi's FAT boot partition)."""
    if len(mbr) < 512 or mbr[510:512] != b"\x55\xaa":
        raise ValueError("no MBR partition table (no 55 AA at byte 510)")
    start, count = struct.unpack("<II", mbr[446 + 8:446 + 16])
    if not start or not count:
        raise ValueError("the MBR's first partition is empty")
    return start * 512, count * 512


def boot_files(config_txt: str) -> tuple[str, str]:
    """The kernel and initrd config.txt names (raspi-firmware's ``kernel=`` and ``initramfs``)."""
    kernel = initrd = ""
    for line in config_txt.splitlines():
        line = line.strip()
        if line.startswith("kernel="):
            kernel = line.split("=", 1)[1].strip()
        elif line.startswith("initramfs "):
            initrd = line.split()[1]
    if not kernel or not initrd:
        raise ValueError("config.txt names no kernel= or no initramfs")
    return kernel, initrd


def build(p: Paths) -> None:
    """The SD-card image a person flashes, with this machine's keys (deploy/build-image)."""
    if have_image(p):
        log(f"image ready: {p.image}")
        return
    ensure_host_tools()
    ensure_binfmt()
    log(f"building the image (deploy/build-image, slow: dpkg runs under emulation) into {p.image}")
    t = time.monotonic()
    subprocess.run(as_root([str(REPO / "deploy/build-image"), "--key", str(p.deploy_key),
                            "--ssh-key", str(p.key.with_suffix(".pub")), "--cache", str(p.image.parent)]),
                   check=True, stdout=subprocess.DEVNULL)
    if os.geteuid() != 0:
        subprocess.run(["sudo", "chown", "-R", f"{os.getuid()}:{os.getgid()}", str(p.image)], check=True)
    if not have_image(p):
        raise UsageError(f"deploy/build-image made no image at {p.image} (its inputs changed meanwhile?)")
    log(f"image built in {time.monotonic() - t:.0f} s: {p.image}")


def extract_boot(disk: Path, dest: Path) -> None:
    """The kernel, initrd and cmdline.txt the Pi's firmware would load, read from the image's
    FAT boot partition with mtools (nothing mounted)."""
    dest.mkdir(parents=True, exist_ok=True)
    with disk.open("rb") as f:
        offset, _ = first_partition(f.read(512))
    part = f"{disk}@@{offset}"
    env = {**os.environ, "MTOOLS_SKIP_CHECK": "1"}

    def mcopy(name: str, out: Path) -> None:
        subprocess.run(["mcopy", "-o", "-n", "-i", part, f"::{name}", str(out)], check=True, env=env,
                       stdin=subprocess.DEVNULL)

    mcopy("config.txt", dest / "config.txt")
    kernel, initrd = boot_files((dest / "config.txt").read_text())
    mcopy(kernel, dest / "vmlinuz")
    mcopy(initrd, dest / "initrd.img")
    mcopy("cmdline.txt", dest / "cmdline.txt")
