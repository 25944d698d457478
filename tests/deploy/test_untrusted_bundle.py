"""Nothing from a bundle is used before its signature is verified (issue 12, deploy).

Each test reproduces one fault seen by trying the deploy as an attacker would,
over the real sshd into a temporary box root:

- ``deploy push`` read the *unverified* manifest's ``version`` and used it in
  the rsync destination: ``../../../etc/tressette/evil`` wrote the bundle as
  root outside ``incoming/``, where it stayed after the installer refused it;
- a signed ``1.0`` installed over ``1.0.0`` as a different release;
- ``deploy keygen --force`` over an existing 0644 key kept 0644; the public key
  got whatever the umask gave;
- ``deploy.log`` grew forever.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deploy import device_box, device_bundle, device_install, laptop
from deploy.device_box import MANIFEST, SIGNATURE, Log
from tests.deploy.conftest import BoxUnderTest, Keys, MakeBundle

HOSTILE = "../../../etc/tressette/evil"


def _tree(root: Path) -> set[str]:
    skip = {"shim.log"}  # the shim records look-ups; no effect on the box
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.name not in skip}


def _rewrite_manifest(bundle: Path, key: Path | None, **changes: Any) -> None:
    """Change manifest fields; re-sign with ``key`` (None: leave the old signature)."""
    manifest = json.loads((bundle / MANIFEST).read_text())
    manifest.update(changes)
    data = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
    (bundle / MANIFEST).write_bytes(data)
    if key is not None:
        signing = laptop.load_signing_key(key)
        (bundle / SIGNATURE).write_text(signing.sign(data).signature.hex() + "\n")


@pytest.mark.sshd
@pytest.mark.parametrize("signed_by", ["nobody (tampered)", "the pinned key"])
def test_a_hostile_version_writes_nothing_outside_incoming(box: BoxUnderTest, make_bundle: MakeBundle,
                                                           signed_by: str) -> None:
    bundle = make_bundle("1.1.0")
    _rewrite_manifest(bundle, box.keys.private if signed_by == "the pinned key" else None,
                      version=HOSTILE)
    before = _tree(box.root)

    result = box.deploy(bundle)

    assert result.returncode == device_box.EXIT_REFUSED, result.stdout + result.stderr
    assert not (box.root / "etc/tressette/evil.partial").exists()
    assert _tree(box.root) == before  # refused on the laptop: the box saw nothing
    assert box.current() == "releases/1.0.0"


@pytest.mark.sshd
def test_a_bundle_signed_by_another_key_is_refused_before_the_copy(box: BoxUnderTest,
                                                                   make_bundle: MakeBundle) -> None:
    before = _tree(box.root)

    result = box.deploy(make_bundle("1.1.0", key=box.keys.rogue))

    assert result.returncode == device_box.EXIT_REFUSED, result.stdout
    assert "bad signature" in result.stdout + result.stderr
    assert "[4/5]" not in result.stdout  # refused before the copy
    assert _tree(box.root) == before


@pytest.mark.sshd
def test_the_box_refuses_a_bundle_outside_the_directory_it_chose(box: BoxUnderTest,
                                                                 make_bundle: MakeBundle) -> None:
    # A laptop that skipped the box's choice: the installer itself refuses it.
    laptop_named = box.base / "incoming/1.1.0.partial"
    shutil.copytree(make_bundle("1.1.0"), laptop_named)

    code = device_install.main(["--root", str(box.root), "install", str(laptop_named)])

    assert code == device_box.EXIT_USAGE
    assert box.current() == "releases/1.0.0"
    assert box.releases() == ["1.0.0"]


@pytest.mark.sshd
def test_the_box_chooses_the_incoming_directory(box: BoxUnderTest, make_bundle: MakeBundle,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    bundle = make_bundle("1.1.0")
    sha = hashlib.sha256((bundle / MANIFEST).read_bytes()).hexdigest()
    (box.base / "incoming/stale.partial").mkdir()  # debris of an older deploy

    assert device_install.main(["--root", str(box.root), "receive", sha]) == device_box.EXIT_OK
    chosen = Path(json.loads(capsys.readouterr().out)["path"])

    assert chosen == box.base / f"incoming/{sha}.partial" and chosen.is_dir()
    assert stat.S_IMODE(chosen.stat().st_mode) == 0o700
    assert sorted(p.name for p in (box.base / "incoming").iterdir()) == [chosen.name]
    for hostile in (HOSTILE, "A" * 64, "0" * 63, sha + "/..", ""):
        assert device_install.main(["--root", str(box.root), "receive", hostile]) == device_box.EXIT_USAGE


@pytest.mark.sshd
def test_a_manifest_that_does_not_match_its_directory_is_refused(box: BoxUnderTest,
                                                                 make_bundle: MakeBundle) -> None:
    bundle = make_bundle("1.1.0")
    other = "0" * 64  # a directory the box chose for another manifest
    shutil.copytree(bundle, box.base / f"incoming/{other}.partial")

    code = device_install.main(["--root", str(box.root), "install",
                                str(box.base / f"incoming/{other}.partial")])

    assert code == device_box.EXIT_REFUSED
    assert box.releases() == ["1.0.0"]


@pytest.mark.sshd
@pytest.mark.parametrize("same", ["1.0", "1.0.0.0"])
def test_an_equal_version_spelt_differently_is_the_same_release(box: BoxUnderTest, make_bundle: MakeBundle,
                                                                same: str) -> None:
    result = box.deploy(make_bundle(same))

    assert result.returncode == 0, result.stdout + result.stderr
    assert "nothing to do" in result.stdout
    assert box.current() == "releases/1.0.0"
    assert box.releases() == ["1.0.0"]
    assert box.restarts() == 1


@pytest.mark.sshd
@pytest.mark.parametrize("version", ["v1.2.0", "1.2.0-rc1", "1.2.0+local", "1!1.2.0", "01.2.0"])
def test_a_version_not_in_canonical_form_is_refused(box: BoxUnderTest, make_bundle: MakeBundle,
                                                    version: str) -> None:
    bundle = make_bundle("1.2.0")
    _rewrite_manifest(bundle, box.keys.private, version=version)  # signed, but not canonical

    result = box.deploy(bundle)

    assert result.returncode == device_box.EXIT_REFUSED, result.stdout + result.stderr
    assert "version" in result.stdout + result.stderr
    assert box.releases() == ["1.0.0"]


def test_the_box_refuses_a_non_canonical_version_even_when_signed(tmp_path: Path, keys: Keys,
                                                                  make_bundle: MakeBundle) -> None:
    bundle = make_bundle("1.2.0")
    _rewrite_manifest(bundle, keys.private, version="1.2.0-rc1")
    pubkey = bytes.fromhex(keys.public.read_text())

    with pytest.raises(device_box.InstallError) as refused:
        device_bundle.verify_bundle(bundle, pubkey, Log(None))

    assert refused.value.code == device_box.EXIT_REFUSED
    assert "1.2.0rc1" in str(refused.value)  # it names the canonical spelling


# --------------------------------------------------------------------------- keys


@pytest.fixture(params=[0o000, 0o022, 0o077, 0o777], ids=lambda m: f"umask{m:03o}")
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield int(request.param)
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_keygen_writes_0600_and_0644_whatever_the_umask(tmp_path: Path, umask: int) -> None:
    key = tmp_path / "keys/deploy.key"

    pub = laptop.keygen(key)

    assert (_mode(key), _mode(pub)) == (0o600, 0o644)


def test_keygen_force_over_a_0644_key_makes_it_0600(tmp_path: Path, umask: int) -> None:
    key, pub = tmp_path / "deploy.key", tmp_path / "deploy.pub"
    for path in (key, pub):
        path.write_text("old\n")
        path.chmod(0o666)

    laptop.keygen(key, force=True)

    assert (_mode(key), _mode(pub)) == (0o600, 0o644)
    assert key.read_text() != "old\n" and len(bytes.fromhex(key.read_text())) == 32
    signing = laptop.load_signing_key(key)
    assert pub.read_text().strip() == bytes(signing.verify_key).hex()


# --------------------------------------------------------------------------- deploy.log


def test_deploy_log_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "deploy.log"
    log = Log(path)
    line = "x" * 1000
    for n in range(4000):  # ~4 MB written
        log(f"{n} {line}")

    logs = sorted(tmp_path.glob("deploy.log*"))
    total = sum(p.stat().st_size for p in logs)
    assert total <= 3 * device_box.LOG_MAX_BYTES + 2000
    assert path.read_text().splitlines()[-1].endswith(f"3999 {line}")  # the newest line kept
