"""The box as its installer sees it: the directories, the deploy log, versions, the lock.

Part of the device-side installer (:mod:`deploy.device_install`, which says what runs where
and why it needs only the standard library and PyNaCl): ``deploy/provision`` puts this file
beside ``device_install.py`` in ``/opt/tressette/bin``. Here: the exit codes and
:class:`InstallError`, the bounded deploy log, a release's version (canonical PEP 440), the
layout under ``<root>`` (:class:`Box`, :class:`Release`), the atomic switch of ``current``,
the one-deploy-at-a-time lock, and how a file the box did not write is read: only a regular
file, bounded, no link followed (a bundle's files, a release's manifest).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import re
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
SIGNATURE = "manifest.json.sig"
COMPLETE = ".complete"
SERVICE = "tressette.service"

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_REFUSED, EXIT_DOWNGRADE, EXIT_BUSY = 0, 1, 2, 3, 4, 75
LOG_MAX_BYTES = 1 << 20  # deploy.log rotates past 1 MiB ...
LOG_KEEP = 2  # ... keeping deploy.log.1 and deploy.log.2


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



# --------------------------------------------------------------------------- reading a file the box did not write


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
            raise InstallError(f"refused: {rel} is not a regular file ({file_kind(st.st_mode)})", EXIT_REFUSED)
        if st.st_size > limit:
            raise InstallError(f"refused: {rel} is {st.st_size} bytes, more than the {limit} a bundle's "
                               f"{rel} may have", EXIT_REFUSED)
        os.set_blocking(fd, True)
        yield fd
    finally:
        os.close(fd)


def file_kind(mode: int) -> str:
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
