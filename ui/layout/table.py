"""The table's layout: the screen as a 3×3 grid (ui.layout describes it), the seats, the
hand, the talon, the trick's slots, the score, the status row; the action buttons come from
ui.layout.actions, the bubbles' places from ui.layout.bubbles."""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from firmware.engine.offers import TRANSIENT
from ui.layout.actions import action_buttons, action_row, action_slots
from ui.layout.bubbles import bubble_places
from ui.layout.places import ButtonSpec, SeatArea, TableLayout, position_of, shared_table
from ui.model import TableModel
from ui.theme import DEFAULT, Theme


def _card(h: float, theme: Theme) -> tuple[int, int]:
    h = int(h)
    return (int(h / theme.card_ratio), h)


@dataclass(frozen=True, slots=True)
class _Grid:
    """The 3×3 grid of the module docstring at one screen size: the margin, the cards'
    sizes, and the bands and columns each region of the table is placed in."""

    width: int
    height: int
    n: int  # seats, at least 1
    m: int  # the margin
    touch: int
    card: tuple[int, int]  # the hand's cards
    small: tuple[int, int]  # other seats' cards, talon
    rows: int  # of the hand
    row_off: int  # the front row's offset below the back row
    hand_y: int
    lift: int
    col_l: int
    col_r: int
    mid: Rect  # the trick
    left_col: Rect
    right_col: Rect
    top_left: Rect  # the score
    top_right: Rect  # the menu
    top_mid: Rect  # the seat across
    score_extra: int  # how far the score box reaches down into the left column
    act_h: int  # 3/4 seats: the action row's height
    menu_side: int
    label_h: int  # a caption over the talon


def _grid(model: TableModel, size: tuple[int, int], theme: Theme) -> _Grid:
    W, H = size
    n = max(1, model.n_seats)
    m = max(4, int(H * 0.012))
    touch = theme.min_touch
    card = _card(H * (0.29 if n == 2 else 0.27), theme)
    small = _card(H * (0.2 if n == 2 else 0.15), theme)
    col_l = max(int(W * 0.2), touch * 2 + m)
    col_r = max(int(W * 0.24), touch * 2 + m)
    top_h = small[1] + m
    rows = _hand_rows(model, W - 2 * m, card[0], touch)
    if rows == 2:
        card = _card(H * 0.24, theme)
    row_off = max(touch + 2, int(card[1] * 0.45))
    hand_y = H - m - card[1] - (rows - 1) * row_off
    lift = max(6, int(card[1] * 0.1))
    # 3/4 seats: the actions (claim, signals, declare) get a row above the hand,
    # because the side columns hold the seats there.
    act_h = max(touch, int(H * 0.1))
    mid = Rect(col_l + m, top_h + m, W - col_l - col_r - 2 * m, hand_y - lift - top_h - 2 * m)
    if n > 2:
        mid.h -= act_h + m
    score_extra = _score_extra(model, H, top_h - m)
    score_w = max(col_l, min(int(W * 0.3), 210))
    top_right = Rect(W - col_r, m, col_r - m, top_h - m)
    return _Grid(
        width=W, height=H, n=n, m=m, touch=touch, card=card, small=small, rows=rows, row_off=row_off,
        hand_y=hand_y, lift=lift, col_l=col_l, col_r=col_r, mid=mid,
        # the left column clear of the action row (the widow sat on the status)
        left_col=Rect(m, top_h + m + score_extra, col_l - m, mid.h - score_extra),
        right_col=Rect(W - col_r, top_h + m, col_r - m, mid.h),
        top_left=Rect(m, m, score_w - m, top_h - m),
        top_right=top_right,
        top_mid=Rect(score_w + m, m, W - score_w - col_r - 2 * m, top_h - m),
        score_extra=score_extra, act_h=act_h, menu_side=max(touch, int(top_right.h * 0.6)),
        label_h=max(14, int(H * 0.05)),
    )  # fmt: skip


