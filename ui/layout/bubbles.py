"""Where the seats' speech bubbles go: beside the seat that speaks, covering nothing
(trick, cards, labels, buttons, the score, the status, the talon), never nearer to another
seat than to their speaker; the tail that points at the speaker."""

from __future__ import annotations

from pygame import Rect

from ui.layout.places import TableLayout, position_of
from ui.model import TableModel


def bubble_places(model: TableModel, lay: TableLayout, m: int) -> dict[int, Rect]:
    """A speech bubble's place for every seat, beside the seat that speaks: of the
    candidates that cover nothing (trick, cards, labels, buttons, the score, the status,
    the talon), the one closest to the speaker. Another seat's bubble is only placed
    where its speaker is strictly nearer than every other seat (else it would read as
    the neighbour's words: it goes to the status line with the name); my own bubble
    too, though it carries my name as well (``ui.table``)."""
    W, H = lay.size
    small = 12 if H >= 480 else 11  # ui.fonts.min_text_px (layout imports no pygame fonts)
    bh = max(2 * (small + 3) + 4, int(H * 0.075))  # two lines of the smallest text
    blocked = [*lay.trick_slots.values(), lay.score, lay.status, *(b.rect for b in lay.buttons)]
    blocked += [r for _, r in lay.hand]
    if lay.hand:
        top = min(r.y for _, r in lay.hand) - lay.lift
        blocked.append(Rect(0, top, W, H - top))
    for a in lay.seats.values():
        blocked += [a.label, *a.cards]
    if lay.talon is not None:
        blocked.append(_talon_zone(model, lay))
    screen = Rect(0, 0, W, H)
    speakers = speaker_areas(model, lay)
    out: dict[int, Rect] = {}
    for seat in range(model.n_seats):
        own = speakers.get(seat)
        if own is None:
            continue
        found: list[tuple[int, int, Rect]] = []
        for i, cand in enumerate(_bubble_candidates(model, lay, seat, bh, m)):
            cand = cand.clip(screen)
            if cand.h < bh or cand.w < 80:
                continue
            if cand.collidelist(blocked) != -1:  # (colliderect over the list, in C: a tenth of the time)
                continue
            d = reach(cand, own)
            if any(reach(cand, r) <= d for s, r in speakers.items() if s != seat):
                # mine as well: by CPU 4 on the left, or under CPU 2 in a three-seat game
                # at 800x480 (the action row between it and my hand), my own bubble read as
                # theirs (issue 24.8): "Tu: ..." in the status line, next to my hand, then
                continue
            found.append((d, i, cand))
        if found:
            out[seat] = min(found)[2]
            blocked.append(out[seat])
    return out


