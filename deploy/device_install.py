#!/usr/bin/python3
"""Device-side installer of the Tressette box: verify, install, switch, check, roll back.

Installed by ``deploy/provision`` to ``/opt/tressette/bin/device_install.py`` and
run (as root) by ``deploy/deploy`` over SSH. It needs only the standard library
and PyNaCl, which the box gets from Debian (``python3-nacl``), so it works with
the system ``/usr/bin/python3`` whatever state the releases are in.

Layout under ``<root>`` (``/`` on the box, a temporary directory in the tests)::

    opt/tressette/releases/<version>/    one release: venv/, manifest.json(.sig), .complete
    opt/tressette/current -> releases/<version>   switched atomically
    opt/tressette/incoming/<sha256>.partial/      a bundle awaiting verification (named by `receive`)
    opt/tressette/deploy.lock                     flock: one deploy at a time
    opt/tressette/pending.json                    an activation in progress (crash recovery)
    opt/tressette/deploy.log                      what every run did
    etc/tressette/deploy.pub                      the pinned ed25519 update key (hex)
    var/lib/tressette/                            state: never inside a release
    run/tressette/health                          written by the running program

Exit codes: 0 done (or nothing to do), 1 failed and rolled back, 2 usage,
3 bundle refused (signature, hashes, files), 4 downgrade refused, 75 busy.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import fcntl
import hashlib
import json
import os
import pwd
import re
import shutil
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
SIGNATURE = "manifest.json.sig"
MANIFEST_FORMAT = "tressette-manifest/1"
COMPLETE = ".complete"
KEEP_RELEASES = 3
SERVICE = "tressette.service"

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_REFUSED, EXIT_DOWNGRADE, EXIT_BUSY = 0, 1, 2, 3, 4, 75
# The health file's "screen" (docs/deploy.md): "ok", "absent" (no display: not the
# release's fault) or "failed" (a display is there and the release cannot open it).
SCREEN_ABSENT, SCREEN_FAILED = "absent", "failed"
LOG_MAX_BYTES = 1 << 20  # deploy.log rotates past 1 MiB ...
LOG_KEEP = 2  # ... keeping deploy.log.1 and deploy.log.2
# The box names each incoming bundle's directory after its manifest's SHA-256.
_INCOMING_NAME = re.compile(r"^([0-9a-f]{64})\.partial\Z")

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]*\Z")
_SAFE_REQ = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9_,.-]+\])?\Z")


class InstallError(Exception):
    """A step failed; ``code`` is the exit status to report."""

    def __init__(self, message: str, code: int = EXIT_FAILED) -> None:
        super().__init__(message)
        self.code = code


# --------------------------------------------------------------------------- output


class Log:
    """Step lines to stdout (streamed to the laptop) and to deploy.log.

    deploy.log is bounded: past ``max_bytes`` it is rotated to ``deploy.log.1``
    (and that to ``.2``), so a box deployed to for years keeps at most
    ``(keep + 1) * max_bytes`` of it on its SD card.
    """

    def __init__(self, path: Path | None, *, max_bytes: int | None = None, keep: int = LOG_KEEP) -> None:
        self.path = path
        self.max_bytes = LOG_MAX_BYTES if max_bytes is None else max_bytes
        self.keep = keep

    def __call__(self, line: str) -> None:
        with contextlib.suppress(OSError):  # the laptop may have gone away: carry on
            print(line, flush=True)
        if self.path is not None:
            with contextlib.suppress(OSError):
                self._rotate_if_full()
                with self.path.open("a", encoding="utf-8") as f:
                    f.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")

    def _rotate_if_full(self) -> None:
        assert self.path is not None
        try:
            if self.path.stat().st_size < self.max_bytes:
                return
        except FileNotFoundError:
            return
        for n in range(self.keep, 0, -1):
            older = self.path.with_name(f"{self.path.name}.{n}")
            newer = self.path.with_name(f"{self.path.name}.{n - 1}") if n > 1 else self.path
            if newer.exists():
                os.replace(newer, older)


# --------------------------------------------------------------------------- versions


# A release's version: PEP 440, public (no local "+..."), no epoch, and spelt the
# canonical way (what packaging prints back), so one version has one spelling
# and one directory name. Equality and order come from packaging.version.
_CANONICAL = re.compile(r"^[0-9]+(\.[0-9]+)*((a|b|rc)[0-9]+)?(\.post[0-9]+)?(\.dev[0-9]+)?\Z")
MAX_VERSION_LEN = 64


def parse_version(text: object) -> Any:
    """The ``packaging.version.Version`` of a release version, or InstallError (refused)."""
    try:
        # optional: the deploy extra (packaging), needed only to order versions
        from packaging.version import InvalidVersion, Version
    except ImportError as exc:  # provisioning installs python3-packaging
        raise InstallError("python3-packaging is missing on this box: run deploy/provision again") from exc
    if not isinstance(text, str) or not text or len(text) > MAX_VERSION_LEN:
        raise InstallError(f"refused: bad version {str(text)[:80]!r}", EXIT_REFUSED)
    try:
        version = Version(text)
    except InvalidVersion as exc:
        raise InstallError(f"refused: {text!r} is not a PEP 440 version", EXIT_REFUSED) from exc
    canonical = str(version)
    if canonical != text or not _CANONICAL.match(text):
        hint = f" (write it {canonical})" if _CANONICAL.match(canonical) else ""
        raise InstallError(f"refused: version {text!r} is not in canonical form{hint}", EXIT_REFUSED)
    return version


def same_version(a: str | None, b: str | None) -> bool:
    """Equal as versions (``1.0`` == ``1.0.0``); unparsable ones only when spelt alike."""
    if a is None or b is None:
        return a == b
    try:
        return bool(parse_version(a) == parse_version(b))
    except InstallError:
        return a == b


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class Release:
    name: str
    path: Path
    version: str
    manifest_sha256: str
    installed_ns: int
    complete: bool


class Box:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.base = root / "opt/tressette"
        self.releases = self.base / "releases"
        self.incoming = self.base / "incoming"
        self.current = self.base / "current"
        self.lock_path = self.base / "deploy.lock"
        self.pending = self.base / "pending.json"
        self.log_path = self.base / "deploy.log"
        self.pubkey = root / "etc/tressette/deploy.pub"
        self.state_dir = root / "var/lib/tressette"
        self.health = root / "run/tressette/health"
        self.unit = root / "etc/systemd/system" / SERVICE

    def release(self, name: str) -> Release:
        path = self.releases / name
        version, sha, installed = "", "", 0
        with contextlib.suppress(OSError, ValueError, InstallError):
            data = read_bundle_file(path / MANIFEST, MANIFEST_MAX)
            version = str(json.loads(data)["version"])
            sha = hashlib.sha256(data).hexdigest()
        with contextlib.suppress(OSError, ValueError, KeyError):
            installed = int(json.loads((path / COMPLETE).read_text())["installed_ns"])
        return Release(name, path, version, sha, installed, (path / COMPLETE).is_file())

    def all_releases(self) -> list[Release]:
        if not self.releases.is_dir():
            return []
        found = [self.release(p.name) for p in self.releases.iterdir() if p.is_dir()]
        return sorted(found, key=lambda r: (r.installed_ns, r.name))

    def current_name(self) -> str | None:
        try:
            target = os.readlink(self.current)
        except OSError:
            return None
        return Path(target).name

    def current_release(self) -> Release | None:
        name = self.current_name()
        return self.release(name) if name and (self.releases / name).is_dir() else None


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def switch_current(box: Box, name: str | None) -> None:
    """Point ``current`` at releases/<name> atomically: temporary symlink, rename, fsync."""
    if name is None:
        with contextlib.suppress(FileNotFoundError):
            box.current.unlink()
        fsync_dir(box.base)
        return
    tmp = box.base / f".current.tmp-{os.getpid()}"
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    # Relative target: the same tree works under any --root and after a restore.
    os.symlink(f"releases/{name}", tmp)
    os.replace(tmp, box.current)
    fsync_dir(box.base)


def write_json_atomic(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with tmp.open("w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    fsync_dir(path.parent)


@contextlib.contextmanager
def deploy_lock(box: Box) -> Iterator[None]:
    box.base.mkdir(parents=True, exist_ok=True)
    fd = os.open(box.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise InstallError("another deploy is in progress on this box", EXIT_BUSY) from exc
            raise
        yield
    finally:
        os.close(fd)


def lock_is_held(box: Box) -> bool:
    try:
        with deploy_lock(box):
            return False
    except InstallError:
        return True


# --------------------------------------------------------------------------- verification


def load_pubkey(box: Box) -> bytes:
    try:
        text = box.pubkey.read_text().strip()
        key = bytes.fromhex(text)
    except (OSError, ValueError) as exc:
        raise InstallError(f"no usable update key at {box.pubkey}: {exc}", EXIT_REFUSED) from exc
    if len(key) != 32:
        raise InstallError(f"update key at {box.pubkey} is not 32 bytes", EXIT_REFUSED)
    return key


def verify_signature(data: bytes, signature_hex: str, pubkey: bytes) -> None:
    # optional: the deploy extra (pynacl), needed only to sign and check bundles
    from nacl.exceptions import BadSignatureError
    from nacl.signing import VerifyKey

    try:
        signature = bytes.fromhex(signature_hex.strip())
        VerifyKey(pubkey).verify(data, signature)
    except (ValueError, BadSignatureError) as exc:
        raise InstallError("bad signature: manifest not signed by the pinned key", EXIT_REFUSED) from exc


def _bundle_files(bundle: Path) -> set[str]:
    found: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(bundle):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            rel = path.relative_to(bundle).as_posix()
            if path.is_symlink():
                raise InstallError(f"refused: symlink in bundle: {rel}", EXIT_REFUSED)
            if name in filenames:
                mode = path.lstat().st_mode
                if not stat.S_ISREG(mode):
                    raise InstallError(f"refused: {rel} is not a regular file ({_kind(mode)})", EXIT_REFUSED)
                found.add(rel)
    return found - {MANIFEST, SIGNATURE}


MANIFEST_MAX = 1 << 20  # a manifest lists a few dozen wheels: a few KB
SIGNATURE_MAX = 4096  # 128 hex digits and a newline
WHEEL_MAX = 1 << 30


@contextlib.contextmanager
def open_regular(path: Path, limit: int) -> Iterator[int]:
    """A file descriptor on ``path``, only if it is a regular file of at most ``limit`` bytes.

    Opened with O_NONBLOCK (a FIFO opens at once instead of waiting for a writer) and
    O_NOFOLLOW, then checked with fstat on what was opened (no race with a swap of the
    name): a FIFO, a device, a socket, a directory or a link is refused
    (InstallError), as is a file larger than ``limit``. The reads below stop at ``limit``
    too, so a file that grows while it is read ends the same way."""
    # optional: O_CLOEXEC and O_NOCTTY are platform constants, absent where the platform has no such flag
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    rel = path.name
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InstallError(f"refused: {rel} is a symlink, not a regular file", EXIT_REFUSED) from exc
        raise InstallError(f"refused: incomplete bundle: cannot read {rel}: {exc.strerror or exc}",
                           EXIT_REFUSED) from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InstallError(f"refused: {rel} is not a regular file ({_kind(st.st_mode)})", EXIT_REFUSED)
        if st.st_size > limit:
            raise InstallError(f"refused: {rel} is {st.st_size} bytes, more than the {limit} a bundle's "
                               f"{rel} may have", EXIT_REFUSED)
        os.set_blocking(fd, True)
        yield fd
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISDIR, "a directory"), (stat.S_ISLNK, "a symlink")):
        if test(mode):
            return name
    return f"mode {mode:o}"


def _chunks(fd: int, limit: int, rel: str) -> Iterator[bytes]:
    left = limit
    while True:
        chunk = os.read(fd, min(1 << 20, left + 1))
        if not chunk:
            return
        left -= len(chunk)
        if left < 0:
            raise InstallError(f"refused: {rel} grew past {limit} bytes while it was read", EXIT_REFUSED)
        yield chunk


def read_bundle_file(path: Path, limit: int) -> bytes:
    """A bundle file's bytes: only a regular file, at most ``limit`` bytes (:func:`open_regular`)."""
    with open_regular(path, limit) as fd:
        return b"".join(_chunks(fd, limit, path.name))