def _hand_rows(model: TableModel, row_w: int, card_w: int, touch: int) -> int:
    """One row of cards, or two when there are too many for finger-wide strips in one row
    (terziglio's 12 at 480 px): the back row showing a finger-high strip above the front row."""
    k = len(model.hand) if model.show_hand else 0
    if k and not (model.talon_left or model.draws):
        # the cards dealt, not those left: one shape for the whole hand (a row of cards
        # and the action bar above it must not jump up when the 12th card is played)
        k += model.tricks_played + sum(1 for pc in model.trick if pc.seat == model.me)
    return 2 if k > 1 and (row_w - card_w) / (k - 1) < touch else 1


def _score_extra(model: TableModel, H: int, band_h: int) -> int:
    """Three or four sides: the score box grows down into the left column until its heading
    (the target) and a row per side all get a readable line (it was dropped there)."""
    if model.n_sides <= 2:
        return 0
    least = 12 if H >= 480 else 11  # ui.fonts.min_text_px
    # the rows as readable as at 800x480 (12 px), not at the 480x320 minimum (11), the
    # hand in two rows as well (terziglio's 12 cards at 480 px: the left seat's column and
    # the widow under it give up the 3 px)
    rows_px = max(least, 12)
    need = 4 + (least + 3) + model.n_sides * (rows_px + 3)  # the heading may be the smallest text
    return max(0, need - band_h)


