/* The phone page: one seat's hand and the table as that seat sees it.
 *
 * Served by the box (no internet, no framework). Talks to the box over one
 * websocket (docs/phones.md, "The protocol"): `join` with the short code once,
 * then `resume` with the seat secret kept in localStorage, after a reload, a
 * sleep, a lost connection or the box restarting. Everything shown comes from
 * the last `state` message, the seat's own view; the page keeps nothing else.
 * Words come from the box's one catalogue (/i18n/LANG.json); card pictures are
 * the touchscreen's own art, rendered by the box (/cards/DECK/CODE.png).
 */
"use strict";

// Two taps closer than this are one: the second tap of a double tap lands on
// whatever card slid under the finger (the touchscreen's DOUBLE_TAP_S, ui/table.py).
const DOUBLE_TAP_MS = 350;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 5000;
const PING_MS = 15000;
const SECRET_KEY = "tressette.secret";
const NAME_KEY = "tressette.name";  // who plays on this phone: sent with join and resume, shown as text only
const NAME_MAX = 40;  // UTF-16 units the field takes; the box checks the name (20 characters)
const LANG_KEY = "tressette.lang";
const LANGS = ["it", "de", "en", "hr", "nl"];
// A trick just taken stays on the table this long, whatever the computers' speed: at the
// fastest the box clears it within milliseconds, before anybody has seen the cards.
const TRICK_HOLD_MS = 1500;
const SAID_LINES = 12;  // what the live region keeps for a screen reader (the newest last; a trick and more)

const page = {
  ws: null,
  lang: "it",
  words: {},       // key -> text in page.lang
  cardNames: {},   // card id -> name in page.lang
  declNames: {},   // "deck|kind|suit|rank|missing" -> a declaration's name in page.lang
  welcome: null,   // the box's welcome: seat, deck, cards (id -> code)
  state: null,     // the last state message
  joinCode: null,  // a code from the QR code's #join=…, used once
  joinToken: null,  // the QR code's &key=… (its code's join token), used once with it
  backoff: BACKOFF_MIN_MS,
  retryTimer: null,
  pingTimer: null,
  lastPlayAt: -1e9,
  signalsOn: new Set(),
  overlay: null,   // what the overlay shows: null | "last" | "claim" | "call" | "zutun" | "count"
  stopped: false,  // the box said bye for good (another device took the seat)
  connected: false,
  received: 0,     // states received since the page was opened
  held: null,      // the trick just taken, kept in sight until `until` (TRICK_HOLD_MS)
  holdTimer: null,
  saidRating: "",  // the rating last announced (said once per hand's end)
  saidHint: "",    // the hint last announced
};

// ------------------------------------------------------------------ words

// ph_waiting_for's arguments, as firmware/app/phoneseats.py waiting_args: n picks the form,
// seats all but the last seat ("1, 2"), last the last ("3"); one seat: seats is it
function waitingArgs(waiting) {
  const names = waiting.map((n) => String(n + 1));
  if (names.length <= 1) return { n: names.length, seats: names[0] || "", last: names[0] || "" };
  return { n: names.length, seats: names.slice(0, -1).join(", "), last: names[names.length - 1] };
}

function t(key, args) {
  // with n=1 the singular key + "_one" where there is one, as the touchscreen's ui/i18n.py tr()
  if (args && String(args.n) === "1" && page.words[key + "_one"] !== undefined) key += "_one";
  let text = page.words[key];
  if (text === undefined) return "?" + key;  // a missing word shows itself, as on the screen
  if (args) {
    text = text.replace(/\{(\w+)\}/g, (m, name) => (name in args ? String(args[name]) : m));
  }
  return text;
}

