// The table's shell, 4b: hints and "what if?" (the view's advice part), and the thinking line.
//
// The buttons are drawn only when the table's Python settings allow them and this screen shows
// the seat that may ask (Python checks again and refuses otherwise). The answer comes back in
// the same part and stays until the table changes. While a bot decides, "Player 2 is thinking…"
// shows; a press of Next or Play whole turn shows it at once, before Python answers, and no
// button waits for it.

function ktDrawAdvice(T, v) {
  const a = v.advice || { on: false, hint: null, what_if: null, kind: "", text: "", thinking: "" };
  const prefix = v.frame.prefix;
  const k = (...n) => klassOf(prefix, ...n);
  const thinking = a.thinking && (v.moves.running || T.local.thinking) ? a.thinking : "";
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
  const shown = a.hint || a.what_if || a.text || thinking;
  T.R.advice.hidden = !shown;
  morph(
    T.R.advice,
    h(
      "div",
      { class: k("advice") },
      thinking ? h("p", { class: k("thinking"), role: "status", "aria-live": "polite" }, thinking) : null,
      a.hint || a.what_if
        ? h("div", { class: k("advice-row") }, a.hint ? button("hint", a.hint) : null, a.what_if ? button("what_if", a.what_if) : null)
        : null,
      a.text ? h("p", { class: `${k("advice-text")} kt-advice-${a.kind}`, role: "status", "aria-live": "polite" }, a.text) : null,
    ),
  );
}

// A press that makes a bot decide: the thinking line at once (until the next view).
function ktThinkingNow(T) {
  const v = T.local.shown;
  if (!v || !v.advice || !v.advice.thinking) return;
  T.local.thinking = true;
  ktDrawAdvice(T, v);
}
