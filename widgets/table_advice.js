// The table's shell, 4b: hints and the look back (the view's advice part), and the thinking line.
//
// The buttons sit in the header beside whose turn it is (always on the first screen); they are
// drawn only when the table's Python settings allow them and this screen shows the seat that may
// ask (Python checks again and refuses otherwise). The answer is shown in the message line until
// the table changes. While a bot decides, "Player 2 is thinking…": a press of Next or Play whole
// turn shows it there at once, before Python answers, and no button waits for it.

function ktDrawAdvice(T, v) {
  const a = v.advice || { hint: null, what_if: null };
  const k = (...n) => klassOf(v.frame.prefix, ...n);
  const button = (kind, b) =>
    h(
      "button",
      {
        type: "button",
        class: k(kind === "hint" ? "hint-button" : "what-if-button"),
        "data-key": kind,
        title: b.title,
        "aria-keyshortcuts": kind === "hint" ? "H" : "W",
        onclick: () => ktSend(T, { type: kind }),
      },
      b.label,
    );
  T.R.advice.hidden = !(a.hint || a.what_if);
  morph(
    T.R.advice,
    h("div", { class: k("advice") }, a.hint ? button("hint", a.hint) : null, a.what_if ? button("what_if", a.what_if) : null),
  );
}

// What the message line shows instead of the view's message: the answer this screen asked for,
// or the thinking line right after a press that makes a bot decide (null: the message itself).
function ktAdviceMessage(T, v) {
  const a = v.advice;
  if (!a) return null;
  if (T.local.thinking && a.thinking) {
    return { text: T.local.thinking === "wait" && a.wait ? a.wait : a.thinking, klass: "kt-thinking" };
  }
  if (a.text) return { text: a.text, klass: `kt-advice-text kt-advice-${a.kind}` };
  return null;
}

// A bot decides now, and this screen has no move to make meanwhile.
function ktBotThinks(v) {
  return Boolean(v && v.advice && v.advice.thinking && !v.moves.actions.length);
}

// A press that makes a bot decide, or a click on the board while one does: the thinking line at
// once (until the next view); a click on the board (`wait`) is answered "Wait: Player 2 is
// thinking…", which says the click was seen and why nothing happens.
function ktThinkingNow(T, wait = false) {
  const v = T.local.shown;
  if (!v || !v.advice || !v.advice.thinking) return;
  T.local.thinking = wait ? "wait" : true;
  ktDrawMessage(T, v);
}
