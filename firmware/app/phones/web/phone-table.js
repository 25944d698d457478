// The phone page's drawing of the table (phone.js holds the page's state): the bar, the
// seats, the trick, the pile, whose turn, the notice line; a state in, the page's elements out.
"use strict";

// ------------------------------------------------------------------ helpers

function code(card) {
  const cards = (page.welcome && page.welcome.cards) || {};
  return cards[card] !== undefined ? cards[card] : String(card);
}

function cardName(card) {
  return page.cardNames[String(card)] || code(card);
}

function cardImg(card, cls) {
  const img = document.createElement("img");
  img.className = "card" + (cls ? " " + cls : "");
  const deck = encodeURIComponent((page.welcome && page.welcome.deck) || "italian");
  img.src = card === null || card === undefined ? `/cards/${deck}/back.png`
    : `/cards/${deck}/${encodeURIComponent(code(card))}.png`;
  img.alt = card === null || card === undefined ? "" : cardName(card);
  img.draggable = false;
  if (card !== null && card !== undefined) img.dataset.card = String(card);
  return img;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function seatInfo(s, seat) {
  return (s.seats || []).find((x) => x.seat === seat) || { seat };
}

function seatName(s, seat) {
  if (seat === null || seat === undefined) return "";
  if (seat === s.seat) return t("you");
  const info = seatInfo(s, seat);
  if (info.name) return info.name;
  if (info.kind === "computer") return s.n_seats > 2 ? t("cpu_n", { n: seat + 1 }) : t("cpu");
  return t("seat_n", { n: seat + 1 });
}

function sideOf(s, seat) {
  const sides = s.sides || [];
  return sides[seat] === undefined ? null : sides[seat];
}

function partnerSeats(s) {
  const mine = sideOf(s, s.seat);
  if (mine === null) return [];
  return (s.sides || []).map((side, seat) => [side, seat]).filter(([side, seat]) => side === mine && seat !== s.seat)
    .map(([, seat]) => seat);
}

// A seat's place around the table, counted from this phone's seat in turn
// order (counter-clockwise play: the next seat sits on the right).
function placeOf(s, seat) {
  const n = s.n_seats;
  const k = (seat - s.seat + n) % n;
  if (k === 0) return "bottom";
  if (n === 2) return "top";
  if (n === 3) return k === 1 ? "right" : "left";
  if (n === 4) return ["bottom", "right", "top", "left"][k];
  return "top";
}

function legal(s) {
  return s.legal || {};
}

// ------------------------------------------------------------------ rendering

function focusKey() {
  // what has the keyboard's (or the screen reader's) focus, to give it back after a redraw
  const a = document.activeElement;
  if (!a || !a.dataset) return null;
  if (a.dataset.card !== undefined && a.closest("#hand")) return `#hand [data-card="${a.dataset.card}"]`;
  if (a.dataset.name !== undefined && a.closest("#actions, #claim-row")) return `[data-name="${a.dataset.name}"]`;
  return null;
}

function render() {
  const s = page.state;
  if (!s) return;
  const focused = focusKey();
  try {
    draw(s);
  } finally {
    if (focused) {
      const again = document.querySelector(focused);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }
}

function draw(s) {
  renderBar(s);
  renderSeats(s);
  renderTrick(s);
  renderPile(s);
  renderTurn(s);
  renderNoticeLine(s);
  renderCoach(s);
  renderClaim(s);
  renderActions(s);
  renderHand(s);
  renderOverlay(s);
}

function renderCoach(s) {
  // the coach's hint for this very state, said to this phone only (docs/phones.md)
  const line = document.getElementById("coach");
  const coach = coachOf(s);
  const text = coach.hint ? coach.hint.text : (coach.thinking && s.phase === "play" ? t("hint_wait") : "");
  line.textContent = text;
  line.hidden = !text;
}

function renderClaim(s) {
  // Claim the win: apart from the signals and the other buttons, offered only once a claim
  // would stand (the engine's count: legal.claim_stands), and asked first as on the touchscreen
  const row = document.getElementById("claim-row");
  row.textContent = "";
  const lg = legal(s);
  if (lg.claim && lg.claim_stands) row.append(button(t("claim"), "danger", () => openOverlay("claim"), "claim"));
  row.hidden = !row.childElementCount;
}

function renderBar(s) {
  document.getElementById("me-name").textContent = `${t("you")} · ${t("seat_n", { n: s.seat + 1 })}`;
  const partners = partnerSeats(s);
  const p = document.getElementById("partner");
  if (s.n_seats >= 4 && partners.length) {
    p.textContent = ` · ${t("partner_row")}: ${partners.map((x) => seatName(s, x)).join(", ")}`;
  } else if (s.n_seats >= 4 && sideOf(s, s.seat) === null) {
    p.textContent = ` · ${t("partner_row")}: ?`;
  } else {
    p.textContent = "";
  }
  const score = document.getElementById("score");
  score.textContent = scoreLine(s);
  const hand = handLine(s);
  if (hand) score.append(el("span", "hand", hand));
  score.classList.toggle("long", ((s.score || {}).totals || []).length > 2);
}

function unitNames(s) {
  // the score's units: two sides (us / them), else each seat by name
  const totals = (s.score && s.score.totals) || [];
  const mine = sideOf(s, s.seat);
  if (totals.length === 2 && s.n_seats === 4 && mine !== null) {
    return totals.map((_, i) => (i === mine ? t("us") : t("them")));
  }
  return totals.map((_, i) => seatName(s, i));
}

function scoreLine(s) {
  const sc = s.score || {};
  const totals = sc.totals || [];
  if (!totals.length) return "";
  const names = unitNames(s);
  const parts = totals.map((v, i) => `${names[i]} ${v}`);
  const target = sc.target ? ` (${t("to_target", { n: sc.target })})` : "";
  return parts.join(" – ") + target;
}

function thirdsText(thirds) {
  // 7 thirds -> "2⅓", as the touchscreen writes them (ui/widgets.py thirds_text)
  const whole = Math.floor(thirds / 3);
  const frac = ["", "⅓", "⅔"][thirds % 3];
  return whole === 0 && frac ? frac : `${whole}${frac}`;
}

function handLine(s) {
  // this hand's points so far per unit, as the touchscreen's score: the card points of the
  // tricks taken (counted by the engine: score.counts) and the declarations (+3)
  const sc = s.score || {};
  const counts = sc.counts || [];
  if (!counts.length || s.result) return "";
  const declared = sc.declared || [];
  const names = unitNames(s);
  const parts = counts.map((c, i) => {
    const decl = declared[i] ? ` +${declared[i]}` : "";
    return `${names[i] || ""} ${thirdsText((c && c.thirds) || 0)}${decl}`.trim();
  });
  return `${t("hand_short")}: ${parts.join(" – ")}`;
}

function declName(d) {
  // the name the touchscreen gives it, from the box's catalogue (ui.i18n.describe_declare)
  const deck = (page.welcome && page.welcome.deck) || "italian";
  const key = [deck, d.kind, d.suit ?? "", d.rank ?? "", d.missing ?? ""].join("|");
  return page.declNames[key] || page.declNames[[deck, d.kind, d.suit ?? "", d.rank ?? "", ""].join("|")]
    || t("k_" + d.kind);
}

function bubblesFor(s, seat) {
  const out = [];
  for (const d of s.declarations || []) {
    if (d.seat === seat) out.push(declName(d) + (d.points ? ` = ${d.points}` : ""));
  }
  // the signals of the trick on the table (of the one just taken while the table is empty)
  const tricks = s.tricks || 0;
  const current = (s.trick || []).length ? tricks : tricks - 1;
  for (const said of s.said || []) {
    if (said.seat === seat && said.trick === current) {
      for (const sig of said.signals || []) out.push(t("sig_" + sig));
    }
  }
  return out;
}

function renderSeats(s) {
  const box = document.getElementById("seats");
  box.textContent = "";
  box.dataset.n = String(s.n_seats);
  document.getElementById("table").dataset.n = String(s.n_seats);
  for (let seat = 0; seat < s.n_seats; seat++) {
    if (seat === s.seat) continue;
    const info = seatInfo(s, seat);
    const d = el("div", "seat " + placeOf(s, seat));
    d.dataset.seat = String(seat);
    if (s.to_move === seat && s.phase === "play") d.classList.add("moving");
    const partner = partnerSeats(s).includes(seat);
    if (partner) d.classList.add("partner");
    const head = el("div", "who");
    head.append(el("span", "name", seatName(s, seat)));
    if (info.kind === "phone") {
      head.append(el("span", info.connected === false ? "dot away" : "dot", ""));
    }
    if (s.dealer === seat) head.append(el("span", "tag", t("dealer")));
    d.append(head);
    const facts = [];
    if (info.cards !== undefined) facts.push(`🂠 ${info.cards}`);
    if (info.tricks !== undefined) facts.push(t("tricks_n", { n: info.tricks }));
    if (partner) facts.push(t("partner"));
    d.append(el("div", "facts", facts.join(" · ")));
    if (info.shown && info.shown.length) {
      const shown = el("div", "shown");
      for (const c of info.shown) shown.append(cardImg(c, "mini"));
      d.append(shown);
    }
    for (const b of bubblesFor(s, seat)) d.append(el("div", "bubble", b));
    if ((s.waiting_for || []).includes(seat)) d.append(el("div", "bubble wait", t("ph_waiting_for", waitingArgs([seat]))));
    box.append(d);
  }
  const mine = bubblesFor(s, s.seat);
  const meBubbles = document.getElementById("my-bubbles") || el("div", "");
  meBubbles.id = "my-bubbles";
  meBubbles.className = "bubbles-me";
  meBubbles.textContent = "";
  for (const b of mine) meBubbles.append(el("div", "bubble mine", b));
  box.append(meBubbles);
}

function verdict(s) {
  // the match's end in the words of the touchscreen: we / they, you / another seat
  if (s.winner === null || s.winner === undefined) return t("match_end");
  const mine = sideOf(s, s.seat) ?? s.seat;
  const units = ((s.score || {}).totals || []).length;
  if (s.n_seats === 4 && units === 2) return s.winner === mine ? t("we_win") : t("they_win");
  return s.winner === mine ? t("you_win") : t("side_wins", { name: seatName(s, s.winner) });
}

function renderTrick(s) {
  const box = document.getElementById("trick");
  box.textContent = "";
  box.dataset.n = String(s.n_seats);
  const held = page.held && performance.now() < page.held.until ? page.held : null;
  box.classList.toggle("held", !!held);
  const cards = held ? held.cards : (s.trick || []);
  const holder = held ? held.winner : s.trick_holder;
  box.setAttribute("aria-label", held ? takesLine(s, held.winner) : t("p_trick_label"));
  for (const [seat, card] of cards) {
    const wrap = el("div", "played " + placeOf(s, seat));
    wrap.dataset.seat = String(seat);
    const img = cardImg(card, "table-card");
    img.alt = playedLine(s, seat, card);
    if (holder === seat) img.classList.add("holding");
    wrap.append(img);
    wrap.append(el("div", "label", seatName(s, seat)));
    box.append(wrap);
  }
  if (held) box.append(el("div", "taken", takesLine(s, held.winner)));
}

function renderPile(s) {
  const box = document.getElementById("pile");
  box.textContent = "";
  if (s.talon_left) {
    const talon = el("div", "talon");
    talon.append(cardImg(null, "mini"));
    talon.append(el("div", "label", `${t("talon")}: ${s.talon_left}`));
    box.append(talon);
  }
  if (s.trump_card !== null && s.trump_card !== undefined) {
    const tr = el("div", "talon");
    tr.append(cardImg(s.trump_card, "mini"));
    tr.append(el("div", "label", t("trump")));
    box.append(tr);
  }
  if (s.called !== null && s.called !== undefined) {
    const c = el("div", "talon");
    c.append(cardImg(s.called, "mini"));
    c.append(el("div", "label", t("b_called", { what: cardName(s.called) })));
    box.append(c);
  }
  const draws = s.draws || [];
  if (draws.length) {
    // the last trick's draws, shown as the table shows them (a hidden draw is a back)
    const lastTrick = draws[draws.length - 1][0];
    const d = el("div", "draws");
    for (const [trick, seat, card] of draws) {
      if (trick !== lastTrick) continue;
      const w = el("div", "draw");
      w.append(cardImg(card, "mini"));
      w.append(el("div", "label", seatName(s, seat)));
      d.append(w);
    }
    box.append(d);
  }
}

function renderTurn(s) {
  const line = document.getElementById("turn");
  let text = "";
  const discarding = (legal(s).discard || []).length > 0;
  if (discarding) {
    text = t("discard");  // terziglio's dealer lays a card away: the catalogue's word, as on the touchscreen
  } else if (s.phase === "play" && s.to_move !== null && s.to_move !== undefined) {
    text = s.to_move === s.seat ? t("your_turn") : t("waits", { name: seatName(s, s.to_move) });
  } else if (s.phase === "hand_over") {
    text = t("hand_end");
  } else if (s.phase === "match_over") {
    text = verdict(s);
  } else if (s.phase === "home") {
    text = t("p_no_match");
  }
  if ((s.waiting_for || []).length) {
    text = t("ph_waiting_for", waitingArgs(s.waiting_for));
  }
  line.textContent = text;
  const mine = discarding || (s.phase === "play" && s.to_move === s.seat);
  line.classList.toggle("mine", mine);
  document.getElementById("app").classList.toggle("my-turn", mine);
}

function renderNoticeLine(s) {
  const n = document.getElementById("notice");
  if (n.dataset.local === "1") return;  // a refusal just said stays its few seconds
  const r = s.refusal;
  const note = s.notice;
  if (r && r.seq !== page.lastRefusal) {
    page.lastRefusal = r.seq;
    showNotice(r.text || t(r.key, r.args), "refusal");
    return;
  }
  n.textContent = note ? (note.text || t(note.key, note.args)) : "";
  n.className = note && note.level ? note.level : "";
}
