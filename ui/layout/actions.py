"""The table's action buttons: which there are (declarations, signals, claim, hint,
undo, the coach's pair…, as permanent and transient slots) and where they go (a column
beside the trick for two, a row above the hand for three or four; *more* pages them)."""

from __future__ import annotations

from pygame import Rect

from firmware.engine.actions import Declare as DeclareAction
from firmware.engine.offers import TRANSIENT
from ui import intents as it
from ui.layout.places import ButtonSpec, shared_table
from ui.model import TableModel


def my_declarations(model: TableModel) -> list[tuple[DeclareAction, bool]]:
    """This hand's declarations of the seat at the screen, one place each for as long as
    the window is open: those already made (``False``: done, drawn dimmed) and those the
    engine offers now (``True``), in one stable order, so declaring one moves no other button."""
    made = [(DeclareAction(d.seat, d.kind, d.suit, d.rank, d.missing), False)
            for d in model.declarations if d.seat == model.me]  # fmt: skip
    offered = [(a, True) for a in model.declarable]

    def order(item: tuple[DeclareAction, bool]) -> tuple[str, int]:
        a = item[0]  # what it is, not how it was said (the missing suit)
        which = a.suit if a.kind == "napoletana" else a.rank
        return (a.kind, -1 if which is None else which)

    return sorted(made + offered, key=order)  # stable: a declaration made keeps its place


def action_slots(model: TableModel) -> tuple[list[ButtonSpec], list[ButtonSpec]]:
    """The table's actions as (permanent, transient) buttons, rects still empty.

    On a phone game's shared table (nobody at the screen) only the *Phones* slot.
    Permanent: a slot for every signal and the claim the game has (``model.action_kinds``,
    the engine's) and, in a casual match, hint and undo: always there, dimmed when not
    legal now. Transient: what comes and goes with the hand (this hand's declarations and
    *nothing to declare* while the window is open, zu tun, chiamata's calls)."""
    if model.hand_over:
        # the table after the hand: the count again, and onwards (issue 13.1: no dead end)
        last = ButtonSpec("home", Rect(0, 0, 0, 0), "home") if model.match_over else ButtonSpec("next_hand", Rect(0, 0, 0, 0), "next_hand", intent=it.NextHand())
        revoke = [ButtonSpec("revoke", Rect(0, 0, 0, 0), "revoke_btn")] if model.revoke is not None else []
        return [ButtonSpec("count", Rect(0, 0, 0, 0), "count"), *revoke, last], []
    if shared_table(model):
        # nobody sits at the screen: every seat's signals, claim, declarations, calls are
        # on its phone (or a computer's); the screen keeps the way to the phone seats only,
        # and at a table of real cards *Revoke!* (docs/box.md, "A revoke")
        revoke = [ButtonSpec("revoke", Rect(0, 0, 0, 0), "revoke_btn")] if model.revoke is not None else []
        return ([ButtonSpec("phones", Rect(0, 0, 0, 0), "p_phones_btn")] if model.phones and model.phones.seats
                else revoke), []
    legal_signals = set(model.signal_choices)
    permanent: list[ButtonSpec] = []
    kinds = model.action_kinds
    for k in kinds:
        if k.startswith("signal:"):
            sig = k.partition(":")[2]  # the engine's kind names it: "signal:volo"
            permanent.append(ButtonSpec(k, Rect(0, 0, 0, 0), sig, enabled=sig in legal_signals, signal=sig))
    if "claim" in kinds or model.can_claim:
        permanent.append(ButtonSpec("claim", Rect(0, 0, 0, 0), "claim", enabled=model.can_claim, intent=it.Claim()))
    for sig in model.signal_choices:  # a model without the game's kinds (older builders)
        if f"signal:{sig}" not in kinds:
            permanent.append(ButtonSpec(f"signal:{sig}", Rect(0, 0, 0, 0), sig, signal=sig))
    if model.casual or model.can_hint:
        permanent.append(ButtonSpec("hint", Rect(0, 0, 0, 0), "hint", enabled=model.can_hint, intent=it.Hint()))
    if model.casual or model.can_undo:
        permanent.append(ButtonSpec("undo", Rect(0, 0, 0, 0), "undo", enabled=model.can_undo, intent=it.Undo()))
    if model.phones is not None and model.phones.seats:
        # the join screen: free a seat, a new code (for the whole match: a permanent slot)
        permanent.append(ButtonSpec("phones", Rect(0, 0, 0, 0), "p_phones_btn"))
    transient: list[ButtonSpec] = []
    if model.declarable or model.declare_prompt:
        for i, (action, offered) in enumerate(my_declarations(model)):
            # one made already keeps its place, dimmed: its intent is never sent
            transient.append(ButtonSpec(f"declare:{i}", Rect(0, 0, 0, 0), "declare", enabled=offered,
                                        intent=it.Declare(action)))
    if model.declare_prompt:
        done = any(d.seat == model.me for d in model.declarations)
        transient.append(ButtonSpec("declare_none", Rect(0, 0, 0, 0), "declare_done" if done else "declare_none",
                                    intent=it.NothingToDeclare()))
    for z in model.zu_tun:
        transient.append(ButtonSpec(f"zu_tun:{z.card}", Rect(0, 0, 0, 0), "zu_tun_btn", intent=it.ZuTun(z.card)))
    for c in model.call_choices:
        transient.append(ButtonSpec(f"call:{c}", Rect(0, 0, 0, 0), "call", intent=it.Call(c)))
    return permanent, transient


