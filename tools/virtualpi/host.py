"""The host: the Debian packages the virtual Pi needs, root, binfmt_misc."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

from tools.virtualpi.usage import log

# Host tools and the Debian packages that bring them.
HOST_PACKAGES = {
    "qemu-system-aarch64": "qemu-system-arm",
    "qemu-img": "qemu-utils",
    "qemu-aarch64-static": "qemu-user-static",
    "update-binfmts": "binfmt-support",
    "mmdebstrap": "mmdebstrap",
    "arch-test": "arch-test",
    "mkfs.ext4": "e2fsprogs",
    "mcopy": "mtools",  # the kernel, initrd and cmdline.txt read from the image's FAT partition
    "ssh": "openssh-client",
    "ssh-keygen": "openssh-client",
}


# Data files QEMU loads for the machine's devices, and the packages that bring them: with
# --no-install-recommends qemu-system-arm comes without them, and QEMU stops at once
# ('failed to find romfile "efi-virtio.rom"': virtio-net-pci's option ROM, loaded even when
# the kernel is booted directly). The other devices (virtio-gpu-pci, not virtio-vga; xhci,
# usb-*, virtio-rng) load no ROM, and -kernel needs no firmware (no qemu-efi-aarch64, and
# seabios is x86's); `preflight` boots the machine's exact devices to prove it (boot_check).
HOST_FILES = {
    "/usr/lib/ipxe/qemu/efi-virtio.rom": "ipxe-qemu",
}


def as_root(argv: list[str]) -> list[str]:
    return argv if os.geteuid() == 0 else ["sudo", *argv]


def missing_host_packages() -> list[str]:
    """The host packages to install: a tool not on PATH, a data file QEMU needs not there."""
    tools = {pkg for tool, pkg in HOST_PACKAGES.items() if shutil.which(tool) is None
             and not Path("/usr/sbin", tool).exists()}
    files = {pkg for path, pkg in HOST_FILES.items() if not Path(path).exists()}
    return sorted(tools | files)


def ensure_host_tools() -> None:
    missing = missing_host_packages()
    if missing:
        log(f"installing host packages: {' '.join(missing)}")
        t = time.monotonic()
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(as_root(["apt-get", "install", "-y", "--no-install-recommends", *missing]),
                       check=True, env=env)
        log(f"host packages installed in {time.monotonic() - t:.0f} s")


def ensure_binfmt() -> None:
    """qemu-user runs the image's arm64 programs while it is built (binfmt_misc)."""
    binfmt = Path("/proc/sys/fs/binfmt_misc")
    if not (binfmt / "register").exists():
        subprocess.run(as_root(["mount", "-t", "binfmt_misc", "binfmt_misc", str(binfmt)]), check=True)
    if not (binfmt / "qemu-aarch64").exists():
        subprocess.run(as_root(["update-binfmts", "--enable", "qemu-aarch64"]), check=True)
