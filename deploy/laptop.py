"""``deploy/deploy``: build a signed release bundle on the laptop and install it on the box.

    deploy keygen                     make the ed25519 update key pair
    deploy build [--platform ...]     wheels of the project and all its dependencies
                                      + manifest.json (version, SHA-256 of every file)
                                      + manifest.json.sig
    deploy push HOST                  build (or --bundle DIR), copy with rsync into
                                      a directory the box chose, run its installer
    deploy status HOST                what the box runs and keeps
    deploy rollback HOST              back to the release installed before the current one

The box trusts nothing the laptop says: its installer (deploy/device_install.py)
verifies the signature against the key pinned at provisioning and every hash,
and decides. See docs/deploy.md.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import hashlib
import json
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deploy.device_box import (
    EXIT_BUSY,
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    MANIFEST,
    SIGNATURE,
    InstallError,
    Log,
    same_version,
)
from deploy.device_bundle import MANIFEST_FORMAT, verify_bundle
from deploy.remote import Target, add_target_arguments, target_from_args

REPO = Path(__file__).resolve().parent.parent
DEFAULT_KEY = Path(os.environ.get("TRESSETTE_DEPLOY_KEY", "~/.config/tressette/deploy.key")).expanduser()
STEPS = 5


def step(n: int, text: str) -> None:
    print(f"[{n}/{STEPS}] {text}", flush=True)


# --------------------------------------------------------------------------- keys


def keygen(key_path: Path, force: bool = False) -> Path:
    """The update key pair: private 0600, public 0644, whatever the umask or an older file's mode."""
    # optional: the deploy extra (pynacl), needed only to sign and check bundles
    from nacl.signing import SigningKey

    pub_path = key_path.with_suffix(".pub")
    if key_path.exists() and not force:
        raise SystemExit(f"deploy: {key_path} exists (use --force to replace it)")
    key_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = SigningKey.generate()
    _write_key_file(key_path, bytes(key).hex() + "\n", 0o600)
    _write_key_file(pub_path, bytes(key.verify_key).hex() + "\n", 0o644)
    return pub_path


def _write_key_file(path: Path, text: str, mode: int) -> None:
    """A new file (mkstemp: 0600 from the start), its mode set explicitly, renamed over ``path``.

    Never rewritten in place: an existing 0644 file would keep its mode, and a
    half-written key could be left behind.
    """
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w") as f:
            os.fchmod(f.fileno(), mode)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def load_signing_key(key_path: Path) -> Any:
    # optional: the deploy extra (pynacl), needed only to sign and check bundles
    from nacl.signing import SigningKey

    try:
        return SigningKey(bytes.fromhex(key_path.read_text().strip()))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"deploy: cannot read the signing key {key_path}: {exc} "
                         "(make one with `deploy keygen`)") from exc


# --------------------------------------------------------------------------- build


def project_name(project: Path) -> str:
    with (project / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["name"])


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _pip(*args: str) -> None:
    cmd = [sys.executable, "-m", "pip", "--disable-pip-version-check", *args]
    print("      $ " + shlex.join(cmd), flush=True)
    subprocess.run(cmd, check=True)


def build_wheels(project: Path, wheels: Path, *, no_deps: bool, platforms: Sequence[str],
                 python_version: str, extras: Sequence[str], requirements: Sequence[str]) -> None:
    _pip("wheel", "--no-deps", "--quiet", "--wheel-dir", str(wheels), str(project))
    if no_deps:
        return
    own = sorted(wheels.glob("*.whl"))[0]
    req = f"{own}[{','.join(extras)}]" if extras else str(own)
    if platforms:
        # Cross-platform (the box is linux aarch64, cp311): binary wheels only.
        plat = [a for p in platforms for a in ("--platform", p)]
        _pip("download", "--quiet", "--only-binary=:all:", *plat, "--python-version", python_version,
             "--implementation", "cp", "--dest", str(wheels), req, *requirements)
    else:
        _pip("wheel", "--quiet", "--wheel-dir", str(wheels), req, *requirements)


