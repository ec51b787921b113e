// The table shell: the browser half of kaskaria.widgets.GameTable, shared by every game.
//
// It draws the synced `view` (built by Python from the engine and the game's presenter) and
// reports clicks with model.send({type, ...}). It never decides what is legal and holds no words
// of its own: every label comes from view.text or the presenter's data. A game's board module
// (joined before this file into one ES module) defines `BOARD = { render(v, ctx), actions?,
// extras?, score?, player? }`; without one, a generic board lists the viewer's observation.
//
// Every view Python pushes is drawn, in order. The views of a played turn (view.playing, "step
// 2 of 5") are drawn one after another, view.pace_ms apart, so learners see the roll, then the
// placement, ...; a click is sent with the version of the view on screen, so Python ignores a
// click on a step that is not the latest.
//
// Stable hooks for tests: the root carries data-version / data-phase / data-player; every shared
// control has the class `kt-<name>` and `<prefix>-<name>` (prefix from the presenter, e.g.
// `kaskaria-db`); action buttons are `button.<prefix>-action[data-action="..."]`.

const DEFAULT_PACE_MS = 1200;
const MENU_WAIT_MS = 10000;

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "value") node.value = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function capital(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

// `kt-next kaskaria-db-next`: the shared class and the game's own hook.
function klass(v, ...names) {
  return names.map((n) => `kt-${n} ${v.prefix}-${n}`).join(" ");
}

function button(cls, key, label, onclick, extra = {}) {
  return h("button", { type: "button", class: cls, "data-key": key, onclick, ...extra }, label);
}

// ---------------------------------------------------------------------------------------------
// the generic board (games without a board module of their own)
// ---------------------------------------------------------------------------------------------
const GENERIC_BOARD = {
  render(v, ctx) {
    const facts = (value) => {
      if (Array.isArray(value)) return h("ol", {}, value.map((x) => h("li", {}, facts(x))));
      if (value && typeof value === "object") {
        return h(
          "dl",
          {},
          Object.entries(value).map(([k, x]) => [h("dt", {}, k), h("dd", {}, facts(x))]),
        );
      }
      return value === null ? "\u2014" : String(value);
    };
    return h("section", { class: klass(v, "board"), "aria-label": v.title }, facts(v.observation || {}));
  },
};

// ---------------------------------------------------------------------------------------------
// the parts of the table
// ---------------------------------------------------------------------------------------------
function header(v, steps) {
  const seat = v.players[v.player];
  let turn = "";
  if (v.to_move === "over") turn = v.text.game_over || v.text.game_over_hint;
  else if (seat) turn = seat.name;
  return h(
    "div",
    { class: klass(v, "header") },
    h("h3", { class: klass(v, "title") }, v.title),
    h("div", { class: `${klass(v, "turn")} kt-turn-${v.to_move} ${v.prefix}-turn-${v.to_move}` }, turn),
    steps,
  );
}

// Is this view a step of a played turn with more steps still to be drawn?
function replaying(v) {
  return Boolean(v.playing && v.playing.step < v.playing.steps);
}

function stepControls(v, send) {
  const t = v.text;
  const busy = replaying(v);
  const autoplayOn = v.autoplay_ms !== null && v.autoplay_ms !== undefined;
  const canAutoplay = v.autoplay_enabled !== false;
  const paceMs = v.pace_ms ?? DEFAULT_PACE_MS;
  const paces = v.paces || [{ ms: paceMs, label: t.normal }];
  const nearest = paces.reduce((a, b) => (Math.abs(b.ms - paceMs) < Math.abs(a.ms - paceMs) ? b : a));
  const speed = h(
    "select",
    {
      class: klass(v, "speed"),
      "data-key": "speed",
      "aria-label": t.speed,
      title: t.speed,
      onchange: (e) => send({ type: "pace", delay: Number(e.target.value) / 1000 }),
    },
    paces.map((p) => h("option", { value: p.ms, selected: p === nearest }, p.label)),
  );
  const turn = v.turn || null;
  const nextLabel = v.next ? v.next.label : t.nothing_to_step;
  return h(
    "div",
    { class: klass(v, "steps"), role: "group", "aria-label": t.next_step },
    button(klass(v, "next"), "next", t.next_step, () => send({ type: "next" }), {
      disabled: !v.next || busy,
      title: nextLabel, // its accessible description; the name stays the visible words
      "aria-keyshortcuts": "N",
    }),
    button(
      klass(v, "play-turn"),
      "play-turn",
      busy ? v.playing.label : t.play_turn || (turn && turn.label) || "",
      () => send({ type: "turn" }),
      {
        disabled: !turn || busy,
        title: turn ? turn.title : t.nothing_to_step,
        "aria-keyshortcuts": "T",
        "data-step": v.playing ? String(v.playing.step) : null,
      },
    ),
    button(
      klass(v, "autoplay"),
      "autoplay",
      autoplayOn ? t.autoplay_on : t.autoplay_off,
      () => send({ type: "autoplay", delay: autoplayOn ? null : paceMs / 1000 }),
      {
        "aria-pressed": autoplayOn ? "true" : "false",
        "aria-keyshortcuts": "A",
        disabled: !canAutoplay,
        title: canAutoplay ? null : t.autoplay_over,
      },
    ),
    speed,
  );
}

// A decision's button. The first nine carry their key (1-9) on a small badge.
function actionButton(v, a, content, send) {
  const index = v.actions.indexOf(a);
  const key = index >= 0 && index < 9 ? String(index + 1) : null;
  return button(
    `${klass(v, "action")} ${v.prefix}-${a.kind}`,
    `action:${a.action}`,
    [key ? h("span", { class: klass(v, "key"), "aria-hidden": "true" }, key) : null, content],
    () => send({ type: "action", action: a.action }),
    { "data-action": a.action, "aria-label": a.label, title: a.label, "aria-keyshortcuts": key },
  );
}

// Undo, with the reason it is disabled in plain sight, and the keys of the table.
function undoRow(v, send, ids) {
  const t = v.text;
  const busy = replaying(v);
  return h(
    "div",
    { class: klass(v, "undo-row") },
    button(klass(v, "undo"), "undo", v.undo.label, () => send({ type: "undo" }), {
      disabled: !v.undo.enabled || busy,
      title: v.undo.enabled ? v.undo.label : v.undo.reason,
      "aria-describedby": v.undo.enabled ? null : ids.undoReason,
      "aria-keyshortcuts": "U",
    }),
    v.undo.enabled ? null : h("span", { class: klass(v, "undo-reason"), id: ids.undoReason }, v.undo.reason),
    h("span", { class: klass(v, "keys"), id: ids.keys }, t.keys),
  );
}

function actionBar(v, send, board) {
  const t = v.text;
  const bar = h("div", { class: klass(v, "actions"), role: "group", "aria-label": t.moves });
  if (board.actions) board.actions(v, bar, { send, actionButton: (a, c) => actionButton(v, a, c, send) });
  else for (const a of v.actions) bar.append(actionButton(v, a, a.label, send));
  if (!v.actions.length) {
    let text = t.chance_hint;
    if (replaying(v)) text = t.watch_hint || "";
    else if (v.to_move === "over") text = t.game_over_hint;
    else if (v.to_move === "bot") text = t.bot_hint;
    else if (v.to_move === "pass") text = v.passing ? v.passing.hint : "";
    bar.append(h("span", { class: klass(v, "wait") }, text));
  }
  return bar;
}

function passScreen(v, send) {
  const p = v.passing;
  return h(
    "section",
    { class: klass(v, "pass"), role: "dialog", "aria-label": p.title },
    h("h4", {}, p.title),
    h("p", {}, p.hint),
    button(klass(v, "pass-ready"), "pass", p.ready, () => send({ type: "pass" })),
  );
}

function players(v, send, board) {
  const t = v.text;
  return h(
    "div",
    { class: klass(v, "players") },
    v.players.map((p) => {
      const options = v.seat_menu.slice();
      if (p.kind === "bot" && !v.seat_choices.includes(p.bot)) options.push({ value: p.bot, label: p.bot });
      const select = h(
        "select",
        {
          class: klass(v, "seat"),
          "data-key": `seat:${p.seat}`,
          "aria-label": p.played_by,
          onchange: (e) => send({ type: "seat", player: p.seat, seat: e.target.value }),
        },
        options.map((c) =>
          h("option", { value: c.value, selected: c.value === (p.kind === "human" ? "human" : p.bot) }, c.label),
        ),
      );
      return h(
        "section",
        {
          class: `${klass(v, "player")}${p.to_move ? ` kt-to-move ${v.prefix}-to-move` : ""}${
            p.winner ? ` kt-winner ${v.prefix}-winner` : ""
          }`,
          "aria-label": p.name,
          "data-seat": p.seat,
        },
        h(
          "div",
          { class: klass(v, "player-head") },
          h("span", { class: klass(v, "player-name") }, p.to_move ? `\u25b6 ${p.label}` : p.label),
          board.score ? board.score(v, p) : h("span", { class: klass(v, "score") }, p.score ?? ""),
        ),
        h(
          "div",
          { class: klass(v, "player-seat") },
          select,
          p.winner ? h("span", { class: klass(v, "win-tag") }, t.winner) : null,
        ),
        board.player ? board.player(v, p) : null,
      );
    }),
  );
}

function footer(v, send, local) {
  const t = v.text;
  // what a person types survives the redraws of bot steps (autoplay redraws the table often)
  const typed = (key, fallback) => (key in local.typed ? local.typed[key] : fallback);
  const keep = (key) => (e) => {
    local.typed[key] = e.target.value;
  };
  const seed = h("input", {
    class: klass(v, "seed"),
    "data-key": "seed",
    type: "number",
    min: 0,
    placeholder: t.random_seed,
    "aria-label": t.seed,
    value: typed("seed", v.seed === null ? "" : String(v.seed + 1)),
    oninput: keep("seed"),
  });
  const codeIn = h("input", {
    class: klass(v, "code-input"),
    "data-key": "code-input",
    type: "text",
    placeholder: t.paste_code,
    "aria-label": t.load_code,
    value: typed("code-input", ""),
    oninput: keep("code-input"),
  });
  const log = h(
    "ol",
    { class: klass(v, "log"), "aria-label": t.log, tabindex: 0 },
    v.log.map((e) =>
      h(
        "li",
        { value: e.n, class: `kt-log-${e.chance ? "chance" : "player"} ${v.prefix}-log-${e.chance ? "chance" : "player"}` },
        h("span", { class: klass(v, "log-who") }, e.who ? `${e.who}: ` : ""),
        h("code", {}, e.action),
        e.note ? h("span", { class: klass(v, "log-note") }, ` \u2014 ${e.note}`) : null,
      ),
    ),
  );
  const pick = (cls, key, label, options, value, onchange) =>
    h(
      "label",
      { class: klass(v, `${cls}-label`) },
      `${label} `,
      h(
        "select",
        { class: klass(v, cls), "data-key": key, onchange },
        options.map((o) => h("option", { value: o.value, selected: String(o.value) === String(value) }, o.label)),
      ),
    );
  return h(
    "div",
    { class: klass(v, "footer") },
    h(
      "div",
      { class: klass(v, "controls") },
      h(
        "span",
        { class: klass(v, "new-group") },
        h("label", {}, `${t.seed} `, seed),
        button(klass(v, "new"), "new", t.new_game, () => {
          const text = seed.value.trim();
          delete local.typed.seed;
          send({ type: "new", seed: text === "" ? null : Number(text) });
        }),
      ),
      h("span", { class: klass(v, "meta") }, v.this_game),
    ),
    h(
      "div",
      { class: klass(v, "setup") },
      pick("variant", "variant", t.variant, v.variants, v.variant, (e) =>
        send({ type: "restart", variant: e.target.value }),
      ),
      pick(
        "player-count",
        "players",
        t.players,
        v.player_counts.map((n) => ({ value: n, label: String(n) })),
        v.players.length,
        (e) => send({ type: "restart", players: Number(e.target.value) }),
      ),
      pick(
        "lang",
        "lang",
        t.language,
        v.languages.map((l) => ({ value: l, label: l === "de" ? "Deutsch" : "English" })),
        v.lang,
        (e) => send({ type: "lang", lang: e.target.value }),
      ),
    ),
    h(
      "div",
      { class: klass(v, "codes") },
      h(
        "label",
        { class: klass(v, "code-label") },
        `${v.code_is_view ? t.code_view : t.code} `,
        h("input", {
          class: klass(v, "code"),
          "data-key": "code",
          type: "text",
          readonly: true,
          value: v.code,
          "aria-label": v.code_is_view ? t.code_view : t.code,
          onfocus: (e) => e.target.select(),
        }),
      ),
      h(
        "span",
        { class: klass(v, "load-group") },
        codeIn,
        button(klass(v, "load"), "load", t.load_code, () => {
          delete local.typed["code-input"];
          send({ type: "code", code: codeIn.value });
        }),
      ),
    ),
    h("div", { class: klass(v, "box-title") }, t.log),
    log,
  );
}

// ---------------------------------------------------------------------------------------------
// anywidget entry point
// ---------------------------------------------------------------------------------------------
let tableCount = 0;

function render({ model, el }) {
  const board = typeof BOARD !== "undefined" ? BOARD : GENERIC_BOARD;
  // tabindex -1: a click anywhere on the table gives it the focus, so its keys work
  const root = h("div", { role: "region", tabindex: -1 });
  el.appendChild(root);
  tableCount += 1;
  const ids = { undoReason: `kt${tableCount}-undo-reason`, keys: `kt${tableCount}-keys` };
  const local = {
    shown: null, // the view on screen
    queue: [], // views pushed by Python, not drawn yet
    lastDraw: 0,
    pacer: null, // timer: the next step of a played turn
    timer: null, // timer: autoplay's next step
    typed: {}, // what a person typed in the table's text boxes
    pendingFocus: null, // a control that had the focus and comes back when it is enabled again
    selectOpen: false,
    menuTimer: null,
  };

  // A click refers to the view on screen: Python ignores it if that is not the latest.
  const send = (msg) => {
    const v = local.shown;
    model.send({ ...msg, version: v ? v.version : null });
  };

  // keys, only while the focus is inside the table (Jupyter keeps its own shortcuts)
  root.addEventListener("keydown", (e) => {
    const v = local.shown;
    const tag = e.target && e.target.tagName;
    if (tag === "SELECT" && (e.key === " " || e.key === "Enter" || (e.altKey && e.key.startsWith("Arrow")))) {
      menuOpened(); // the keyboard opens a menu too
    }
    if (!v || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const key = e.key.toLowerCase();
    const busy = replaying(v);
    if (key >= "1" && key <= "9") {
      const a = v.actions[Number(key) - 1];
      if (a) send({ type: "action", action: a.action });
    } else if (key === "n" && v.next && !busy) send({ type: "next" });
    else if (key === "t" && v.turn && !busy) send({ type: "turn" });
    else if (key === "u" && v.undo.enabled && !busy) send({ type: "undo" });
    else if (key === "a" && v.autoplay_enabled !== false) {
      send({ type: "autoplay", delay: v.autoplay_ms ? null : (v.pace_ms ?? DEFAULT_PACE_MS) / 1000 });
    } else return;
    e.preventDefault();
  });
  // An open menu would close if the table were redrawn under it: steps wait until it is closed
  // (a choice, or the focus leaving it), for at most MENU_WAIT_MS.
  const menuOpened = () => {
    local.selectOpen = true;
    clearTimeout(local.menuTimer);
    local.menuTimer = setTimeout(menuClosed, MENU_WAIT_MS);
  };
  root.addEventListener("pointerdown", (e) => {
    if (e.target && e.target.tagName === "SELECT") menuOpened();
  });
  const menuClosed = () => {
    clearTimeout(local.menuTimer);
    if (!local.selectOpen) return;
    local.selectOpen = false;
    pump();
  };
  root.addEventListener("change", menuClosed);
  root.addEventListener("focusout", menuClosed);

  const draw = (v) => {
    root.className = `kaskaria-table ${v.prefix}`;
    root.setAttribute("aria-label", v.title);
    root.setAttribute("aria-describedby", ids.keys);
    root.setAttribute("lang", v.lang);
    const active = document.activeElement;
    let focusKey = null;
    let caret = null;
    if (active === root) focusKey = local.pendingFocus;
    else if (active && root.contains(active)) {
      focusKey = active.getAttribute("data-key");
      if (active.tagName === "INPUT" && active.type === "text") caret = [active.selectionStart, active.selectionEnd];
    }
    const logScroll = root.querySelector(".kt-log");
    const atBottom = !logScroll || logScroll.scrollTop + logScroll.clientHeight >= logScroll.scrollHeight - 4;

    const message = h(
      "div",
      {
        class: `${klass(v, "message")} kt-msg-${v.message.kind} ${v.prefix}-msg-${v.message.kind}`,
        role: "status",
        "aria-live": "polite",
      },
      v.message.text,
    );
    const main = [];
    if (v.passing) main.push(passScreen(v, send));
    else main.push(board.render(v, { send, h, klass: (...n) => klass(v, ...n) }));
    main.push(message, actionBar(v, send, board), undoRow(v, send, ids));
    const side = [];
    if (!v.passing && board.extras) side.push(board.extras(v, { send, h }));
    side.push(players(v, send, board));
    root.replaceChildren(
      header(v, stepControls(v, send)),
      h(
        "div",
        { class: klass(v, "body") },
        h("div", { class: klass(v, "main") }, main),
        h("div", { class: klass(v, "side") }, side),
      ),
      footer(v, send, local),
      h("div", { class: klass(v, "status"), "aria-label": "state" }, v.status),
    );
    root.setAttribute("data-phase", v.phase);
    root.setAttribute("data-player", String(v.player));
    root.setAttribute("data-version", String(v.version));
    root.setAttribute("data-to-move", v.to_move);
    root.setAttribute("aria-busy", replaying(v) ? "true" : "false");
    if (v.playing) root.setAttribute("data-step", `${v.playing.step}/${v.playing.steps}`);
    else root.removeAttribute("data-step");

    const log = root.querySelector(".kt-log");
    if (log && atBottom) log.scrollTop = log.scrollHeight;
    if (focusKey) {
      let target = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      const stepping = focusKey.startsWith("action:") || ["next", "play-turn", "pass", "undo"].includes(focusKey);
      if ((!target || target.disabled) && stepping && !replaying(v)) {
        target = root.querySelector(
          ".kt-action, .kt-pass-ready, .kt-play-turn:not([disabled]), .kt-next:not([disabled])",
        );
      }
      if (target && !target.disabled) {
        target.focus({ preventScroll: true });
        if (caret && target.setSelectionRange) target.setSelectionRange(caret[0], caret[1]);
        local.pendingFocus = null;
      } else {
        // the control is gone or disabled for now: the table keeps the focus (and its keys)
        root.focus({ preventScroll: true });
        local.pendingFocus = focusKey;
      }
    }
    local.shown = v;
    local.lastDraw = performance.now();
  };

  // Draw the views Python pushed, in order; a played turn's steps pace_ms apart.
  const pump = () => {
    if (local.pacer !== null || local.selectOpen) return;
    while (local.queue.length) {
      const v = local.queue[0];
      const paced = v.playing && v.playing.step > 1 && local.shown;
      const wait = paced ? local.lastDraw + (v.pace_ms ?? DEFAULT_PACE_MS) - performance.now() : 0;
      if (wait > 0) {
        local.pacer = setTimeout(() => {
          local.pacer = null;
          pump();
        }, wait);
        return;
      }
      local.queue.shift();
      draw(v);
    }
    clearTimeout(local.timer);
    local.timer = null;
    const v = local.shown;
    if (v && v.autoplay_ms && v.next && !replaying(v)) {
      local.timer = setTimeout(() => send({ type: "next" }), v.autoplay_ms);
    }
  };

  const pushed = () => {
    const v = model.get("view");
    if (!v || !v.players) return;
    local.queue.push(v);
    pump();
  };

  model.on("change:view", pushed);
  pushed();
  return () => {
    clearTimeout(local.timer);
    clearTimeout(local.pacer);
    clearTimeout(local.menuTimer);
    model.off("change:view", pushed);
  };
}

export default { render };
