"""The virtual Pi: the box's SD-card image booted in qemu-system-aarch64, by hand and as CI's
end-to-end test (``scripts/virtual-pi``, a launcher of :mod:`tools.virtualpi.cli`;
docs/virtual-pi.md). The standard library only (and deploy/build_image, itself standard
library only): the launcher runs under the system's python3 before any virtualenv exists.

- :mod:`~tools.virtualpi.cli`        — the commands and their arguments (``main``)
- :mod:`~tools.virtualpi.cache`      — where things are kept: the cache root, the image's key, the run dir
- :mod:`~tools.virtualpi.host`       — the host's packages, root, binfmt_misc
- :mod:`~tools.virtualpi.preflight`  — can this host run it (exit 3 and why when not)
- :mod:`~tools.virtualpi.image`      — the image (deploy/build-image) and its boot partition's files
- :mod:`~tools.virtualpi.qemu`       — QEMU's command line
- :mod:`~tools.virtualpi.machine`    — up, down, kill, running or not
- :mod:`~tools.virtualpi.ssh`        — the ssh_config, one kept-open connection, the guest's file reader
- :mod:`~tools.virtualpi.monitor`    — QMP: commands, taps, keys
- :mod:`~tools.virtualpi.inputs`     — the tablet's, keyboard's and card reader's bytes and events
- :mod:`~tools.virtualpi.reader`     — the card reader's socket (usb-serial)
- :mod:`~tools.virtualpi.screendump` — screenshots: QEMU's PPM as a PNG
- :mod:`~tools.virtualpi.guest`      — the box's files, drop-ins and settings as the test sees them
- :mod:`~tools.virtualpi.testrun`    — the test's run: log, waiting, the screen's probe, taps
- :mod:`~tools.virtualpi.steps`      — the test's steps, one module per group
- :mod:`~tools.virtualpi.plan`       — which steps ``test`` runs, in order, and its report
"""
