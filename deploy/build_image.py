"""A flashable SD-card image of the box: ``deploy/build-image [OUT.img]`` (as root).

Debian bookworm arm64 for the Raspberry Pi the way Debian's raspi image-specs make it
(Debian's kernel, raspi-firmware, a FAT boot partition RASPIFIRM, an ext4 root RASPIROOT),
assembled the way rpi-image-gen does: mmdebstrap, then genimage. In two layers, each cached
under ``$XDG_CACHE_HOME/tressette/image/`` by the SHA-256 of its inputs:

- ``rootfs-<key>/``: the operating system (``deploy/image/rootfs``: mmdebstrap under
  qemu-user, the slow part: 12-27 minutes on two cores), keyed by that script alone;
- ``<key>/``: the image (``deploy/image/assemble``: provisioned by deploy/device_provision.py,
  a signed release installed by deploy/device_install.py, the first-boot unit, genimage; a few
  minutes), keyed by the layer below, every file of the project that goes into it, the
  release-signing public key and the admin's ssh key.

A complete directory is never built again; a build works in a temporary directory and moves
its results in last. docs/deploy.md says how to flash it and what the first boot does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
ROOTFS_SCRIPT = HERE / "image" / "rootfs"
ASSEMBLE_SCRIPT = HERE / "image" / "assemble"
ROOTFS_FILES = ("rootfs.tar", "packages.txt")
IMAGE_FILES = ("tressette.img", "inputs.json")
# What the image is made of besides the OS layer: the image's own recipe, provisioning and the
# installer, the unit and its rules, and the release's sources.
INPUT_DIRS = ("deploy", "systemd", "firmware", "hal", "ui", "tools")  # the release's packages (pyproject.toml)
INPUT_FILES = ("pyproject.toml", "setup.py", "babel.cfg")
# The virtual Pi's own code boots and tests the image and is not in the release (pyproject.toml
# excludes it from the wheel): a change to it builds no new image.
NOT_INPUTS = ("tools/virtualpi",)
# Host tools and the Debian packages that bring them.
HOST_PACKAGES = {
    "mmdebstrap": "mmdebstrap", "arch-test": "arch-test", "genimage": "genimage",
    "mkfs.vfat": "dosfstools", "mcopy": "mtools", "mke2fs": "e2fsprogs",
    "qemu-aarch64-static": "qemu-user-static", "update-binfmts": "binfmt-support",
}
# The image's times when nothing else says (2025-12-06): SOURCE_DATE_EPOCH overrides it.
DEFAULT_EPOCH = 1764979200


class BuildError(Exception):
    """The build cannot go on: one line says why."""


def cache_root(env: Mapping[str, str], home: Path) -> Path:
    """$XDG_CACHE_HOME (when absolute, as the XDG spec says) or ~/.cache, then our part."""
    xdg = env.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache"
    return base / "tressette" / "image"


def rootfs_key(script: bytes) -> str:
    """The OS layer's key: the first 16 hex digits of its script's SHA-256."""
    return hashlib.sha256(script).hexdigest()[:16]


def input_paths(repo: Path) -> list[Path]:
    """Every file the image layer is made of (sorted; no caches or bytecode)."""
    found = [repo / f for f in INPUT_FILES if (repo / f).is_file()]
    for d in INPUT_DIRS:
        for path in (repo / d).rglob("*"):
            rel = path.relative_to(repo).parts
            # .pyc and .mo are made from their sources (the .mo by the wheel's build): not inputs
            if (path.is_file() and "__pycache__" not in rel and path.suffix not in (".pyc", ".mo")
                    and not any("/".join(rel).startswith(f"{n}/") for n in NOT_INPUTS)):
                found.append(path)
    return sorted(found)


def image_key(repo: Path, os_key: str, pubkey: bytes, ssh_pub: bytes | None) -> str:
    """The image layer's key: the OS layer's key, each input file's path and content, the
    release-signing public key and the admin's ssh key (first 16 hex digits of a SHA-256)."""
    h = hashlib.sha256()
    h.update(f"rootfs {os_key}\n".encode())
    for path in input_paths(repo):
        h.update(f"{path.relative_to(repo).as_posix()} {hashlib.sha256(path.read_bytes()).hexdigest()}\n".encode())
    h.update(b"deploy.pub " + hashlib.sha256(pubkey.strip()).hexdigest().encode() + b"\n")
    h.update(b"ssh " + (hashlib.sha256(ssh_pub.strip()).hexdigest().encode() if ssh_pub else b"none") + b"\n")
    return h.hexdigest()[:16]


def complete(directory: Path, names: Sequence[str]) -> bool:
    return directory.is_dir() and all((directory / n).is_file() for n in names)


@dataclass(frozen=True)
class Built:
    directory: Path  # <cache>/<key>/: tressette.img, inputs.json, assemble.log
    key: str
    rootfs: Path  # <cache>/rootfs-<key>/: rootfs.tar, packages.txt, test-debs/
    built: bool  # False when the cache had it


def say(msg: str) -> None:
    print(f"build-image: {msg}", flush=True)


def ensure_host() -> None:
    """The host tools (installed with apt when missing) and arm64 programs through binfmt_misc."""
    missing = sorted({pkg for tool, pkg in HOST_PACKAGES.items()
                      if shutil.which(tool) is None and not Path("/usr/sbin", tool).exists()})
    if missing:
        say(f"installing host packages: {' '.join(missing)}")
        subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", *missing], check=True,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    binfmt = Path("/proc/sys/fs/binfmt_misc")
    if not (binfmt / "register").exists():
        subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(binfmt)], check=True)
    if not (binfmt / "qemu-aarch64").exists():
        subprocess.run(["update-binfmts", "--enable", "qemu-aarch64"], check=True)


