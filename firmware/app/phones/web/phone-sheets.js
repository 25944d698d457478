// What the phone page puts over the table (phone.js holds the page's state): the join
// sheet, the status and notice lines, and the overlay's dialogs (the last trick, a claim,
// a call, the count of a hand).
"use strict";

// ------------------------------------------------------------------ joining

function showJoin(error) {
  const j = document.getElementById("join");
  j.hidden = false;
  hideStatus();  // no socket is wanted until a code is typed: nothing is lost
  if (error !== null) document.getElementById("join-error").textContent = error;
  renderJoin();
}

function hideJoin() {
  document.getElementById("join").hidden = true;
}

function renderJoin() {
  document.getElementById("join-text").textContent = t("p_join_text");
  document.getElementById("join-go").textContent = t("p_join");
  document.getElementById("join-code").placeholder = "123456";
  document.getElementById("join-code").setAttribute("aria-label", t("p_join_text"));  // its label, read aloud
  const field = document.getElementById("join-name");
  field.placeholder = t("p_name");
  field.setAttribute("aria-label", t("p_name"));
  field.maxLength = NAME_MAX;
  if (!field.value) field.value = localStorage.getItem(NAME_KEY) || "";
}

function codeFromFragment() {
  const m = /(?:^#|&)join=(\d{6})(?:&|$)/.exec(location.hash);
  if (!m) return null;
  const k = /(?:^#|&)key=([A-Za-z0-9_-]{22})(?:&|$)/.exec(location.hash);
  page.joinToken = k ? k[1] : null;  // scanned: nobody's wrong guesses hold this join back
  // the code leaves the address bar: a reload must resume, not join again
  history.replaceState(null, "", location.pathname + location.search);
  return m[1];
}

// ------------------------------------------------------------------ status lines

function showStatus(text, sticky) {
  const s = document.getElementById("status");
  s.textContent = text;
  s.hidden = false;
  s.classList.toggle("sticky", !!sticky);
}

function hideStatus() {
  const s = document.getElementById("status");
  if (!s.classList.contains("sticky")) s.hidden = true;
}

let noticeTimer = null;
function showNotice(text, kind) {
  const n = document.getElementById("notice");
  n.textContent = text;
  n.className = kind || "";
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { n.dataset.local = ""; render(); }, 4000);
  n.dataset.local = "1";
}

// ------------------------------------------------------------------ overlay

function openOverlay(what) {
  page.overlay = what;
  renderOverlay(page.state);
  // the keyboard and a screen reader go into the sheet: on No (asked first) or Back
  const first = document.querySelector('#overlay-buttons [data-name="no"], #overlay-buttons [data-name="close"]');
  if (first) first.focus();
}

function closeOverlay() {
  page.overlay = null;
  document.getElementById("overlay").hidden = true;
}

function renderOverlay(s) {
  const o = document.getElementById("overlay");
  const body = document.getElementById("overlay-body");
  const btns = document.getElementById("overlay-buttons");
  if (!page.overlay || !s) {
    o.hidden = true;
    return;
  }
  body.textContent = "";
  btns.textContent = "";
  const lg = legal(s);
  const v = s.v;
  const close = button(t("back"), "quiet", closeOverlay, "close");
  const titles = { last: "last_trick", claim: "claim", call: "call", zutun: "zu_tun_btn", count: "count" };
  o.setAttribute("aria-label", t(titles[page.overlay] || "back"));
  if (page.overlay === "last") {
    if (!s.last_trick) { closeOverlay(); return; }
    body.append(el("h2", "", t("last_trick")));
    const row = el("div", "cards-row");
    for (const [seat, card] of s.last_trick.cards || []) {
      const w = el("div", "draw");
      w.append(cardImg(card, "mid" + (seat === s.last_trick.winner ? " holding" : "")));
      w.append(el("div", "label", seatName(s, seat)));
      row.append(w);
    }
    body.append(row);
    btns.append(close);
  } else if (page.overlay === "claim") {
    if (!lg.claim) { closeOverlay(); return; }
    const sc = s.score || {};
    const side = sideOf(s, s.seat) ?? s.seat;
    // as the touchscreen asks it: the match so far, this hand's declarations and cards
    const counted = ((sc.counts || [])[side] || {}).thirds || 0;
    const pts = ((sc.totals || [])[side] || 0) + ((sc.declared || [])[side] || 0) + Math.floor(counted / 3);
    body.append(el("p", "question", t("ask_claim", { n: pts, target: sc.target || "" })));
    btns.append(button(t("yes"), "danger", () => { send({ type: "claim", v }); closeOverlay(); }, "yes"));
    btns.append(button(t("no"), "quiet", closeOverlay, "no"));
  } else if (page.overlay === "call" || page.overlay === "zutun") {
    const cards = (page.overlay === "call" ? lg.call : lg.zutun) || [];
    if (!cards.length) { closeOverlay(); return; }
    body.append(el("h2", "", page.overlay === "call" ? t("call") : t("zu_tun_btn")));
    const row = el("div", "cards-row pick");
    for (const card of cards) {
      const img = cardImg(card, "mid playable");
      img.alt = "";  // the button names it
      const b = el("button", "card-btn");
      b.type = "button";
      b.dataset.card = String(card);
      b.setAttribute("aria-label", page.connected ? cardName(card) : t("p_card_offline", { card: cardName(card) }));
      if (!page.connected) b.setAttribute("aria-disabled", "true");
      b.append(img);
      b.addEventListener("click", () => {
        if (!page.connected) return;
        send({ type: page.overlay, v, card });
        closeOverlay();
      });
      row.append(b);
    }
    body.append(row);
    btns.append(close);
  } else if (page.overlay === "count") {
    body.append(el("h2", "", s.phase === "match_over" ? t("match_end") : t("hand_end")));
    body.append(countTable(s));
    btns.append(close);
  }
  o.hidden = false;
}

function countTable(s) {
  const sc = s.score || {};
  const names = unitNames(s);
  const table = el("table", "count");
  const head = el("tr");
  head.append(el("th", "", ""));
  for (const n of names) head.append(el("th", "", n));
  table.append(head);
  const rows = [];
  const r = s.result;
  if (r) {
    rows.push([t("card_points"), r.card_points || []]);
    if (sc.hand_won_at) {
      // Briscola: a hand won with 61 scores one, the totals are hands won (RULES.md §3.8)
      rows.push([t("hand_won_row", { n: sc.hand_won_at }), r.score || []]);
    } else {
      rows.push([t("declarations"), r.declared || []]);
      rows.push([t("hand_points"), r.points || []]);
    }
  }
  if (sc.totals) rows.push([t(sc.hand_won_at ? "hands_won_row" : "match_total"), sc.totals]);
  // a row per side of the hand, a column per unit of the match: where they differ
  // (chiamata: who was with whom), each unit shows its hand side's number
  const sides = (r && r.sides) || [];
  const cell = (vals, unit) => (vals.length === names.length ? vals[unit] : vals[sides[unit]]);
  for (const [label, vals] of rows) {
    const tr = el("tr");
    tr.append(el("th", "", label));
    names.forEach((_, unit) => {
      const x = cell(vals, unit);
      tr.append(el("td", "", x === undefined || x === null ? "–" : String(x)));
    });
    table.append(tr);
  }
  return table;
}
