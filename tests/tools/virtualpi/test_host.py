"""scripts/virtual-pi (tools/virtualpi) on a clean host (outside fault injection, point 5): QEMU installed
without recommends stopped at once with ``failed to find romfile "efi-virtio.rom"`` and
``preflight`` did not notice, so CI would have failed instead of skipping. Now the host
packages include the data files the machine's devices load, and ``preflight`` starts the
test's exact machine (stopped before the guest runs) and tells a host's lack (exit 3,
the stage skipped, the reason said) from a fault of the command line (exit 1).

Also the test's cheaper reads: one kept-open ssh connection, and one long-lived session
reading the guest's files on request."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tools.virtualpi import cache, cli, host, plan, preflight, qemu, ssh, testrun

# Option ROMs QEMU loads for a PCI device (its romfile property), as Debian ships them.
DEVICE_ROMS = {"virtio-net-pci": "efi-virtio.rom", "e1000": "efi-e1000.rom", "e1000e": "efi-e1000e.rom",
               "rtl8139": "efi-rtl8139.rom", "virtio-vga": "vgabios-virtio.bin", "VGA": "vgabios-stdvga.bin"}


def _devices(argv: list[str]) -> list[str]:
    return [argv[i + 1].split(",")[0] for i, a in enumerate(argv) if a == "-device"]


def test_every_rom_the_machines_devices_load_comes_with_a_host_package(tmp_path: Path) -> None:
    devices = _devices(qemu.qemu_argv(cache.paths_for(tmp_path, "k"), 2299, 2300))
    roms = {DEVICE_ROMS[d] for d in devices if d in DEVICE_ROMS}
    assert roms == {"efi-virtio.rom"}  # virtio-gpu-pci, xhci, usb-*, virtio-rng load none
    provided = {Path(path).name: pkg for path, pkg in host.HOST_FILES.items()}
    assert provided["efi-virtio.rom"] == "ipxe-qemu"
    assert "-kernel" in qemu.qemu_argv(cache.paths_for(tmp_path, "k"), 2299, 2300)  # no firmware: no qemu-efi-aarch64


def test_a_missing_rom_file_installs_its_package(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(shutil, "which", lambda tool: f"/usr/bin/{tool}")  # every tool there
    monkeypatch.setattr(host, "HOST_FILES", {str(tmp_path / "efi-virtio.rom"): "ipxe-qemu"})
    assert host.missing_host_packages() == ["ipxe-qemu"]
    (tmp_path / "efi-virtio.rom").write_bytes(b"rom")
    assert host.missing_host_packages() == []


def test_the_boot_check_starts_the_tests_own_machine_stopped(tmp_path: Path) -> None:
    p = cache.paths_for(tmp_path / "cache", "k")
    test = qemu.qemu_argv(p, 2299, 2300)
    check = preflight.boot_check_argv(p, tmp_path, 2299)
    assert _devices(check) == _devices(test)  # the same devices, in the same order
    assert [check[i + 1] for i, a in enumerate(check) if a == "-device"] == \
        [test[i + 1] for i, a in enumerate(test) if a == "-device"]
    assert "-S" in check and check[-2:] == ["-qmp", "stdio"]
    assert "-daemonize" not in check and "-pidfile" not in check
    assert all(str(p.run) not in a for a in check)  # nothing of a running machine is touched
    assert f"file={tmp_path / 'overlay.qcow2'},format=qcow2,if=virtio,cache=unsafe" in check


def _fake_qemu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stderr: str, rc: int = 1) -> None:
    """qemu-system-aarch64 and qemu-img on PATH that behave as a host's would."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    (bin_ / "qemu-img").write_text('#!/bin/sh\nfor a; do case "$a" in *.qcow2) : > "$a";; esac; done\n')
    (bin_ / "qemu-system-aarch64").write_text(f"#!/bin/sh\necho '{stderr}' >&2\nexit {rc}\n")
    for f in bin_.iterdir():
        f.chmod(f.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_}{os.pathsep}{os.environ['PATH']}")


