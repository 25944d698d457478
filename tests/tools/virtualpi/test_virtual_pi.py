"""The virtual Pi's pure parts (tools/virtualpi, scripts/virtual-pi): arguments, cache key and place, QEMU's command line,
the ssh_config, and the screendump's PPM turned into PNG. Host only: nothing boots here."""

from __future__ import annotations

import contextlib
import shutil
import struct
import zlib
from functools import partial
from pathlib import Path
from typing import Any, TypedDict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hal.events import ReaderEvent
from hal.reader import TagParser
from tools.virtualpi import (
    cache,
    cli,
    guest,
    image,
    inputs,
    plan,
    preflight,
    qemu,
    screendump,
    ssh,
    testrun,
)
from tools.virtualpi.steps import phone, wifi

REPO = Path(__file__).resolve().parents[3]


def test_the_image_is_the_one_deploy_build_image_files_under_this_machines_keys() -> None:
    """The virtual Pi boots the SD-card image a person flashes: deploy/build-image's, keyed by
    its inputs and the two keys it is built with (this machine's own)."""
    from deploy import build_image

    p = cache.paths()
    os_key = build_image.rootfs_key(build_image.ROOTFS_SCRIPT.read_bytes())
    want = build_image.image_key(build_image.REPO, os_key, (p.keys / "deploy.pub").read_bytes(),
                                 (p.keys / "id_ed25519.pub").read_bytes())
    assert p.image.name == want and p.image.parent.name == "image"
    assert p.disk == p.image / "tressette.img" and p.key == p.keys / "id_ed25519"


def test_cache_root_uses_an_absolute_xdg_cache_home_else_home_cache(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert cache.cache_root({}, home) == home / ".cache/tressette/virtual-pi"
    assert cache.cache_root({"XDG_CACHE_HOME": str(tmp_path / "c")}, home) == tmp_path / "c/tressette/virtual-pi"
    # The XDG spec: a relative path is invalid and ignored.
    assert cache.cache_root({"XDG_CACHE_HOME": "rel"}, home) == home / ".cache/tressette/virtual-pi"


def test_an_image_is_complete_only_with_every_file() -> None:
    assert cache.image_complete(set(cache.IMAGE_FILES))
    for missing in cache.IMAGE_FILES:
        assert not cache.image_complete(set(cache.IMAGE_FILES) - {missing})


def test_qemu_command_line_has_the_boxs_devices(tmp_path: Path) -> None:
    p = cache.paths_for(tmp_path, "k")
    argv = qemu.qemu_argv(p, 2299, 2300)
    line = " ".join(argv)
    assert argv[0] == "qemu-system-aarch64"
    assert "-M virt -cpu cortex-a72 -smp 2 -m 2048" in line
    devices = [argv[i + 1] for i, a in enumerate(argv) if a == "-device"]
    assert any(d.startswith("virtio-gpu-pci") for d in devices)
    assert {"qemu-xhci,id=xhci", "usb-tablet,bus=xhci.0", "usb-kbd,bus=xhci.0"} <= set(devices)
    assert "usb-serial,chardev=reader,bus=xhci.0" in devices
    assert f"socket,id=reader,path={p.reader},server=on,wait=off" in argv
    assert "hostfwd=tcp:127.0.0.1:2299-:22" in line  # ssh on localhost only
    assert "hostfwd=tcp:127.0.0.1:2300-:8337" in line  # the phone page too, on the same netdev
    assert f"file={p.overlay},format=qcow2" in line  # never the cached image itself
    assert argv[argv.index("-kernel") + 1] == str(p.boot / "vmlinuz")  # read from the image's boot partition
    cmdline = argv[argv.index("-append") + 1].split()
    assert "root=LABEL=RASPIROOT" in cmdline and "fsck.repair=yes" in cmdline and "console=ttyAMA0" in cmdline


def test_the_guest_boots_with_the_images_cmdline_its_console_on_the_serial_port(tmp_path: Path) -> None:
    p = cache.paths_for(tmp_path, "k")
    p.boot.mkdir(parents=True)
    (p.boot / "cmdline.txt").write_text("console=tty1 root=LABEL=RASPIROOT rw fsck.repair=yes net.ifnames=0 "
                                        "cma=64M rootwait vt.global_cursor_default=0\n")
    argv = qemu.qemu_argv(p, 2299, 2300)
    assert argv[argv.index("-append") + 1] == ("root=LABEL=RASPIROOT rw fsck.repair=yes net.ifnames=0 cma=64M "
                                               "rootwait vt.global_cursor_default=0 console=ttyAMA0")


def test_the_boot_partition_and_its_files_are_found_as_the_pis_firmware_finds_them() -> None:
    mbr = bytearray(512)
    mbr[446 + 8:446 + 16] = struct.pack("<II", 8192, 524288)
    mbr[510:512] = b"\x55\xaa"
    assert image.first_partition(bytes(mbr)) == (8192 * 512, 524288 * 512)
    with pytest.raises(ValueError):
        image.first_partition(bytes(512))
    config = "arm_64bit=1\nenable_uart=1\nupstream_kernel=1\n\nkernel=vmlinuz-6.1.0-28-arm64\n" \
             "# For details\ninitramfs initrd.img-6.1.0-28-arm64\n"
    assert image.boot_files(config) == ("vmlinuz-6.1.0-28-arm64", "initrd.img-6.1.0-28-arm64")
    with pytest.raises(ValueError):
        image.boot_files("arm_64bit=1\n")


@given(st.text(min_size=1, max_size=32), st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126),
                                                  min_size=8, max_size=63))