def sha256_file(path: Path, limit: int = WHEEL_MAX) -> str:
    h = hashlib.sha256()
    with open_regular(path, limit) as fd:
        for chunk in _chunks(fd, limit, path.name):
            h.update(chunk)
    return h.hexdigest()


def read_signed_manifest(bundle: Path, pubkey: bytes) -> tuple[dict[str, Any], bytes]:
    """The manifest's bytes, read once and verified before anything parses them.

    Both files are read only if they are regular files of a bounded size: a FIFO or a
    device in their place (a read that never ends) is refused, not waited on."""
    data = read_bundle_file(bundle / MANIFEST, MANIFEST_MAX)
    signature = read_bundle_file(bundle / SIGNATURE, SIGNATURE_MAX).decode("ascii", errors="replace")
    verify_signature(data, signature, pubkey)
    return check_manifest(data), data


def verify_bundle(bundle: Path, pubkey: bytes, log: Log) -> tuple[dict[str, Any], bytes]:
    """Signature first (nothing unsigned is parsed), then the manifest's form, then every file."""
    manifest, data = read_signed_manifest(bundle, pubkey)
    log("ok    signature (pinned ed25519 key)")
    _verify_files(bundle, manifest, log)
    return manifest, data


def check_manifest(data: bytes) -> dict[str, Any]:
    """A signed manifest's form, checked field by field: InstallError (refused) otherwise.

    Signed is not the same as sane (a key holder's mistake, an old builder): the
    version must be canonical PEP 440, names and paths safe, sizes and hashes
    well-formed, before any of it names a file or a directory.
    """
    try:
        manifest = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        raise InstallError(f"refused: manifest is not JSON: {type(exc).__name__}", EXIT_REFUSED) from exc
    if not isinstance(manifest, dict):
        raise InstallError("refused: manifest is not a JSON object", EXIT_REFUSED)
    if manifest.get("format") != MANIFEST_FORMAT:
        raise InstallError(f"refused: unknown manifest format {str(manifest.get('format'))[:80]!r}",
                           EXIT_REFUSED)
    parse_version(manifest.get("version"))
    name = manifest.get("name")
    if not isinstance(name, str) or not _SAFE_NAME.match(name):
        raise InstallError("refused: bad name in manifest", EXIT_REFUSED)
    requirement = manifest.get("requirement", name)
    if not isinstance(requirement, str) or not _SAFE_REQ.match(requirement):
        raise InstallError("refused: bad requirement in manifest", EXIT_REFUSED)
    files = manifest.get("files")
    if not isinstance(files, dict):
        raise InstallError("refused: manifest has no file list", EXIT_REFUSED)
    for rel, meta in files.items():
        if not _safe_rel(rel):
            raise InstallError(f"refused: unsafe path in manifest: {rel[:120]!r}", EXIT_REFUSED)
        ok = (isinstance(meta, dict) and isinstance(meta.get("sha256"), str)
              and _SHA256.match(meta["sha256"]) is not None
              and type(meta.get("size")) is int and meta["size"] >= 0)
        if not ok:
            raise InstallError(f"refused: bad size or SHA-256 for {rel} in manifest", EXIT_REFUSED)
    return manifest


