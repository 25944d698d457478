/* The phone page: one seat's hand and the table as that seat sees it.
 *
 * Served by the box (no internet, no framework). Talks to the box over one
 * websocket (docs/phones.md, "The protocol"): `join` with the short code once,
 * then `resume` with the seat secret kept in localStorage, after a reload, a
 * sleep, a lost connection or the box restarting. Everything shown comes from
 * the last `state` message, the seat's own view; the page keeps nothing else.
 * Words come from the box's one catalogue (/i18n/LANG.json); card pictures are
 * the touchscreen's own art, rendered by the box (/cards/DECK/CODE.png).
 *
 * This file holds the page's state (`page`), its words and its start; the parts,
 * loaded before it by index.html in this order, are phone-link.js (the
 * connection), phone-sheets.js (the join sheet, status lines, the overlay),
 * phone-say.js (the live region), phone-table.js (drawing the table) and
 * phone-hand.js (the hand and its buttons). Plain scripts sharing one scope:
 * each part only defines functions; this one, last, starts the page.
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
