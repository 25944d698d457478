"""A bundle's files are read only if they are regular files, and with a size limit
(outside fault injection, point 4): ``deploy push`` hung for ever, before any
verification, when ``manifest.json`` or its signature was a FIFO (or any file that
never ends). The laptop's check and the box's installer read them the same way
(``deploy.device_box.read_bundle_file``), the wheels too.

Every check here runs bounded (a thread with a timeout, or a process with one): on the
code before the fix it fails instead of hanging the suite."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from deploy import device_box, device_bundle, laptop
from deploy.device_box import EXIT_REFUSED, MANIFEST, SIGNATURE, InstallError, Log
from tests.deploy.conftest import Keys, MakeBundle

REPO = Path(__file__).resolve().parents[2]


def _release_fifos(root: Path) -> None:
    """Let a reader stuck on a FIFO go (the code before the fix): a writer opens and closes."""
    for path in root.rglob("*"):
        if path.is_fifo():
            with contextlib.suppress(OSError):
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


def bounded(fn: Callable[[], object], root: Path, timeout: float = 20.0) -> BaseException | None:
    """Run ``fn``; the exception it raised (None when it returned); fail when it hangs."""
    outcome: dict[str, BaseException | None] = {}

    def run() -> None:
        try:
            fn()
            outcome["error"] = None
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            outcome["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        _release_fifos(root)
        thread.join(5)
        pytest.fail(f"still reading the bundle after {timeout:.0f} s: a file that never ends was waited on")
    return outcome["error"]


@pytest.fixture
def bundle(tmp_path: Path, make_bundle: MakeBundle) -> Iterator[Path]:
    b: Path = make_bundle("1.1.0")
    yield b
    _release_fifos(b)


def _fifo_in_place_of(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _resign(bundle: Path, key: Path, manifest: dict[str, Any]) -> None:
    data = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
    (bundle / MANIFEST).write_bytes(data)
    (bundle / SIGNATURE).write_text(laptop.load_signing_key(key).sign(data).signature.hex() + "\n")


def _special(kind: str, bundle: Path, keys: Keys) -> tuple[str, str]:
    """Make ``kind`` in the bundle; the words the refusal must have."""
    if kind == "manifest FIFO":
        _fifo_in_place_of(bundle / MANIFEST)
        return MANIFEST, "not a regular file (a FIFO)"
    if kind == "signature FIFO":
        _fifo_in_place_of(bundle / SIGNATURE)
        return SIGNATURE, "not a regular file (a FIFO)"
    if kind == "manifest link to a device":
        (bundle / MANIFEST).unlink()
        (bundle / MANIFEST).symlink_to("/dev/null")
        return MANIFEST, "symlink"
    if kind == "manifest too large":
        manifest = json.loads((bundle / MANIFEST).read_text())
        manifest["padding"] = "x" * (device_box.MANIFEST_MAX + 1)
        (bundle / MANIFEST).write_text(json.dumps(manifest))
        return MANIFEST, f"more than the {device_box.MANIFEST_MAX}"
    if kind == "signature too large":
        (bundle / SIGNATURE).write_text("0" * (device_box.SIGNATURE_MAX + 1))
        return SIGNATURE, f"more than the {device_box.SIGNATURE_MAX}"
    if kind == "a signed wheel that is a FIFO":
        # Signed by the pinned key, sizes as the manifest says: a FIFO "of 0 bytes" was
        # hashed by reading it, for ever.
        manifest = json.loads((bundle / MANIFEST).read_text())
        os.mkfifo(bundle / "wheels/extra-0-py3-none-any.whl")
        manifest["files"]["wheels/extra-0-py3-none-any.whl"] = {"sha256": hashlib.sha256(b"").hexdigest(), "size": 0}
        _resign(bundle, keys.private, manifest)
        return "wheels/extra-0-py3-none-any.whl", "not a regular file (a FIFO)"
    raise AssertionError(kind)


KINDS = ["manifest FIFO", "signature FIFO", "manifest link to a device", "manifest too large",
         "signature too large", "a signed wheel that is a FIFO"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_laptop_and_the_box_refuse_a_bundle_file_that_is_not_a_bounded_regular_file(
    kind: str, bundle: Path, keys: Keys
) -> None:
    name, words = _special(kind, bundle, keys)
    pubkey = laptop.load_verify_key(keys.public)
    for check in (lambda: laptop.verified(bundle, pubkey),
                  lambda: device_bundle.verify_bundle(bundle, pubkey, Log(None))):
        error = bounded(check, bundle)
        assert isinstance(error, InstallError), error
        assert error.code == EXIT_REFUSED
        assert name.split("/")[-1] in str(error) and words in str(error), str(error)


@pytest.mark.parametrize("kind", ["manifest FIFO", "signature FIFO"])
def test_deploy_push_of_a_fifo_manifest_is_refused_at_once_before_the_box_is_asked(
    kind: str, bundle: Path, keys: Keys
) -> None:
    """The issue's command: a real process, bounded. The target does not exist: the bundle
    is refused before any connection."""
    _special(kind, bundle, keys)
    try:
        done = subprocess.run(
            [str(REPO / "deploy/deploy"), "push", "nobox.invalid", "--bundle", str(bundle),
             "--pubkey", str(keys.public)],
            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        _release_fifos(bundle)
        pytest.fail("deploy push waited on the FIFO")
    assert done.returncode == EXIT_REFUSED, done.stdout + done.stderr
    assert "not a regular file (a FIFO)" in done.stdout
    assert "[3/5]" not in done.stdout and "Traceback" not in done.stderr


def test_a_good_bundle_still_verifies(bundle: Path, keys: Keys) -> None:
    manifest, data = device_bundle.verify_bundle(bundle, laptop.load_verify_key(keys.public), Log(None))
    assert manifest["version"] == "1.1.0" and data == (bundle / MANIFEST).read_bytes()


def test_read_bundle_file_stops_at_its_limit(tmp_path: Path) -> None:
    f = tmp_path / "f"
    f.write_bytes(b"x" * 100)
    assert device_box.read_bundle_file(f, 100) == b"x" * 100
    with pytest.raises(InstallError, match="more than the 99"):
        device_box.read_bundle_file(f, 99)
    with pytest.raises(InstallError, match="is not a regular file \\(a directory\\)"):
        device_box.read_bundle_file(tmp_path, 1000)
    with pytest.raises(InstallError, match="incomplete bundle"):
        device_box.read_bundle_file(tmp_path / "missing", 1000)


if sys.platform != "linux":  # pragma: no cover - FIFOs and O_NONBLOCK as on the box
    pytestmark = pytest.mark.skip("Linux only")