_SHA256 = re.compile(r"^[0-9a-f]{64}\Z")
_SAFE_FILE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]*\Z")


def _safe_rel(rel: str) -> bool:
    """``wheels/<one plain file name>``: nothing else can be named by a manifest."""
    parts = rel.split("/")
    return (len(parts) == 2 and parts[0] == "wheels" and _SAFE_FILE.match(parts[1]) is not None
            and len(rel) <= 255)


def _verify_files(bundle: Path, manifest: dict[str, Any], log: Log) -> None:
    files: dict[str, dict[str, Any]] = manifest["files"]
    present = _bundle_files(bundle)
    missing = sorted(set(files) - present)
    extra = sorted(present - set(files))
    if missing:
        raise InstallError(f"refused: missing from bundle: {', '.join(missing)}", EXIT_REFUSED)
    if extra:
        raise InstallError(f"refused: not in the manifest: {', '.join(extra)}", EXIT_REFUSED)
    for rel, meta in sorted(files.items()):
        path = bundle / rel
        size = path.lstat().st_size
        if size != meta["size"]:
            raise InstallError(
                f"refused: {rel} is {size} bytes, manifest says {meta['size']} (truncated transfer?)",
                EXIT_REFUSED,
            )
        if sha256_file(path, meta["size"]) != meta["sha256"]:
            raise InstallError(f"refused: SHA-256 mismatch for {rel} (tampered?)", EXIT_REFUSED)
    log(f"ok    {len(files)} file(s), sizes and SHA-256 match the manifest")


