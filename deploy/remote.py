"""How the laptop reaches a box: ssh/rsync command lines and the remote installer call.

Shared by ``deploy/deploy`` and ``deploy/provision``. Every remote command is
built as an argv list and quoted once with :func:`shlex.join`, so a box root or
an environment value with spaces cannot turn into shell syntax on the box.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

BASE = "opt/tressette"


@dataclass
class Target:
    host: str
    ssh_config: str | None = None
    port: int | None = None
    identity: str | None = None
    ssh_options: list[str] = field(default_factory=list)
    box_root: str = "/"
    remote_python: str = "/usr/bin/python3"
    remote_env: list[str] = field(default_factory=list)
    sudo: bool | None = None  # None: use sudo unless we log in as root
    installer_args: list[str] = field(default_factory=list)

    # ----------------------------------------------------------------- paths on the box
    def path(self, rel: str) -> str:
        return self.box_root.rstrip("/") + "/" + rel.lstrip("/")

    @property
    def installer(self) -> str:
        return self.path(f"{BASE}/bin/device_install.py")

    @property
    def incoming(self) -> str:
        return self.path(f"{BASE}/incoming")

    @property
    def lock(self) -> str:
        return self.path(f"{BASE}/deploy.lock")

    # ----------------------------------------------------------------- command lines
    def use_sudo(self) -> bool:
        if self.sudo is not None:
            return self.sudo
        user = self.host.split("@", 1)[0] if "@" in self.host else None
        return user not in (None, "root") if user is not None else True

    def ssh_argv(self) -> list[str]:
        argv = ["ssh", "-o", "BatchMode=yes"]
        if self.ssh_config:
            argv += ["-F", self.ssh_config]
        if self.port:
            argv += ["-p", str(self.port)]
        if self.identity:
            argv += ["-i", self.identity]
        for opt in self.ssh_options:
            argv += ["-o", opt]
        return argv

    def as_root(self, argv: Sequence[str]) -> list[str]:
        prefix = ["sudo", "-n"] if self.use_sudo() else []
        env = ["env", *self.remote_env] if self.remote_env else []
        return [*prefix, *env, *argv]

    def installer_cmd(self, *args: str) -> str:
        argv = [self.remote_python, self.installer, "--root", self.box_root, *self.installer_args, *args]
        return shlex.join(self.as_root(argv))

    def ssh(self, remote_cmd: str, *, capture: bool = False, stdin: bytes | None = None,
            timeout: float | None = None) -> subprocess.CompletedProcess[bytes]:
        argv = [*self.ssh_argv(), self.host, "--", remote_cmd]
        return subprocess.run(
            argv, input=stdin, check=False, timeout=timeout,
            stdout=subprocess.PIPE if capture else None,
            stderr=subprocess.PIPE if capture else None,
        )

    def stream(self, remote_cmd: str, prefix: str = "  box| ") -> int:
        """Run a remote command, printing its output line by line as it comes."""
        argv = [*self.ssh_argv(), self.host, "--", remote_cmd]
        with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT) as proc:
            assert proc.stdout is not None
            for raw in proc.stdout:
                sys.stdout.write(prefix + raw.decode("utf-8", "replace"))
                sys.stdout.flush()
            return proc.wait()


def add_target_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("host", help="[user@]host of the box (an ssh_config alias works)")
    g = p.add_argument_group("connection")
    g.add_argument("--ssh-config", "-F", help="ssh_config file for ssh and rsync")
    g.add_argument("--port", "-p", type=int)
    g.add_argument("--identity", "-i", help="ssh private key")
    g.add_argument("--ssh-option", "-o", action="append", default=[], metavar="OPT")
    g.add_argument("--box-root", default="/", help="filesystem root on the box (tests only)")
    g.add_argument("--remote-python", default="/usr/bin/python3")
    g.add_argument("--remote-env", action="append", default=[], metavar="K=V",
                   help="environment for the remote commands (tests: PATH with shims)")
    g.add_argument("--sudo", dest="sudo", action="store_true", default=None)
    g.add_argument("--no-sudo", dest="sudo", action="store_false")


def target_from_args(args: argparse.Namespace, installer_args: Sequence[str] = ()) -> Target:
    return Target(
        host=args.host, ssh_config=args.ssh_config, port=args.port, identity=args.identity,
        ssh_options=list(args.ssh_option), box_root=args.box_root, remote_python=args.remote_python,
        remote_env=list(args.remote_env), sudo=args.sudo, installer_args=list(installer_args),
    )
