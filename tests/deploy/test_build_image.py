"""deploy/build-image's cache: each layer keyed by exactly what it is made of. Nothing is
built here (the image itself is built and booted by scripts/virtual-pi test)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deploy import build_image as bi


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    for rel in ("deploy/image/rootfs", "deploy/device_install.py", "systemd/tressette.service",
                "firmware/app/device.py", "hal/network.py", "ui/app.py", "pyproject.toml", "docs/deploy.md",
                "tests/test_x.py"):
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(f"# {rel}\n")
    return repo


def test_the_image_key_follows_every_input_and_only_the_inputs(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    key = bi.image_key(repo, "os1", b"ab" * 32, b"ssh-ed25519 AAAA pi")
    assert len(key) == 16
    assert bi.image_key(repo, "os1", b"ab" * 32, b"ssh-ed25519 AAAA pi") == key  # the same inputs: the cache
    for rel in ("deploy/image/rootfs", "systemd/tressette.service", "firmware/app/device.py", "pyproject.toml"):
        path = repo / rel
        old = path.read_text()
        path.write_text(old + "# changed\n")
        assert bi.image_key(repo, "os1", b"ab" * 32, b"ssh-ed25519 AAAA pi") != key, rel
        path.write_text(old)
    for rel in ("docs/deploy.md", "tests/test_x.py"):  # not in the image: no rebuild
        (repo / rel).write_text("# changed\n")
    (repo / "firmware/app/__pycache__").mkdir()
    (repo / "firmware/app/__pycache__/device.cpython-311.pyc").write_bytes(b"\0")
    assert bi.image_key(repo, "os1", b"ab" * 32, b"ssh-ed25519 AAAA pi") == key
    assert bi.image_key(repo, "os2", b"ab" * 32, b"ssh-ed25519 AAAA pi") != key  # another OS layer
    assert bi.image_key(repo, "os1", b"cd" * 32, b"ssh-ed25519 AAAA pi") != key  # another release key
    assert bi.image_key(repo, "os1", b"ab" * 32, None) != key  # no login
    shutil.rmtree(repo / "ui")
    assert bi.image_key(repo, "os1", b"ab" * 32, b"ssh-ed25519 AAAA pi") != key  # a file gone


def test_the_virtual_pis_own_code_is_neither_in_the_image_nor_in_the_wheel(tmp_path: Path) -> None:
    """tools/virtualpi boots and tests the image from the host: a change to it builds no new
    image, as the wheel (pyproject.toml) leaves it out; a change to another tool does."""
    import tomllib
    from fnmatch import fnmatchcase

    repo = _repo(tmp_path)
    for rel in ("tools/virtualpi/cli.py", "tools/gallery.py"):
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(f"# {rel}\n")
    key = bi.image_key(repo, "os1", b"ab" * 32, None)
    (repo / "tools/virtualpi/cli.py").write_text("# changed\n")
    assert bi.image_key(repo, "os1", b"ab" * 32, None) == key
    (repo / "tools/gallery.py").write_text("# changed\n")
    assert bi.image_key(repo, "os1", b"ab" * 32, None) != key
    find = tomllib.loads((bi.REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    packages = {".".join(d.relative_to(bi.REPO).parts) for d in (f.parent for f in bi.REPO.glob("*/**/__init__.py"))
                if ".venv" not in d.parts and "build" not in d.parts}
    # setuptools' find: a package's dotted name matched against the patterns (fnmatchcase)
    wheel = {n for n in packages if any(fnmatchcase(n, pat) for pat in find["include"])
             and not any(fnmatchcase(n, pat) for pat in find["exclude"])}
    assert {"tools", "tools.bench", "firmware.app"} <= wheel
    assert not {p for p in wheel if p.startswith("tools.virtualpi")}
    assert {p.replace(".", "/") for p in find["exclude"] if not p.endswith("*")} == set(bi.NOT_INPUTS)


def test_the_os_layer_is_keyed_by_its_script() -> None:
    script = bi.ROOTFS_SCRIPT.read_bytes()
    assert bi.rootfs_key(script) == bi.rootfs_key(script)
    assert bi.rootfs_key(script + b"# one more package\n") != bi.rootfs_key(script)


def test_the_cache_is_under_xdg_cache_home(tmp_path: Path) -> None:
    assert bi.cache_root({}, tmp_path) == tmp_path / ".cache/tressette/image"
    assert bi.cache_root({"XDG_CACHE_HOME": str(tmp_path / "c")}, tmp_path) == tmp_path / "c/tressette/image"
    assert bi.cache_root({"XDG_CACHE_HOME": "relative"}, tmp_path) == tmp_path / ".cache/tressette/image"


def test_a_cached_image_is_returned_without_building(tmp_path: Path) -> None:
    key = tmp_path / "deploy.key"
    key.write_text("00" * 32)
    key.with_suffix(".pub").write_text("ab" * 32)
    os_key = bi.rootfs_key(bi.ROOTFS_SCRIPT.read_bytes())
    ikey = bi.image_key(bi.REPO, os_key, key.with_suffix(".pub").read_bytes(), None)
    for name in bi.IMAGE_FILES:
        (tmp_path / "cache" / ikey).mkdir(parents=True, exist_ok=True)
        (tmp_path / "cache" / ikey / name).write_text("x")
    built = bi.build(tmp_path / "cache", key, None, {})
    assert not built.built and built.key == ikey and built.directory == tmp_path / "cache" / ikey


def test_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert bi.main(["--key", str(tmp_path / "none.key"), "--cache", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "deploy/deploy keygen" in err
    with pytest.raises(bi.BuildError, match="SOURCE_DATE_EPOCH"):
        bi.source_date_epoch({"SOURCE_DATE_EPOCH": "yesterday"})
    assert bi.source_date_epoch({}) == bi.DEFAULT_EPOCH
