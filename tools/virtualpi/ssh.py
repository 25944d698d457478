"""ssh to the guest: its ssh_config (one kept-open connection), and one long-lived session that
reads the guest's files on request."""

from __future__ import annotations

import contextlib
import json
import os
import select
import shlex
import subprocess
from collections.abc import Sequence
from pathlib import Path

from tools.virtualpi.cache import Paths


def control_path(run: Path) -> str:
    """Where the one kept-open ssh connection's socket lives: the run directory, or /tmp when
    that path would be too long for a Unix socket (108 bytes; %C is 40 hex digits)."""
    path = f"{run}/ssh-%C"
    return path if len(path) + 40 < 100 else f"/tmp/virtual-pi-{os.getuid()}-%C"


def ssh_config_text(port: int, key: Path, control: str | None = None) -> str:
    """An ssh_config naming the machine `virtual-pi` (for ssh -F, deploy/provision -F).

    With ``control``: one connection kept open and shared by every ssh, scp and rsync that
    uses this file (ControlMaster auto, ControlPersist): a new session on it costs no key
    exchange, which under emulation took seconds for every read of the screen's probe file."""
    mux = ("  ControlMaster auto\n"
           f"  ControlPath {control}\n"
           "  ControlPersist 600\n") if control else ""
    return (
        "Host virtual-pi\n"
        "  HostName 127.0.0.1\n"
        f"  Port {port}\n"
        "  User pi\n"
        f"  IdentityFile {key}\n"
        "  IdentitiesOnly yes\n"
        "  StrictHostKeyChecking no\n"
        "  UserKnownHostsFile /dev/null\n"
        "  LogLevel ERROR\n"
        "  ConnectTimeout 10\n"
        "  ServerAliveInterval 15\n"
        "  ServerAliveCountMax 4\n"
        + mux
    )


def ssh_argv(p: Paths, cmd: Sequence[str]) -> list[str]:
    return ["ssh", "-F", str(p.ssh_config), "virtual-pi", *cmd]


def close_ssh(p: Paths) -> None:
    """End the kept-open ssh connection (its sessions too), if there is one."""
    if p.ssh_config.exists():
        subprocess.run(["ssh", "-F", str(p.ssh_config), "-O", "exit", "virtual-pi"], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=30)


# Runs in the guest (as root, once per connection): for each line of paths on stdin, one
# JSON line on stdout with each file's text (None when it cannot be read). The test's many
# reads of the screen's probe file and the health file go through it: no new ssh session,
# shell, sudo or cat per read, which under emulation cost seconds each.
GUEST_READER = (
    "import json, sys\n"
    "for line in sys.stdin:\n"
    "    out = {}\n"
    "    for path in line.split():\n"
    "        try:\n"
    "            with open(path, 'rb') as f:\n"
    "                out[path] = f.read(1 << 22).decode('utf-8', 'replace')\n"
    "        except OSError:\n"
    "            out[path] = None\n"
    "    sys.stdout.write(json.dumps(out) + '\\n')\n"
    "    sys.stdout.flush()\n"
)


class GuestFiles:
    """One long-lived ssh session reading files in the guest on request (GUEST_READER).

    Opened on the first read and again after the session ended (a power cut, a reboot);
    a read that takes longer than ``timeout`` ends the session and raises TimeoutError."""

    def __init__(self, p: Paths, timeout: float = 60.0) -> None:
        self.p = p
        self.timeout = timeout
        self.proc: subprocess.Popen[bytes] | None = None
        self.reads = 0
        self.sessions = 0

    def _open(self) -> subprocess.Popen[bytes]:
        if self.proc is None or self.proc.poll() is not None:
            self.close()
            argv = ssh_argv(self.p, ["sudo python3 -u -c " + shlex.quote(GUEST_READER)])
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL)
            self.sessions += 1
        return self.proc

    def read(self, *paths: str) -> dict[str, str | None]:

        if not paths or any(not path.startswith("/") or any(c.isspace() for c in path) for path in paths):
            raise ValueError(f"absolute paths without spaces, not {paths!r}")
        proc = self._open()
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write((" ".join(paths) + "\n").encode())
            proc.stdin.flush()
        except OSError:
            self.close()
            raise
        ready, _, _ = select.select([proc.stdout], [], [], self.timeout)
        line = proc.stdout.readline() if ready else b""
        if not line:
            self.close()
            raise TimeoutError(f"no answer from the guest's file reader within {self.timeout:.0f} s"
                               if not ready else "the guest's file reader ended (reboot or power cut?)")
        self.reads += 1
        data: dict[str, str | None] = json.loads(line)
        return data

    def close(self) -> None:
        if self.proc is not None:
            with contextlib.suppress(OSError):
                if self.proc.stdin is not None:
                    self.proc.stdin.close()
            with contextlib.suppress(OSError):
                self.proc.kill()
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                self.proc.wait(10)
            self.proc = None
