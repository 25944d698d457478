// What a screen reader hears on the phone page (the #say live region of index.html), and
// the trick just taken held in sight a moment; phone.js holds the page's state.
"use strict";

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