# --------------------------------------------------------------------------- service


@dataclass(frozen=True)
class Options:
    systemctl: list[str]
    service: str
    python: str
    pip: list[str]
    health_timeout: float
    service_user: str
    self_test_timeout: float
    no_start: bool = False  # an image being built: made current, started at the box's boot


def run(cmd: Sequence[str], log: Log, timeout: float, env: dict[str, str] | None = None,
        user: str | None = None) -> int:
    """Run a command (as ``user``, with that user's groups), relaying its output; return its status.

    The groups are the user's own (``video``, ``render``...), as systemd gives
    the service: the self-test opens the screen the way the service will.
    """
    ids: dict[str, Any] = {}
    if user is not None:
        entry = pwd.getpwnam(user)
        groups = [g for g in os.getgrouplist(user, entry.pw_gid) if g != entry.pw_gid]
        ids = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": groups}
    try:
        proc = subprocess.run(
            list(cmd), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            text=True, timeout=timeout, env=env, check=False, **ids,
        )
    except subprocess.TimeoutExpired:
        log(f"      timed out after {timeout:.0f} s: {' '.join(cmd)}")
        return 124
    except OSError as exc:
        log(f"      cannot run {cmd[0]}: {exc}")
        return 127
    for line in proc.stdout.splitlines():
        log(f"      {line}")
    return proc.returncode


