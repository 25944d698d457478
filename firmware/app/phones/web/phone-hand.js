// The phone page's hand and the buttons under it (phone.js holds the page's state): the
// cards in suit order, a tap on one, the arrow keys through them, the actions row.
"use strict";

function button(label, cls, onTap, name, offline) {
  // offline: what the button does needs the box (not the last trick, not Back): while the
  // page is not connected it is greyed and says why, in its name and on its face
  const b = el("button", "act" + (cls ? " " + cls : ""), label);
  b.type = "button";
  if (name) b.dataset.name = name;
  if (offline !== false && !page.connected && !["last", "close", "no"].includes(name)) {
    b.disabled = true;
    b.classList.add("offline");
    b.append(el("span", "why", t("p_not_connected")));
    b.setAttribute("aria-label", `${label}: ${t("p_not_connected")}`);
  }
  b.addEventListener("click", onTap);
  return b;
}

function renderActions(s) {
  const box = document.getElementById("actions");
  box.textContent = "";
  const lg = legal(s);
  const v = s.v;
  (lg.declare || []).forEach((d, i) => {
    const label = `${t("declare")}: ${declName(d)}`;
    box.append(button(label, "declare", () => send({ type: "declare", v, declaration: d }), `declare:${i}`));
  });
  if (lg.nothing) box.append(button(t("declare_none"), "", () => send({ type: "nothing", v }), "nothing"));
  const sigNames = new Set();
  for (const names of Object.values(lg.signals || {})) for (const n of names) sigNames.add(n);
  for (const name of [...page.signalsOn]) if (!sigNames.has(name)) page.signalsOn.delete(name);
  for (const name of sigNames) {
    const b = button(t("sig_" + name), "signal" + (page.signalsOn.has(name) ? " on" : ""), () => {
      if (page.signalsOn.has(name)) page.signalsOn.delete(name); else page.signalsOn.add(name);
      render();  // the focus stays on the switch (render gives it back)
    }, `signal:${name}`);
    b.setAttribute("aria-pressed", page.signalsOn.has(name) ? "true" : "false");
    box.append(b);
  }
  if ((lg.call || []).length) box.append(button(t("call"), "strong", () => openOverlay("call"), "call"));
  if ((lg.zutun || []).length) box.append(button(t("zu_tun_btn"), "strong", () => openOverlay("zutun"), "zutun"));
  if (lg.hint) {
    // asked once per position: while the coach thinks, and once it has said, the button rests
    // (its answer is the line it points to) and a second tap sends nothing
    const asked = coachOf(s).thinking || !!coachOf(s).hint;
    const b = button(t("hint"), "quiet", () => { if (!asked) send({ type: "hint", v }); }, "hint");
    if (asked) {
      b.setAttribute("aria-disabled", "true");
      b.setAttribute("aria-describedby", "coach");
      b.classList.add("asked");
    }
    box.append(b);
  }
  if (s.last_trick) box.append(button(t("last_trick_short"), "quiet", () => openOverlay("last"), "last"));
  if (s.phase === "hand_over" && lg.next !== false) {
    box.append(button(t("next_hand"), "strong", () => send({ type: "next", v }), "next"));
  }
}

function handRows(n, w, h) {
  // as many rows as make the cards largest: a card is 5:8, rows stack without overlap
  let best = 1;
  let bestW = 0;
  for (let rows = 1; rows <= 3; rows++) {
    const perRow = Math.ceil(n / rows);
    const gap = 6;
    const byW = (w - gap * (perRow + 1)) / perRow;
    const byH = ((h - gap * (rows + 1)) / rows) * 5 / 8;
    const cw = Math.min(byW, byH, 180);
    if (cw > bestW + 2) { bestW = cw; best = rows; }
  }
  return [best, Math.floor(bestW)];
}