def test_the_wifi_qr_code_reads_back_as_the_box_wrote_it(ssid: str, passphrase: str) -> None:
    from ui.netmodel import wifi_qr_text

    assert wifi.parse_wifi_qr(wifi_qr_text(ssid, passphrase)) == (ssid, passphrase)


def test_ssh_config_names_the_port_and_key(tmp_path: Path) -> None:
    text = ssh.ssh_config_text(2299, tmp_path / "id_ed25519")
    assert "Host virtual-pi\n" in text
    assert "  Port 2299\n" in text and f"  IdentityFile {tmp_path / 'id_ed25519'}\n" in text
    assert "  HostName 127.0.0.1\n" in text


@pytest.mark.parametrize(("argv", "command"), [
    (["build"], "build"), (["up"], "up"), (["up", "--fresh"], "up"), (["down"], "down"),
    (["kill"], "kill"), (["status"], "status"), (["mock-pins"], "mock-pins"), (["ssh"], "ssh"), (["screenshot", "a.png"], "screenshot"),
])
def test_commands_parse(argv: list[str], command: str) -> None:
    assert cli.parse_args(argv).command == command


def test_ssh_passes_the_remote_command_through() -> None:
    assert cli.parse_args(["ssh", "systemctl", "is-active", "--quiet", "x"]).cmd == [
        "systemctl", "is-active", "--quiet", "x"]


@pytest.mark.parametrize("argv", [
    [], ["boot"], ["up", "--timeout", "0"], ["up", "--timeout", "-5"], ["up", "--memory", "64"],
    ["screenshot"], ["screenshot", "shot.ppm"], ["down", "--timeout", "x"],
])
def test_bad_command_lines_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.parse_args(argv)
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
    assert _png_pixels(screendump.ppm_to_png(ppm)) == (w, h, pixels)


@pytest.mark.parametrize("bad", [
    b"", b"P3\n1 1\n255\n000", b"P6\n1 1\n65535\n" + b"\0" * 6, b"P6\n2 2\n255\n\0\0\0",
    b"P6\n0 1\n255\n", b"P6\nx 1\n255\n\0\0\0", b"P6\n# no end", b"P6\n1",
])
def test_ppm_to_png_refuses_what_is_not_a_full_p6(bad: bytes) -> None:
    with pytest.raises(ValueError):
        screendump.ppm_to_png(bad)