// the language chosen on this phone before; else the first of the phone's languages the box
// speaks; else "auto": the box picks by Accept-Language, and failing that sends its own
function pickLang() {
  const saved = localStorage.getItem(LANG_KEY);
  if (LANGS.includes(saved)) return saved;
  const langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
  for (const tag of langs) {
    const code = String(tag).split(/[-_]/)[0].toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return "auto";
}

async function loadWords(lang) {
  const res = await fetch(`/i18n/${lang}.json`, { cache: "no-cache" });
  if (!res.ok) throw new Error(`words ${res.status}`);
  const data = await res.json();
  page.words = data.t || data;
  page.cardNames = data.cards || {};
  page.declNames = data.declarations || {};
  page.lang = LANGS.includes(data.lang) ? data.lang : lang;  // "auto": the language the box chose
  document.documentElement.lang = page.lang;
  document.getElementById("lang").textContent = page.lang;
}

async function setLang(lang) {
  localStorage.setItem(LANG_KEY, lang);
  try {
    await loadWords(lang);
  } catch (e) {
    showStatus(t("p_offline"));
    return;
  }
  send({ type: "lang", lang });
  renderJoin();
  render();
}

// ------------------------------------------------------------------ connection

function wsUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

function connect() {
  clearTimeout(page.retryTimer);
  if (page.stopped) return;
  if (page.ws && (page.ws.readyState === WebSocket.OPEN || page.ws.readyState === WebSocket.CONNECTING)) return;
  const secret = localStorage.getItem(SECRET_KEY);
  if (!secret && !page.joinCode) {
    showJoin(null);
    return;
  }
  let ws;
  try {
    ws = new WebSocket(wsUrl());
  } catch (e) {
    retryLater();
    return;
  }
  page.ws = ws;
  ws.onopen = () => {
    const again = localStorage.getItem(SECRET_KEY);
    const name = (localStorage.getItem(NAME_KEY) || "").slice(0, NAME_MAX);
    if (page.joinCode) {
      const join = { type: "join", code: page.joinCode, lang: page.lang };
      if (page.joinToken) join.token = page.joinToken;
      if (name) join.name = name;
      ws.send(JSON.stringify(join));
    } else if (again) {
      const resume = { type: "resume", secret: again, lang: page.lang };
      if (name) resume.name = name;
      ws.send(JSON.stringify(resume));
    }
    clearInterval(page.pingTimer);
    page.pingTimer = setInterval(() => send({ type: "ping" }), PING_MS);
  };
  ws.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch (e) {
      return;
    }
    onMessage(msg);
  };
  ws.onclose = () => {
    clearInterval(page.pingTimer);
    if (page.ws === ws) page.ws = null;
    page.connected = false;
    if (!page.stopped) {
      showStatus(t("p_reconnecting"));
      retryLater();
    }
    render();  // what cannot work now is greyed and says so
  };
  ws.onerror = () => { /* onclose follows */ };
}

function retryLater() {
  clearTimeout(page.retryTimer);
  page.retryTimer = setTimeout(connect, page.backoff);
  page.backoff = Math.min(BACKOFF_MAX_MS, page.backoff * 2);
}

function reconnectNow() {
  // back from sleep or from another app, or the Wi-Fi came back: try at once
  page.backoff = BACKOFF_MIN_MS;
  if (!page.ws) connect();
}

function send(msg) {
  if (page.ws && page.ws.readyState === WebSocket.OPEN) {
    page.ws.send(JSON.stringify(msg));
    return true;
  }
  return false;
}

function handle(msg) {
  if (msg === null || typeof msg !== "object") return;
  switch (msg.type) {
    case "welcome":
      page.welcome = msg;
      if (msg.secret) localStorage.setItem(SECRET_KEY, msg.secret);
      page.joinCode = null;
      page.connected = true;
      page.backoff = BACKOFF_MIN_MS;
      hideStatus();
      hideJoin();
      render();
      break;
    case "state":
      if (!isState(msg)) return;  // not a state this page can draw: keep the last one
      page.connected = true;
      {
        const last = page.state;
        page.state = msg;
        try {
          holdTrick(last, msg);
          announce(last, msg);
          render();
        } catch (e) {
          page.state = last;  // drawn again as it was; the next state is drawn anew
          if (last) render();
          throw e;
        }
      }
      page.received += 1;
      page.connected = true;
      hideStatus();
      hideJoin();
      break;
    case "error":
      onError(msg);
      break;
    case "bye":
      onBye(msg);
      break;
    default:
      break;  // pong, or something newer than this page
  }
}

