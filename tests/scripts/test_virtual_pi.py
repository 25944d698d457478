"""scripts/virtual-pi's pure parts: arguments, cache key and place, QEMU's command line,
the ssh_config, and the screendump's PPM turned into PNG. Host only: nothing boots here."""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import struct
import sys
import zlib
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "virtual-pi"


def _load() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("virtual_pi", str(SCRIPT))
    spec = importlib.util.spec_from_loader("virtual_pi", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["virtual_pi"] = module  # dataclasses look their module up
    loader.exec_module(module)
    return module


vp = _load()


def test_cache_key_is_the_build_scripts_sha256_prefix() -> None:
    script = b"#!/bin/bash\nmmdebstrap ...\n"
    assert vp.cache_key(script) == hashlib.sha256(script).hexdigest()[:16]
    assert vp.cache_key(script) != vp.cache_key(script + b"# one more package\n")


def test_the_cache_key_follows_the_real_build_script() -> None:
    build = SCRIPT.with_name("virtual-pi-build")
    assert vp.paths().image.name == vp.cache_key(build.read_bytes())


def test_cache_root_uses_an_absolute_xdg_cache_home_else_home_cache(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert vp.cache_root({}, home) == home / ".cache/tressette/virtual-pi"
    assert vp.cache_root({"XDG_CACHE_HOME": str(tmp_path / "c")}, home) == tmp_path / "c/tressette/virtual-pi"
    # The XDG spec: a relative path is invalid and ignored.
    assert vp.cache_root({"XDG_CACHE_HOME": "rel"}, home) == home / ".cache/tressette/virtual-pi"


def test_an_image_is_complete_only_with_every_file() -> None:
    assert vp.image_complete(set(vp.IMAGE_FILES))
    for missing in vp.IMAGE_FILES:
        assert not vp.image_complete(set(vp.IMAGE_FILES) - {missing})


def test_qemu_command_line_has_the_boxs_devices(tmp_path: Path) -> None:
    p = vp.paths_for(tmp_path, "k")
    argv = vp.qemu_argv(p, 2299)
    line = " ".join(argv)
    assert argv[0] == "qemu-system-aarch64"
    assert "-M virt -cpu cortex-a72 -smp 2 -m 2048" in line
    devices = [argv[i + 1] for i, a in enumerate(argv) if a == "-device"]
    assert any(d.startswith("virtio-gpu-pci") for d in devices)
    assert {"qemu-xhci,id=xhci", "usb-tablet,bus=xhci.0", "usb-kbd,bus=xhci.0"} <= set(devices)
    assert "usb-serial,chardev=reader,bus=xhci.0" in devices
    assert f"socket,id=reader,path={p.reader},server=on,wait=off" in argv
    assert "hostfwd=tcp:127.0.0.1:2299-:22" in line  # ssh on localhost only
    assert f"file={p.overlay},format=qcow2" in line  # never the cached image itself
    cmdline = argv[argv.index("-append") + 1].split()
    assert "ro" in cmdline and "fsck.repair=yes" in cmdline and "rw" not in cmdline


def test_ssh_config_names_the_port_and_key(tmp_path: Path) -> None:
    text = vp.ssh_config_text(2299, tmp_path / "id_ed25519")
    assert "Host virtual-pi\n" in text
    assert "  Port 2299\n" in text and f"  IdentityFile {tmp_path / 'id_ed25519'}\n" in text
    assert "  HostName 127.0.0.1\n" in text


@pytest.mark.parametrize(("argv", "command"), [
    (["build"], "build"), (["up"], "up"), (["up", "--fresh"], "up"), (["down"], "down"),
    (["kill"], "kill"), (["status"], "status"), (["mock-pins"], "mock-pins"), (["ssh"], "ssh"), (["screenshot", "a.png"], "screenshot"),
])
def test_commands_parse(argv: list[str], command: str) -> None:
    assert vp.parse_args(argv).command == command


def test_ssh_passes_the_remote_command_through() -> None:
    assert vp.parse_args(["ssh", "systemctl", "is-active", "--quiet", "x"]).cmd == [
        "systemctl", "is-active", "--quiet", "x"]


@pytest.mark.parametrize("argv", [
    [], ["boot"], ["up", "--timeout", "0"], ["up", "--timeout", "-5"], ["up", "--memory", "64"],
    ["screenshot"], ["screenshot", "shot.ppm"], ["down", "--timeout", "x"],
])
def test_bad_command_lines_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as e:
        vp.parse_args(argv)
    assert e.value.code == 2


def _png_pixels(png: bytes) -> tuple[int, int, bytes]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, size = 8, b"", (0, 0)
    while pos < len(png):
        (n,) = struct.unpack(">I", png[pos:pos + 4])
        kind, data = png[pos + 4:pos + 8], png[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", png[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(kind + data)
        if kind == b"IHDR":
            size = struct.unpack(">II", data[:8])
            assert data[8:10] == b"\x08\x02"  # 8-bit RGB
        elif kind == b"IDAT":
            idat += data
        pos += 12 + n
    w, h = size
    raw = zlib.decompress(idat)
    rows = [raw[y * (3 * w + 1):(y + 1) * (3 * w + 1)] for y in range(h)]
    assert all(r[0] == 0 for r in rows)  # filter "none"
    return w, h, b"".join(r[1:] for r in rows)


@settings(max_examples=40, derandomize=True)
@given(st.integers(1, 9), st.integers(1, 9), st.randoms(use_true_random=False),
       st.sampled_from([b" ", b"\n", b"\n# made by qemu\n"]))
def test_ppm_to_png_keeps_every_pixel(w: int, h: int, rnd: object, sep: bytes) -> None:
    pixels = bytes(rnd.randrange(256) for _ in range(w * h * 3))  # type: ignore[attr-defined]
    ppm = b"P6" + sep + str(w).encode() + b" " + str(h).encode() + b"\n255\n" + pixels
    assert _png_pixels(vp.ppm_to_png(ppm)) == (w, h, pixels)


@pytest.mark.parametrize("bad", [
    b"", b"P3\n1 1\n255\n000", b"P6\n1 1\n65535\n" + b"\0" * 6, b"P6\n2 2\n255\n\0\0\0",
    b"P6\n0 1\n255\n", b"P6\nx 1\n255\n\0\0\0", b"P6\n# no end", b"P6\n1",
])
def test_ppm_to_png_refuses_what_is_not_a_full_p6(bad: bytes) -> None:
    with pytest.raises(ValueError):
        vp.ppm_to_png(bad)


@settings(max_examples=100, derandomize=True)
@given(st.binary(max_size=64))
def test_ppm_to_png_on_any_bytes_returns_a_png_or_says_why(data: bytes) -> None:
    try:
        png = vp.ppm_to_png(data)
    except ValueError:
        return
    assert png.startswith(b"\x89PNG")


def test_the_mock_pins_drop_in_sets_gpiozeros_factory_for_the_service() -> None:
    lines = vp.mock_pins_dropin().splitlines()
    assert "[Service]" in lines
    assert "Environment=GPIOZERO_PIN_FACTORY=mock" in lines[lines.index("[Service]"):]
    assert vp.MOCK_PINS_DROPIN.startswith("/etc/systemd/system/tressette.service.d/")