@settings(max_examples=100, derandomize=True)
@given(st.binary(max_size=64))
def test_ppm_to_png_on_any_bytes_returns_a_png_or_says_why(data: bytes) -> None:
    try:
        png = screendump.ppm_to_png(data)
    except ValueError:
        return
    assert png.startswith(b"\x89PNG")


def test_the_mock_pins_drop_in_sets_gpiozeros_factory_for_the_service() -> None:
    lines = guest.mock_pins_dropin().splitlines()
    assert "[Service]" in lines
    assert "Environment=GPIOZERO_PIN_FACTORY=mock" in lines[lines.index("[Service]"):]
    assert guest.MOCK_PINS_DROPIN.startswith("/etc/systemd/system/tressette.service.d/")


# --- input: the tablet, the keyboard, the card reader -------------------------------------


def test_the_screens_corners_are_the_tablets_ends() -> None:
    w, h = inputs.SCREEN_SIZE
    assert (inputs.abs_axis(0, w), inputs.abs_axis(w - 1, w)) == (0, inputs.ABS_MAX)
    assert (inputs.abs_axis(0, h), inputs.abs_axis(h - 1, h)) == (0, inputs.ABS_MAX)


@settings(max_examples=100, derandomize=True)
@given(st.integers(2, 4000), st.data())
def test_a_pixel_survives_the_trip_through_the_tablets_axis(extent: int, data: st.DataObject) -> None:
    x = data.draw(st.integers(0, extent - 1))
    value = inputs.abs_axis(x, extent)
    assert 0 <= value <= inputs.ABS_MAX
    # what SDL does with it: scale the device's range back onto the screen
    assert round(value * (extent - 1) / inputs.ABS_MAX) == x


@pytest.mark.parametrize(("x", "extent"), [(-1, 800), (800, 800), (480, 480)])
def test_a_tap_off_the_screen_is_refused(x: int, extent: int) -> None:
    with pytest.raises(ValueError, match="off the screen"):
        inputs.abs_axis(x, extent)


@settings(max_examples=60, derandomize=True)
@given(st.integers(0, 799), st.integers(0, 479))
def test_a_tap_always_moves_on_both_axes_before_pressing(x: int, y: int) -> None:
    # evdev drops an absolute value equal to the last one: a tap where the pointer already was
    # would send no position, and a program started since would click at 0,0
    batches: list[list[dict[str, Any]]] = inputs.tap_events(x, y)  # typed: the events are JSON
    nudge, move, press, release = batches
    axes = {e["data"]["axis"]: e["data"]["value"] for e in move}
    assert axes == {"x": inputs.abs_axis(x, 800), "y": inputs.abs_axis(y, 480)}
    before = {e["data"]["axis"]: e["data"]["value"] for e in nudge}
    assert before["x"] != axes["x"] and before["y"] != axes["y"]
    assert all(abs(before[a] - axes[a]) == 1 for a in "xy")  # less than a pixel away
    assert press == [{"type": "btn", "data": {"down": True, "button": "left"}}]
    assert release == [{"type": "btn", "data": {"down": False, "button": "left"}}]


@pytest.mark.parametrize(("name", "code"), [
    ("up", "up"), ("Return", "ret"), ("enter", "ret"), ("space", "spc"), ("ESC", "esc"), ("1", "1"), ("a", "a"),
])
def test_key_names_become_qemu_qcodes(name: str, code: str) -> None:
    events: list[list[dict[str, Any]]] = inputs.key_events(name)
    down, up = events
    assert down == [{"type": "key", "data": {"down": True, "key": {"type": "qcode", "data": code}}}]
    assert up[0]["data"]["down"] is False