function isState(m) {
  // the shape render() relies on; the box sends nothing else, but a page never breaks on it
  const ints = (xs) => Array.isArray(xs) && xs.every((x) => Number.isInteger(x));
  const pairs = (xs) => Array.isArray(xs) && xs.every((x) => Array.isArray(x) && ints(x));
  const obj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
  return obj(m) && Number.isInteger(m.seat) && Number.isInteger(m.n_seats) && m.n_seats > 0 && m.n_seats <= 8
    && typeof m.phase === "string" && ints(m.hand) && obj(m.legal) && pairs(m.trick || [])
    && Array.isArray(m.seats || []) && (m.seats || []).every(obj) && (m.score === undefined || obj(m.score))
    && ints((m.legal || {}).play || []) && ints((m.legal || {}).discard || []) && Array.isArray(m.draws || []) && Array.isArray(m.said || [])
    && Array.isArray(m.declarations || []) && (m.declarations || []).every(obj) && Array.isArray(m.sides || [])
    && ints(m.waiting_for || []) && (m.result === null || m.result === undefined || obj(m.result))
    && (m.last_trick === null || m.last_trick === undefined || (obj(m.last_trick) && pairs(m.last_trick.cards || [])));
}

function onMessage(raw) {
  try {
    handle(raw);
  } catch (e) {
    // never a dead page: the last good state stays drawn, the next one is drawn anew
    console.error("tressette: a message the page could not show", e);
  }
}

function onError(msg) {
  const code = msg.code;
  if (code === "stale") return;  // a tap on a state that is gone: the double tap's second tap
  if (code === "unknown_secret" || code === "bad_code" || code === "code_closed" || code === "seat_taken"
      || code === "too_many_tries" || code === "bad_name") {
    if (code === "bad_name") localStorage.removeItem(NAME_KEY);  // typed again on the join page
    if (code === "unknown_secret") {
      localStorage.removeItem(SECRET_KEY);
      page.state = null;
      clearTable();
    }
    page.joinCode = null;
    page.joinToken = null;
    page.stopped = false;
    showJoin(msg.text || t("w_" + code));
    if (page.ws) page.ws.close();
    return;
  }
  showNotice(msg.text || code, "refusal");
}

function onBye(msg) {
  const code = msg.code;
  if (code === "seat_freed" || code === "no_longer_phone") {
    localStorage.removeItem(SECRET_KEY);
    page.state = null;
    clearTable();  // the seat is someone else's now: its hand leaves this phone
    page.stopped = true;
    showJoin(msg.text || t("w_" + code));
  } else if (code === "replaced") {
    page.stopped = true;  // this phone opened a newer page: leave the seat to it
    showStatus(msg.text || t("w_replaced"), true);
  } else {
    showStatus(msg.text || t("p_reconnecting"));  // timeout, flood, stopping: come back
  }
}

function clearTable() {
  for (const id of ["hand", "seats", "trick", "pile", "actions", "turn", "notice", "score", "me-name", "partner"]) {
    document.getElementById(id).textContent = "";
  }
  closeOverlay();
}

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

// ------------------------------------------------------------------ what a screen reader hears

// One polite live region (#say) says what happens at the table, in order: each card played
// and by whom, who takes the trick, whose turn it is, the coach's hint and the hand's rating.
// The lines come from the difference between the last state and the new one.
function say(text) {
  if (!text) return;
  const box = document.getElementById("say");
  box.append(el("p", "", text));
  while (box.childElementCount > SAID_LINES) box.firstElementChild.remove();
}

function playedLine(s, seat, card) {
  return t("p_played", { name: seatName(s, seat), card: cardName(card) });
}

function takesLine(s, winner) {
  return winner === s.seat ? t("p_takes_you") : t("p_takes", { name: seatName(s, winner) });
}

function coachOf(s) {
  // the state's coach, its fields checked: a page never breaks on a field it cannot read
  const c = s.coach !== null && typeof s.coach === "object" ? s.coach : {};
  const hint = c.hint !== null && typeof c.hint === "object" && typeof c.hint.text === "string" ? c.hint : null;
  const rating = Array.isArray(c.rating) ? c.rating.filter((x) => typeof x === "string") : [];
  return { hint, thinking: c.thinking === true, rating };
}

