"""The steps of ``scripts/virtual-pi test``, one module per group, each step a function of the
run (:class:`tools.virtualpi.testrun.TestRun`); :mod:`tools.virtualpi.plan` orders them.

- :mod:`~tools.virtualpi.steps.firstboot`  — the image, its first boot, provision and deploy, configure
- :mod:`~tools.virtualpi.steps.cardreader` — decks enrolled through the serial reader
- :mod:`~tools.virtualpi.steps.match`      — a match by taps and keys, the power cut, the resumed hand
- :mod:`~tools.virtualpi.steps.recovery`   — the watchdog, the rollback
- :mod:`~tools.virtualpi.steps.phone`      — a phone on the host through the forwarded port
- :mod:`~tools.virtualpi.steps.wifi`       — Wi-Fi on mac80211_hwsim (last; ``test --no-wifi`` leaves it out)
"""
