// The table shell: the browser half of kaskaria.widgets.GameTable, shared by every game.
//
// It draws the synced `view` (built by Python from the engine and the game's presenter) and
// reports clicks with model.send({type, ...}). It never decides what is legal and holds no words
// of its own: every label comes from view.text or the presenter's data. A game's board module
// (joined before this file into one ES module) defines `BOARD = { render(v, ctx), actions?,
// player? }`; without one, a generic board lists the viewer's observation.
//
// Stable hooks for tests: the root carries data-version / data-phase / data-player; every shared
// control has the class `kt-<name>` and `<prefix>-<name>` (prefix from the presenter, e.g.
// `kaskaria-db`); action buttons are `button.<prefix>-action[data-action="..."]`.

const SPEEDS = [
  [1500, "slow"],
  [800, "normal"],
  [350, "fast"],
];

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
  for (const child of children.flat()) {
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
  if (v.to_move === "over") turn = v.text.game_over_hint;
  else if (seat) turn = seat.name;
  return h(
    "div",
    { class: klass(v, "header") },
    h("h3", { class: klass(v, "title") }, v.title),
    h("div", { class: `${klass(v, "turn")} kt-turn-${v.to_move} ${v.prefix}-turn-${v.to_move}` }, turn),
    steps,
  );
}

function stepControls(v, send, local) {
  const t = v.text;
  const autoplayOn = v.autoplay_ms !== null && v.autoplay_ms !== undefined;
  const names = { slow: t.slow, normal: t.normal, fast: t.fast };
  const speed = h(
    "select",
    {
      class: klass(v, "speed"),
      "data-key": "speed",
      "aria-label": t.speed,
      onchange: (e) => {
        local.speed = Number(e.target.value);
        if (autoplayOn) send({ type: "autoplay", delay: local.speed / 1000 });
      },
    },
    SPEEDS.map(([ms, name]) =>
      h("option", { value: ms, selected: ms === (autoplayOn ? v.autoplay_ms : local.speed) }, names[name]),
    ),
  );
  return h(
    "div",
    { class: klass(v, "steps"), role: "group", "aria-label": t.next_step },
    button(klass(v, "next"), "next", t.next_step, () => send({ type: "next" }), {
      disabled: !v.next,
      title: v.next ? v.next.label : t.nothing_to_step,
      "aria-label": v.next ? v.next.label : t.nothing_to_step,
    }),
    button(
      klass(v, "autoplay"),
      "autoplay",
      autoplayOn ? t.autoplay_on : t.autoplay_off,
      () => send({ type: "autoplay", delay: autoplayOn ? null : local.speed / 1000 }),
      { "aria-pressed": autoplayOn ? "true" : "false" },
    ),
    speed,
  );
}

function actionButton(v, a, content, send) {
  return button(
    `${klass(v, "action")} ${v.prefix}-${a.kind}`,
    `action:${a.action}`,
    content,
    () => send({ type: "action", action: a.action }),
    { "data-action": a.action, "aria-label": a.label, title: a.label },
  );
}

