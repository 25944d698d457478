"""The real project: its wheel goes into a bundle whose signed manifest the box accepts."""

from __future__ import annotations

import json
import subprocess
import tomllib
import zipfile
from pathlib import Path

import pytest

from deploy.device_box import Log
from deploy.device_bundle import verify_bundle
from tests.deploy.conftest import REPO, Keys


@pytest.mark.slow
def test_the_real_project_builds_into_a_bundle_the_box_accepts(tmp_path: Path, keys: Keys) -> None:
    version = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    out = tmp_path / "bundles"

    result = subprocess.run(
        [str(REPO / "deploy/deploy"), "build", "--key", str(keys.private), "--out", str(out), "--no-deps"],
        capture_output=True, text=True, timeout=280, check=False,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    bundle = out / version
    manifest = json.loads((bundle / "manifest.json").read_text())
    assert (manifest["name"], manifest["version"]) == ("tressette-box", version)
    assert list(manifest["files"]) == [f"wheels/tressette_box-{version}-py3-none-any.whl"]
    # the tools ship in the wheel, their commands declared for the box's `tressette` (bench on a Pi)
    with zipfile.ZipFile(bundle / f"wheels/tressette_box-{version}-py3-none-any.whl") as wheel:
        points = wheel.read(f"tressette_box-{version}.dist-info/entry_points.txt").decode()
        assert "tools/commands.py" in wheel.namelist() and "tools/bench/engine.py" in wheel.namelist()
    assert "[tressette.commands]" in points and "bench = tools.commands:add_bench" in points
    pubkey = bytes.fromhex(keys.public.read_text())
    verified, _ = verify_bundle(bundle, pubkey, Log(None))
    assert verified == manifest
