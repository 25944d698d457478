"""A box on 127.0.0.1: a real sshd, a temporary root, recorded shims for systemd and apt.

- ``sshd``: one OpenSSH server per test worker, on a free loopback port, with
  a host key and an authorized client key made here; reached as ``box``
  through a generated ssh_config (ssh, rsync and the deploy tools all use it).
- ``box``: a fresh temporary root provisioned with the real ``deploy/provision``
  over that sshd, with systemctl/apt-get/dpkg-query/useradd/usermod on the
  remote PATH replaced by tests/deploy/shim.py.
- ``make_bundle``: a signed bundle around a tiny fake ``tressette-box`` wheel
  (built by hand as a zip: no build backend, milliseconds) whose console
  script ``tressette`` passes or fails ``self-test`` and writes or does not
  write the health file on ``run``, as each test needs.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pytest

from deploy import laptop

REPO = Path(__file__).resolve().parents[2]
SSHD = Path("/usr/sbin/sshd")
SHIMS = ("systemctl", "apt-get", "dpkg-query", "useradd", "usermod")

pytestmark = pytest.mark.sshd


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Sshd:
    config: Path  # client ssh_config with Host "box"
    port: int


@pytest.fixture(scope="session")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sshd]:
    if not SSHD.exists():
        pytest.skip("needs an OpenSSH server at /usr/sbin/sshd (scripts/setup installs openssh-server)")
    d = tmp_path_factory.mktemp("sshd")
    for key in ("host", "client"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(d / key)], check=True)
    shutil.copy(d / "client.pub", d / "authorized_keys")
    port = _free_port()
    (d / "sshd_config").write_text(
        f"Port {port}\nListenAddress 127.0.0.1\nHostKey {d / 'host'}\n"
        f"AuthorizedKeysFile {d / 'authorized_keys'}\nPermitRootLogin prohibit-password\n"
        "PasswordAuthentication no\nKbdInteractiveAuthentication no\nPubkeyAuthentication yes\n"
        "UsePAM no\nStrictModes no\nPidFile none\nLogLevel ERROR\nMaxStartups 50\nMaxSessions 50\n"
        # bash skips ~/.bashrc for ssh commands when SHLVL says it is nested: this
        # machine's root .bashrc (pyenv init) would add half a second to every command.
        "SetEnv SHLVL=1\n"
    )
    (d / "ssh_config").write_text(
        f"Host box\n  HostName 127.0.0.1\n  Port {port}\n  User root\n  IdentityFile {d / 'client'}\n"
        "  IdentitiesOnly yes\n  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n"
        "  LogLevel ERROR\n  BatchMode yes\n  KexAlgorithms curve25519-sha256\n"
    )
    Path("/run/sshd").mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen([str(SSHD), "-D", "-e", "-f", str(d / "sshd_config")],
                            stderr=open(d / "sshd.log", "wb"))  # noqa: SIM115 - lives with sshd
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((d / "sshd.log").read_text()) from None
                time.sleep(0.05)
        yield Sshd(d / "ssh_config", port)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@dataclass(frozen=True)
class Keys:
    private: Path
    public: Path
    rogue: Path  # a key the box does not trust


@pytest.fixture(scope="session")
def keys(tmp_path_factory: pytest.TempPathFactory) -> Keys:
    d = tmp_path_factory.mktemp("keys")
    pub = laptop.keygen(d / "deploy.key")
    laptop.keygen(d / "rogue.key")
    return Keys(d / "deploy.key", pub, d / "rogue.key")


# --------------------------------------------------------------------------- fake release

FAKE_CLI = '''\
import json, os, sys, time

VERSION = {version!r}
SELF_TEST_OK = {self_test_ok!r}
HEALTHY = {healthy!r}
CRASH = {crash!r}
SCREEN = {screen!r}


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "self-test":
        print("ok    import fakebox" if SELF_TEST_OK else "FAIL  import hal: broken on purpose")
        return 0 if SELF_TEST_OK else 1
    if command == "run":
        if CRASH:  # dies before READY=1: the start job fails
            print("Traceback: broken on purpose", file=sys.stderr)
            return 1
        if HEALTHY:
            d = os.environ.get("RUNTIME_DIRECTORY", "/run/tressette")
            os.makedirs(d, exist_ok=True)
            with open(d + "/.health.tmp", "w") as f:
                health = {{"version": VERSION, "time": time.time(), "status": "ok", "pid": os.getpid()}}
                if SCREEN is not None:
                    health.update(screen=SCREEN, screen_detail="simulated: " + SCREEN)
                json.dump(health, f)
            os.replace(d + "/.health.tmp", d + "/health")
        return 0
    return 2
'''


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode().rstrip("=")


def make_wheel(dest: Path, version: str, *, self_test_ok: bool = True, healthy: bool = True,
               crash: bool = False, pad: int = 0, screen: str | None = None) -> Path:
    """A pure-Python wheel of 'tressette-box' with a 'tressette' console script."""
    dist = f"tressette_box-{version}.dist-info"
    files: dict[str, bytes] = {
        "fakebox/__init__.py": b"",
        "fakebox/cli.py": FAKE_CLI.format(version=version, self_test_ok=self_test_ok,
                                          healthy=healthy, crash=crash, screen=screen).encode(),
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: tressette-box\nVersion: {version}\n".encode(),
        f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{dist}/entry_points.txt": b"[console_scripts]\ntressette = fakebox.cli:main\n",
    }
    if pad:
        files["fakebox/padding.bin"] = random.Random(version).randbytes(pad)
    record = "".join(f"{n},{_record_hash(b)},{len(b)}\n" for n, b in files.items()) + f"{dist}/RECORD,,\n"
    files[f"{dist}/RECORD"] = record.encode()
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / f"tressette_box-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for name, data in files.items():
            z.writestr(zipfile.ZipInfo(name, (2024, 1, 1, 0, 0, 0)), data)
    return path


class MakeBundle(Protocol):
    """The ``make_bundle`` fixture: a bundle of release ``version`` signed with the test key
    (or ``key``); the other options are :func:`make_wheel`'s, the fake release's behaviour."""

    def __call__(self, version: str, *, key: Path | None = None, self_test_ok: bool = ...,
                 healthy: bool = ..., crash: bool = ..., pad: int = ..., screen: str | None = ...) -> Path: ...


@pytest.fixture
def make_bundle(tmp_path: Path, keys: Keys) -> MakeBundle:
    counter = iter(range(1000))

    def make(version: str, *, key: Path | None = None, self_test_ok: bool = True, healthy: bool = True,
             crash: bool = False, pad: int = 0, screen: str | None = None) -> Path:
        n = next(counter)
        wheels = tmp_path / f"wheels-{n}"
        make_wheel(wheels, version, self_test_ok=self_test_ok, healthy=healthy, crash=crash, pad=pad,
                   screen=screen)  # fmt: skip
        signing = laptop.load_signing_key(key or keys.private)
        return laptop.build_bundle(tmp_path / f"bundles-{n}", signing, name="tressette-box",
                                   wheels_from=wheels)

    return make


# --------------------------------------------------------------------------- the box


@dataclass
class BoxUnderTest:
    root: Path
    sshd: Sshd
    shims: Path
    keys: Keys

    @property
    def base(self) -> Path:
        return self.root / "opt/tressette"

    def target_args(self) -> list[str]:
        return [
            "box", "--ssh-config", str(self.sshd.config), "--box-root", str(self.root),
            "--remote-python", sys.executable, "--no-sudo",
            "--remote-env", f"PATH={self.shims}:/usr/bin:/bin",
            "--remote-env", f"SHIM_ROOT={self.root}",
        ]

    def run(self, tool: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(REPO / "deploy" / tool), *args], capture_output=True, text=True,
                              timeout=timeout, check=False)

    def provision(self) -> subprocess.CompletedProcess[str]:
        return self.run("provision", *self.target_args(), "--pubkey", str(self.keys.public))

    def deploy(self, bundle: Path, *extra: str) -> subprocess.CompletedProcess[str]:
        return self.run("deploy", "push", *self.target_args(), "--bundle", str(bundle),
                        "--pubkey", str(self.keys.public), "--health-timeout", "2", *extra)

    def build_and_deploy(self, wheels: Path, out: Path) -> subprocess.CompletedProcess[str]:
        """The whole laptop side: build (from ready wheels), sign, copy, install."""
        return self.run("deploy", "push", *self.target_args(), "--wheels", str(wheels),
                        "--key", str(self.keys.private), "--out", str(out), "--health-timeout", "2")

    def deploy_argv(self, bundle: Path, *extra: str) -> list[str]:
        return [str(REPO / "deploy/deploy"), "push", *self.target_args(), "--bundle", str(bundle),
                "--pubkey", str(self.keys.public), "--health-timeout", "2", *extra]

    def rollback(self) -> subprocess.CompletedProcess[str]:
        return self.run("deploy", "rollback", *self.target_args(), "--health-timeout", "2")

    def current(self) -> str | None:
        link = self.base / "current"
        return os.readlink(link) if link.is_symlink() else None

    def releases(self) -> list[str]:
        return sorted(p.name for p in (self.base / "releases").iterdir())

    def health(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads((self.root / "run/tressette/health").read_text())
        return data

    def shim_log(self) -> list[str]:
        path = self.root / "shim.log"
        return path.read_text().splitlines() if path.exists() else []

    def restarts(self) -> int:
        return sum(1 for line in self.shim_log() if line.startswith("systemctl restart"))

    def service_state(self) -> str:
        path = self.root / "shim-state/tressette.service"
        return path.read_text() if path.exists() else "inactive"


def new_root(path: Path) -> Path:
    """What a fresh Raspberry Pi OS Lite looks like, as far as provisioning cares."""
    (path / "etc").mkdir(parents=True)
    (path / "etc/passwd").write_text("root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000::/home/pi:/bin/bash\n")
    (path / "etc/group").write_text(
        "root:x:0:\ndialout:x:20:pi\nvideo:x:44:pi\ninput:x:105:pi\nrender:x:106:pi\ngpio:x:997:pi\npi:x:1000:\n"
    )
    (path / "boot/firmware").mkdir(parents=True)
    (path / "boot/firmware/cmdline.txt").write_text(
        "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait\n"
    )
    (path / "boot/firmware/config.txt").write_text("[all]\ndtoverlay=vc4-kms-v3d\n")
    return path


@pytest.fixture(scope="session")
def shims(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("shims")
    shim = Path(__file__).with_name("shim.py")
    for name in SHIMS:
        (d / name).write_text(f'#!/bin/sh\nexec {sys.executable} {shim} {name} "$@"\n')
        (d / name).chmod(0o755)
    return d


@pytest.fixture
def fresh_box(tmp_path: Path, sshd: Sshd, shims: Path, keys: Keys) -> BoxUnderTest:
    return BoxUnderTest(new_root(tmp_path / "box"), sshd, shims, keys)


@pytest.fixture(scope="session")
def baseline(tmp_path_factory: pytest.TempPathFactory, sshd: Sshd, shims: Path, keys: Keys) -> Path:
    """Once per worker: a box provisioned by deploy/provision, then deployed 1.0.0 over SSH."""
    d = tmp_path_factory.mktemp("baseline")
    box = BoxUnderTest(new_root(d / "box"), sshd, shims, keys)
    result = box.provision()
    assert result.returncode == 0, result.stdout + result.stderr
    make_wheel(d / "wheels", "1.0.0")
    bundle = laptop.build_bundle(d / "bundles", laptop.load_signing_key(keys.private),
                                 name="tressette-box", wheels_from=d / "wheels")
    result = box.deploy(bundle)
    assert result.returncode == 0, result.stdout + result.stderr
    return box.root


def relocate_venvs(old: Path, new: Path) -> None:
    """Fix the console-script shebangs pip wrote with the baseline's absolute paths."""
    for script in new.glob("opt/tressette/releases/*/venv/bin/*"):
        if script.is_file() and not script.is_symlink():
            data = script.read_bytes()
            if data.startswith(b"#!" + bytes(old)):
                script.write_bytes(data.replace(bytes(old), bytes(new), 1))


@pytest.fixture
def box(tmp_path: Path, baseline: Path, sshd: Sshd, shims: Path, keys: Keys) -> BoxUnderTest:
    """A provisioned box running release 1.0.0 (a relocated copy of the worker's baseline)."""
    root = tmp_path / "box"
    shutil.copytree(baseline, root, symlinks=True)
    relocate_venvs(baseline, root)
    box = BoxUnderTest(root, sshd, shims, keys)
    assert box.current() == "releases/1.0.0" and box.restarts() == 1
    return box