function actionBar(v, send, board) {
  const t = v.text;
  const bar = h("div", { class: klass(v, "actions"), role: "group", "aria-label": t.moves });
  if (board.actions) board.actions(v, bar, { send, actionButton: (a, c) => actionButton(v, a, c, send) });
  else for (const a of v.actions) bar.append(actionButton(v, a, a.label, send));
  if (!v.actions.length) {
    let text = t.chance_hint;
    if (v.to_move === "over") text = t.game_over_hint;
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

function footer(v, send) {
  const t = v.text;
  const seed = h("input", {
    class: klass(v, "seed"),
    "data-key": "seed",
    type: "number",
    min: 0,
    placeholder: t.random_seed,
    "aria-label": t.seed,
    value: v.seed === null ? "" : String(v.seed + 1),
  });
  const codeIn = h("input", {
    class: klass(v, "code-input"),
    "data-key": "code-input",
    type: "text",
    placeholder: t.paste_code,
    "aria-label": t.load_code,
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
      button(klass(v, "undo"), "undo", v.undo.label, () => send({ type: "undo" }), {
        disabled: !v.undo.enabled,
        title: v.undo.enabled ? v.undo.label : v.undo.reason,
        "aria-describedby": v.undo.enabled ? null : "undo-reason",
      }),
      v.undo.enabled ? null : h("span", { class: klass(v, "undo-reason") }, v.undo.reason),
      h(
        "span",
        { class: klass(v, "new-group") },
        h("label", {}, `${t.seed} `, seed),
        button(klass(v, "new"), "new", t.new_game, () => {
          const text = seed.value.trim();
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
        button(klass(v, "load"), "load", t.load_code, () => send({ type: "code", code: codeIn.value })),
      ),
    ),
    h("div", { class: klass(v, "box-title") }, t.log),
    log,
    h("div", { class: klass(v, "keys") }, t.keys),
  );
}

// ---------------------------------------------------------------------------------------------
// anywidget entry point
// ---------------------------------------------------------------------------------------------
function render({ model, el }) {
  const board = typeof BOARD !== "undefined" ? BOARD : GENERIC_BOARD;
  const root = h("div", { role: "region" });
  el.appendChild(root);
  const local = { speed: 800, timer: null };

  const send = (msg) => {
    const v = model.get("view");
    model.send({ ...msg, version: v ? v.version : null });
  };

  // keys, only while the focus is inside the table (Jupyter keeps its own shortcuts)
  root.addEventListener("keydown", (e) => {
    const v = model.get("view");
    if (!v || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const key = e.key.toLowerCase();
    if (key >= "1" && key <= "9") {
      const a = v.actions[Number(key) - 1];
      if (a) send({ type: "action", action: a.action });
    } else if (key === "n" && v.next) send({ type: "next" });
    else if (key === "u" && v.undo.enabled) send({ type: "undo" });
    else if (key === "a") send({ type: "autoplay", delay: v.autoplay_ms ? null : local.speed / 1000 });
    else return;
    e.preventDefault();
  });

  const draw = () => {
    const v = model.get("view");
    if (!v || !v.players) return;
    root.className = `kaskaria-table ${v.prefix}`;
    root.setAttribute("aria-label", v.title);
    root.setAttribute("lang", v.lang);
    const active = document.activeElement;
    const focusKey = active && root.contains(active) ? active.getAttribute("data-key") : null;
    const hadAction = focusKey && focusKey.startsWith("action:");
    const logScroll = root.querySelector(".kt-log");
    const atBottom = !logScroll || logScroll.scrollTop + logScroll.clientHeight >= logScroll.scrollHeight - 4;

    if (v.autoplay_ms) local.speed = v.autoplay_ms;
    const message = h(
      "div",
      { class: `${klass(v, "message")} kt-msg-${v.message.kind} ${v.prefix}-msg-${v.message.kind}`, role: "status", "aria-live": "polite" },
      v.message.text,
    );
    const parts = [header(v, stepControls(v, send, local))];
    if (v.passing) parts.push(passScreen(v, send));
    else parts.push(board.render(v, { send, h, klass: (...n) => klass(v, ...n) }));
    parts.push(message, actionBar(v, send, board));
    if (!v.passing && board.extras) parts.push(board.extras(v, { send, h }));
    parts.push(players(v, send, board), footer(v, send));
    parts.push(h("div", { class: klass(v, "status"), "aria-label": "state" }, v.status));
    root.replaceChildren(...parts);
    root.setAttribute("data-phase", v.phase);
    root.setAttribute("data-player", String(v.player));
    root.setAttribute("data-version", String(v.version));
    root.setAttribute("data-to-move", v.to_move);

    const log = root.querySelector(".kt-log");
    if (log && atBottom) log.scrollTop = log.scrollHeight;
    if (focusKey) {
      let target = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if ((!target || target.disabled) && (hadAction || focusKey === "next")) {
        target = root.querySelector(".kt-action, .kt-next:not([disabled]), .kt-pass-ready");
      }
      if (target && !target.disabled) target.focus({ preventScroll: true });
    }

    clearTimeout(local.timer);
    local.timer = null;
    if (v.autoplay_ms && v.next) {
      local.timer = setTimeout(() => send({ type: "next" }), v.autoplay_ms);
    }
  };

  model.on("change:view", draw);
  draw();
  return () => {
    clearTimeout(local.timer);
    model.off("change:view", draw);
  };
}

export default { render };
