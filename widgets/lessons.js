// The small widgets of a lesson (kaskaria.lessons): predict, reveal, answer, tally, slider.
//
// Draws `spec` (what the widget is, with every word in the learner's language) and `state` (what
// changed); sends what a pupil did with model.send. Decides nothing: answers are checked in Python.

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "value") node.value = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function predict(spec, state, send) {
  const w = spec.words;
  const chosen = state.guess;
  let input;
  if (spec.choices.length) {
    input = el(
      "div",
      { class: "kl-choices", role: "group", "aria-label": spec.prompt },
      spec.choices.map((c) =>
        el(
          "button",
          {
            type: "button",
            class: `kl-choice${chosen === c.value ? " kl-chosen" : ""}`,
            "aria-pressed": chosen === c.value ? "true" : "false",
            onclick: () => send({ type: "guess", value: c.value }),
          },
          c.label,
        ),
      ),
    );
  } else {
    const box = el("input", { class: "kl-input", type: "text", placeholder: w.placeholder, "aria-label": spec.prompt, value: chosen || "" });
    input = el(
      "div",
      { class: "kl-row" },
      box,
      spec.unit ? el("span", {}, spec.unit) : null,
      el("button", { type: "button", class: "kl-button", onclick: () => send({ type: "guess", value: box.value }) }, w.lock),
    );
  }
  return [
    el("div", { class: "kl-prompt" }, el("b", {}, `${w.title} `), spec.prompt),
    input,
    chosen !== null && chosen !== undefined
      ? el("div", { class: "kl-note", role: "status" }, `${w.yours}: ${(spec.choices.find((c) => c.value === chosen) || { label: chosen }).label}`)
      : null,
  ];
}

function reveal(spec, state, send) {
  if (!state.shown) {
    return [el("button", { type: "button", class: "kl-button kl-reveal", onclick: () => send({ type: "reveal" }) }, spec.words.show)];
  }
  const shown = [
    el("div", { class: "kl-answer" }, spec.answer),
    el("div", { class: "kl-note", role: "status" }, state.verdict),
    el("p", {}, spec.explain),
  ];
  if (state.then) {
    // the evidence of the answer (a table, a chart): HTML made by the lesson's Python, sent only
    // once the button is pressed
    const then = el("div", { class: "kl-then" });
    then.innerHTML = state.then;
    shown.push(then);
  }
  return shown;
}

// An exercise or exit ticket. A number in an exercise may be tried again and again; a choice
// question and every exit ticket (spec.once) take one try: once Python has marked it
// (state.done), the buttons and the box are disabled, the verdict and the explanation (sent only
// now) are shown, and Hint is gone. An exit ticket (spec.exit) has no Hint at all. One written
// first on the paper slip (spec.paper) says so above its question; after its one try it says
// only that the answer is in, and a "Show the answer" button asks Python for the verdict.
function answer(spec, state, send) {
  const w = spec.words;
  const done = Boolean(state.done);
  const held = done && spec.paper && !state.shown;
  const box = el("input", {
    class: "kl-input",
    type: "text",
    placeholder: w.placeholder,
    "aria-label": spec.prompt,
    value: state.typed || "",
    disabled: done,
    onkeydown: (e) => {
      if (e.key === "Enter" && !done) send({ type: "check", typed: box.value });
    },
  });
  const choices = spec.choices.length
    ? el(
        "div",
        { class: "kl-choices", role: "group", "aria-label": spec.prompt },
        spec.choices.map((c) =>
          el(
            "button",
            {
              type: "button",
              class: `kl-choice${done && state.typed === c.value ? " kl-chosen" : ""}`,
              disabled: done,
              "aria-pressed": done && state.typed === c.value ? "true" : "false",
              onclick: () => send({ type: "check", typed: c.value }),
            },
            c.label,
          ),
        ),
      )
    : el(
        "div",
        { class: "kl-row" },
        box,
        el("button", { type: "button", class: "kl-button", disabled: done, onclick: () => send({ type: "check", typed: box.value }) }, w.check),
      );
  return [
    spec.paper ? el("p", { class: "kl-paper" }, w.paper) : null,
    el("div", { class: "kl-prompt" }, el("b", {}, `${w.title} `), spec.prompt),
    choices,
    done || spec.exit
      ? null
      : el("div", { class: "kl-row" }, el("button", { type: "button", class: "kl-button kl-hint", onclick: () => send({ type: "hint" }) }, w.hint)),
    state.message ? el("div", { class: `kl-note kl-${state.kind}`, role: "status" }, state.message) : null,
    done && state.explain ? el("p", { class: "kl-explain" }, el("b", {}, `${w.why} `), state.explain) : null,
    held ? el("div", { class: "kl-row" }, el("button", { type: "button", class: "kl-button kl-show", onclick: () => send({ type: "show" }) }, w.show)) : null,
  ];
}

