"""Where a tap would land now: the screen's hit-boxes and the table's state, as plain data.

The simulator writes this as JSON when ``TRESSETTE_SIM_PROBE`` names a file
(``firmware.app.window``); ``scripts/touch-play`` and the Xvfb tests read it to
know where a person would tap, then tap there with a real X pointer. The boxes
are the very ones the screens' own ``tap`` methods test (the question's Yes/No,
a screen's ``buttons``, the table layout's buttons and ``hand_hit``), so a tap
inside one goes through the program's normal input path and nothing is bypassed.

Pure: reads a :class:`ui.app.UIApp`, draws nothing, changes nothing.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware.engine.cards import CODE
from ui.home import HomeScreen
from ui.layout import ButtonSpec
from ui.sheetentry import entry_layout
from ui.table import DOUBLE_TAP_S, TableScreen

if TYPE_CHECKING:
    from ui.app import UIApp
    from ui.model import TableModel

PROBE_ENV = "TRESSETTE_SIM_PROBE"

log = logging.getLogger("ui.probe")


class ProbeFile:
    """:func:`probe` written as JSON to ``path`` whenever it changed: by the simulator's window
    (``scripts/touch-play``) and by the device's screen (``scripts/virtual-pi test``), after
    the flip, so a box listed is a box already shown. Off unless ``TRESSETTE_SIM_PROBE``
    names the file. A debugging aid: a write that fails is logged, never stops the game."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.last = ""

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> ProbeFile | None:
        named = env.get(PROBE_ENV)
        return cls(Path(named)) if named else None

    def write(self, ui: UIApp) -> None:
        text = json.dumps(probe(ui), sort_keys=True)
        if text == self.last:
            return
        self.last = text
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            log.warning("probe file %s: %s", self.path, exc)


def _rect(r: Any) -> list[int]:
    return [int(r.x), int(r.y), int(r.w), int(r.h)]


def _button(b: ButtonSpec) -> dict[str, Any]:
    return {"name": b.name, "rect": _rect(b.rect), "enabled": bool(b.enabled), "label": b.label}


def probe(ui: UIApp) -> dict[str, Any]:
    """The tappable boxes of the screen shown now and what a player needs to choose a tap."""
    size = ui.surface.get_size()
    m = ui.model
    out: dict[str, Any] = {
        "screen": ui.screen,
        "size": list(size),
        "question": ui.question[0] if ui.question is not None else None,
        "speed": ui.settings.get("speed"),  # Settings → game speed, as the screen holds it
        "buttons": [],
        "cards": [],
        "busy": bool(ui.busy),
        "flying": False,
        "show_last": False,
        "tap_ready": True,
        "signals_on": [],
        "said": {},
        "model": _model(m),
        "phones": _phones(m),
        "network": _network(m),
    }
    if ui.question is not None:
        out["buttons"] = [_button(b) for b in ui.question_buttons(size)]
        return out
    if ui.choice is not None:  # a choice before a question (a revoke's seat): its buttons
        out["choice"] = ui.choice[0]
        out["buttons"] = [_button(b) for b in ui.choice_buttons(size)]
        return out
    scr = ui.current
    if isinstance(scr, TableScreen):
        _table(scr, out, size)
    else:
        out["buttons"] = [_button(b) for b in scr.buttons(size)]
        if isinstance(scr, HomeScreen):  # what its seat buttons say: the game a tap on Play starts
            out["home"] = {"variant": scr.variants[scr.vi],
                           "seats": [f"cpu:{lv}" if k == "computer" else k for k, lv in scr.seats]}
    return out


