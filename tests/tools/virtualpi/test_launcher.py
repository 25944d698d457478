"""scripts/virtual-pi runs under the system's python3 from a clean checkout, before any
virtualenv exists (.ci/run, as root): tools/virtualpi imports the standard library and
deploy/build_image only, and the launcher finds the package beside itself."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sources import tree

REPO = Path(__file__).resolve().parents[3]
PACKAGE = REPO / "tools/virtualpi"
LAUNCHER = REPO / "scripts/virtual-pi"
ALLOWED = {"tools.virtualpi", "deploy.build_image"}  # the repository's own, each standard library only


def _imports(path: Path, *, loaded: bool = False) -> set[str]:
    """Every import of ``path``; with ``loaded``, only those its import runs (module level)."""
    module = tree(path)
    found: set[str] = set()
    for node in (module.body if loaded else ast.walk(module)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.update(f"{node.module}.{a.name}" if node.module == "deploy" else node.module for a in node.names)
    return found


def _not_stdlib(names: set[str]) -> set[str]:
    return {n for n in names if n.split(".")[0] not in sys.stdlib_module_names
            and not any(n == a or n.startswith(f"{a}.") for a in ALLOWED)}


def test_the_package_imports_the_standard_library_only() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) >= 20
    for path in [*files, LAUNCHER]:
        assert _not_stdlib(_imports(path)) == set(), path
    # build_image's build (deploy/build-image, a process of its own) needs more; importing it, not
    assert _not_stdlib(_imports(REPO / "deploy/build_image.py", loaded=True)) == set()
    assert _not_stdlib({"pygame", "tools.gallery", "deploy.deploy_cli"}) == {"pygame", "tools.gallery",
                                                                            "deploy.deploy_cli"}


SYSTEM_PYTHON = shutil.which("python3", path="/usr/bin:/bin")


@pytest.mark.skipif(SYSTEM_PYTHON is None, reason="no system python3 in /usr/bin")
def test_the_launcher_runs_under_a_bare_python_from_anywhere(tmp_path: Path) -> None:
    """-S -I: no site-packages, no PYTHONPATH, no user site; run from another directory."""
    assert SYSTEM_PYTHON is not None
    keys = tmp_path / "tressette/virtual-pi/keys"
    keys.mkdir(parents=True)
    for name in ("id_ed25519", "id_ed25519.pub", "deploy.key", "deploy.pub"):
        (keys / name).write_text(f"{name}\n")  # made already: status makes none
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path)}
    run = subprocess.run([SYSTEM_PYTHON, "-S", "-I", str(LAUNCHER), "status"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    status = json.loads(run.stdout)
    assert status["running"] is False and status["run"] == str(tmp_path / "tressette/virtual-pi/run")
    assert Path(status["image"]).parent == tmp_path / "tressette/image"
    helped = subprocess.run([SYSTEM_PYTHON, "-S", "-I", str(LAUNCHER), "--help"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: virtual-pi [-h] COMMAND ...")
    assert "scripts/virtual-pi screenshot OUT.png" in helped.stdout


def test_the_launcher_is_executable_and_small() -> None:
    assert os.access(LAUNCHER, os.X_OK)
    assert LAUNCHER.read_text().startswith("#!/usr/bin/env python3\n")
    assert len(LAUNCHER.read_text().splitlines()) < 30