def build_bundle(out: Path, key: Any, *, name: str, project: Path = REPO, wheels_from: Path | None = None,
                 no_deps: bool = False, platforms: Sequence[str] = (), python_version: str = "3.11",
                 extras: Sequence[str] = (), requirements: Sequence[str] = ()) -> Path:
    """Make ``out/<version>/`` with wheels/, manifest.json and its signature; return it."""
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".bundle-", dir=out))
    try:
        wheels = work / "wheels"
        wheels.mkdir()
        if wheels_from is not None:
            for whl in sorted(wheels_from.glob("*.whl")):
                shutil.copy2(whl, wheels / whl.name)
        else:
            build_wheels(project, wheels, no_deps=no_deps, platforms=platforms,
                         python_version=python_version, extras=extras, requirements=requirements)
        own = [w for w in wheels.glob("*.whl") if _norm(w.name.split("-")[0]) == _norm(name)]
        versions = {w.name.split("-")[1] for w in own}
        if len(versions) != 1:
            raise SystemExit(f"deploy: expected one version of {name} among the wheels, found {versions}")
        version = versions.pop()
        manifest = {
            "format": MANIFEST_FORMAT,
            "name": name,
            "version": version,
            "requirement": f"{name}[{','.join(extras)}]" if extras else name,
            "created": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "builder": platform.node(),
            "platforms": list(platforms) or [f"local:{platform.machine()}"],
            "files": {
                f"wheels/{w.name}": {"sha256": _sha256(w), "size": w.stat().st_size}
                for w in sorted(wheels.iterdir())
            },
        }
        data = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
        (work / MANIFEST).write_bytes(data)
        (work / SIGNATURE).write_text(key.sign(data).signature.hex() + "\n")
        final = out / version
        if final.exists():
            shutil.rmtree(final)
        work.rename(final)
        return final
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# --------------------------------------------------------------------------- push


def box_status(target: Target) -> dict[str, Any] | None:
    proc = target.ssh(target.installer_cmd("status", "--json"), capture=True, timeout=60)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
        return None
    try:
        data: dict[str, Any] = json.loads(proc.stdout)
    except ValueError:
        return None
    return data


def load_verify_key(pub_path: Path) -> bytes:
    try:
        key = bytes.fromhex(pub_path.read_text().strip())
    except (OSError, ValueError) as exc:
        raise InstallError(f"cannot read the public update key {pub_path}: {exc} (--pubkey)",
                           EXIT_USAGE) from exc
    if len(key) != 32:
        raise InstallError(f"{pub_path} is not an ed25519 public key (64 hex digits)", EXIT_USAGE)
    return key


def verified(bundle: Path, pubkey: bytes) -> tuple[dict[str, Any], str]:
    """The bundle's manifest and its SHA-256, after the same checks the box makes.

    Nothing from the bundle (its version above all) is used before this: the
    signature against the key the box pins, the manifest's form, every file.
    """
    manifest, raw = verify_bundle(bundle, pubkey, Log(None))
    return manifest, hashlib.sha256(raw).hexdigest()


def receive_dir(target: Target, sha: str) -> str | None:
    """Ask the box where to copy the bundle (it chooses; we check the answer's form)."""
    proc = target.ssh(target.installer_cmd("receive", sha), capture=True, timeout=60)
    if proc.returncode != 0:
        sys.stdout.write(proc.stdout.decode("utf-8", "replace"))
        sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
        return None
    try:
        path = json.loads(proc.stdout)["path"]
    except (ValueError, KeyError, TypeError):
        return None
    expected = f"{target.incoming}/{sha}.partial"
    return path if path == expected else None