def read_health(box: Box) -> dict[str, Any] | None:
    try:
        data = json.loads(box.health.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def restart_and_check(box: Box, opts: Options, version: str, log: Log) -> bool:
    """Restart the service; healthy = active and a fresh health file naming ``version``.

    The screen is judged apart (the health file's ``screen``): ``absent`` (no
    display connected: a missing cable, a box without one) is not the release's
    fault and passes with a warning; ``failed`` (a display is there and this
    release cannot open it) is a broken release.
    """
    started = time.time()
    log(f"==> restarting {opts.service}")
    # A broken release may have used up StartLimitBurst: that must not block the way back.
    subprocess.run([*opts.systemctl, "reset-failed", opts.service], capture_output=True, check=False)
    if run([*opts.systemctl, "restart", opts.service], log, opts.health_timeout + 30) != 0:
        log(f"FAIL  systemctl restart {opts.service}")
        return False
    deadline = time.monotonic() + opts.health_timeout
    state, health = "", None
    while True:
        state = subprocess.run(
            [*opts.systemctl, "is-active", opts.service], capture_output=True, text=True, check=False
        ).stdout.strip()
        health = read_health(box)
        if state == "active" and health is not None and _healthy(health, version, started):
            if health.get("screen") == SCREEN_ABSENT:
                log(f"WARN  this box has no screen ({health.get('screen_detail', 'no display')}): "
                    "the release runs without one and opens it when a display is plugged in")
            log(f"ok    service active, health file reports {version}")
            return True
        if state in ("failed", "inactive"):
            log(f"FAIL  service is {state} after restart")
            return False
        if time.monotonic() >= deadline:
            if health is not None and health.get("screen") == SCREEN_FAILED:
                log(f"FAIL  a display is connected but this release cannot open it "
                    f"({health.get('screen_detail', '?')}): the release is broken")
            log(f"FAIL  no healthy report within {opts.health_timeout:.0f} s "
                f"(service {state or 'unknown'}, health {health})")
            return False
        time.sleep(0.2)


def _healthy(health: dict[str, Any], version: str, started: float) -> bool:
    try:
        fresh = float(health.get("time", 0)) >= started - 2.0  # a little clock slack
    except (TypeError, ValueError):
        return False
    return (fresh and same_version(str(health.get("version")), version)
            and health.get("status", "ok") == "ok" and health.get("screen") != SCREEN_FAILED)


# --------------------------------------------------------------------------- install steps


def cleanup_stale(box: Box, opts: Options, log: Log) -> None:
    """Undo whatever a killed earlier run left behind."""
    if box.pending.exists():
        try:
            pending = json.loads(box.pending.read_text())
        except (OSError, ValueError):
            pending = {}
        previous = pending.get("previous")
        log(f"==> an earlier activation did not finish; going back to {previous or 'no release'}")
        switch_current(box, previous if previous and (box.releases / previous).is_dir() else None)
        if previous:
            restart_and_check(box, opts, box.release(previous).version, log)
        new = pending.get("new")
        if new and new != previous and (box.releases / new).is_dir():
            shutil.rmtree(box.releases / new)
        box.pending.unlink()
    current = box.current_name()
    for rel in box.all_releases():
        if not rel.complete and rel.name != current:
            log(f"      removing half-installed release {rel.name}")
            shutil.rmtree(rel.path)
    for tmp in box.base.glob(".current.tmp-*"):
        tmp.unlink()


def create_release(box: Box, name: str, bundle: Path, manifest: dict[str, Any], raw: bytes,
                   signature: str, opts: Options, log: Log) -> Release:
    path = box.releases / name
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    log(f"==> installing {manifest['name']} {manifest['version']} into releases/{name} (offline)")
    venv = path / "venv"
    if run([opts.python, "-m", "venv", "--without-pip", str(venv)], log, 120) != 0:
        raise InstallError("could not create the release venv")
    requirement = f"{manifest.get('requirement', manifest['name'])}=={manifest['version']}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1")
    pip = [*opts.pip, "--python", str(venv / "bin/python"), "install", "--no-index",
           "--no-cache-dir", "--quiet", "--find-links", str(bundle / "wheels"), requirement]
    if run(pip, log, 600, env=env) != 0:
        raise InstallError("pip install --no-index failed")
    (path / MANIFEST).write_bytes(raw)
    (path / SIGNATURE).write_text(signature)
    log("==> self-test of the new release")
    # The self-test reads SDL_VIDEODRIVER from the unit and opens a real mode where a
    # display is connected (docs/deploy.md); everything else stays on the dummy driver.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TRESSETTE_STATE_DIR=str(box.state_dir), TRESSETTE_UNIT=str(box.unit))
    exe = venv / "bin/tressette"
    rc = run([str(exe), "self-test", "--state-dir", str(box.state_dir)], log,
             opts.self_test_timeout, env=env, user=_service_user(box, opts))
    if rc != 0:
        raise InstallError(f"self-test failed (exit {rc})")
    write_json_atomic(path / COMPLETE, {"installed_ns": time.time_ns(), "version": manifest["version"]})
    return box.release(name)