def table_layout(model: TableModel, size: tuple[int, int], theme: Theme = DEFAULT, action_page: int = 0) -> TableLayout:
    """``action_page``: which page of the action buttons to show when they do not all fit
    (real cards: every combination a hand might hold is offered); a ``more`` button turns it."""
    g = _grid(model, size, theme)
    hand, hand_hit = _hand(model, Rect(g.m, g.hand_y, g.width - 2 * g.m, g.card[1]), g.card, g.rows, g.row_off)
    seats = _seat_areas(model, g)
    # three seats leave the top of the trick free, so their cards can be larger
    # four seats: the cards across stack top to bottom, two card heights in the middle
    trick_size = _card(min(g.card[1], g.mid.h * {2: 0.78, 3: 0.66}.get(g.n, 0.5)), theme)
    trick_slots = _trick_slots(model, g.mid, trick_size)
    talon = _talon(model, g, seats, theme)
    if g.n > 2:
        actions, status, status_room = _row_actions(model, g, seats, trick_slots, talon, action_page)
    else:
        actions = action_buttons(model, g.right_col, g.touch, g.m, action_page)
    if model.hand_over:
        actions = _end_buttons(model, g)
    if g.n <= 2:
        status_h = max(g.touch // 2, int(g.height * 0.06))
        status = Rect(g.mid.x, g.hand_y - g.lift - status_h, g.mid.w, status_h)
        status_room = status.copy()
    score = g.top_left.copy()
    score.h += g.score_extra
    lay = TableLayout(
        size=size,
        card_size=g.card,
        trick_size=trick_size,
        hand=hand,
        hand_hit=hand_hit,
        lift=g.lift,
        seats=seats,
        trick_slots=trick_slots,
        talon=talon,
        score=score,
        status=status,
        status_room=status_room,
        banner=Rect(g.mid.x, g.mid.y, g.mid.w, max(20, int(g.height * 0.08))),
        middle=g.mid,
        buttons=_corner_buttons(model, g) + actions,
    )
    lay.bubbles = bubble_places(model, lay, g.m)
    return lay


def _area_bottom(area: SeatArea) -> int:
    """The lowest edge of a seat's name plate and cards."""
    return max([area.label.bottom, *(r.bottom for r in area.cards)])


def _seat_areas(model: TableModel, g: _Grid) -> dict[int, SeatArea]:
    """Every seat but the bottom one, in its part of the grid; on a shared table the bottom
    seat too."""
    seats: dict[int, SeatArea] = {}
    for s in model.seats:
        pos = position_of(s.seat, model.me, g.n)
        if pos != "bottom":
            seats[s.seat] = _seat_area(model, s.seat, pos, _seat_region(model, g, pos), g.small, g.m,
                                       two_lines=g.width < 700)
    if shared_table(model) and 0 <= model.me < len(model.seats):
        # a phone game's shared table: the bottom seat is a person holding a phone, shown
        # like the seat across (name, tricks, the backs of the cards held) where a hand would be
        # (its plate larger than the one across: the people at the box read it from their
        # chairs, and at 480x320 the plate of the top seat's size held 11 px text)
        bottom = Rect(g.col_l + g.m, g.height - g.m - g.small[1], g.width - g.col_l - g.col_r - 2 * g.m, g.small[1])
        seats[model.me] = _seat_area(model, model.me, "top", bottom, g.small, g.m,
                                     label_w=min(bottom.w * 2 // 5, max(120, g.small[0] * 3)))
    return seats


def _seat_region(model: TableModel, g: _Grid, pos: str) -> Rect:
    """The part of the grid a seat at ``pos`` (not the bottom) is drawn in."""
    if pos == "top":
        area = g.top_mid.copy()
        if g.n == 2:  # the row may run on to the menu button
            area.w = g.width - g.col_r + (g.col_r - g.m - g.menu_side) - area.x - 2 * g.m
        return area
    if pos == "left":
        area = g.left_col.copy()
        if model.talon_left or model.trump_card is not None or _called_left(model) or model.widow:
            # the lower part for the talon, the trump, the called card or the widow
            half = g.left_col.h // 2
            area.h = max(half - (g.score_extra if g.n > 2 else 0), min(half, 40))
        return area
    return g.right_col.copy()


def _talon(model: TableModel, g: _Grid, seats: dict[int, SeatArea], theme: Theme) -> Rect | None:
    """The talon, or what lies face up where it would (briscola's trump card, chiamata's
    called card, terziglio's widow); ``None`` when there is none."""
    left = g.left_col
    if model.talon_left or model.draws:
        talon = Rect(0, 0, *g.small)
        talon.midtop = (left.centerx, left.y + (left.h // 2 if g.n > 2 else g.label_h))
    elif model.trump_card is not None or model.called is not None or model.widow:
        talon = Rect(0, 0, *g.small)
        talon.midtop = (left.centerx, left.y + left.h // 2 + g.m)
    else:
        return None
    if g.n > 2:
        talon = _under_left_seat(model, g, seats, talon, theme)
    if model.called is not None and model.trump_card is None and not model.talon_left:
        talon = _under_caller(model, g, seats, theme) or talon
    return talon


def _under_left_seat(model: TableModel, g: _Grid, seats: dict[int, SeatArea], talon: Rect, theme: Theme) -> Rect:
    """3/4 seats: the talon under the left seat (the upper half of its column) and its
    caption, above the action row: a smaller card where the column is short (480x320)."""
    left = g.left_col
    left_area = seats.get(next((x.seat for x in model.seats if position_of(x.seat, model.me, g.n) == "left"), -1))
    top = (_area_bottom(left_area) if left_area is not None else left.y) + g.label_h + g.m
    if talon.bottom > left.bottom or talon.y < top:
        h = max(24, min(talon.h, left.bottom - top))
        talon = Rect(0, 0, int(h / theme.card_ratio), h)
        talon.midtop = (left.centerx, max(top, left.bottom - h))
    return talon


def _under_caller(model: TableModel, g: _Grid, seats: dict[int, SeatArea], theme: Theme) -> Rect | None:
    """Chiamata: the called card under the seat across or on the right that called it, with
    "CPU 2 chiama" above it (it lay in the left column whoever called, and read as CPU 4's);
    ``None``: it stays in the left column."""
    caller = seats.get(model.caller) if model.caller is not None else None
    if caller is None or caller.position not in ("right", "top"):
        return None
    top = _area_bottom(caller) + g.label_h + g.m
    h = max(24, min(g.small[1], g.mid.bottom - top))
    card = Rect(0, 0, int(h / theme.card_ratio), h)
    card.midtop = (caller.label.centerx, top)
    return card


def _corner_buttons(model: TableModel, g: _Grid) -> list[ButtonSpec]:
    """The menu in the top right corner and the last trick: under the talon (or, in 3/4-seat
    games, beside the menu)."""
    menu = Rect(0, 0, g.menu_side, g.menu_side)
    menu.topright = g.top_right.topright
    last = Rect(0, 0, min(g.col_l - g.m, max(g.touch * 2, int(g.width * 0.14))), max(g.touch, int(g.height * 0.07)))
    if g.n == 2:
        last.midbottom = (g.left_col.centerx, g.left_col.bottom)
    else:
        tr = g.top_right
        last.midtop = (tr.x + (tr.w - menu.w - g.m) // 2, tr.y)
        last.w = min(last.w, tr.w - menu.w - g.m)
        last.x = tr.x
    return [ButtonSpec("menu", menu, "≡"),
            ButtonSpec("last_trick", last, "last_trick_short", enabled=bool(model.last_trick))]


def _row_actions(model: TableModel, g: _Grid, seats: dict[int, SeatArea], trick_slots: dict[int, Rect],
                 talon: Rect | None, page: int) -> tuple[list[ButtonSpec], Rect, Rect]:
    """3/4 seats: the action row above the hand and the status at its left end, with the
    room a long status may grow into: (buttons, status, status_room)."""
    m = g.m
    row_y = g.hand_y - g.lift - g.act_h - m
    actions = action_row(model, Rect(g.col_l + m, row_y, g.width - g.col_l - 2 * m, g.act_h), g.touch, m, page,
                          _coach_cells(g, seats), row_left=m)
    # the status takes the row up to the first action button
    in_row = [b for b in actions if b.rect.y == row_y]
    right = min((b.rect.x for b in in_row), default=g.width - m)
    status = Rect(m, row_y, max(0, right - 2 * m), g.act_h)
    if talon is not None and talon.bottom > status.y and talon.x < status.right:
        # a short column (terziglio's widow at 480x320): the status starts beside the pile
        status.x, status.w = talon.right + 3 * m, max(0, status.right - talon.right - 3 * m)
    permanent_x = min((b.rect.x for b in in_row if not b.name.startswith(TRANSIENT + ("declare_none", "more"))),
                      default=g.width - m)
    floor = status.bottom if right >= permanent_x else row_y - m  # the declarations hold the row
    room = _status_room(model, g, seats, trick_slots, talon, permanent_x, floor)
    return actions, status, room or status.copy()


def _coach_cells(g: _Grid, seats: dict[int, SeatArea]) -> list[Rect]:
    """The coach's pair (hint, undo) under the right seat where the column has room for
    them (800x480), so the row keeps its cells for the game's actions; none where it has not."""
    col, m = g.right_col, g.m
    right_seat = next((a for a in seats.values() if a.position == "right"), None)
    # under the seat's row of cards as dealt, not as left: the last trick's empty hand
    # must not turn the pair from side by side to one above the other (issue 38)
    below = (right_seat.label.bottom + m // 2 + right_seat.card_size[1] + m) if right_seat is not None else col.y
    cw, ch = (col.w - m) // 2, g.touch + 4
    if col.bottom - below >= 2 * ch + m:  # one above the other, the column's width
        return [Rect(col.x, col.bottom - (2 - i) * ch - (1 - i) * m, col.w, ch) for i in range(2)]
    if col.bottom - below >= ch and cw >= g.touch:  # side by side (narrow: signs, ui.table)
        return [Rect(col.x + i * (cw + m), col.bottom - ch, cw, ch) for i in range(2)]
    return []


def _status_room(model: TableModel, g: _Grid, seats: dict[int, SeatArea], trick_slots: dict[int, Rect],
                 talon: Rect | None, permanent_x: int, floor: int) -> Rect:
    """Where a long status (the coach's reason) may grow upwards from ``floor``: left of my
    card on the trick and of the permanent buttons, under the left seat and the talon
    (the talon's column under its label, or beside it), the largest of these."""
    m = g.m
    mine = trick_slots.get(model.me)
    x1 = min(permanent_x - m, (mine.x - m) if mine is not None else permanent_x - m)
    above = [r for a in seats.values() if a.position == "left" for r in (a.label, *a.cards)]
    top = max([g.mid.y, *(r.bottom for r in above if r.x < x1)]) + m
    if talon is not None:
        zone = talon.inflate(0, 40)
        rooms = [Rect(m, max(top, zone.bottom + m), x1 - m, 0), Rect(zone.right + m, top, x1 - zone.right - m, 0)]
    else:
        rooms = [Rect(m, top, x1 - m, 0)]
    for room in rooms:
        room.h = floor - room.y
    return max(rooms, key=lambda r: max(0, r.w) * max(0, r.h))


def _called_left(model: TableModel) -> bool:
    """Chiamata's called card lies in the left column: called by the left seat or by me."""
    if model.called is None:
        return False
    n = max(1, model.n_seats)
    return model.caller is None or position_of(model.caller, model.me, n) in ("left", "bottom")


def _hand(model: TableModel, area: Rect, card: tuple[int, int], rows: int = 1,
          row_off: int = 0) -> tuple[list[tuple[int, Rect]], list[tuple[int, Rect]]]:
    cards = list(model.hand) if model.show_hand else []
    if not cards:
        return [], []
    if rows == 1:
        return _hand_row(cards, area, card)
    half = (len(cards) + 1) // 2
    back_full, back_hit = _hand_row(cards[:half], area, card)
    front_area = area.move(0, row_off)
    front_full, front_hit = _hand_row(cards[half:], front_area, card)
    for _, r in back_hit:  # the front row covers the back row's lower part
        r.h = row_off
    return back_full + front_full, back_hit + front_hit


def _hand_row(cards: list[int], area: Rect, card: tuple[int, int]) -> tuple[list[tuple[int, Rect]], list[tuple[int, Rect]]]:
    k = len(cards)
    w, h = card
    gap = max(2, w // 12)
    step = w + gap if k * (w + gap) - gap <= area.w else (area.w - w) / max(1, k - 1)
    total = int(step * (k - 1) + w)
    x0 = area.x + (area.w - total) // 2
    full, hit = [], []
    for i, c in enumerate(cards):
        r = Rect(int(x0 + i * step), area.y, w, h)
        full.append((c, r))
        vis = r.copy()
        if i < k - 1 and step < w:
            vis.w = int(x0 + (i + 1) * step) - r.x
        hit.append((c, vis))
    return full, hit


def _seat_area(model: TableModel, seat: int, pos: str, area: Rect, small: tuple[int, int], m: int,
               two_lines: bool = False, label_w: int | None = None) -> SeatArea:
    """``two_lines``: a side seat's plate holds its name and "prese: 3" on two lines (a
    narrow column: one line had room only for "CPU 4 3", beside "CPU 2 prese: 3").
    ``label_w``: a top plate's width (the shared table's bottom seat: a larger plate)."""
    sm = model.seats[seat]
    w, h = small
    label_h = max(16, int(h * 0.3))
    if two_lines and pos in ("left", "right") and area.w < 105:
        label_h = max(label_h, 2 * (11 + 2) + 4)  # two lines of the smallest text (ui.fonts)
    if pos == "top":
        label = Rect(area.x, area.y, label_w or min(area.w // 3, max(90, w * 2)), area.h)
        row = Rect(label.right + m, area.y, area.right - label.right - m, h)
    else:
        label = Rect(area.x, area.y, area.w, label_h)
        if area.h - label_h - m < h:  # a short side area: smaller cards
            h = max(20, area.h - label_h - m)
            w = int(h / 1.62)
        row = Rect(area.x, label.bottom + m // 2, area.w, h)
    shown = [c for c in sm.shown]
    k, j = len(shown), max(0, sm.hand_count - len(shown))
    total = k + j
    rects: list[Rect] = []
    if total:
        s1: float = min(w * 0.8, (row.w - w) / max(1, k + 0.4 * j - (0.4 if j else 1)) if total > 1 else w)
        s2 = s1 * 0.4
        x: float = row.x
        for i in range(total):
            rects.append(Rect(int(x), row.y, w, h))
            x += s1 if i < k else s2
        span = rects[-1].right - rects[0].x
        shift = (row.w - span) // 2 if pos == "top" else 0
        for r in rects:
            r.x += max(0, shift)
    return SeatArea(seat, pos, label, rects, (w, h))


def _trick_slots(model: TableModel, mid: Rect, size: tuple[int, int]) -> dict[int, Rect]:
    n = max(1, model.n_seats)
    w, h = size
    out: dict[int, Rect] = {}
    cx, cy = mid.center
    for seat in range(n):
        pos = position_of(seat, model.me, n)
        r = Rect(0, 0, w, h)
        # side by side, never one card on another: each card's corner index stays in view
        if n == 2:
            dx = w * 0.56
            r.center = (int(cx + (dx if pos == "bottom" else -dx)), int(cy + (h * 0.08 if pos == "bottom" else -h * 0.08)))
        else:
            dy = 0.5 if n == 4 else 0.42
            off = {"bottom": (0, dy), "top": (0, -dy), "left": (-1.06, 0), "right": (1.06, 0)}[pos]
            r.center = (int(cx + off[0] * w), int(cy + off[1] * h))
        r.clamp_ip(mid)
        out[seat] = r
    return out


def _end_buttons(model: TableModel, g: _Grid) -> list[ButtonSpec]:
    """The hand's end: *count* and *next hand* (or *home*) side by side in the middle of the
    table, where the trick was and no button of the hand ever is: a tap meant for the last
    trick's *hint*, *volo* or *chiamarsi fuori* never lands on *next hand* (issue 38)."""
    permanent, _ = action_slots(model)
    k = max(1, len(permanent))
    w = min(int(g.touch * 3.2), (g.mid.w - (k - 1) * g.m) // k)
    h = g.touch + max(8, g.touch // 4)
    x = g.mid.centerx - (k * w + (k - 1) * g.m) // 2
    y = g.mid.centery - h // 2
    for i, b in enumerate(permanent):
        b.rect = Rect(x + i * (w + g.m), y, w, h)
    return permanent


def seeded_place(lay: TableLayout, size: tuple[int, int]) -> Rect:
    """Where a seeded run's small mark goes, on the felt only: under the menu, else at the
    right end above the status row (or beside the card lying there), clear of the bubbles
    where it can be, under them where it cannot (a bubble says something for a moment);
    else under the menu all the same."""
    menu = next((b.rect for b in lay.buttons if b.name == "menu"), Rect(lay.size[0], 0, 0, 0))
    fixed = [b.rect for b in lay.buttons] + [lay.score, lay.status, *lay.trick_slots.values()]
    fixed += [a.label for a in lay.seats.values()] + [c for a in lay.seats.values() for c in a.cards]
    fixed += [lay.talon] if lay.talon is not None else []
    spots = [("topright", (menu.right, menu.bottom + 2)), ("bottomright", (lay.size[0] - 2, lay.status.y - 2))]
    if lay.talon is not None:  # chiamata's called card lies there: beside it
        spots.append(("bottomright", (lay.talon.x - 4, lay.status.y - 2)))
    for taken in (fixed + list(lay.bubbles.values()), fixed):
        for anchor, pos in spots:
            box = Rect((0, 0), size)
            setattr(box, anchor, pos)
            if box.right <= lay.size[0] and box.collidelist(taken) < 0:
                return box
    return Rect(lay.size[0] - 2 - size[0], menu.bottom + 2, *size)
