"""QEMU's command line for given inputs (tools/virtualpi/qemu.py), whole: a device, port or path
that changes shows here, where tests/tools/virtualpi/test_virtual_pi.py checks its parts."""

from __future__ import annotations

import socket
from pathlib import Path

from tools.virtualpi import cache, preflight, qemu

RUN = Path("/c/tressette/virtual-pi/run")


def test_the_whole_command_line() -> None:
    p = cache.paths_for(Path("/c/tressette/virtual-pi"), "0123456789abcdef")
    assert qemu.qemu_argv(p, 2299, 41234) == [
        "qemu-system-aarch64",
        "-M", "virt", "-cpu", "cortex-a72", "-smp", "2", "-m", "2048",
        "-accel", "tcg,thread=multi",
        "-kernel", f"{RUN}/boot/vmlinuz",
        "-initrd", f"{RUN}/boot/initrd.img",
        "-append", "root=LABEL=RASPIROOT rw fsck.repair=yes net.ifnames=0 rootwait console=ttyAMA0",
        "-drive", f"file={RUN}/overlay.qcow2,format=qcow2,if=virtio,cache=unsafe",
        "-netdev", "user,id=net0,hostfwd=tcp:127.0.0.1:2299-:22,hostfwd=tcp:127.0.0.1:41234-:8337",
        "-device", "virtio-net-pci,netdev=net0",
        "-device", "virtio-rng-pci",
        "-device", "virtio-gpu-pci,xres=800,yres=480",
        "-device", "qemu-xhci,id=xhci",
        "-device", "usb-tablet,bus=xhci.0",
        "-device", "usb-kbd,bus=xhci.0",
        "-chardev", f"socket,id=reader,path={RUN}/reader.sock,server=on,wait=off",
        "-device", "usb-serial,chardev=reader,bus=xhci.0",
        "-monitor", f"unix:{RUN}/monitor.sock,server=on,wait=off",
        "-qmp", f"unix:{RUN}/qmp.sock,server=on,wait=off",
        "-serial", f"file:{RUN}/console.log",
        "-display", "none",
        "-daemonize", "-pidfile", f"{RUN}/qemu.pid",
    ]  # fmt: skip


def test_memory_and_cpus_are_the_callers(tmp_path: Path) -> None:
    argv = qemu.qemu_argv(cache.paths_for(tmp_path, "k"), 1, 2, memory_mb=512, cpus=4)
    assert argv[argv.index("-smp") + 1] == "4" and argv[argv.index("-m") + 1] == "512"


def test_the_guests_command_line_moves_every_console_to_the_serial_port() -> None:
    assert qemu.guest_cmdline("console=serial0,115200 console=tty1 root=LABEL=RASPIROOT rw quiet\n") == \
        "root=LABEL=RASPIROOT rw quiet console=ttyAMA0"
    assert qemu.guest_cmdline("") == "console=ttyAMA0"
    assert qemu.guest_cmdline(qemu.KERNEL_CMDLINE) == qemu.KERNEL_CMDLINE  # already the virt machine's


def test_the_boot_checks_command_line_is_the_tests_stopped_in_the_foreground(tmp_path: Path) -> None:
    p = cache.paths_for(Path("/c/tressette/virtual-pi"), "0123456789abcdef")
    check = preflight.boot_check_argv(p, tmp_path, 2299)
    test = qemu.qemu_argv(cache.Paths(image=p.image, run=tmp_path, keys=p.keys), 2299, 1, memory_mb=256)
    kept = [a for a in test if a not in ("-daemonize", "-pidfile", str(tmp_path / "qemu.pid"), "-qmp",
                                         f"unix:{tmp_path}/qmp.sock,server=on,wait=off")]
    netdev = check.index("-netdev") + 1
    assert check[:netdev] + check[netdev + 1:] == [*kept[:netdev], *kept[netdev + 1:], "-S", "-qmp", "stdio"]
    assert check[netdev].startswith("user,id=net0,hostfwd=tcp:127.0.0.1:2299-:22,hostfwd=tcp:127.0.0.1:")
    assert check[check.index("-m") + 1] == "256"


def test_a_free_port_is_one_this_host_can_listen_on() -> None:
    port = qemu.free_port()
    assert 1024 <= port <= 65535
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))