def _service_user(box: Box, opts: Options) -> str | None:
    """Self-test as the service's user on the real box, so 'state dir writable' means it."""
    if os.geteuid() != 0 or box.root != Path("/") or not opts.service_user:
        return None

    try:
        pwd.getpwnam(opts.service_user)
    except KeyError:
        return None
    return opts.service_user


def activate(box: Box, target: Release, previous: Release | None, opts: Options, log: Log) -> bool:
    """Switch to ``target`` and check it; on failure switch back to ``previous``.

    With ``no_start`` (deploy/build-image: the release goes into an image's root, where no
    systemd runs) ``target`` becomes current unstarted: its self-test passed, and the unit
    starts it at the box's boot, where a release that is not healthy shows in its health file."""
    if opts.no_start:
        switch_current(box, target.name)
        log(f"ok    current -> releases/{target.name}, not started (--no-start: it starts at boot)")
        return True
    write_json_atomic(box.pending, {"new": target.name, "previous": previous.name if previous else None})
    log(f"==> switching current -> releases/{target.name}")
    switch_current(box, target.name)
    try:
        ok = restart_and_check(box, opts, target.version, log)
    except Exception as exc:  # whatever went wrong, do not stay on an unchecked release
        log(f"FAIL  {type(exc).__name__}: {exc}")
        ok = False
    if not ok:
        log(f"==> rolling back to {previous.version if previous else 'no release'}")
        switch_current(box, previous.name if previous else None)
        if previous is not None and not restart_and_check(box, opts, previous.version, log):
            log(f"WARN  {previous.version} is not healthy either: see journalctl -u {opts.service}")
    box.pending.unlink()
    fsync_dir(box.base)
    return ok


def prune(box: Box, log: Log, keep: int = KEEP_RELEASES) -> None:
    current = box.current_name()
    others = [r for r in box.all_releases() if r.name != current]
    excess = len(others) - (keep - 1 if current else keep)
    for rel in others[: max(0, excess)]:  # oldest installs first
        log(f"      pruning old release {rel.name}")
        shutil.rmtree(rel.path)