def transfer(target: Target, bundle: Path, dest: str, bwlimit: int | None) -> int:
    # The remote rsync runs under the box's deploy lock: no copy lands while an install runs.
    rsync_path = shlex.join(target.as_root(["flock", "-n", "-E", str(EXIT_BUSY), target.lock, "rsync"]))
    argv = ["rsync", "--recursive", "--times", "--delete", "--partial", "--info=progress2",
            "--rsh", shlex.join(target.ssh_argv()), "--rsync-path", rsync_path]
    if bwlimit:
        argv.append(f"--bwlimit={bwlimit}")
    argv += [f"{bundle}/", f"{target.host}:{dest}/"]
    return subprocess.run(argv, check=False).returncode


def push(target: Target, bundle: Path, *, pubkey: bytes, force: bool, bwlimit: int | None) -> int:
    try:
        manifest, sha = verified(bundle, pubkey)
    except InstallError as exc:
        print(f"deploy: {exc}")
        return exc.code
    version = str(manifest["version"])
    step(3, f"asking {target.host} what it runs")
    status = box_status(target)
    if status is None:
        print("deploy: cannot query the box's installer (is it provisioned? see deploy/provision)")
        return EXIT_FAILED
    print(f"      box runs {status.get('version') or 'no release yet'}; bundle is {version}")
    if status.get("locked"):
        print("deploy: refused: another deploy is in progress on the box")
        return EXIT_BUSY
    if same_version(status.get("version"), version) and not force:
        same = "same manifest" if status.get("manifest_sha256") == sha else "a rebuild of it"
        print(f"deploy: {version} is already current on the box ({same}): nothing to do "
              "(--force reinstalls)")
        return EXIT_OK
    size = sum(int(f["size"]) for f in manifest["files"].values())
    dest = receive_dir(target, sha)
    if dest is None:
        print("deploy: the box did not give a directory to copy into (busy, or an old installer: "
              "run deploy/provision again)")
        return EXIT_FAILED
    step(4, f"copying {len(manifest['files'])} file(s), {size / 1e6:.1f} MB, "
            f"to incoming/{sha[:12]}….partial")
    rc = transfer(target, bundle, dest, bwlimit)
    if rc != 0:
        print(f"deploy: transfer failed (rsync exit {rc}); nothing was installed, "
              "run deploy again to resume")
        return EXIT_BUSY if rc == EXIT_BUSY else EXIT_FAILED
    step(5, "installing on the box (verify, install offline, self-test, switch, health check)")
    args = ["install", dest] + (["--force"] if force else [])
    rc = target.stream(target.installer_cmd(*args))
    after = box_status(target)
    now = after.get("version") if after else "unknown"
    if rc == EXIT_OK:
        print(f"deploy: box reports version {now}")
    else:
        print(f"deploy: FAILED (installer exit {rc}); box reports version {now}")
    return rc


# --------------------------------------------------------------------------- CLI


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="deploy", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)

    k = sub.add_parser("keygen", help="make the ed25519 update key pair")
    k.add_argument("--key", type=Path, default=DEFAULT_KEY)
    k.add_argument("--force", action="store_true")

    def build_args(q: argparse.ArgumentParser) -> None:
        g = q.add_argument_group("build")
        g.add_argument("--key", type=Path, default=DEFAULT_KEY, help="private signing key")
        g.add_argument("--project", type=Path, default=REPO)
        g.add_argument("--out", type=Path, default=None, help="bundle directory (default PROJECT/dist/bundles)")
        g.add_argument("--wheels", type=Path, default=None, help="use these ready-made wheels")
        g.add_argument("--target", choices=["pi", "local"], default="pi",
                       help="pi: wheels for the box (linux aarch64, cp311, with the pi extra); "
                            "local: this machine's platform")
        g.add_argument("--platform", action="append", default=[],
                       help="target wheel platform, e.g. manylinux_2_17_aarch64 (repeatable)")
        g.add_argument("--python-version", default="3.11")
        g.add_argument("--extra", action="append", default=[], help="project extra to install, e.g. pi")
        g.add_argument("--with", dest="requirements", action="append", default=[],
                       help="an additional requirement for the wheelhouse")
        g.add_argument("--no-deps", action="store_true", help="only the project's wheel (tests)")

    b = sub.add_parser("build", help="build and sign a bundle")
    build_args(b)

    q = sub.add_parser("push", help="build (or take --bundle), copy and install on the box")
    add_target_arguments(q)
    build_args(q)
    q.add_argument("--bundle", type=Path, help="an already built bundle directory")
    q.add_argument("--pubkey", type=Path, default=None,
                   help="the public update key the box pins (default: --key with .pub), "
                        "to verify the bundle before anything of it is used")
    q.add_argument("--force", action="store_true", help="allow a downgrade / same-version reinstall")
    q.add_argument("--health-timeout", type=float, default=60.0)
    q.add_argument("--bwlimit", type=int, help="rsync bandwidth limit, KiB/s")

    s = sub.add_parser("status", help="what the box runs")
    add_target_arguments(s)
    r = sub.add_parser("rollback", help="go back one release on the box")
    add_target_arguments(r)
    r.add_argument("--health-timeout", type=float, default=60.0)
    return p