function tally(spec, state, send) {
  // A row for each pair (spec.rows to start with); typing into the last row adds another, up to
  // spec.most. What was typed comes back in state.typed, so pooling keeps every row and its counts.
  const w = spec.words;
  const most = spec.most || spec.rows;
  const typed = Array.isArray(state.typed) ? state.typed : [];
  // a column for scenario codes only where the words name one (a lesson that never speaks of
  // scenario codes shows none)
  const codes = Boolean(w.code);
  const inputs = [];
  const table = el(
    "table",
    { class: "kl-table" },
    el("tr", {}, el("th", {}, w.group), el("th", {}, w.rolls), el("th", {}, w.fails), codes ? el("th", {}, w.code) : null),
  );
  const filled = (r) => Boolean(r && (String(r.rolls ?? "") || String(r.fails ?? "") || (codes && String(r.code ?? ""))));
  const addRow = (given) => {
    const n = inputs.length + 1;
    const g = given || {};
    const rolls = el("input", { class: "kl-num", type: "number", min: 0, value: g.rolls ?? "", "aria-label": `${w.group} ${n}: ${w.rolls}` });
    const fails = el("input", { class: "kl-num", type: "number", min: 0, value: g.fails ?? "", "aria-label": `${w.group} ${n}: ${w.fails}` });
    const code = codes
      ? el("input", { class: "kl-code", type: "text", placeholder: w.code, value: g.code ?? "", "aria-label": `${w.group} ${n}: ${w.code}` })
      : null;
    const row = { rolls, fails, code };
    const grow = () => {
      if (inputs[inputs.length - 1] === row && inputs.length < most && (rolls.value || fails.value || (code && code.value))) addRow();
    };
    for (const box of [rolls, fails, code]) if (box) box.addEventListener("input", grow);
    inputs.push(row);
    table.append(el("tr", {}, el("td", {}, String(n)), el("td", {}, rolls), el("td", {}, fails), code ? el("td", {}, code) : null));
  };
  const start = Math.min(most, Math.max(spec.rows, typed.length + (filled(typed[typed.length - 1]) ? 1 : 0)));
  for (let i = 0; i < start; i++) addRow(typed[i]);
  const pool = () =>
    send({
      type: "pool",
      rows: inputs.map((r) => ({ rolls: r.rolls.value, fails: r.fails.value, code: r.code ? r.code.value : "" })),
    });
  return [
    el("div", { class: "kl-prompt" }, el("b", {}, w.title)),
    table,
    el("button", { type: "button", class: "kl-button", onclick: pool }, w.pool),
    state.summary ? el("pre", { class: "kl-summary", role: "status" }, state.summary) : null,
  ];
}

function slider(spec, state, send) {
  const range = el("input", {
    class: "kl-range",
    type: "range",
    min: 0,
    max: spec.stops.length - 1,
    step: 1,
    value: state.index,
    "aria-label": spec.label,
    onchange: (e) => send({ type: "move", index: Number(e.target.value) }),
  });
  return [
    el("label", { class: "kl-row" }, `${spec.label}: `, range, el("b", {}, spec.stops[state.index])),
    el("img", { class: "kl-image", alt: state.caption, src: `data:image/png;base64,${state.png}` }),
    el("pre", { class: "kl-caption" }, state.caption),
  ];
}

const KINDS = { predict, reveal, answer, tally, slider };

function render({ model, el: host }) {
  // tabindex -1: after a redraw the focus may stay in the widget (see draw)
  const root = el("div", { class: "kaskaria-lesson", tabindex: "-1" });
  host.appendChild(root);
  // a key pressed on a vote's or an answer's button is never one of JupyterLab's own shortcuts
  // ("m" would make the cell Markdown, "d d" delete it); Shift+Enter still runs the cell
  root.addEventListener("keydown", (e) => {
    if (!e.ctrlKey && !e.metaKey && !e.altKey && !(e.shiftKey && e.key === "Enter")) e.stopPropagation();
  });
  const send = (msg) => model.send(msg);
  const draw = () => {
    const spec = model.get("spec");
    const state = model.get("state");
    root.className = `kaskaria-lesson kl-${spec.kind}`;
    // the focus stays in the widget when the button that had it is drawn anew: on the page's
    // body, JupyterLab's Shift+Enter did nothing after a vote
    const had = root.contains(document.activeElement);
    root.replaceChildren(...KINDS[spec.kind](spec, state, send).filter(Boolean));
    if (had && !root.contains(document.activeElement)) root.focus({ preventScroll: true });
  };
  model.on("change:state", draw);
  model.on("change:spec", draw);
  draw();
  return () => {
    model.off("change:state", draw);
    model.off("change:spec", draw);
  };
}

export default { render };
