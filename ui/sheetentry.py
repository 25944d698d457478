"""Score sheet only: the screen where a hand's count is entered (and the accusi chosen).

The people play their own cards; the box keeps the match (``firmware/app/scoresheet.py``).
While a hand is kept this panel covers the table screen: one row per side of the hand
with its points (``−`` / ``+`` a point, ``⅓`` the thirds where the game counts them), how
the hand ended (played out, *chiamarsi fuori*, zu tun, each with its seat), a sudden win
where the game has them, chiamata's partner, and *Count the hand*. With two sides the
other side's points follow from the deck's (35 thirds: the cards and the last trick), so
one side is entered. Nothing is sent until *Count the hand* (``SheetTally``): the engine
checks it, and a refusal says why on the second line.

The *Accusi* button (``SheetAccusi``) asks every seat with something to declare in turn,
as a seat's table *Accuso* button asks that seat: every declaration the engine accepts
said aloud (a napoletana with its points where it extends), a tap declares it
(``Declare``), *Nothing to declare* closes the choice (and offers the next seat). The
side whose points follow from the other's says so ("the rest of 11⅔"): nothing changes
unseen.

The layout is pure (:func:`entry_layout`); the values are this screen's until sent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from ui import intents as it
from ui.actions import SheetThirds
from ui.i18n import describe_declare
from ui.layout import ButtonSpec
from ui.model import SheetEntryModel, TableModel
from ui.theme import DEFAULT, Theme
from ui.widgets import blit_text, blit_wrapped, draw_button, draw_panel, seat_name, thirds_text

if TYPE_CHECKING:
    from ui.widgets import Ctx


@dataclass(slots=True)
class EntryState:
    """What has been entered on the screen for this hand (not sent yet)."""

    key: tuple[object, ...] = ()
    thirds: list[int] = field(default_factory=list)
    end: int = 0  # index into the end choices: (end, by) pairs
    sudden: int = 0  # index into the sudden choices: None, then (name, side) pairs
    partner: int | None = None
    page: int = 0  # the accuso choices' page
    tied: int | None = None  # the side whose points were set as the rest of the other's


def units_of(entry: SheetEntryModel, partner: int | None) -> tuple[tuple[int, ...], ...]:
    """The sides of the hand (chiamata: the caller and his partner, then the others)."""
    if entry.caller is None:
        return entry.units
    mates = sorted({entry.caller, entry.caller if partner is None else partner})
    return (tuple(mates), tuple(s for s in range(entry.n_seats) if s not in mates))


def end_choices(entry: SheetEntryModel) -> list[tuple[str, int | None]]:
    if entry.decima is not None:  # the decima ends the hand: what is left is the count before it
        return [("decima", entry.decima)]
    out: list[tuple[str, int | None]] = [("play", None)]
    for end in entry.ends:
        if end != "play":
            out += [(end, s) for s in range(entry.n_seats)]
    return out


def sudden_choices(entry: SheetEntryModel, n_units: int) -> list[tuple[str, int] | None]:
    out: list[tuple[str, int] | None] = [None]
    out += [(name, side) for name in entry.sudden for side in range(n_units)]
    return out


@dataclass(slots=True)
class EntryLayout:
    title: Rect
    note: Rect
    rows: list[tuple[int, Rect]]  # (unit, its label and value)
    buttons: list[ButtonSpec]


def entry_layout(model: TableModel, st: EntryState, size: tuple[int, int], theme: Theme = DEFAULT) -> EntryLayout:
    W, H = size
    entry = model.sheet_entry
    assert entry is not None
    m = max(4, int(H * 0.012))
    touch = theme.min_touch
    row = max(touch, min(int(H * 0.11), 56))
    gap = max(3, m)
    title = Rect(m, m, W - 2 * m - max(touch * 2, int(W * 0.16)) - gap, row)
    buttons = [ButtonSpec("sh_menu", Rect(title.right + gap, m, W - title.right - gap - m, row), "menu")]
    note = Rect(m, title.bottom + gap // 2, W - 2 * m, max(touch - 8, int(H * 0.08)))
    top = note.bottom + gap
    if entry.question is not None:  # a tap that ends a hand or the match: Confirm or Back, nothing else
        bw = (W - 2 * m - gap) // 2
        y = H - m - row
        buttons.append(ButtonSpec("sh_q_back", Rect(m, y, bw, row), "back", intent=it.SheetConfirm(False)))
        buttons.append(ButtonSpec("sh_q_confirm", Rect(m + bw + gap, y, bw, row), "sh_confirm",
                                  intent=it.SheetConfirm(True)))
        return EntryLayout(title, Rect(m, top, W - 2 * m, max(row, y - gap - top)), [], buttons)
    if entry.choosing is not None:
        return _choices_layout(model, st, size, theme, title, note, buttons, top)
    units = units_of(entry, st.partner)
    left_w = int(W * 0.58)
    rows: list[tuple[int, Rect]] = []
    y = top
    bw = max(touch, int(row * 1.1))
    for u in range(len(units)):
        r = Rect(m, y, left_w - m, row)
        rows.append((u, Rect(r.x, r.y, r.w - 3 * (bw + gap), row)))
        x = r.right - 3 * bw - 2 * gap
        buttons.append(ButtonSpec(f"sh_minus:{u}", Rect(x, y, bw, row), "−", action=SheetThirds(u, "minus")))
        buttons.append(ButtonSpec(f"sh_plus:{u}", Rect(x + bw + gap, y, bw, row), "+", action=SheetThirds(u, "plus")))
        buttons.append(ButtonSpec(f"sh_third:{u}", Rect(x + 2 * (bw + gap), y, bw, row), "⅓",
                                  action=SheetThirds(u, "third")))
        y += row + gap
    rx = left_w + gap
    rw = W - rx - m
    ry = top
    options = []
    if len(end_choices(entry)) > 1 or entry.decima is not None:
        options.append("sh_end")
    if entry.sudden:
        options.append("sh_sudden")
    if entry.caller is not None:
        options.append("sh_partner")
    if entry.accusi:
        options.append("sh_accusi")
    # bottom left, under the sides: the corrections (undo, the score sheet to correct a hand; back)
    low = ["sh_amend_back"] if entry.amend is not None else [n for n, on in (
        ("sh_undo", bool(entry.undo)), ("sh_sheet", model.final_sheet is not None and bool(model.final_sheet.rows)))
        if on]  # fmt: skip
    if low:
        lw = (left_w - m - gap * (len(low) - 1)) // len(low)
        for i, name in enumerate(low):
            buttons.append(ButtonSpec(name, Rect(m + i * (lw + gap), H - m - row, lw, row), name))
    for name in options:
        buttons.append(ButtonSpec(name, Rect(rx, ry, rw, row), name))
        ry += row + gap
    enter_y = max(ry, H - m - row)
    buttons.append(ButtonSpec("sh_enter", Rect(rx, enter_y, rw, row), "sh_enter"))
    return EntryLayout(title, note, rows, buttons)


def _choices_layout(model: TableModel, st: EntryState, size: tuple[int, int], theme: Theme, title: Rect,
                    note: Rect, buttons: list[ButtonSpec], top: int) -> EntryLayout:
    W, H = size
    entry = model.sheet_entry
    assert entry is not None
    m = max(4, int(H * 0.012))
    touch = theme.min_touch
    gap = max(3, m)
    row = max(touch, min(int(H * 0.1), 50))
    cols = 4 if W >= 700 else 3
    bottom = H - m - row
    rows_fit = max(1, (bottom - gap - top + gap) // (row + gap))
    per_page = rows_fit * cols
    n = len(entry.choices)
    pages = max(1, -(-n // per_page))
    page = st.page % pages
    w = (W - 2 * m - (cols - 1) * gap) // cols
    for k, i in enumerate(range(page * per_page, min(n, (page + 1) * per_page))):
        r = Rect(m + (k % cols) * (w + gap), top + (k // cols) * (row + gap), w, row)
        buttons.append(ButtonSpec(f"sh_decl:{i}", r, "decl", intent=it.Declare(entry.choices[i])))
    half = (W - 2 * m - gap) // 2
    buttons.append(ButtonSpec("sh_done", Rect(m, bottom, half if pages > 1 else W - 2 * m, row), "declare_none"))
    if pages > 1:
        buttons.append(ButtonSpec("sh_more", Rect(m + half + gap, bottom, half, row), "more"))
    return EntryLayout(title, note, [], buttons)


class SheetEntryPanel:
    """The count screen's state and input; drawn by the table screen over itself."""

    def __init__(self, ctx: Ctx, emit: Callable[[Any], None]) -> None:
        self.ctx = ctx
        self.emit = emit
        self.st = EntryState()

    def sync(self, model: TableModel) -> None:
        entry = model.sheet_entry
        if entry is None:
            return
        key = (model.variant, model.hand_no, model.totals, entry.decima, entry.amend)
        if key != self.st.key:
            n = len(units_of(entry, None))
            self.st = EntryState(key, [0] * n, partner=entry.caller)
            if entry.amend is not None and len(entry.amend_thirds) == n:  # a hand corrected: from its count
                self.st.thirds = list(entry.amend_thirds)
            count = entry.amend_count
            if entry.amend is not None and count is not None:  # ... how it ended, its sudden win, the partner
                if count.partner is not None and entry.caller is not None:
                    self.st.partner = count.partner
                ends = end_choices(entry)
                self.st.end = ends.index((count.end, count.by)) if (count.end, count.by) in ends else 0
                sudden = (count.sudden, count.sudden_side) if count.sudden is not None else None
                choices = sudden_choices(entry, len(units_of(entry, self.st.partner)))
                self.st.sudden = choices.index(sudden) if sudden in choices else 0
        units = units_of(entry, self.st.partner)
        if len(self.st.thirds) != len(units):
            self.st.thirds = [0] * len(units)

    def _fill_last(self, entry: SheetEntryModel, changed: int) -> None:
        """Two sides of a hand played out: the other's points follow from the deck's."""
        th = self.st.thirds
        if entry.out or len(th) != 2 or end_choices(entry)[self.st.end][0] != "play":
            return
        other = 1 - changed
        th[other] = max(0, entry.full - th[changed])
        self.st.tied = other

    def press(self, model: TableModel, b: ButtonSpec) -> bool:
        """A button of the count panel tapped: its thirds, a declaration it carries, or the
        panel's own by name."""
        entry = model.sheet_entry
        if entry is None:
            return False
        st, kind = self.st, b.name
        if isinstance(b.action, SheetThirds):
            u = b.action.unit
            if b.action.change == "third":
                whole, rest = divmod(st.thirds[u], 3)
                st.thirds[u] = whole * 3 + (rest + 1) % 3
            else:
                st.thirds[u] = max(0, min(entry.full, st.thirds[u] + (3 if b.action.change == "plus" else -3)))
            self._fill_last(entry, u)
        elif isinstance(b.intent, it.Declare):
            self.emit(b.intent)
        elif kind == "sh_end":
            st.end = (st.end + 1) % len(end_choices(entry))
            if end_choices(entry)[st.end][0] != "play":
                st.tied = None  # a claim or zu tun: each side's points are its own
        elif kind == "sh_accusi":
            self.emit(it.SheetAccusi())
        elif kind == "sh_sudden":
            st.sudden = (st.sudden + 1) % len(sudden_choices(entry, len(st.thirds)))
        elif kind == "sh_partner" and entry.caller is not None:
            st.partner = ((st.partner if st.partner is not None else entry.caller) + 1) % entry.n_seats
        elif kind == "sh_enter":
            end, by = end_choices(entry)[st.end]
            sudden = sudden_choices(entry, len(st.thirds))[st.sudden]
            self.emit(it.SheetTally(tuple(st.thirds), end, by, sudden[0] if sudden else None,
                                    sudden[1] if sudden else None,
                                    st.partner if entry.caller is not None else None, entry.amend))  # fmt: skip
        elif isinstance(b.intent, (it.SheetConfirm, it.SheetEdit)):
            self.emit(b.intent)
        elif kind == "sh_undo":
            self.emit(it.SheetUndo())
        elif kind == "sh_amend_back":
            self.emit(it.SheetEdit(None))
        elif kind == "sh_done":
            self.emit(it.NothingToDeclare())
            st.page = 0
        elif kind == "sh_more":
            st.page += 1
        else:
            return False
        return True

    # ------------------------------------------------------------ drawing

    def label(self, model: TableModel, b: ButtonSpec) -> str:
        entry = model.sheet_entry
        assert entry is not None
        t, st = self.ctx.t, self.st
        kind = b.name
        if isinstance(b.intent, it.Declare):
            d = b.intent.declare_action
            text = describe_declare(model.deck, d.kind, d.suit, d.rank, d.missing, self.ctx.lang)
            extends = any(c.kind == "napoletana" and c.extra for c in entry.choices)
            if d.kind == "napoletana" and extends:  # which of the suit's napoletane: its points
                return t("sh_decl_points", what=text, n=3 + (d.extra or 0))
            return text
        if kind == "sh_end":
            end, by = end_choices(entry)[st.end]
            return t("sh_end_play") if end == "play" else t(f"sh_end_{end}", n=(by or 0) + 1)
        if kind == "sh_sudden":
            sudden = sudden_choices(entry, len(st.thirds))[st.sudden]
            if sudden is None:
                return t("sh_sudden_none")
            return t("sh_sudden", what=sudden[0].capitalize(), side=self.unit_name(model, sudden[1]))
        if kind == "sh_partner":
            return t("sh_partner", n=(st.partner if st.partner is not None else 0) + 1)
        if kind == "sh_accusi":
            return t("o_accusi")
        if kind in ("sh_undo", "sh_sheet"):
            return t(kind)
        if kind == "sh_amend_back":
            return t("back")
        if b.label in ("−", "+", "⅓"):
            return b.label
        return self.ctx.label(b.label)

    def unit_name(self, model: TableModel, u: int) -> str:
        entry = model.sheet_entry
        assert entry is not None
        seats = units_of(entry, self.st.partner)[u]
        if len(seats) == 1:
            return seat_name(model, seats[0], self.ctx)
        return self.ctx.t("seat_n", n=" + ".join(str(s + 1) for s in seats))  # "Seat 1 + 3"

    def draw(self, s: pygame.Surface, model: TableModel) -> None:
        ctx, entry, st = self.ctx, model.sheet_entry, self.st
        assert entry is not None
        W, H = s.get_size()
        s.blit(ctx.felt((W, H)), (0, 0))
        lay = entry_layout(model, st, (W, H), ctx.theme)
        totals = " - ".join(str(x) for x in model.totals)
        if entry.choosing is not None:
            head = ctx.t("sh_choose", n=entry.choosing + 1)
        elif entry.amend is not None:
            head = ctx.t("sh_amend_title", n=entry.amend + 1)
        else:
            head = ctx.t("sh_title", n=model.hand_no)
        blit_text(s, ctx, f"{head} · {totals} / {model.target}", ctx.fsize(H, 0.055),
                  (lay.title.x + 4, lay.title.centery), anchor="midleft", bold=True, max_w=lay.title.w - 8,
                  color=ctx.theme.accent)
        if entry.question is not None:  # the question, large, over the whole panel
            draw_panel(s, lay.note, ctx.theme, 200)
            blit_wrapped(s, ctx, ctx.say(entry.question), ctx.fsize(H, 0.07),
                         Rect(lay.note.x + 16, lay.note.y + 12, lay.note.w - 32, lay.note.h - 24))
            for b in lay.buttons:
                color = ctx.theme.good if b.name == "sh_q_confirm" else None
                draw_button(s, ctx, b.rect, self.label(model, b), color=color)
            return
        said = ctx.say(model.message)
        if said:
            draw_panel(s, lay.note, ctx.theme, 170)
            blit_wrapped(s, ctx, said, ctx.fsize(H, 0.042),
                         Rect(lay.note.x + 8, lay.note.y + 1, lay.note.w - 16, lay.note.h - 2))
        for u, r in lay.rows:
            draw_panel(s, r, ctx.theme, 150)
            fs = ctx.fsize(H, 0.05)
            name = self.unit_name(model, u)
            value = thirds_text(st.thirds[u]) if st.thirds[u] else "0"
            vsurf = ctx.fonts.text(value, int(fs * 1.2), ctx.theme.accent, True)
            s.blit(vsurf, vsurf.get_rect(midright=(r.right - 8, r.centery)))
            blit_text(s, ctx, name, fs, (r.x + 8, r.centery), anchor="midleft", max_w=r.w - vsurf.get_width() - 24)
        y = lay.rows[-1][1].bottom + 8 if lay.rows else 0
        if st.tied is not None and len(lay.rows) == 2:  # the side that follows from the other's: said so
            rest = ctx.t("sh_rest", full=thirds_text(entry.full))
            line = f"{self.unit_name(model, st.tied)} = {rest}"
            y = blit_text(s, ctx, line, ctx.fsize(H, 0.042), (lay.rows[-1][1].x + 8, y), bold=True,
                          max_w=lay.buttons[-1].rect.x - lay.rows[-1][1].x - 16, color=ctx.theme.accent).bottom + 4
        if lay.rows and model.declarations:  # this hand's accusi, as said
            fs = ctx.fsize(H, 0.042)
            for d in model.declarations:
                text = describe_declare(model.deck, d.kind, d.suit, d.rank, d.missing, ctx.lang)
                worth = "×16" if d.kind == "decima" else str(d.points)  # a decima wins the game, it has no points
                line = f"{ctx.t('seat_n', n=d.seat + 1)}: {text} ({worth})"
                x, w = lay.rows[-1][1].x + 8, lay.rows[-1][1].w + 60
                for part in ctx.fonts.wrap(line, fs, w):  # a long name on two lines, never cut
                    r = blit_text(s, ctx, part, fs, (x, y), max_w=w)
                    y = r.bottom
                y += 2
        for b in lay.buttons:
            color = ctx.theme.good if b.name == "sh_enter" else (150, 90, 20) if b.name.startswith("sh_decl") else None
            draw_button(s, ctx, b.rect, self.label(model, b), color=color)
