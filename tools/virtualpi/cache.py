"""Where the virtual Pi keeps its things: the cache root ($XDG_CACHE_HOME), the image's key
(deploy/build-image's, with this machine's own keys), the run directory's files."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from deploy import build_image

REPO = Path(__file__).resolve().parents[2]


IMAGE_FILES = build_image.IMAGE_FILES


@dataclass(frozen=True)
class Paths:
    image: Path  # the cached SD-card image's directory (deploy/build-image)
    run: Path  # the running machine's overlay, sockets, pid, port
    keys: Path  # this machine's keys: id_ed25519 (user pi), deploy.key (the release-signing key)

    @property
    def disk(self) -> Path:
        return self.image / "tressette.img"

    @property
    def key(self) -> Path:
        return self.keys / "id_ed25519"

    @property
    def deploy_key(self) -> Path:
        return self.keys / "deploy.key"

    @property
    def boot(self) -> Path:
        """The kernel, initrd and cmdline.txt read from the image's boot partition."""
        return self.run / "boot"

    @property
    def overlay(self) -> Path:
        return self.run / "overlay.qcow2"

    @property
    def pidfile(self) -> Path:
        return self.run / "qemu.pid"

    @property
    def state(self) -> Path:
        return self.run / "state.json"

    @property
    def monitor(self) -> Path:
        return self.run / "monitor.sock"

    @property
    def qmp(self) -> Path:
        return self.run / "qmp.sock"

    @property
    def reader(self) -> Path:
        return self.run / "reader.sock"

    @property
    def console(self) -> Path:
        return self.run / "console.log"

    @property
    def ssh_config(self) -> Path:
        return self.run / "ssh_config"


def cache_root(env: Mapping[str, str], home: Path) -> Path:
    """$XDG_CACHE_HOME (when absolute, as the XDG spec says) or ~/.cache, then our part."""
    xdg = env.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache"
    return base / "tressette" / "virtual-pi"


def paths_for(root: Path, key: str) -> Paths:
    """``root`` is <cache>/tressette/virtual-pi; the image lives beside it in ../image/<key>."""
    return Paths(image=root.parent / "image" / key, run=root / "run", keys=root / "keys")


def image_complete(present: set[str]) -> bool:
    """An image directory is usable when every file the build writes last is there."""
    return all(name in present for name in IMAGE_FILES)


def ensure_keys(keys: Path) -> None:
    """This machine's keys, made once: user pi's ssh key and the release-signing key pair (its
    public half is baked into the image, so deploy/deploy with the private half updates it)."""
    keys.mkdir(parents=True, exist_ok=True)
    if not (keys / "id_ed25519").exists():
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "virtual-pi",
                        "-f", str(keys / "id_ed25519")], check=True, stdin=subprocess.DEVNULL)
    if not (keys / "deploy.key").exists():
        subprocess.run([str(REPO / "deploy/deploy"), "keygen", "--key", str(keys / "deploy.key")], check=True,
                       stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def image_key_for(keys: Path) -> str:
    """The key deploy/build-image files the image under, built with these keys."""
    os_key = build_image.rootfs_key(build_image.ROOTFS_SCRIPT.read_bytes())
    return build_image.image_key(REPO, os_key, (keys / "deploy.pub").read_bytes(),
                                 (keys / "id_ed25519.pub").read_bytes())


def paths() -> Paths:
    root = cache_root(os.environ, Path.home())
    ensure_keys(root / "keys")
    return paths_for(root, image_key_for(root / "keys"))


def have_image(p: Paths) -> bool:
    return p.image.is_dir() and image_complete({f.name for f in p.image.iterdir()})
