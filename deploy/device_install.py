#!/usr/bin/python3
"""Device-side installer of the Tressette box: verify, install, switch, check, roll back.

Installed by ``deploy/provision`` to ``/opt/tressette/bin/device_install.py`` and
run (as root) by ``deploy/deploy`` over SSH. It needs only the standard library
and PyNaCl, which the box gets from Debian (``python3-nacl``), so it works with
the system ``/usr/bin/python3`` whatever state the releases are in. Its parts are installed
beside it and imported from there: :mod:`deploy.device_box` (the layout below, the log,
versions, the lock, files read without trusting them) and :mod:`deploy.device_bundle` (a
bundle's signature, manifest and files verified); here: the service, the steps, the command line.

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
import hashlib
import json
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:  # in the repository (the laptop, the tests)
    from deploy.device_box import (
        COMPLETE,
        EXIT_DOWNGRADE,
        EXIT_FAILED,
        EXIT_OK,
        EXIT_REFUSED,
        EXIT_USAGE,
        MANIFEST,
        SERVICE,
        SIGNATURE,
        SIGNATURE_MAX,
        Box,
        InstallError,
        Log,
        Release,
        deploy_lock,
        fsync_dir,
        lock_is_held,
        parse_version,
        read_bundle_file,
        same_version,
        switch_current,
        write_json_atomic,
    )
    from deploy.device_bundle import SHA256_HEX, load_pubkey, verify_bundle
except ImportError:  # on the box: beside this file in /opt/tressette/bin (deploy/provision)
    from device_box import (  # type: ignore[no-redef,import-not-found]
        COMPLETE,
        EXIT_DOWNGRADE,
        EXIT_FAILED,
        EXIT_OK,
        EXIT_REFUSED,
        EXIT_USAGE,
        MANIFEST,
        SERVICE,
        SIGNATURE,
        SIGNATURE_MAX,
        Box,
        InstallError,
        Log,
        Release,
        deploy_lock,
        fsync_dir,
        lock_is_held,
        parse_version,
        read_bundle_file,
        same_version,
        switch_current,
        write_json_atomic,
    )
    from device_bundle import SHA256_HEX, load_pubkey, verify_bundle  # type: ignore[no-redef,import-not-found]

KEEP_RELEASES = 3
# The health file's "screen" (docs/deploy.md): "ok", "absent" (no display: not the
# release's fault) or "failed" (a display is there and the release cannot open it).
SCREEN_ABSENT, SCREEN_FAILED = "absent", "failed"
# The box names each incoming bundle's directory after its manifest's SHA-256.
_INCOMING_NAME = re.compile(r"^([0-9a-f]{64})\.partial\Z")


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
    if not SHA256_HEX.match(manifest_sha256):
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
