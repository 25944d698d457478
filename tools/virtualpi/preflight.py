"""``preflight``: can this host run the virtual Pi? What it lacks (exit 3), or a fault of the
machine's own command line (exit 1), told apart by starting the test's exact machine stopped."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import tempfile
import urllib.request
from pathlib import Path

from tools.virtualpi.cache import Paths, have_image
from tools.virtualpi.host import HOST_PACKAGES, ensure_binfmt, ensure_host_tools
from tools.virtualpi.image import extract_boot
from tools.virtualpi.qemu import free_port, qemu_argv

PREFLIGHT_CANNOT = 3
"""``preflight``'s exit status when the host cannot run the machine (not when the box fails)."""


def preflight(p: Paths) -> str | None:
    """Why this host cannot build or boot the virtual Pi, or None when it can.

    Only what the host lacks: its package manager cannot install QEMU, the kernel will
    not run arm64 programs (binfmt_misc: a container without the privilege), Debian's
    mirror is out of reach while the image must be built. A failure of the build or of
    the box itself is not a reason here: those fail their own commands.
    """
    try:
        ensure_host_tools()
    except (OSError, subprocess.CalledProcessError) as exc:
        return f"the host packages ({', '.join(sorted(set(HOST_PACKAGES.values())))}) cannot be installed: {exc}"
    if shutil.which("qemu-system-aarch64") is None:
        return "qemu-system-aarch64 is not on PATH after installing qemu-system-arm"
    why = boot_check(p)
    if why is not None:
        return why
    if have_image(p):
        return None
    try:
        ensure_binfmt()
    except (OSError, subprocess.CalledProcessError) as exc:
        return f"this kernel does not run arm64 programs through binfmt_misc ({exc}): the image cannot be built here"

    try:
        with urllib.request.urlopen("http://deb.debian.org/debian/dists/bookworm/Release", timeout=30) as r:
            r.read(64)
    except OSError as exc:
        return f"Debian's mirror deb.debian.org is out of reach ({exc}): the image cannot be built here"
    return None


class PreflightFault(Exception):
    """The machine's own command line is wrong (not something the host lacks): a failure."""


# QEMU's words when the host lacks a file or a capability (not a fault of the machine's
# command line): a ROM or firmware file, the accelerator.
HOST_LACKS = ("failed to find romfile", "could not load", "could not open", "no such file",
              "failed to load", "no accelerator found", "permission denied", "cannot allocate memory")


def boot_check_argv(p: Paths, tmp: Path, port: int) -> list[str]:
    """The test's exact QEMU command line (qemu_argv: every device), stopped before the CPU
    runs (-S), in the foreground with QMP on stdio, its sockets, overlay and console in
    ``tmp`` (the kernel and initrd in ``tmp/boot``: the image's, or blank ones without a built
    image: QEMU loads and checks them at start, the guest never runs)."""
    argv = qemu_argv(Paths(image=p.image, run=tmp, keys=p.keys), port, free_port(), memory_mb=256)
    out: list[str] = []
    skip = 0
    for arg in argv:
        if skip:
            skip -= 1
            continue
        if arg == "-daemonize":
            continue
        if arg in ("-pidfile", "-qmp"):
            skip = 1
            continue
        out.append(arg)
    return [*out, "-S", "-qmp", "stdio"]


def boot_check(p: Paths, timeout: float = 120.0) -> str | None:
    """Start QEMU with exactly the devices the test uses, stopped before the guest runs,
    and ask it over QMP whether the machine was made; None when it was, else why the host
    cannot (a missing ROM or firmware file, the accelerator): PreflightFault when QEMU
    refuses the command line itself (a fault of this script, not of the host)."""

    with tempfile.TemporaryDirectory(prefix="virtual-pi-check-") as d:
        tmp = Path(d)
        if have_image(p):
            disk = ["-b", str(p.disk), "-F", "raw"]
            extract_boot(p.disk, tmp / "boot")
        else:
            (tmp / "boot").mkdir()
            (tmp / "boot/vmlinuz").write_bytes(b"\0" * 4096)
            (tmp / "boot/initrd.img").write_bytes(b"\0" * 4096)
            disk = []
        subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", *disk, str(tmp / "overlay.qcow2"),
                        *([] if disk else ["64M"])], check=True, stdin=subprocess.DEVNULL)
        argv = boot_check_argv(p, tmp, free_port())
        qmp_in = b"".join(json.dumps({"execute": c}).encode() + b"\n"
                          for c in ("qmp_capabilities", "query-status", "quit"))
        try:
            proc = subprocess.run(argv, input=qmp_in, capture_output=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return f"qemu-system-aarch64 did not make the machine within {timeout:.0f} s (a very slow host?)"
    replies = [line for line in proc.stdout.decode(errors="replace").splitlines() if line.startswith("{")]
    made = any('"prelaunch"' in line for line in replies)
    if made:
        return None
    err = " ".join(proc.stderr.decode(errors="replace").split())[:400] or f"exit {proc.returncode}"
    if any(words in err.lower() for words in HOST_LACKS):
        return f"qemu-system-aarch64 cannot make the test's machine here: {err}"
    raise PreflightFault(f"qemu-system-aarch64 refused the test's machine: {err} ({shlex.join(argv)})")
