"""Recorded stand-ins for the box's systemctl, apt-get, dpkg-query, useradd and usermod.

One program, dispatched on its first argument (the tests put a two-line
``systemctl``, ``apt-get``... wrapper for each on the box's PATH). Every call is appended to ``$SHIM_ROOT/shim.log`` as
``name arg arg...``; effects land under ``$SHIM_ROOT`` (the temporary box root),
so a second provisioning run sees the first one's work, as on a real box.

``systemctl restart tressette.service`` plays systemd for a Type=notify unit:
it runs ``current/venv/bin/tressette run`` with RUNTIME_DIRECTORY set and
returns when it exits; exit 0 -> active, otherwise failed (as a start job
that never sent READY=1).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(os.environ["SHIM_ROOT"])
STATE = ROOT / "shim-state"


def log(name: str, args: list[str]) -> None:
    with (ROOT / "shim.log").open("a") as f:
        f.write(" ".join([name, *args]) + "\n")


def _lines(rel: str) -> list[str]:
    path = ROOT / rel
    return path.read_text().splitlines() if path.exists() else []


def _write(rel: str, lines: list[str]) -> None:
    path = ROOT / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in lines))


def _add_to_groups(user: str, groups: list[str]) -> None:
    out = []
    for line in _lines("etc/group"):
        name, pw, gid, members = line.split(":")
        listed = [m for m in members.split(",") if m]
        if name in groups and user not in listed:
            listed.append(user)
        out.append(":".join([name, pw, gid, ",".join(listed)]))
    _write("etc/group", out)


def useradd(args: list[str]) -> int:
    user = args[-1]
    groups = args[args.index("--groups") + 1].split(",") if "--groups" in args else []
    _write("etc/passwd", [*_lines("etc/passwd"), f"{user}:x:990:990::/var/lib/{user}:/usr/sbin/nologin"])
    _write("etc/group", [*_lines("etc/group"), f"{user}:x:990:"])
    _add_to_groups(user, groups)
    return 0


def usermod(args: list[str]) -> int:
    _add_to_groups(args[-1], args[args.index("--groups") + 1].split(","))
    return 0


def dpkg_query(args: list[str]) -> int:
    if args[-1] in _lines("var/lib/dpkg-shim/installed"):
        print("install ok installed", end="")
        return 0
    print(f"dpkg-query: no packages found matching {args[-1]}", file=sys.stderr)
    return 1


def apt_get(args: list[str]) -> int:
    if "install" in args:
        new = [a for a in args[args.index("install") + 1:] if not a.startswith("-")]
        _write("var/lib/dpkg-shim/installed", [*_lines("var/lib/dpkg-shim/installed"), *new])
    return 0


def _state(unit: str) -> str:
    path = STATE / unit
    return path.read_text() if path.exists() else "inactive"


def _set_state(unit: str, state: str) -> None:
    STATE.mkdir(exist_ok=True)
    (STATE / unit).write_text(state)


def systemctl(args: list[str]) -> int:
    verb, units = args[0], [a for a in args[1:] if not a.startswith("-")]
    system = ROOT / "etc/systemd/system"
    if verb in ("restart", "start"):
        exe = ROOT / "opt/tressette/current/venv/bin/tressette"
        if not exe.exists():  # ConditionPathExists= not met: skipped, not failed
            _set_state(units[0], "inactive")
            return 0
        env = dict(os.environ, RUNTIME_DIRECTORY=str(ROOT / "run/tressette"))
        rc = subprocess.run([str(exe), "run"], env=env, timeout=30, check=False).returncode
        _set_state(units[0], "active" if rc == 0 else "failed")
        if rc != 0:
            print(f"Job for {units[0]} failed because the control process exited with error code.",
                  file=sys.stderr)
        return 0 if rc == 0 else 1
    if verb == "is-active":
        state = _state(units[0])
        print(state)
        return 0 if state == "active" else 3
    if verb == "mask":
        for unit in units:
            (system / unit).unlink(missing_ok=True)
            system.mkdir(parents=True, exist_ok=True)
            (system / unit).symlink_to("/dev/null")
        return 0
    if verb == "enable":
        wants = system / "multi-user.target.wants"
        wants.mkdir(parents=True, exist_ok=True)
        for unit in units:
            (wants / unit).symlink_to(f"/etc/systemd/system/{unit}")
        return 0
    if verb in ("daemon-reload", "stop", "reset-failed"):
        return 0
    print(f"systemctl shim: unsupported {args}", file=sys.stderr)
    return 1


def main() -> int:
    name, args = sys.argv[1], sys.argv[2:]
    log(name, args)
    handler = {"useradd": useradd, "usermod": usermod, "dpkg-query": dpkg_query,
               "apt-get": apt_get, "systemctl": systemctl}[name]
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