@settings(max_examples=100, derandomize=True)
@given(st.text(max_size=12))
def test_any_key_name_is_a_plain_qcode_or_refused(name: str) -> None:
    try:
        code = inputs.qcode(name)
    except ValueError as e:
        assert "not a key name" in str(e)
        return
    assert code and all(c.isascii() and (c.isalnum() or c == "_") for c in code)


def _reader_events(parser: TagParser, data: bytes) -> list[ReaderEvent]:
    return parser.feed(data, 100.0) + parser.feed(b"", 200.0)


@settings(max_examples=60, derandomize=True)
@given(st.text("0123456789abcdefABCDEF", min_size=10, max_size=10))
def test_an_rdm6300_frame_is_read_by_the_boxs_own_parser(tag: str) -> None:
    from hal.events import TagSeen
    from hal.reader import RDM6300Parser

    frame = inputs.rdm6300_frame(tag)
    assert len(frame) == 14 and frame[0] == 0x02 and frame[-1] == 0x03
    seen = [e for e in _reader_events(RDM6300Parser(), frame) if isinstance(e, TagSeen)]
    assert [e.tag_id for e in seen] == [tag.upper()]


def test_the_documented_rdm6300_example() -> None:
    # docs/hardware.md: tag 0A00B1C2D3 -> \x02 0A00B1C2D3 AA \x03
    assert inputs.rdm6300_frame("0A00B1C2D3") == b"\x020A00B1C2D3AA\x03"


@pytest.mark.parametrize("bad", ["", "0A00B1C2D", "0A00B1C2D3F", "0A00B1C2DG", "0A00 1C2D3"])
def test_a_bad_rdm6300_tag_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="10 hex digits"):
        inputs.rdm6300_frame(bad)


def test_a_barcode_line_is_read_by_the_boxs_own_parser() -> None:
    from hal.events import TagSeen
    from hal.reader import LineParser

    seen = [e for e in _reader_events(LineParser(), inputs.barcode_line("CARD-ITALIAN-07")) if isinstance(e, TagSeen)]
    assert [e.tag_id for e in seen] == ["CARD-ITALIAN-07"]


@pytest.mark.parametrize("bad", ["", "a\nb", "a\r", "carta è", "\x00"])
def test_a_barcode_is_one_printable_ascii_line(bad: str) -> None:
    with pytest.raises(ValueError, match="one line"):
        inputs.barcode_line(bad)


def test_the_enrolment_tags_are_distinct_rdm6300_ids() -> None:
    tags = guest.enrol_tags(guest.DECK_CARDS["italian"])
    assert len(set(tags)) == 40
    assert all(len(inputs.rdm6300_frame(t)) == 14 for t in tags)


def test_the_test_knows_every_decks_size() -> None:
    from firmware.engine.cards import DECKS

    assert {name: len(deck.cards) for name, deck in DECKS.items()} == guest.DECK_CARDS


def test_centre_of_a_rectangle() -> None:
    assert inputs.centre([10, 20, 100, 40]) == (60, 40)


@pytest.mark.parametrize(("argv", "command"), [
    (["tap", "10", "20"], "tap"), (["key", "up", "ret"], "key"), (["test"], "test"),
    (["reader", "--rdm6300", "0A00B1C2D3"], "reader"), (["reader", "--line", "SCAN-1", "--settle", "0"], "reader"),
    (["test", "--timeout", "600", "--keep"], "test"),
])
def test_input_and_test_commands_parse(argv: list[str], command: str) -> None:
    assert cli.parse_args(argv).command == command


@pytest.mark.parametrize("argv", [
    ["tap", "800", "10"], ["tap", "10", "480"], ["tap", "-1", "0"], ["tap", "1"], ["key"], ["key", "é"],
    ["reader"], ["reader", "--rdm6300", "12"], ["reader", "--line", "a\nb"], ["reader", "--line", "x", "--gap", "-1"],
    ["test", "--timeout", "0"],
])
def test_bad_input_command_lines_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.parse_args(argv)
    assert e.value.code == 2


