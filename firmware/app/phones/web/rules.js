// The rules of the game on the table, with pictures: the touchscreen's rules pages
// (ui/rulestext.py), served as /rules/LANG.json. A button in the bar opens them on a sheet
// of their own, one page at a time (◀ ▶), the cards as the page draws them (/cards/DECK/CODE.png).
// Every word and every fact comes from the box; this file holds no text.
"use strict";

const rules = { data: null, lang: null, at: 0, button: null, sheet: null };

function rulesLang() {
  return (typeof page !== "undefined" && page.lang) || "it";
}

async function rulesFetch() {
  const lang = rulesLang();
  try {
    const r = await fetch(`/rules/${encodeURIComponent(lang)}.json`, { cache: "no-store" });
    if (!r.ok) throw new Error(String(r.status));
    rules.data = await r.json();
  } catch (_e) {
    rules.data = null;  // no game on the table (or the box away): no button
  }
  rules.lang = lang;
  rulesButton();
}

function rulesButton() {
  const b = rules.button;
  b.hidden = !rules.data;
  if (rules.data) {
    b.textContent = rules.data.label;
    b.setAttribute("aria-label", `${rules.data.label}: ${rules.data.title}`);
  }
}

function rulesCard(deck, card, label) {
  const fig = document.createElement("figure");
  fig.className = "rules-card";
  const img = document.createElement("img");
  img.src = `/cards/${encodeURIComponent(deck)}/${encodeURIComponent(card.code)}.png`;
  img.alt = (typeof cardName === "function" && cardName(card.id)) || card.code;
  fig.appendChild(img);
  if (label !== undefined) {
    const cap = document.createElement("figcaption");
    cap.textContent = label;
    fig.appendChild(cap);
  }
  return fig;
}

function rulesParagraphs(box, lines) {
  for (const line of lines || []) {
    const p = document.createElement("p");
    p.textContent = line;
    box.appendChild(p);
  }
}

function rulesShow() {
  const d = rules.data;
  if (!d) return;
  rules.at = Math.max(0, Math.min(rules.at, d.pages.length - 1));
  const pg = d.pages[rules.at];
  const body = rules.sheet.querySelector("#rules-body");
  body.replaceChildren();
  const h = document.createElement("h2");
  h.textContent = `${d.title} · ${pg.heading}`;
  body.appendChild(h);
  rulesParagraphs(body, pg.text);
  if (pg.cards) {
    const row = document.createElement("div");
    row.className = "rules-row";
    for (const c of pg.cards) row.appendChild(rulesCard(d.deck, c, c.label));
    body.appendChild(row);
  }
  for (const item of pg.items || []) {
    const p = document.createElement("p");
    p.className = "rules-item";
    p.textContent = item.text;
    body.appendChild(p);
    const row = document.createElement("div");
    row.className = "rules-row";
    for (const c of item.cards) row.appendChild(rulesCard(d.deck, c));
    body.appendChild(row);
  }
  rulesParagraphs(body, pg.after);
  rules.sheet.querySelector("#rules-page").textContent = `${rules.at + 1} / ${d.pages.length}`;
  rules.sheet.querySelector("#rules-prev").disabled = rules.at === 0;
  rules.sheet.querySelector("#rules-next").disabled = rules.at === d.pages.length - 1;
  rules.sheet.querySelector("#rules-back").textContent = d.back;
}

async function rulesOpen() {
  await rulesFetch();  // the game on the table now, in the page's language now
  if (!rules.data) return;
  rules.at = 0;
  rulesShow();
  rules.sheet.hidden = false;
  rules.sheet.querySelector("#rules-back").focus();
}

function rulesInit() {
  const bar = document.getElementById("bar");
  const lang = document.getElementById("lang");
  const b = document.createElement("button");
  b.id = "rules";
  b.type = "button";
  b.hidden = true;
  b.addEventListener("click", rulesOpen);
  bar.insertBefore(b, lang);
  rules.button = b;
  const sheet = document.createElement("section");
  sheet.id = "rules-sheet";
  sheet.className = "sheet";
  sheet.hidden = true;
  sheet.innerHTML = '<div id="rules-body"></div><div id="rules-nav">'
    + '<button id="rules-prev" class="act" type="button" aria-label="◀">◀</button>'
    + '<span id="rules-page"></span>'
    + '<button id="rules-next" class="act" type="button" aria-label="▶">▶</button>'
    + '<button id="rules-back" class="act quiet" type="button"></button></div>';
  document.body.appendChild(sheet);
  rules.sheet = sheet;
  sheet.querySelector("#rules-prev").addEventListener("click", () => { rules.at -= 1; rulesShow(); });
  sheet.querySelector("#rules-next").addEventListener("click", () => { rules.at += 1; rulesShow(); });
  sheet.querySelector("#rules-back").addEventListener("click", () => { sheet.hidden = true; b.focus(); });
  rulesFetch();
  // the language chosen on the page, or a new game on the table: the button follows
  setInterval(() => {
    const game = typeof page !== "undefined" && page.welcome ? page.welcome.variant : null;
    if (rulesLang() !== rules.lang || (game && rules.data && game !== rules.data.variant)
        || (game && !rules.data)) rulesFetch();
  }, 1500);
}

rulesInit();
