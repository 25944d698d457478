"""The machine: up (boot and wait for ssh), down (bounded), kill (a power cut), running or not."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Callable

from tools.virtualpi.cache import Paths
from tools.virtualpi.host import ensure_host_tools
from tools.virtualpi.image import build, extract_boot
from tools.virtualpi.monitor import qmp
from tools.virtualpi.qemu import OVERLAY_SIZE, free_port, qemu_argv
from tools.virtualpi.ssh import close_ssh, control_path, ssh_argv, ssh_config_text
from tools.virtualpi.usage import UsageError, log

DEFAULT_BOOT_TIMEOUT = 900.0


def qemu_pid(p: Paths) -> int | None:
    try:
        pid = int(p.pidfile.read_text().strip())
    except (OSError, ValueError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    return pid


def wait_gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.5)
    return False


def up(p: Paths, fresh: bool, timeout: float, memory: int, on_started: Callable[[], None] | None = None) -> None:
    if qemu_pid(p) is not None:
        raise UsageError("already running (scripts/virtual-pi down, or kill)")
    build(p)
    ensure_host_tools()
    p.run.mkdir(parents=True, exist_ok=True)
    if fresh or not p.overlay.exists():
        p.overlay.unlink(missing_ok=True)
        subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-b", str(p.disk), "-F", "raw",
                        str(p.overlay), OVERLAY_SIZE], check=True)
    extract_boot(p.disk, p.boot)
    for sock in (p.monitor, p.qmp, p.reader):
        sock.unlink(missing_ok=True)
    port, phone_port = free_port(), free_port()
    while phone_port == port:
        phone_port = free_port()
    p.ssh_config.write_text(ssh_config_text(port, p.key, control_path(p.run)))
    p.state.write_text(json.dumps({"ssh_port": port, "phone_port": phone_port, "image": str(p.image)}) + "\n")
    t = time.monotonic()
    subprocess.run(qemu_argv(p, port, phone_port, memory_mb=memory), check=True)
    log(f"qemu started (pid {qemu_pid(p)}), ssh on 127.0.0.1:{port}, the phone page on "
        f"http://127.0.0.1:{phone_port}; waiting for ssh (kernel console: {p.console})")
    if on_started is not None:
        on_started()
    deadline = t + timeout
    while time.monotonic() < deadline:
        if qemu_pid(p) is None:
            raise UsageError(f"qemu exited during boot; see {p.console}")
        probe = subprocess.run(ssh_argv(p, ["true"]), stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        if probe.returncode == 0:
            log(f"up: ssh answered {time.monotonic() - t:.0f} s after qemu started")
            return
        time.sleep(3)
    raise UsageError(f"no ssh within {timeout:.0f} s; see {p.console} (it may still be booting)")


def down(p: Paths, timeout: float) -> None:
    pid = qemu_pid(p)
    if pid is None:
        log("not running")
        return
    subprocess.run(ssh_argv(p, ["sudo", "systemctl", "poweroff"]), stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=60)
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        close_ssh(p)
    if not wait_gone(pid, timeout):
        log("no poweroff within the timeout: ACPI power button, then a hard stop")
        with contextlib.suppress(OSError):
            qmp(p, "system_powerdown")
        if not wait_gone(pid, 60):
            kill(p)
            return
    log("down")


def kill(p: Paths) -> None:
    pid = qemu_pid(p)
    if pid is None:
        log("not running")
        return
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        close_ssh(p)
    os.kill(pid, signal.SIGKILL)
    if not wait_gone(pid, 30):
        raise UsageError(f"qemu pid {pid} survived SIGKILL for 30 s")
    log("killed (power cut): the overlay keeps what reached it")


def need_running(p: Paths) -> None:
    """A UsageError unless the virtual Pi is up."""
    if qemu_pid(p) is None:
        raise UsageError("not running (scripts/virtual-pi up)")