function renderHand(s) {
  const box = document.getElementById("hand");
  box.textContent = "";
  box.setAttribute("aria-label", t("p_hand_label"));
  if (s.phase === "hand_over" || s.phase === "match_over") {
    // the count where the hand was, as the touchscreen's end of hand shows it
    const sheet = el("div", "sheet-inline");
    if (s.phase === "match_over") sheet.append(el("div", "verdict", verdict(s)));
    sheet.append(countTable(s));
    const rating = coachOf(s).rating;
    if (rating.length) {
      // the coach's rating of this seat's hand, for this phone only (as the touchscreen's hand end)
      const r = el("section", "rating");
      r.setAttribute("aria-label", t("p_rating"));
      r.append(el("h2", "", t("p_rating")));
      for (const line of rating) r.append(el("p", "", line));
      sheet.append(r);
    }
    box.append(sheet);
    return;
  }
  const hand = bySuit(s.hand || []);
  const playable = new Set((legal(s).play || []).map(Number));
  const hinted = coachOf(s).hint ? coachOf(s).hint.card : null;
  const rect = box.getBoundingClientRect();
  const [rows, cw] = handRows(Math.max(1, hand.length), rect.width || window.innerWidth, rect.height || 200);
  box.style.setProperty("--card-w", `${Math.max(40, cw)}px`);
  box.dataset.rows = String(rows);
  const perRow = Math.ceil(hand.length / rows);
  for (let r = 0; r < rows; r++) {
    const row = el("div", "hand-row");
    for (const card of hand.slice(r * perRow, (r + 1) * perRow)) {
      const ok = playable.has(card) && page.connected && !holdsLead(s);
      const img = cardImg(card, ok ? "playable" : "dim");
      img.alt = "";  // the button says it, with its state
      const sigs = (legal(s).signals || {})[card] || [];
      if (page.signalsOn.size && playable.has(card) && [...page.signalsOn].every((x) => sigs.includes(x))) {
        img.classList.add("signalled");
      }
      if (card === hinted) img.classList.add("hinted");
      // a card is a button: its name, and whether (and why not) it can be played now; a card
      // that cannot stays in the tab order (aria-disabled), so the whole hand can be read
      const b = el("button", "card-btn");
      b.type = "button";
      b.dataset.card = String(card);
      b.setAttribute("aria-label", cardLabel(s, card, playable.has(card) && !holdsLead(s), card === hinted));
      if (!ok) b.setAttribute("aria-disabled", "true");
      b.append(img);
      b.addEventListener("click", () => tapCard(card));
      row.append(b);
    }
    box.append(row);
  }
}

function suitOf(card) {
  // the suit's letter ends the card's code ("3d", "Ac"; a Bavarian "Os"): the deck's own order
  const c = code(card);
  return c.slice(-1);
}

function bySuit(hand) {
  // the hand suit by suit, in the deck's order within a suit (the engine's card ids), as the
  // touchscreen lays it out: the order a keyboard and a screen reader go through it
  const order = [];
  for (const card of [...hand].sort((a, b) => a - b)) if (!order.includes(suitOf(card))) order.push(suitOf(card));
  return [...hand].sort((a, b) => (order.indexOf(suitOf(a)) - order.indexOf(suitOf(b))) || a - b);
}

function cardLabel(s, card, playable, hinted) {
  const name = cardName(card);
  if (!page.connected) return t("p_card_offline", { card: name });
  if (playable) return hinted ? t("p_card_hint", { card: name }) : name;
  if (s.phase === "play" && s.to_move !== s.seat) return t("p_card_no_turn", { card: name });
  return t("p_card_not_legal", { card: name });
}

function tapCard(card) {
  const s = page.state;
  if (!s) return;
  if (!page.connected || holdsLead(s)) return;  // greyed: it says why
  const now = performance.now();
  if (now - page.lastPlayAt < DOUBLE_TAP_MS) return;  // the second tap of a double tap
  const playable = (legal(s).play || []).map(Number);
  if (!playable.includes(card)) {
    if (s.phase === "play" && s.to_move !== s.seat) showNotice(t("waits", { name: seatName(s, s.to_move) }), "refusal");
    return;  // a dimmed card does nothing, as on the touchscreen
  }
  const allowed = (legal(s).signals || {})[card] || [];
  const signals = [...page.signalsOn].filter((x) => allowed.includes(x));
  page.lastPlayAt = now;
  if (send({ type: "play", v: s.v, card, signals })) {
    page.signalsOn.clear();
    const img = document.querySelector(`#hand img[data-card="${card}"]`);
    if (img) img.classList.add("sent");
  }
}

function handKeys(ev) {
  // the arrows go through the hand card by card (Home / End: the first, the last); Tab and a
  // screen reader's swipes go through it as well, in the same suit order
  const cards = [...document.querySelectorAll("#hand button.card-btn")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: cards.length - 1 }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  cards[Math.max(0, Math.min(cards.length - 1, to))].focus();
}