def _model(m: TableModel) -> dict[str, Any]:
    """The table's state a player chooses a tap by: whose turn, the cards, the score."""
    return {
        "in_game": m.in_game,
        "variant": m.variant,
        "hand_no": m.hand_no,
        "me": m.me,
        "to_move": m.to_move,
        "my_turn": m.my_turn,
        "tricks_played": m.tricks_played,
        "trick": len(m.trick),
        "hand": len(m.hand),
        "hand_over": m.hand_over,
        "match_over": m.match_over,
        "winner": m.winner,
        "totals": list(m.totals),
        # the table's last word (its catalogue key) and the seats *Revoke!* may name now
        "message_key": getattr(m.message, "key", ""),
        "revoke": None if m.revoke is None else [seat for seat, q in m.revoke.seats if q is not None],
        "my_side": m.side_of(m.me) if m.seats else 0,
        "declared": list(m.declared),
        "side_thirds": list(m.side_thirds),
        "claim_points": m.claim_points,
        "target": m.target,
        "declarations": len(m.declarations),
        "signals": len(m.signals),
        "declare_prompt": m.declare_prompt,
        "playable": sorted(int(c) for c in m.playable),
        "discardable": sorted(int(c) for c in m.discardable),
        "signal_options": {str(int(c)): list(s) for c, s in m.signal_options},
        "called": CODE[m.called] if m.called is not None else None,
        "resumable": m.resumable,
        # the coach's review of the match (it works in the background): how far it got
        "review": None if (rv := m.match_review) is None else {
            "done": rv.done, "total": rv.total, "ready": rv.ready, "problem": rv.problem},
        "review_hand": m.review_hand is not None,
    }


def _phones(m: TableModel) -> dict[str, Any] | None:
    """The phone seats as the join screen shows them: the address and each open seat's
    code and the URL its QR code names (what a person reads off the screen, or a phone's
    camera, to join)."""
    if (ph := m.phones) is None:
        return None
    return {"url": ph.url, "error": ph.error,
            "seats": [{"seat": x.seat, "held": x.held, "connected": x.connected, "code": x.code, "qr": x.join_url}
                      for x in ph.seats]}  # fmt: skip


def _network(m: TableModel) -> dict[str, Any] | None:
    """The box's Wi-Fi as Settings → Network shows it: where it is, what it is doing, how the
    last attempt ended (its catalogue key), the networks in reach, and the text of the Wi-Fi
    QR code the join screen shows while the hotspot is open (what a phone's camera reads)."""
    if (net := m.network) is None:
        return None
    return {"state": net.state, "ssid": net.ssid, "address": net.address, "busy": net.busy,
            "result": net.result.key if net.result is not None else None, "scanned": net.scanned,
            "networks": [n.ssid for n in net.networks], "wifi_qr": net.wifi_qr}


def _table(scr: TableScreen, out: dict[str, Any], size: tuple[int, int]) -> None:
    """The table screen's boxes: its buttons, the hand's cards, what covers them."""
    lay = scr.layout
    out["show_last"] = scr.show_last
    out["flying"] = bool(scr.flights)  # busy without it: a finished trick still shown
    out["tap_ready"] = scr.since_play >= DOUBLE_TAP_S
    out["signals_on"] = sorted(scr.signals_on)
    out["said"] = {str(k): v for k, v in scr.said().items()}
    if lay is not None:
        flying, _ = scr.hidden_cards()  # still on their way from the talon: not drawn yet
        out["buttons"] = [_button(b) for b in lay.buttons]
        out["cards"] = [
            {"card": int(c), "code": CODE[c], "rect": _rect(r), "playable": scr.can_play(c), "flying": c in flying}
            for c, r in lay.hand_hit
        ]
        out["middle"] = _rect(lay.middle)
    _cover(scr, out, size)


def _cover(scr: TableScreen, out: dict[str, Any], size: tuple[int, int]) -> None:
    """What covers the table now, its boxes the only tappable ones: the score sheet's
    count screen, or the card picker (its cells as the cards; a dimmed one: not playable)."""
    m = scr.model
    if m.sheet_entry is not None:
        st = scr.sheet_panel.st
        lay = entry_layout(m, st, size, scr.ctx.theme)
        out["buttons"] = [_button(b) for b in lay.buttons]
        out["cards"] = []
        e = m.sheet_entry
        out["sheet_entry"] = {"thirds": list(st.thirds), "choosing": e.choosing, "full": e.full,
                              "choices": [[d.kind, d.suit, d.rank, d.extra] for d in e.choices],
                              "question": scr.ctx.say(e.question) if e.question is not None else None,
                              "amend": e.amend, "undo": e.undo}
        return
    p = m.picker
    if p is None or not scr.picker_active():
        return
    plo = scr.picker_layout()
    if plo is None:
        return
    dimmed = dict(p.dimmed)
    out["buttons"] = [_button(b) for b in plo.buttons]
    out["cards"] = [{"card": int(c), "code": CODE[c], "rect": _rect(r), "playable": c not in dimmed, "flying": False}
                    for c, r in plo.cells]
    out["picker"] = {"seat": p.seat, "discard": p.discard, "ends_hand": p.ends_hand}