def receive(box: Box, manifest_sha256: str) -> Path:
    """The directory the next bundle is copied into, chosen here: ``incoming/<sha256>.partial``.

    Named after the SHA-256 of the manifest the laptop verified, so a copy that
    died is resumed by the next push of the same bundle; anything else in
    incoming/ is debris of an earlier deploy and goes (one deploy at a time).
    Nothing the bundle says names a path on the box.
    """
    if not _SHA256.match(manifest_sha256):
        raise InstallError("receive: expected the manifest's SHA-256 (64 lowercase hex digits)", EXIT_USAGE)
    with deploy_lock(box):
        box.incoming.mkdir(mode=0o700, parents=True, exist_ok=True)
        chosen = box.incoming / f"{manifest_sha256}.partial"
        for entry in box.incoming.iterdir():
            if entry.name != chosen.name:
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)
        chosen.mkdir(mode=0o700, exist_ok=True)
        os.chmod(chosen, 0o700)
        return chosen


def _incoming_bundle(box: Box, bundle: Path) -> tuple[Path, str]:
    """A bundle is only ever a directory :func:`receive` chose; return it and its manifest's hash."""
    try:
        bundle = bundle.resolve(strict=True)
    except OSError as exc:
        raise InstallError(f"no bundle at {bundle}", EXIT_REFUSED) from exc
    m = _INCOMING_NAME.match(bundle.name)
    if bundle.parent != box.incoming.resolve() or m is None or not bundle.is_dir():
        raise InstallError(f"a bundle must be a directory chosen by `receive` under {box.incoming}",
                           EXIT_USAGE)
    return bundle, m.group(1)


def install(box: Box, bundle: Path, force: bool, opts: Options, log: Log) -> int:
    bundle, expected_sha = _incoming_bundle(box, bundle)
    with deploy_lock(box):  # busy: raise before touching anything, the bundle may be the other's
        try:
            cleanup_stale(box, opts, log)
            return _install_locked(box, bundle, expected_sha, force, opts, log)
        finally:
            # Verified or not, a bundle is used once: never leave it to be installed by accident.
            shutil.rmtree(bundle, ignore_errors=True)


def _install_locked(box: Box, bundle: Path, expected_sha: str, force: bool, opts: Options,
                    log: Log) -> int:
    log("==> verifying the bundle")
    manifest, raw = verify_bundle(bundle, load_pubkey(box), log)
    sha = hashlib.sha256(raw).hexdigest()
    if sha != expected_sha:
        raise InstallError("refused: the manifest is not the one this directory was chosen for",
                           EXIT_REFUSED)
    version = str(manifest["version"])
    current = box.current_release()
    if current is not None and same_version(current.version, version) and not force:
        # A rebuild of the same version differs only in timestamps: same version, same release.
        same = "same manifest" if current.manifest_sha256 == sha else "rebuilt bundle"
        spelt = "" if current.version == version else f" (spelt {current.version} there)"
        log(f"ok    {version} is already the current release{spelt} ({same}): nothing to do"
            " (--force reinstalls)")
        return EXIT_OK
    if current is not None and current.version and not force:
        try:
            older = parse_version(version) < parse_version(current.version)
        except InstallError:
            log(f"note  the current release's version {current.version!r} does not parse: "
                "not comparing")
            older = False
        if older:
            raise InstallError(f"refused downgrade {current.version} -> {version} (use --force)",
                               EXIT_DOWNGRADE)
    name = version if not (box.releases / version).exists() else f"{version}-{time.time_ns()}"
    signature = read_bundle_file(bundle / SIGNATURE, SIGNATURE_MAX).decode("ascii", errors="replace")
    try:
        release = create_release(box, name, bundle, manifest, raw, signature, opts, log)
    except InstallError as exc:
        shutil.rmtree(box.releases / name, ignore_errors=True)
        log(f"FAIL  {exc}; {current.version if current else 'nothing'} stays current")
        return EXIT_FAILED
    if not activate(box, release, current, opts, log):
        shutil.rmtree(release.path, ignore_errors=True)
        log(f"FAIL  {version} did not come up healthy; rolled back to "
            f"{current.version if current else 'no release'}")
        return EXIT_FAILED
    prune(box, log)
    log(f"done  installed {version}" + (f" (was {current.version})" if current else ""))
    return EXIT_OK


