"""``deploy/provision``: turn a fresh Raspberry Pi OS Lite into a Tressette box over SSH.

    deploy/provision pi@tressette.local --pubkey ~/.config/tressette/deploy.pub

Streams a small tar (the box-side provisioner, the installer, the unit file, the
polkit rules for the menu button's power-off and the touchscreen's Wi-Fi, and the public update key) over one
ssh connection into a temporary directory on the box and runs
deploy/device_provision.py there as root. Idempotent: a second run ends with
``provision: no changes``. Needs nothing on the box but ssh,
sudo, tar and python3, which Raspberry Pi OS Lite has.
"""

from __future__ import annotations

import argparse
import io
import shlex
import sys
import tarfile
from collections.abc import Sequence
from pathlib import Path

from deploy.device_provision import INSTALLER_MODULES, MODULES, NETWORK_RULE, POWER_RULE, SETTINGS
from deploy.laptop import DEFAULT_KEY
from deploy.remote import add_target_arguments, target_from_args
from firmware.config import DEFAULT_TOML

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def payload(pubkey: Path) -> bytes:
    files = {
        "device_provision.py": HERE / "device_provision.py",
        "device_install.py": HERE / "device_install.py",
        **{name: HERE / name for name in INSTALLER_MODULES},
        "tressette.service": REPO / "systemd" / "tressette.service",
        POWER_RULE: REPO / "systemd" / POWER_RULE,
        NETWORK_RULE: REPO / "systemd" / NETWORK_RULE,
        MODULES: REPO / "systemd" / MODULES,
        "screen.py": REPO / "hal" / "screen.py",  # the video check; stdlib only
        "deploy.pub": pubkey,
    }
    key = bytes.fromhex(pubkey.read_text().strip())
    if len(key) != 32:
        raise SystemExit(f"provision: {pubkey} is not an ed25519 public key (64 hex digits)")
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name, path in files.items():
            tar.add(path, arcname=name)
        # The documented defaults, for a box that has no settings file yet: the program
        # cannot write one itself (the unit keeps /etc read-only).
        defaults = DEFAULT_TOML.encode()
        info = tarfile.TarInfo(SETTINGS)
        info.size, info.mode = len(defaults), 0o644
        tar.addfile(info, io.BytesIO(defaults))
    return buf.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="provision", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    add_target_arguments(p)
    p.add_argument("--pubkey", type=Path, default=DEFAULT_KEY.with_suffix(".pub"),
                   help="the public update key the box will trust")
    args = p.parse_args(argv)
    target = target_from_args(args)
    # -B: the provisioner runs as root in a directory the login user made; bytecode it wrote
    # there (root-owned __pycache__) would make the user's cleanup trap fail the whole run.
    run = shlex.join(target.as_root([target.remote_python, "-B", "$d/device_provision.py",
                                     "--root", target.box_root, "--src", "$d"]))
    # "$d" must stay a shell variable on the box: unquote it after shlex quoted it.
    run = run.replace("'$d/device_provision.py'", '"$d/device_provision.py"').replace("'$d'", '"$d"')
    script = f'set -e; d=$(mktemp -d); trap \'rm -rf "$d"\' EXIT; tar -xf - -C "$d"; {run}'
    print(f"provision: {args.host}", flush=True)
    proc = target.ssh(f"sh -c {shlex.quote(script)}", stdin=payload(args.pubkey))
    if proc.returncode != 0:
        print(f"provision: FAILED (exit {proc.returncode})", file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