def test_the_tests_drop_in_keeps_mock_pins_and_names_the_probe_file() -> None:
    lines = guest.test_dropin().splitlines()
    assert "Environment=GPIOZERO_PIN_FACTORY=mock" in lines
    from ui.probe import PROBE_ENV

    assert f"Environment={PROBE_ENV}={guest.PROBE_FILE}" in lines
    assert guest.PROBE_FILE.startswith("/run/tressette/")  # the unit's RuntimeDirectory: writable under it


class _HostFailure(TypedDict, total=False):
    tools: Exception
    binfmt: Exception
    mirror: Exception


def _preflight_host(monkeypatch: pytest.MonkeyPatch, *, tools: Exception | None = None,
                    binfmt: Exception | None = None, mirror: Exception | None = None,
                    image: bool = False) -> None:
    """A host whose package install, binfmt_misc and mirror succeed or fail as told."""
    import urllib.request

    def raise_or(exc: Exception | None) -> object:
        def run() -> None:
            if exc is not None:
                raise exc
        return run

    class Response:
        def __enter__(self) -> Response:
            return self

        def __exit__(self, *_: object) -> None:
            pass

        def read(self, n: int) -> bytes:
            return b"Origin: Debian"[:n]

    def urlopen(url: str, timeout: float) -> Response:
        assert "deb.debian.org" in url and timeout > 0
        if mirror is not None:
            raise mirror
        return Response()

    monkeypatch.setattr(preflight, "ensure_host_tools", raise_or(tools))
    monkeypatch.setattr(preflight, "boot_check", lambda p: None)  # tests/tools/virtualpi/test_host.py
    monkeypatch.setattr(preflight, "ensure_binfmt", raise_or(binfmt))
    monkeypatch.setattr(shutil, "which", lambda tool: f"/usr/bin/{tool}")
    monkeypatch.setattr(preflight, "have_image", lambda p: image)
    monkeypatch.setattr(urllib.request, "urlopen", urlopen)


@pytest.mark.parametrize(
    ("failure", "said"),
    [({"tools": OSError("apt-get: not found")}, "host packages"),
     ({"binfmt": OSError("mount: permission denied")}, "binfmt_misc"),
     ({"mirror": OSError("Name or service not known")}, "deb.debian.org")],
)  # fmt: skip
def test_preflight_says_what_the_host_lacks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            failure: _HostFailure, said: str) -> None:
    _preflight_host(monkeypatch, **failure)
    why = preflight.preflight(cache.paths_for(tmp_path, "k"))
    assert why is not None and said in why


