"""The QEMU command line of the virtual Pi: its devices, its disk, its forwarded ports."""

from __future__ import annotations

import socket

from tools.virtualpi.cache import Paths

OVERLAY_SIZE = "4G"  # the SD card the virtual Pi has: larger than the image, so the first boot grows the root


# The image's cmdline.txt (raspi-firmware's: the root by label, fsck.repair, eth0 as on a Pi)
# with the console on the virt machine's PL011 (ttyAMA0); this when none has been read yet.
KERNEL_CMDLINE = "root=LABEL=RASPIROOT rw fsck.repair=yes net.ifnames=0 rootwait console=ttyAMA0"


def guest_cmdline(cmdline_txt: str) -> str:
    """The image's cmdline.txt for the virt machine: its console on ttyAMA0 (the Pi's on the
    screen), every other word as the Pi boots with it."""
    words = [w for w in cmdline_txt.split() if not w.startswith("console=")]
    return " ".join([*words, "console=ttyAMA0"])


PHONE_PORT = 8337  # the box's phone seats' web server (firmware/config.py [phones] port, docs/phones.md)


def qemu_argv(paths: Paths, ssh_port: int, phone_port: int, *, memory_mb: int = 2048, cpus: int = 2) -> list[str]:
    """The QEMU command line of the virtual Pi (daemonized; see the module docstring): the
    guest's ssh on ``ssh_port`` and its phone page (8337) on ``phone_port`` of the host's
    127.0.0.1 only (user-mode NAT: the guest sees those connections come from 10.0.2.2)."""
    cmdline = paths.boot / "cmdline.txt"
    return [
        "qemu-system-aarch64",
        "-M", "virt", "-cpu", "cortex-a72", "-smp", str(cpus), "-m", str(memory_mb),
        "-accel", "tcg,thread=multi",
        "-kernel", str(paths.boot / "vmlinuz"),
        "-initrd", str(paths.boot / "initrd.img"),
        "-append", guest_cmdline(cmdline.read_text()) if cmdline.is_file() else KERNEL_CMDLINE,
        "-drive", f"file={paths.overlay},format=qcow2,if=virtio,cache=unsafe",
        "-netdev", f"user,id=net0,hostfwd=tcp:127.0.0.1:{ssh_port}-:22,"
                   f"hostfwd=tcp:127.0.0.1:{phone_port}-:{PHONE_PORT}",
        "-device", "virtio-net-pci,netdev=net0",
        "-device", "virtio-rng-pci",
        "-device", "virtio-gpu-pci,xres=800,yres=480",
        "-device", "qemu-xhci,id=xhci",
        "-device", "usb-tablet,bus=xhci.0",
        "-device", "usb-kbd,bus=xhci.0",
        "-chardev", f"socket,id=reader,path={paths.reader},server=on,wait=off",
        "-device", "usb-serial,chardev=reader,bus=xhci.0",
        "-monitor", f"unix:{paths.monitor},server=on,wait=off",
        "-qmp", f"unix:{paths.qmp},server=on,wait=off",
        "-serial", f"file:{paths.console}",
        "-display", "none",
        "-daemonize", "-pidfile", str(paths.pidfile),
    ]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port
