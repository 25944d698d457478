// The phone page's connection to the box (phone.js holds the page's state and starts it):
// the one websocket, its reconnecting with backoff, and the box's messages handed to what
// draws them (docs/phones.md, "The protocol").
"use strict";

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