def source_date_epoch(env: Mapping[str, str]) -> int:
    text = env.get("SOURCE_DATE_EPOCH", "")
    try:
        return int(text) if text else DEFAULT_EPOCH
    except ValueError:
        raise BuildError(f"SOURCE_DATE_EPOCH is not a number of seconds: {text!r}") from None


def build_rootfs(directory: Path, epoch: int) -> None:
    """The OS layer into ``directory`` (its script moves the results in last)."""
    t = time.monotonic()
    say(f"the operating system (mmdebstrap under qemu-user: 12-27 minutes) into {directory}")
    directory.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(ROOTFS_SCRIPT), str(directory)], check=True,
                   env={**os.environ, "SOURCE_DATE_EPOCH": str(epoch)})
    say(f"operating system built in {time.monotonic() - t:.0f} s")


def build_bundle(key: Path, out: Path) -> Path:
    """The signed release, as ``deploy/deploy build`` makes it for the box (aarch64 wheels)."""
    proc = subprocess.run([str(HERE / "deploy"), "build", "--key", str(key), "--out", str(out)],
                          check=True, stdout=subprocess.PIPE, text=True, cwd=REPO)
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    bundle = Path(lines[-1].strip()) if lines else Path()
    if not (bundle / "manifest.json").is_file():
        raise BuildError(f"deploy/deploy build named no bundle: {proc.stdout[-400:]!r}")
    return bundle


def assemble(image_dir: Path, rootfs_dir: Path, key: Path, ssh_pub: Path | None, epoch: int) -> None:
    # start-up: the provisioner's payload loads only when an image is assembled
    from deploy.provision import payload

    t = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=".inputs-", dir=image_dir.parent) as tmp:
        work = Path(tmp)
        bundle = build_bundle(key, work / "bundles")
        provision = work / "provision.tar"
        provision.write_bytes(payload(key.with_suffix(".pub")))
        partial = work / "image"
        argv = [str(ASSEMBLE_SCRIPT), str(rootfs_dir / "rootfs.tar"), str(provision), str(bundle), str(partial)]
        subprocess.run([*argv, *([str(ssh_pub)] if ssh_pub else [])], check=True,
                       env={**os.environ, "SOURCE_DATE_EPOCH": str(epoch)})
        manifest = json.loads((bundle / "manifest.json").read_text())
        (partial / "inputs.json").write_text(json.dumps({
            "key": image_dir.name, "rootfs": rootfs_dir.name, "version": manifest["version"],
            "source_date_epoch": epoch, "ssh": ssh_pub is not None,
            "files": [p.relative_to(REPO).as_posix() for p in input_paths(REPO)],
        }, indent=1) + "\n")
        image_dir.mkdir(parents=True, exist_ok=True)
        for name in ("tressette.img", "assemble.log", "inputs.json"):
            os.replace(partial / name, image_dir / name)
    say(f"image assembled in {time.monotonic() - t:.0f} s")


def build(cache: Path, key: Path, ssh_pub: Path | None, env: Mapping[str, str]) -> Built:
    """The image for these keys, from the cache or built (each layer only when missing)."""
    pub = key.with_suffix(".pub")
    if not key.is_file() or not pub.is_file():
        raise BuildError(f"no signing key pair at {key} and {pub} (deploy/deploy keygen --key {key})")
    if ssh_pub is not None and not ssh_pub.is_file():
        raise BuildError(f"no ssh public key at {ssh_pub}")
    epoch = source_date_epoch(env)
    os_key = rootfs_key(ROOTFS_SCRIPT.read_bytes())
    rootfs_dir = cache / f"rootfs-{os_key}"
    ikey = image_key(REPO, os_key, pub.read_bytes(), ssh_pub.read_bytes() if ssh_pub else None)
    image_dir = cache / ikey
    if complete(image_dir, IMAGE_FILES):
        return Built(image_dir, ikey, rootfs_dir, built=False)
    if os.geteuid() != 0:
        raise BuildError("building the image needs root (mmdebstrap, chroot, device nodes for the chroot)")
    ensure_host()
    if not complete(rootfs_dir, ROOTFS_FILES):
        build_rootfs(rootfs_dir, epoch)
    assemble(image_dir, rootfs_dir, key, ssh_pub, epoch)
    return Built(image_dir, ikey, rootfs_dir, built=True)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="build-image", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", nargs="?", type=Path, help="copy the image here (sparse), e.g. tressette.img")
    p.add_argument("--key", type=Path, default=Path.home() / ".config/tressette/deploy.key",
                   help="the release-signing key (deploy/deploy keygen); its .pub is baked into the image")
    p.add_argument("--ssh-key", type=Path, default=None,
                   help="an ssh public key for user pi (sudo), so deploy/deploy can update the box; "
                        "without it the image has no login and ssh is off")
    p.add_argument("--cache", type=Path, default=None, help="default $XDG_CACHE_HOME/tressette/image")
    args = p.parse_args(argv)
    cache = args.cache or cache_root(os.environ, Path.home())
    t = time.monotonic()
    try:
        built = build(cache, args.key, args.ssh_key, os.environ)
    except BuildError as exc:
        print(f"build-image: {exc}", file=sys.stderr)
        return 2
    except subprocess.CalledProcessError as exc:
        print(f"build-image: FAILED: {exc}", file=sys.stderr)
        return 1
    img = built.directory / "tressette.img"
    say(("built" if built.built else "cached") + f": {img} (key {built.key}, "
        f"{img.stat().st_size / 2**20:.0f} MiB) in {time.monotonic() - t:.0f} s")
    if args.out is not None:
        subprocess.run(["cp", "--sparse=always", str(img), str(args.out)], check=True)
        say(f"copied to {args.out}: flash it with dd or Raspberry Pi Imager (Use custom)")
    print(built.directory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