def test_a_host_without_the_rom_skips_the_stage_saying_why(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    _fake_qemu(tmp_path, monkeypatch,
               'qemu-system-aarch64: -device virtio-net-pci,netdev=net0: failed to find romfile "efi-virtio.rom"')
    monkeypatch.setattr(preflight, "ensure_host_tools", lambda: None)
    monkeypatch.setattr(cli, "paths", lambda: cache.paths_for(tmp_path / "cache", "k"))
    assert cli.main(["preflight"]) == preflight.PREFLIGHT_CANNOT
    err = capsys.readouterr().err
    assert "cannot run the virtual Pi" in err and 'failed to find romfile "efi-virtio.rom"' in err


def test_a_command_line_qemu_refuses_fails_the_preflight(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    _fake_qemu(tmp_path, monkeypatch, "qemu-system-aarch64: -device virtio-gpu-pcx: 'virtio-gpu-pcx' is not a "
                                      "valid device model name")
    monkeypatch.setattr(preflight, "ensure_host_tools", lambda: None)
    monkeypatch.setattr(cli, "paths", lambda: cache.paths_for(tmp_path / "cache", "k"))
    assert cli.main(["preflight"]) == 1  # a fault of the script, not a host's lack: CI fails
    assert "preflight FAILED" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("qemu-system-aarch64") is None or shutil.which("qemu-img") is None,
                    reason="QEMU is not installed here (the virtual Pi stage of .ci/run installs it)")
def test_this_hosts_qemu_makes_the_tests_machine(tmp_path: Path) -> None:
    """The real QEMU, the test's exact devices, stopped before the guest runs (about a second)."""
    assert preflight.boot_check(cache.paths_for(tmp_path / "cache", "k")) is None


# ------------------------------------------------------------------ cheaper reads


def test_the_ssh_config_keeps_one_connection_open(tmp_path: Path) -> None:
    text = ssh.ssh_config_text(2299, tmp_path / "id", ssh.control_path(Path("/root/.cache/tressette/virtual-pi/run")))
    assert "  ControlMaster auto\n" in text and "  ControlPersist 600\n" in text
    assert "  ControlPath /root/.cache/tressette/virtual-pi/run/ssh-%C\n" in text
    long_run = tmp_path / ("x" * 120)
    assert len(ssh.control_path(long_run).replace("%C", "c" * 40)) < 108  # a Unix socket's limit


def test_the_guest_reader_answers_many_reads_on_one_session(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    """The reader itself, run here in place of the guest (ssh replaced by a local python3)."""
    def local(p: object, cmd: list[str]) -> list[str]:
        (script,) = cmd
        assert script.startswith("sudo python3 -u -c ")
        return [sys.executable, "-u", "-c", ssh.GUEST_READER]

    monkeypatch.setattr(ssh, "ssh_argv", local)
    probe, health = tmp_path / "probe.json", tmp_path / "health"
    probe.write_text('{"screen": "home"}')
    files = ssh.GuestFiles(cache.paths_for(tmp_path, "k"), timeout=30)
    try:
        for i in range(20):
            health.write_text(f'{{"n": {i}}}')
            got = files.read(str(probe), str(health))
            assert got == {str(probe): '{"screen": "home"}', str(health): f'{{"n": {i}}}'}
        assert files.read(str(tmp_path / "missing"))[str(tmp_path / "missing")] is None
        assert (files.reads, files.sessions) == (21, 1)
        assert files.proc is not None
        files.proc.kill()  # the power cut
        files.proc.wait()
        assert files.read(str(probe))[str(probe)] == '{"screen": "home"}'  # on a new session
        assert files.sessions == 2
        with pytest.raises(ValueError):
            files.read("relative/path")
    finally:
        files.close()


def test_the_steps_are_a_list_to_extend(tmp_path: Path) -> None:
    run = testrun.TestRun(cache.paths_for(tmp_path, "k"), tmp_path)
    names = [name for name, _ in plan.test_steps(run)]
    assert len(names) == len(set(names)) and names[0] == "image" and names[1].startswith("boot")
    assert names.index("power cut mid-match, boot, resume") == names.index(
        "play: a match started by tap, cards by taps and keys") + 1
    assert all(callable(do) for _, do in plan.test_steps(run))


def test_ssh_exit_of_the_kept_connection_is_bounded(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    p = cache.paths_for(tmp_path, "k")
    p.run.mkdir(parents=True)
    p.ssh_config.write_text(ssh.ssh_config_text(2299, p.key, ssh.control_path(p.run)))
    seen: list[list[str]] = []

    def run(argv: list[str], **kw: object) -> subprocess.CompletedProcess[bytes]:
        seen.append(argv)
        assert kw.get("timeout")
        return subprocess.CompletedProcess(argv, 0)

    monkeypatch.setattr(subprocess, "run", run)
    ssh.close_ssh(p)
    assert seen == [["ssh", "-F", str(p.ssh_config), "-O", "exit", "virtual-pi"]]
