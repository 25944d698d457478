"""Tools for the people who build and measure the box, not part of what it does at a table.

- :mod:`tools.commands` — ``bench``, ``arena`` and ``gallery``'s options and handlers, the
  functions pyproject.toml's entry points name
- :mod:`tools.bench`    — ``tressette bench WHAT``: the speed figures, one module per subject
- :mod:`tools.arena`    — ``tressette arena``: computer levels against each other, duplicate deals
  (:mod:`tools.arena_stats`: its intervals; :mod:`tools.arena_log`: its ``--log`` files;
  :mod:`tools.arena_report`: its text report)
- :mod:`tools.gallery`  — ``tressette gallery``: every screen as PNGs (docs/screens/), from
  :mod:`tools.demo` (sample models from seeded hands) and :mod:`tools.coach_samples` (the real
  coach on real positions)
- :mod:`tools.touchplay` — ``scripts/touch-play``: whole matches played by real taps under Xvfb
  (:mod:`tools.simsession`: the simulator on its Xvfb display, its window, clicks, screenshots)
- :mod:`tools.virtualpi` — ``scripts/virtual-pi``: the box's SD-card image in QEMU, by hand and
  as CI's end-to-end test (the standard library only; not in the release's wheel)

Imports run one way: tools use the product (firmware, ui, hal); nothing of the product imports
a tool. The tools' commands (:mod:`tools.commands`) join ``tressette`` through its plug-in point:
the entry points of the group ``tressette.commands`` in pyproject.toml, read by ``firmware.cli``.
"""
