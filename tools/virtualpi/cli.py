"""A developer's Pi by hand: the box's arm64 Debian in qemu-system-aarch64.

    scripts/virtual-pi build               build the box's SD-card image (deploy/build-image, cached)
    scripts/virtual-pi up [--fresh]        boot it (builds first when the image is missing)
    scripts/virtual-pi ssh [CMD...]        a shell (or CMD) on it as user pi (password-less sudo)
    scripts/virtual-pi ssh-config          print the ssh_config file (for deploy/provision -F)
    scripts/virtual-pi screenshot OUT.png  what its screen shows (QEMU's screendump)
    scripts/virtual-pi down                clean shutdown (poweroff inside, bounded)
    scripts/virtual-pi kill                power cut: SIGKILL to QEMU, the disk keeps what it had
    scripts/virtual-pi status              running or not, ports and sockets
    scripts/virtual-pi mock-pins           the unit on gpiozero's mock pins (the virt machine has no GPIO
                                           lines for the box), restarted when it runs

The machine boots the SD-card image a person flashes (deploy/build-image: Debian's packages
only), cached under $XDG_CACHE_HOME/tressette/image/<key of its inputs>/, built with this
machine's own keys (<cache>/tressette/virtual-pi/keys/: the ssh key of user pi and the
release-signing key, made on first use): its root file system from a qcow2 overlay on the
image (<cache>/run/overlay.qcow2, larger than the image: the first boot grows the root to it,
as on a bigger card), the kernel, initrd and command line taken from the image's boot
partition (the console moved to the virt machine's serial port). The overlay is kept across
down/up (a Pi keeps its SD card); `up --fresh` starts from the clean image.
Devices: virtio-gpu-pci (DRM for SDL's KMSDRM), qemu-xhci with usb-tablet and usb-kbd
(evdev touch and keys), usb-serial on <run>/reader.sock (/dev/ttyUSB0 inside: the card
reader), ssh and the box's phone page (8337) each on a free 127.0.0.1 port (in `status`),
the HMP monitor on <run>/monitor.sock and QMP on <run>/qmp.sock. See docs/virtual-pi.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from tools.virtualpi.cache import Paths, have_image, paths
from tools.virtualpi.guest import MOCK_PINS_DROPIN, mock_pins_dropin
from tools.virtualpi.image import build
from tools.virtualpi.inputs import SCREEN_SIZE, abs_axis, barcode_line, qcode, rdm6300_frame
from tools.virtualpi.machine import DEFAULT_BOOT_TIMEOUT, down, kill, need_running, qemu_pid, up
from tools.virtualpi.monitor import press_keys, tap
from tools.virtualpi.plan import DEFAULT_TEST_TIMEOUT, run_test
from tools.virtualpi.preflight import PREFLIGHT_CANNOT, PreflightFault, preflight
from tools.virtualpi.reader import ReaderPlug
from tools.virtualpi.screendump import screenshot
from tools.virtualpi.ssh import ssh_argv
from tools.virtualpi.usage import UsageError, log


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="virtual-pi", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("build", help="build the image when it is missing")
    sub.add_parser("preflight", help="can this host run the machine? (host packages, binfmt_misc, "
                   "Debian's mirror when the image must be built); exit 3 and why when it cannot")
    up = sub.add_parser("up", help="boot the machine and wait for ssh")
    up.add_argument("--fresh", action="store_true", help="discard the overlay: start from the clean image")
    up.add_argument("--timeout", type=float, default=DEFAULT_BOOT_TIMEOUT,
                    help="seconds to wait for ssh (default %(default)s: emulation is slow)")
    up.add_argument("--memory", type=int, default=2048, help="MiB (default %(default)s)")
    ssh = sub.add_parser("ssh", help="ssh into it as pi; with CMD, run it there")
    ssh.add_argument("cmd", nargs=argparse.REMAINDER)
    sub.add_parser("ssh-config", help="print the path of its ssh_config (host alias virtual-pi)")
    shot = sub.add_parser("screenshot", help="save its screen as a PNG")
    shot.add_argument("out", type=Path)
    down = sub.add_parser("down", help="clean shutdown")
    down.add_argument("--timeout", type=float, default=180.0)
    sub.add_parser("kill", help="power cut: SIGKILL QEMU")
    sub.add_parser("status", help="running or not")
    sub.add_parser("mock-pins", help="run the unit on gpiozero's mock pins")
    tap = sub.add_parser("tap", help="a finger on the screen at pixel X Y (the USB tablet)")
    tap.add_argument("x", type=int)
    tap.add_argument("y", type=int)
    key = sub.add_parser("key", help="press and release keys (the USB keyboard): up, ret, esc, 1, a, ...")
    key.add_argument("names", nargs="+", metavar="NAME")
    rd = sub.add_parser("reader", help="plug the card reader in and send tags through it")
    rd.add_argument("--rdm6300", action="append", default=[], metavar="TAG",
                    help="an RDM6300 frame of this 10-hex-digit tag (repeatable)")
    rd.add_argument("--line", action="append", default=[], metavar="CODE",
                    help="a barcode line (repeatable)")
    rd.add_argument("--settle", type=float, default=10.0,
                    help="seconds between plugging in and the first frame (the program reopens "
                         "the port within 5 s; default %(default)s)")
    rd.add_argument("--gap", type=float, default=1.0, help="seconds between frames (default %(default)s)")
    rd.add_argument("--hold", type=float, default=2.0, help="seconds plugged in after the last frame")
    t = sub.add_parser("test", help="the end-to-end test: boot, provision, deploy, play, survive")
    t.add_argument("--out", type=Path, default=None,
                   help="screenshots and logs (default <cache>/run/test)")
    t.add_argument("--timeout", type=float, default=DEFAULT_TEST_TIMEOUT,
                   help="seconds for the whole run (default %(default)s)")
    t.add_argument("--keep", action="store_true",
                   help="leave the machine running at the end (after a failure too: to look at it)")
    t.add_argument("--only", default="", metavar="PREFIX[,PREFIX...]",
                   help="for development: only the steps whose names start so (e.g. image,boot,configure,Wi-Fi); "
                        "without image and boot, on the machine already running")
    t.add_argument("--no-wifi", dest="wifi", action="store_false",
                   help="leave out the Wi-Fi step on mac80211_hwsim radios (it runs last by default, and skips, "
                        "saying why, where the guest's kernel has no mac80211_hwsim)")
    t.add_argument("--wifi", dest="wifi", action="store_true",
                   help="the Wi-Fi step too: the default (kept for the commands written before it was)")
    t.set_defaults(wifi=True)
    args = p.parse_args(argv)
    if getattr(args, "timeout", 1.0) <= 0:
        p.error("--timeout must be positive")
    if getattr(args, "memory", 2048) < 512:
        p.error("--memory must be at least 512 MiB")
    if args.command == "screenshot" and args.out.suffix.lower() != ".png":
        p.error("screenshot OUT must end in .png")
    try:
        if args.command == "tap":
            abs_axis(args.x, SCREEN_SIZE[0])
            abs_axis(args.y, SCREEN_SIZE[1])
        elif args.command == "key":
            for name in args.names:
                qcode(name)
        elif args.command == "reader":
            for tag in args.rdm6300:
                rdm6300_frame(tag)
            for code in args.line:
                barcode_line(code)
            if not args.rdm6300 and not args.line:
                p.error("reader: give --rdm6300 TAG or --line CODE")
            if min(args.settle, args.gap, args.hold) < 0:
                p.error("reader: --settle, --gap and --hold are seconds, not negative")
    except ValueError as e:
        p.error(str(e))
    return args


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    p = paths()
    try:
        if args.command == "build":
            build(p)
        elif args.command == "preflight":
            return preflight_command(p)
        elif args.command == "up":
            up(p, args.fresh, args.timeout, args.memory)
        elif args.command == "ssh":
            need_running(p)
            os.execvp("ssh", ssh_argv(p, args.cmd))
        elif args.command == "ssh-config":
            print(p.ssh_config)
        elif args.command == "screenshot":
            screenshot(p, args.out)
        elif args.command == "down":
            down(p, args.timeout)
        elif args.command == "kill":
            kill(p)
        elif args.command == "mock-pins":
            install_mock_pins(p)
        elif args.command in ("tap", "key", "reader"):
            guest_input(p, args)
        elif args.command == "test":
            return run_test(p, args.out or p.run / "test", args.timeout, keep=args.keep, wifi=args.wifi,
                            only=args.only)
        elif args.command == "status":
            print_status(p)
    except UsageError as e:
        print(f"virtual-pi: {e}", file=sys.stderr)
        return 2
    except subprocess.CalledProcessError as e:
        cmd = shlex.join(str(c) for c in e.cmd) if isinstance(e.cmd, list) else str(e.cmd)
        print(f"virtual-pi: {cmd} failed (exit {e.returncode})", file=sys.stderr)
        return 1
    return 0


def preflight_command(p: Paths) -> int:
    """``preflight``: 0 when this host can run the virtual Pi, PREFLIGHT_CANNOT when it
    cannot (saying why), 1 when the check itself failed."""
    try:
        why = preflight(p)
    except PreflightFault as e:
        print(f"virtual-pi: preflight FAILED: {e}", file=sys.stderr)
        return 1
    if why is not None:
        print(f"virtual-pi: this host cannot run the virtual Pi: {why}", file=sys.stderr)
        return PREFLIGHT_CANNOT
    log("this host can run the virtual Pi" + ("" if have_image(p) else " (the image will be built)"))
    return 0


def install_mock_pins(p: Paths) -> None:
    """``mock-pins``: the drop-in that gives the running box's service gpiozero's mock pins."""
    need_running(p)
    script = (f"sudo mkdir -p {shlex.quote(str(Path(MOCK_PINS_DROPIN).parent))} && "
              f"sudo tee {shlex.quote(MOCK_PINS_DROPIN)} >/dev/null && sudo systemctl daemon-reload && "
              "sudo systemctl try-restart tressette.service")
    subprocess.run(ssh_argv(p, [script]), input=mock_pins_dropin().encode(), check=True)
    log(f"mock pins: {MOCK_PINS_DROPIN}")


def guest_input(p: Paths, args: argparse.Namespace) -> None:
    """``tap``, ``key`` and ``reader``: a touch, keys, or the reader's frames sent to the running box."""
    need_running(p)
    if args.command == "tap":
        tap(p, args.x, args.y)
    elif args.command == "key":
        press_keys(p, args.names)
    else:
        frames = [rdm6300_frame(t) for t in args.rdm6300] + [barcode_line(c) for c in args.line]
        with ReaderPlug(p) as plug:
            time.sleep(args.settle)
            for i, frame in enumerate(frames):
                if i:
                    time.sleep(args.gap)
                plug.send(frame)
                log(f"reader: sent {frame!r}")
            time.sleep(args.hold)


def print_status(p: Paths) -> None:
    """``status``: one JSON line, whether the virtual Pi runs, its image and its state file."""
    pid = qemu_pid(p)
    state = json.loads(p.state.read_text()) if p.state.exists() else {}
    print(json.dumps({"running": pid is not None, "pid": pid, "image": str(p.image),
                      "image_ready": have_image(p), "run": str(p.run), **state}))