def test_preflight_passes_a_capable_host_and_needs_no_mirror_with_the_image_cached(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _preflight_host(monkeypatch)
    assert preflight.preflight(cache.paths_for(tmp_path, "k")) is None
    _preflight_host(monkeypatch, image=True, binfmt=OSError("no privilege"), mirror=OSError("offline"))
    assert preflight.preflight(cache.paths_for(tmp_path, "k")) is None  # booting needs neither


def test_preflight_cannot_is_its_own_exit_status(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    _preflight_host(monkeypatch, binfmt=OSError("mount: permission denied"))
    monkeypatch.setattr(cli, "paths", lambda: cache.paths_for(tmp_path, "k"))
    assert cli.main(["preflight"]) == preflight.PREFLIGHT_CANNOT == 3
    assert "cannot run the virtual Pi" in capsys.readouterr().err


# --- the phone on the host (the test's last step) ----------------------------------------

QEMU_NAT_HOST = "10.0.2.2"  # what the guest sees as the source of a hostfwd connection (QEMU user-mode NAT)


def test_the_forwarded_phone_port_is_the_boxs_phone_port(tmp_path: Path) -> None:
    from firmware.config import PhoneSettings

    assert qemu.PHONE_PORT == PhoneSettings().port == 8337
    argv = qemu.qemu_argv(cache.paths_for(tmp_path, "k"), 2299, 41234)
    netdev = argv[argv.index("-netdev") + 1].split(",")
    assert netdev[:2] == ["user", "id=net0"]
    assert "hostfwd=tcp:127.0.0.1:41234-:8337" in netdev  # the host's loopback only, never its LAN
    assert all(f.startswith("hostfwd=tcp:127.0.0.1:") for f in netdev if f.startswith("hostfwd"))


def _unit_values(key: str) -> list[str]:
    unit = REPO / "systemd/tressette.service"
    out: list[str] = []
    for line in unit.read_text().splitlines():
        if line.startswith(f"{key}="):
            out += line.split("=", 1)[1].split()
    return out


def test_the_units_hardening_admits_the_phone_from_the_host() -> None:
    """The box's unit binds the phone port and lets the address QEMU's NAT gives the host's
    browser through (else the step's page would hang at connecting); the internet stays out."""
    import ipaddress

    assert f"tcp:{qemu.PHONE_PORT}" in _unit_values("SocketBindAllow")
    assert _unit_values("SocketBindDeny") == ["any"] and _unit_values("IPAddressDeny") == ["any"]
    nets = []
    for item in _unit_values("IPAddressAllow"):
        with contextlib.suppress(ValueError):  # localhost, link-local, multicast: systemd's words
            nets.append(ipaddress.ip_network(item))
    host = ipaddress.ip_address(QEMU_NAT_HOST)
    assert any(host in n for n in nets), nets
    assert not any(ipaddress.ip_address("8.8.8.8") in n for n in nets)  # a private range, not the internet


def test_the_phone_step_comes_after_the_rollback_and_wifi_last(tmp_path: Path) -> None:
    run = testrun.TestRun(cache.paths_for(tmp_path, "k"), tmp_path)
    steps = plan.test_steps(run)
    names = [name for name, _ in steps]
    assert len(set(names)) == len(names)
    assert not any("mac80211_hwsim" in n for n, _ in plan.test_steps(testrun.TestRun(run.p, tmp_path, wifi=False)))
    assert cli.parse_args(["test"]).wifi and cli.parse_args(["test", "--wifi"]).wifi  # the default; --wifi kept
    assert not cli.parse_args(["test", "--no-wifi"]).wifi
    name, do = steps[-2]
    assert "phone" in name and "chromium" in name and isinstance(do, partial) and (do.func, do.args) == (phone.phone_on_the_host, (run,))
    assert names.index(name) == names.index("rollback: a release that fails its health check") + 1
    name, do = steps[-1]
    assert "mac80211_hwsim" in name and isinstance(do, partial) and (do.func, do.args) == (wifi.wifi, (run,))  # the box's Wi-Fi changes last: nothing after needs eth0's address


def test_the_phone_port_comes_from_this_boots_state(tmp_path: Path) -> None:
    p = cache.paths_for(tmp_path, "k")
    p.run.mkdir(parents=True)
    run = testrun.TestRun(p, tmp_path)
    p.state.write_text('{"ssh_port": 2299, "phone_port": 41234}\n')
    assert run.phone_port() == 41234
    p.state.write_text('{"ssh_port": 2299}\n')  # a machine started by an older script
    with pytest.raises(testrun.StepFailed, match="phone_port"):
        run.phone_port()


def test_the_rollback_step_can_break_the_real_device_program() -> None:
    """The rollback step breaks ``tressette run`` in a copy of the project; a renamed or
    retyped ``main`` must not leave it unable to (it did once: only the VM stage noticed)."""
    device = (REPO / "firmware/app/device.py").read_text()
    broken = guest.broken_device(device)
    assert broken.count("raise SystemExit('broken on purpose") == 1
    compile(broken, "device.py", "exec")  # still Python
    head, _, tail = broken.partition("    raise SystemExit('broken on purpose")
    assert head.rstrip().endswith("-> int:") and head.splitlines()[-1].startswith("def main(")
    with pytest.raises(ValueError):
        guest.broken_device("def run() -> None:\n    pass\n")
