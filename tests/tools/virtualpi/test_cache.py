"""Where the virtual Pi keeps its things (tools/virtualpi/cache.py): the cache root by the XDG
rules, the image beside it under its key, the run directory's files, the keys made once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.virtualpi import cache


@pytest.mark.parametrize(("env", "want"), [
    ({}, "home/.cache/tressette/virtual-pi"),
    ({"XDG_CACHE_HOME": ""}, "home/.cache/tressette/virtual-pi"),  # set but empty: as unset
    ({"XDG_CACHE_HOME": "relative/c"}, "home/.cache/tressette/virtual-pi"),  # relative: invalid, ignored
    ({"XDG_CACHE_HOME": "./c"}, "home/.cache/tressette/virtual-pi"),
    ({"XDG_CACHE_HOME": "/c"}, "/c/tressette/virtual-pi"),
    ({"XDG_CACHE_HOME": "/c/"}, "/c/tressette/virtual-pi"),
    ({"XDG_CACHE_HOME": "/c", "HOME": "/elsewhere"}, "/c/tressette/virtual-pi"),  # home is the argument
])  # fmt: skip
def test_cache_root_follows_the_xdg_rules(env: dict[str, str], want: str, tmp_path: Path) -> None:
    got = cache.cache_root(env, tmp_path / "home")
    assert got == (Path(want) if want.startswith("/") else tmp_path / want)


def test_the_run_and_the_keys_are_under_the_root_the_image_beside_it() -> None:
    p = cache.paths_for(Path("/c/tressette/virtual-pi"), "0123456789abcdef")
    assert (p.image, p.run, p.keys) == (Path("/c/tressette/image/0123456789abcdef"),
                                        Path("/c/tressette/virtual-pi/run"), Path("/c/tressette/virtual-pi/keys"))
    run = Path("/c/tressette/virtual-pi/run")
    assert {
        "disk": p.disk, "key": p.key, "deploy_key": p.deploy_key, "boot": p.boot, "overlay": p.overlay,
        "pidfile": p.pidfile, "state": p.state, "monitor": p.monitor, "qmp": p.qmp, "reader": p.reader,
        "console": p.console, "ssh_config": p.ssh_config,
    } == {
        "disk": Path("/c/tressette/image/0123456789abcdef/tressette.img"),
        "key": Path("/c/tressette/virtual-pi/keys/id_ed25519"),
        "deploy_key": Path("/c/tressette/virtual-pi/keys/deploy.key"),
        "boot": run / "boot", "overlay": run / "overlay.qcow2", "pidfile": run / "qemu.pid",
        "state": run / "state.json", "monitor": run / "monitor.sock", "qmp": run / "qmp.sock",
        "reader": run / "reader.sock", "console": run / "console.log", "ssh_config": run / "ssh_config",
    }  # fmt: skip


def test_an_image_directory_is_ready_only_with_every_file_the_build_writes(tmp_path: Path) -> None:
    p = cache.paths_for(tmp_path / "tressette/virtual-pi", "k")
    assert not cache.have_image(p)  # no directory
    p.image.mkdir(parents=True)
    assert not cache.have_image(p)
    (p.image / "tressette.img").write_bytes(b"")
    assert not cache.have_image(p)  # inputs.json is written last
    (p.image / "inputs.json").write_text("{}")
    assert cache.have_image(p)
    assert cache.IMAGE_FILES == ("tressette.img", "inputs.json")


def _keys(root: Path, deploy: bytes = b"d" * 32, ssh: bytes = b"ssh-ed25519 AAAA pi") -> None:
    keys = root / "keys"
    keys.mkdir(parents=True, exist_ok=True)
    for name, data in (("id_ed25519", b"private"), ("id_ed25519.pub", ssh), ("deploy.key", b"private"),
                       ("deploy.pub", deploy)):
        (keys / name).write_bytes(data)


def test_the_image_key_is_made_with_this_machines_keys(tmp_path: Path) -> None:
    _keys(tmp_path)
    key = cache.image_key_for(tmp_path / "keys")
    assert len(key) == 16 and int(key, 16) >= 0
    assert cache.image_key_for(tmp_path / "keys") == key
    _keys(tmp_path, deploy=b"e" * 32)
    assert cache.image_key_for(tmp_path / "keys") != key  # another release-signing key: another image
    _keys(tmp_path)
    assert cache.image_key_for(tmp_path / "keys") == key
    _keys(tmp_path, ssh=b"ssh-ed25519 BBBB pi")
    assert cache.image_key_for(tmp_path / "keys") != key  # another login


def test_paths_uses_xdg_cache_home_and_keeps_keys_made_earlier(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _keys(tmp_path / "tressette/virtual-pi")
    before = (tmp_path / "tressette/virtual-pi/keys/deploy.pub").read_bytes()
    p = cache.paths()
    assert p.run == tmp_path / "tressette/virtual-pi/run"
    assert p.image == tmp_path / "tressette/image" / cache.image_key_for(tmp_path / "tressette/virtual-pi/keys")
    assert (tmp_path / "tressette/virtual-pi/keys/deploy.pub").read_bytes() == before  # not made again