# The box: Raspberry Pi OS Bookworm (glibc 2.36), 64-bit, CPython 3.11. pip does not widen
# perennial manylinux tags by itself, so every compatible one is listed.
PI_PLATFORMS = [f"manylinux_2_{minor}_aarch64" for minor in range(36, 16, -1)] + ["manylinux2014_aarch64"]


def pi_extra_requirements(project: Path) -> list[str]:
    """The project's ``pi`` extra without its markers: pip evaluates markers on the laptop."""
    with (project / "pyproject.toml").open("rb") as f:
        extras = tomllib.load(f)["project"].get("optional-dependencies", {})
    return [req.split(";")[0].strip() for req in extras.get("pi", [])]


def _build_from(args: argparse.Namespace) -> Path:
    key = load_signing_key(args.key)
    if args.target == "pi" and not args.platform and not args.wheels and not args.no_deps:
        args.platform = PI_PLATFORMS
        args.python_version = "3.11"
        args.extra = sorted({*args.extra, "pi"})
        args.requirements = [*args.requirements, *pi_extra_requirements(args.project)]
    out = args.out or args.project / "dist" / "bundles"
    where = "the box (linux aarch64, cp311)" if args.platform == PI_PLATFORMS else ", ".join(args.platform)
    step(1, "building wheels" + (f" for {where}" if args.platform else ""))
    bundle = build_bundle(out, key, name=project_name(args.project), project=args.project,
                          wheels_from=args.wheels, no_deps=args.no_deps, platforms=args.platform,
                          python_version=args.python_version, extras=args.extra,
                          requirements=args.requirements)
    step(2, f"signed {bundle / MANIFEST}")
    return bundle


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "keygen":
        pub = keygen(args.key, args.force)
        print(f"deploy: private key {args.key} (keep it on this laptop), public key {pub} "
              "(give it to deploy/provision)")
        return EXIT_OK
    if args.command == "build":
        print(_build_from(args))
        return EXIT_OK
    if args.command == "push":
        pub_path = args.pubkey or args.key.with_suffix(".pub")
        try:
            pubkey = load_verify_key(pub_path)
        except InstallError as exc:
            print(f"deploy: {exc}", file=sys.stderr)
            return exc.code
        bundle = args.bundle if args.bundle else _build_from(args)
        if args.bundle:
            step(1, f"using bundle {bundle}")
            step(2, f"verifying its signature against {pub_path}")
        target = target_from_args(args, ["--health-timeout", str(args.health_timeout)])
        return push(target, bundle, pubkey=pubkey, force=args.force, bwlimit=args.bwlimit)
    if args.command == "status":
        target = target_from_args(args)
        return target.stream(target.installer_cmd("status"), prefix="")
    if args.command == "rollback":
        target = target_from_args(args, ["--health-timeout", str(args.health_timeout)])
        rc = target.stream(target.installer_cmd("rollback"))
        print("deploy: rolled back" if rc == EXIT_OK else f"deploy: rollback FAILED (exit {rc})")
        return rc
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