function announce(last, s) {
  const trick = s.trick || [];
  const before = last && last.seat === s.seat ? last : null;
  const had = before ? (before.trick || []) : [];
  const tricks = s.tricks || 0;
  const then = before ? (before.tricks || 0) : tricks;
  if (before && tricks === then + 1 && s.last_trick) {
    // the trick was completed: the cards not yet said, then who takes it
    const cards = s.last_trick.cards || [];
    for (const [seat, card] of cards.slice(Math.min(had.length, cards.length))) say(playedLine(s, seat, card));
    if (s.last_trick.winner !== null && s.last_trick.winner !== undefined) say(takesLine(s, s.last_trick.winner));
    for (const [seat, card] of trick) say(playedLine(s, seat, card));
  } else if (before && tricks === then && trick.length >= had.length) {
    for (const [seat, card] of trick.slice(had.length)) say(playedLine(s, seat, card));
  } else if (before) {
    for (const [seat, card] of trick) say(playedLine(s, seat, card));  // a new hand, or states missed
  }
  const mine = s.phase === "play" && s.to_move === s.seat;
  const wasMine = before && before.phase === "play" && before.to_move === before.seat && before.v === s.v;
  if (mine && !wasMine && (!before || before.to_move !== s.seat || trick.length !== had.length || tricks !== then)) {
    say(t("your_turn"));
  }
  if (before && before.phase === "play" && s.phase === "hand_over") say(t("hand_end"));
  if (before && before.phase !== "match_over" && s.phase === "match_over") say(verdict(s));
  const coach = coachOf(s);
  const hint = coach.hint ? coach.hint.text : "";
  if (hint && hint !== page.saidHint) say(hint);
  page.saidHint = hint;
  const rating = (coach.rating || []).join(" ");
  if (rating && rating !== page.saidRating) say(rating);
  if (s.phase === "play") page.saidRating = "";
  else if (rating) page.saidRating = rating;
}

// The trick just taken stays on the table a moment (TRICK_HOLD_MS), the card that took it
// edged, whatever the table's speed; then the table as it is.
function holdTrick(last, s) {
  if (!last || last.seat !== s.seat || !s.last_trick) return;
  if ((s.tricks || 0) !== (last.tricks || 0) + 1) return;
  page.held = { cards: s.last_trick.cards || [], winner: s.last_trick.winner, until: performance.now() + TRICK_HOLD_MS };
  clearTimeout(page.holdTimer);
  page.holdTimer = setTimeout(() => {
    page.held = null;
    render();
  }, TRICK_HOLD_MS);
}

function holdsLead(s) {
  // the trick just taken is on show while the next one has begun: this seat's cards wait
  // the moment out, so nobody follows a lead the page has not shown yet
  return !!page.held && performance.now() < page.held.until && (s.trick || []).length > 0;
}

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
  if (info.kind === "computer") return s.n_seats > 2 ? `CPU ${seat + 1}` : "CPU";
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

// ------------------------------------------------------------------ start

async function start() {
  page.lang = pickLang();
  try {
    await loadWords(page.lang);
  } catch (e) {
    // the box is away: the page is cached by the browser, the words are not;
    // try again in a moment (the box restarting)
    setTimeout(start, BACKOFF_MAX_MS);
    document.getElementById("status").hidden = false;
    document.getElementById("status").textContent = "…";
    return;
  }
  document.getElementById("lang").addEventListener("click", () => {
    setLang(LANGS[(LANGS.indexOf(page.lang) + 1) % LANGS.length]);
  });
  document.getElementById("join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const c = document.getElementById("join-code").value.trim();
    if (!/^\d{6}$/.test(c)) {
      document.getElementById("join-error").textContent = t("p_code_six");
      return;
    }
    const name = document.getElementById("join-name").value.trim().slice(0, NAME_MAX);
    if (name) localStorage.setItem(NAME_KEY, name); else localStorage.removeItem(NAME_KEY);
    page.joinCode = c;
    page.joinToken = null;  // typed: the code alone
    page.stopped = false;
    if (page.ws) page.ws.close(); else connect();
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) reconnectNow(); });
  window.addEventListener("online", reconnectNow);
  window.addEventListener("pageshow", reconnectNow);
  window.addEventListener("resize", () => { if (page.state) renderHand(page.state); });
  document.getElementById("hand").addEventListener("keydown", handKeys);
  page.joinCode = codeFromFragment();
  renderJoin();
  connect();
}

window.tressette = page;  // for the tests: what the page holds, read-only by convention
page.render = render;     // for the tests: draw a state they were sent
page.receive = onMessage; // for the tests: a message as if the box had sent it
start();