def rollback(box: Box, opts: Options, log: Log) -> int:
    with deploy_lock(box):
        cleanup_stale(box, opts, log)
        current = box.current_release()
        if current is None:
            raise InstallError("no current release to roll back from")
        older = [r for r in box.all_releases()
                 if r.complete and r.name != current.name and r.installed_ns < current.installed_ns]
        if not older:
            raise InstallError(f"no release older than {current.version} to roll back to")
        target = older[-1]
        log(f"==> rolling back {current.version} -> {target.version}")
        if not activate(box, target, current, opts, log):
            log(f"FAIL  {target.version} did not come up healthy; back on {current.version}")
            return EXIT_FAILED
        log(f"done  current is {target.version}")
        return EXIT_OK


def status(box: Box) -> dict[str, Any]:
    current = box.current_release()
    return {
        "current": current.name if current else None,
        "version": current.version if current else None,
        "manifest_sha256": current.manifest_sha256 if current else None,
        "releases": [
            {"name": r.name, "version": r.version, "complete": r.complete, "installed_ns": r.installed_ns}
            for r in box.all_releases()
        ],
        "locked": lock_is_held(box) if box.base.is_dir() else False,
        "health": read_health(box),
    }


# --------------------------------------------------------------------------- CLI


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="device_install", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--root", default="/", help="the box's filesystem root (tests: a temp dir)")
    p.add_argument("--systemctl", default="systemctl", help="systemctl command (tests: a shim)")
    p.add_argument("--service", default=SERVICE)
    p.add_argument("--python", default=sys.executable, help="interpreter for release venvs")
    p.add_argument("--pip", default=f"{sys.executable} -m pip", help="pip command (supports --python)")
    p.add_argument("--health-timeout", type=float, default=60.0)
    p.add_argument("--self-test-timeout", type=float, default=120.0)
    p.add_argument("--service-user", default="tressette")
    p.add_argument("--no-start", action="store_true",
                   help="install into an image being built: make the release current without "
                        "restarting the service (no systemd runs there); it starts at boot")
    sub = p.add_subparsers(dest="command", required=True)
    i = sub.add_parser("install", help="verify and install a bundle from incoming/")
    i.add_argument("bundle")
    i.add_argument("--force", action="store_true", help="allow a downgrade or a same-version reinstall")
    v = sub.add_parser("verify", help="only verify a bundle")
    v.add_argument("bundle")
    r = sub.add_parser("receive", help="make (or resume) the directory a bundle is copied into")
    r.add_argument("manifest_sha256", help="SHA-256 of the verified manifest.json")
    sub.add_parser("rollback", help="go back to the release installed before the current one")
    s = sub.add_parser("status", help="current release, releases kept, lock, health")
    s.add_argument("--json", action="store_true")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    box = Box(Path(args.root))
    opts = Options(
        systemctl=args.systemctl.split(), service=args.service, python=args.python,
        pip=args.pip.split(), health_timeout=args.health_timeout, service_user=args.service_user,
        self_test_timeout=args.self_test_timeout, no_start=args.no_start,
    )
    quiet = ("status", "receive")
    log = Log(box.log_path if box.base.is_dir() and args.command not in quiet else None)
    try:
        if args.command == "install":
            return install(box, Path(args.bundle), args.force, opts, log)
        if args.command == "verify":
            manifest, _ = verify_bundle(Path(args.bundle), load_pubkey(box), log)
            log(f"ok    {manifest['name']} {manifest['version']}")
            return EXIT_OK
        if args.command == "rollback":
            return rollback(box, opts, log)
        if args.command == "receive":
            print(json.dumps({"path": str(receive(box, args.manifest_sha256))}))
            return EXIT_OK
        info = status(box)
        if args.json:
            print(json.dumps(info, sort_keys=True))
        else:
            print(f"current: {info['version'] or 'none'}")
            for r in info["releases"]:
                mark = "*" if r["name"] == info["current"] else " "
                print(f" {mark} {r['name']}{'' if r['complete'] else ' (incomplete)'}")
        return EXIT_OK
    except InstallError as exc:
        log(f"FAIL  {exc}")
        return exc.code


if __name__ == "__main__":
    # The laptop may hang up mid-install: finish (or roll back) regardless.
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    sys.exit(main())