def _talon_zone(model: TableModel, lay: TableLayout) -> Rect:
    """The talon (widow, called card, trump) with its label above it: the label is centred
    on it; chiamata's "CPU 2 chiama" may be as wide as a seat's name plate (ui.table)."""
    assert lay.talon is not None
    r = lay.talon
    w = 2 * r.w
    if model.called is not None:
        w = max(w, *(a.label.w for a in lay.seats.values()))
    return Rect(r.centerx - w // 2, r.y - 20, w, r.h + 40)


def speaker_areas(model: TableModel, lay: TableLayout) -> dict[int, Rect]:
    """Where each seat is on the screen, as one rectangle: its name plate and cards; my
    own seat: my hand (or, with no hand shown, the bottom edge under the status)."""
    W, H = lay.size
    out: dict[int, Rect] = {}
    for seat, a in lay.seats.items():
        out[seat] = a.label.unionall(a.cards) if a.cards else a.label.copy()
    if model.me < model.n_seats and model.me not in out:
        if lay.hand:
            out[model.me] = lay.hand[0][1].unionall([r for _, r in lay.hand])
        else:
            out[model.me] = Rect(lay.middle.x, lay.status.bottom, lay.middle.w, max(1, H - lay.status.bottom))
    return out


def reach(bubble: Rect, speaker: Rect) -> int:
    """How far a bubble's centre is from a seat's place (0 when over it): the seat a
    bubble reads as belonging to is the nearest one."""
    x, y = bubble.center
    dx = max(0, speaker.x - x, x - speaker.right)
    dy = max(0, speaker.y - y, y - speaker.bottom)
    return int((dx * dx + dy * dy) ** 0.5)


def bubble_tail(box: Rect, speaker: Rect, length: int = 10) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """A speech bubble's tail: a triangle on the side of ``box`` facing the speaker,
    its tip pointing at the speaker (at most ``length`` px out of the box)."""
    # the speaker's point nearest to the bubble's centre
    px = min(max(box.centerx, speaker.x), speaker.right)
    py = min(max(box.centery, speaker.y), speaker.bottom)
    dx = max(0, speaker.x - box.right, box.x - speaker.right)
    dy = max(0, speaker.y - box.bottom, box.y - speaker.bottom)
    half = max(4, min(9, box.h // 4))
    if dy >= dx:  # above or below: the tail leaves the top or bottom edge
        x = min(max(px, box.x + box.h // 3 + half), box.right - box.h // 3 - half)
        if py >= box.centery:
            return (x - half, box.bottom - 1), (x + half, box.bottom - 1), (px if abs(px - x) < length else x, box.bottom + length)
        return (x - half, box.y), (x + half, box.y), (px if abs(px - x) < length else x, box.y - length)
    y = min(max(py, box.y + half), box.bottom - half)
    if px >= box.centerx:
        return (box.right - 1, y - half), (box.right - 1, y + half), (box.right + length, y)
    return (box.x, y - half), (box.x, y + half), (box.x - length, y)


def _bubble_candidates(model: TableModel, lay: TableLayout, seat: int, bh: int, m: int) -> list[Rect]:
    W, H = lay.size
    mid = lay.middle
    pos = position_of(seat, model.me, max(1, model.n_seats))
    width = max(136, int(W * 0.24))  # two lines of 11 px hold "tre tre (manca denari) = 3"
    slot = lay.trick_slots.get(seat)
    out: list[Rect] = []
    if pos == "bottom":
        y = lay.status.y - bh - m if model.n_seats == 2 else mid.bottom - bh
        out.append(Rect(mid.centerx - width // 2, y, width, bh))
        out += [Rect(mid.x, y, width, bh), Rect(mid.right - width, y, width, bh)]
        if slot is not None:
            out.append(Rect(slot.right + m, slot.bottom - bh, min(width, mid.right - slot.right - m), bh))
            w = min(width, slot.x - m - mid.x)
            out.append(Rect(slot.x - m - w, slot.bottom - bh, w, bh))
        out.append(Rect(lay.status.x, lay.status.y - bh - m, width, bh))
        out.append(Rect(W - m - width, lay.status.y - bh - m, width, bh))
        return out
    area = lay.seats.get(seat)
    if area is None:
        return out
    lab = area.label
    under = max([lab.bottom, *(r.bottom for r in area.cards)]) + m
    if pos == "top":
        out.append(Rect(lab.x, lab.bottom + m, max(lab.w, width), bh))
        row = lab.unionall(area.cards) if area.cards else lab
        out.append(Rect(row.centerx - width // 2, under, width, bh))
        out.append(Rect(row.right - width, under, width, bh))
        out.append(Rect(mid.x, mid.y, width, bh))
        out.append(Rect(mid.right - width, mid.y, width, bh))
        if slot is not None:
            out.append(Rect(slot.right + m, slot.y, min(width, mid.right - slot.right - m), bh))
            w = min(width, slot.x - m - mid.x)
            out.append(Rect(slot.x - m - w, slot.y, w, bh))
    else:
        col_w = lab.w
        out.append(Rect(lab.x, under, col_w, bh))
        out.append(Rect(lab.x, lab.y - bh - m, col_w, bh))
        if pos == "left":
            out.append(Rect(lab.right + m, lab.y, width, bh))
            out.append(Rect(lab.right + m, under - bh, width, bh))
        else:
            out.append(Rect(lab.x - m - width, lab.y, width, bh))
            out.append(Rect(lab.x - m - width, under - bh, width, bh))
        if slot is not None:
            # between the seat's column (its cards, terziglio's widow under them) and its
            # card on the trick: beside the seat, where the column below is taken
            taken = [lab, *area.cards, *([_talon_zone(model, lay)] if lay.talon is not None else [])]
            for y in (lab.y, under - bh, under, under + bh + m, slot.centery - bh // 2):
                beside = [r for r in taken if r.y < y + bh and r.bottom > y]  # what this height holds
                if pos == "left":
                    x0 = max((r.right for r in beside if r.x < slot.x), default=m) + m
                    x1 = slot.x - m
                else:
                    x0 = slot.right + m
                    x1 = min((r.x for r in beside if r.right > slot.right), default=W - m) - m
                if x1 - x0 >= max(110, W // 7):  # two lines of a declaration, not a word and "…"
                    out.append(Rect(x0, y, x1 - x0, bh))
            if pos == "left":
                out.append(Rect(mid.x, slot.bottom + m, slot.right - mid.x, bh))
                out.append(Rect(mid.x, slot.y - bh - m, slot.right - mid.x, bh))
            else:
                out.append(Rect(slot.x, slot.bottom + m, mid.right - slot.x, bh))
                out.append(Rect(slot.x, slot.y - bh - m, mid.right - slot.x, bh))
    return out