def _fill(model: TableModel, cells: list[Rect], page: int, skip: set[str] | None = None) -> list[ButtonSpec]:
    """The action bar: ``cells`` in order from the near end to the far end. The permanent
    slots hold the far end, each its own cell all match; the transient ones fill from the
    near end; when they do not all fit, the last cell before the permanent ones is "more"
    (it turns their pages). When even the permanent ones leave no room for that, "more"
    holds the nearest cell for good (dimmed while there is nothing further) and the
    transient ones are on its next pages: what is on the first page never moves."""
    permanent, transient = action_slots(model)
    permanent = [b for b in permanent if b.name not in (skip or set())]
    n = len(cells)
    may_come = bool(transient) or any(k in TRANSIENT for k in model.action_kinds)
    out: list[ButtonSpec] = []
    if len(permanent) + (2 if may_come else 0) <= n:
        far = cells[n - len(permanent):]
        for b, r in zip(permanent, far, strict=True):
            b.rect = r.copy()
            out.append(b)
        room = n - len(permanent)
        if len(transient) <= room:
            shown = transient
        else:
            per = room - 1
            pages = (len(transient) + per - 1) // per
            p = page % pages
            shown = [*transient[p * per:(p + 1) * per], ButtonSpec("more", Rect(0, 0, 0, 0), "more")]
            shown[-1].rect = cells[room - 1].copy()
            out.append(shown.pop())
        for b, r in zip(shown, cells, strict=False):
            b.rect = r.copy()
            out.append(b)
        return out
    # too narrow for every permanent slot and a page of the others: "more" at the near end
    items = permanent + transient
    per = max(1, n - 1)
    pages = max(1, (len(items) + per - 1) // per)
    p = page % pages
    shown = items[p * per:(p + 1) * per]
    for b, r in zip(shown, cells[1:], strict=False):  # page 0: the permanent ones, in their cells
        b.rect = r.copy()
        out.append(b)
    if n > 1 and pages > 1:  # its cell stays empty while there is nothing further
        out.insert(0, ButtonSpec("more", cells[0].copy(), "more"))
    return out if n > 1 else items[:1]


def action_row(model: TableModel, area: Rect, touch: int, m: int, page: int = 0,
                coach: list[Rect] | None = None, row_left: int | None = None) -> list[ButtonSpec]:
    """3/4 seats: the action bar in one row above the hand. The permanent slots from the
    right end of ``area`` (the claim's two words in a wider cell); the transient ones
    (declarations, calls) to their left, as far as ``row_left``: over the status, which
    then grows upwards (``TableLayout.status_room``). ``coach``: two cells of their own for
    hint and undo (under the right seat) when the row is crowded."""
    permanent, _ = action_slots(model)
    fit = max(1, min(7, (area.w + m) // (int(touch * (1.7 if area.w >= 500 else 1.55)) + m)))
    crowded = len(permanent) > min(fit, 4)
    coach_pair = [b for b in permanent if b.name in ("hint", "undo")] if coach and len(coach) >= 2 and crowded else []
    row = [b for b in permanent if b not in coach_pair][:fit]
    # the claim's two words, and *Revoke!* / *Renonce!* (real cards) in a wider cell
    weights = [1.3 if b.name == "claim" else 1.6 if b.name == "revoke" else 1.0 for b in row]
    wide = area.w >= 500
    # a signal's cell holds "Striscio" at the buttons' smallest size (ui.textcheck), a
    # transient one "napoletana": sizes for 800x480 and for the 480x320 panel
    cap = int(touch * (2.5 if wide else 1.5))
    unit = min(cap, (area.w - max(0, len(row) - 1) * m) / max(1.0, sum(weights)))
    p_cells: list[Rect] = []
    x = area.right
    for wt in reversed(weights):
        w = int(unit * wt)
        p_cells.insert(0, Rect(x - w, area.y, w, area.h))
        x -= w + m
    tw = int(touch * (2.75 if wide else 2.15))
    t_cells: list[Rect] = []  # nearest to the permanent ones first
    left = area.x if row_left is None else row_left
    while x - tw >= left and len(t_cells) < 4:
        t_cells.append(Rect(x - tw, area.y, tw, area.h))
        x -= tw + m
    out = _fill(model, t_cells + p_cells, page, skip={b.name for b in coach_pair})
    for b, r in zip(coach_pair, coach or [], strict=False):
        b.rect = r.copy()
        out.append(b)
    return out


def action_buttons(model: TableModel, area: Rect, touch: int, m: int, page: int = 0) -> list[ButtonSpec]:
    """2 seats: the action bar in the right column, a grid of cells read down each column;
    the permanent slots at its foot."""
    bh = max(touch, min(int(area.h / 3.4), touch + 12))
    per_col = max(1, (area.h + m) // (bh + m))
    permanent, _ = action_slots(model)
    may_come = 2 if any(k in TRANSIENT for k in model.action_kinds) else 0
    # one column while the game's slots fit it (a label keeps its width), else two
    cols = 1 if model.hand_over or len(permanent) + may_come <= per_col else max(1, min(2, (area.w + m) // (touch * 2 + m)))
    bw = (area.w - (cols - 1) * m) // cols
    cells = [Rect(area.x + c * (bw + m), area.y + r * (bh + m), bw, bh) for c in range(cols) for r in range(per_col)]
    pair = [b for b in permanent if b.name in ("hint", "undo")]
    if len(pair) == 2 and len(permanent) + may_come > len(cells) > 1:
        # too few cells for the coach's two, the game's slots and a declaration's page
        # (480x320): hint and undo share the foot cell side by side (their signs, ui.table),
        # so a declaration never takes turns with them in one cell behind *more* (issue 38)
        foot = cells.pop()
        half = (foot.w - m) // 2
        out = _fill(model, cells, page, skip={"hint", "undo"})
        for i, b in enumerate(pair):
            b.rect = Rect(foot.x + i * (half + m), foot.y, half, foot.h)
            out.append(b)
        return out
    return _fill(model, cells, page)
