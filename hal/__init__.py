"""Hardware of the Tressette box behind small interfaces, each with a simulated double.

``hal`` knows nothing of cards or games: buttons yield presses, the display
shows characters, the reader yields tag ids. Modules (imported lazily by the
app; importing ``hal`` itself loads nothing):

* :mod:`hal.events`  — the event types and the one thread-safe :class:`EventQueue`;
* :mod:`hal.buttons` — debounced *Accuso*/menu buttons on gpiozero;
* :mod:`hal.tm1637`, :mod:`hal.display` — the 4-digit score display;
* :mod:`hal.reader`  — RDM6300/barcode parsers and the serial reader thread;
* :mod:`hal.sim`     — the doubles (mock pins, in-memory display, pty reader);
* :mod:`hal.network` — Wi-Fi: NetworkManager through ``nmcli``, its simulated
  double, the worker thread, the hotspot's kept passphrase;
* :mod:`hal.config`  — the ``[hardware]`` settings section;
* :mod:`hal.settingsfile` — the one loader of every settings file (TOML read
  safely, tables checked against their keys); here because the program may
  import ``hal`` but ``hal`` must not import the program;
* :mod:`hal.box`     — the whole set, real or simulated, from a config;
* :mod:`hal.screen`  — DRM devices and connected displays, the packages each
  SDL video driver needs, the KMSDRM stack opened once (stdlib only);
* :mod:`hal.selftest` — ``tressette hardware-test``.

See docs/hardware.md.
"""
