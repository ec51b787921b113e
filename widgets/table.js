// The table shell: the browser half of every Kaskaria table, shared by every game.
//
// It draws the view Python's table session builds, in parts (frame, board, players, turn,
// summary, message, moves, passing, timer, log, rules, settings, info, status, result, clock),
// and reports clicks with model.send({type, ...}). It never decides what is legal and holds no
// words of its own: every label comes from the view.
//
// The model it needs is tiny: model.get("view"), model.on("change:view", f) and
// model.send(message) (model.off is used when present). anywidget's model is one; a page
// outside Jupyter (a WebSocket adapter) can give another. See docs/tables.md.
//
// Redraws are in place: a part whose data did not change is not touched; a part that changed is
// built again as a detached tree and merged into the one on screen (morph), so elements that
// stay keep their identity, their focus and their animations. Elements with a `data-id` are
// matched by it (a piece keeps its node when others come and go).
//
// The game's board module (joined before this file into one ES module) defines
//   const BOARD = { render(board, ctx) -> Node, update?(node, board, ctx), moves?(moves, ctx),
//                   player?(player, ctx), score?(player, ctx), extras?(board, ctx) }
// (see docs/tables.md); without one, a generic board lists the viewer's observation.
//
// Time: the view's clock part says when something is due (clock.wake_ms); the shell sets a timer
// and sends {type: "tick"}; Python does what is due by its own clock.
//
// Stable hooks for tests: the root carries data-version / data-phase / data-player /
// data-to-move; every shared control has the class `kt-<name>` and `<prefix>-<name>`; move
// buttons are `button.kt-action[data-action="..."]`.

const MENU_WAIT_MS = 10000;

// ---------------------------------------------------------------------------------------------
// building and merging elements
// ---------------------------------------------------------------------------------------------
function ktDispatch(e) {
  const handler = e.currentTarget.__kt_on && e.currentTarget.__kt_on[e.type];
  if (handler) handler(e);
}

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") {
      const type = key.slice(2);
      node.__kt_on = node.__kt_on || {};
      node.__kt_on[type] = value;
      node.addEventListener(type, ktDispatch);
    } else if (key === "value") {
      node.value = value;
      node.setAttribute("value", String(value));
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A piece that has just appeared (a rolled die, a card taken) plays its short animation once: its
// data-anim names it; the styles leave it out when motion is reduced.
function ktAnimateNew(node) {
  if (node.nodeType !== 1) return;
  const pieces = node.hasAttribute("data-anim") ? [node] : [];
  pieces.push(...node.querySelectorAll("[data-anim]"));
  for (const el of pieces) el.classList.add(`kt-anim-${el.getAttribute("data-anim")}`);
}

function ktSameKind(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== 1) return true;
  return a.tagName === b.tagName && a.getAttribute("data-id") === b.getAttribute("data-id");
}

// Make `from` (on screen) look like `to` (just built), keeping the nodes that stay.
function morph(from, to) {
  if (from.nodeType === 3 || from.nodeType === 8) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  if (!ktSameKind(from, to)) {
    from.replaceWith(to);
    ktAnimateNew(to);
    return to;
  }
  for (const { name } of [...from.attributes]) {
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of [...to.attributes]) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  const handlers = to.__kt_on || {};
  for (const type of Object.keys(handlers)) {
    if (!from.__kt_on || !(type in from.__kt_on)) from.addEventListener(type, ktDispatch);
  }
  from.__kt_on = handlers;
  if (from.tagName === "INPUT" || from.tagName === "SELECT" || from.tagName === "TEXTAREA") {
    if (document.activeElement !== from && from.value !== to.value) from.value = to.value;
    if (from.tagName === "SELECT" && document.activeElement !== from) {
      [...to.options].forEach((o, i) => {
        if (from.options[i]) from.options[i].selected = o.selected;
      });
    }
  }
  morphChildren(from, to);
  return from;
}

function morphChildren(from, to) {
  const wanted = [...to.childNodes];
  const byId = new Map();
  const unkeyed = [];
  for (const node of from.childNodes) {
    if (node.nodeType === 1 && node.hasAttribute("data-id")) byId.set(node.getAttribute("data-id"), node);
    else unkeyed.push(node);
  }
  let u = 0;
  const result = [];
  for (const want of wanted) {
    let match = null;
    if (want.nodeType === 1 && want.hasAttribute("data-id")) {
      const found = byId.get(want.getAttribute("data-id"));
      if (found && ktSameKind(found, want)) {
        match = found;
        byId.delete(want.getAttribute("data-id"));
      }
    } else {
      while (u < unkeyed.length) {
        const candidate = unkeyed[u++];
        if (ktSameKind(candidate, want)) {
          match = candidate;
          break;
        }
      }
    }
    if (!match) ktAnimateNew(want);
    result.push(match ? morph(match, want) : want);
  }
  result.forEach((node, i) => {
    const current = from.childNodes[i];
    if (current !== node) from.insertBefore(node, current || null);
  });
  while (from.childNodes.length > result.length) from.removeChild(from.lastChild);
}

function capital(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

// `kt-next kaskaria-db-next`: the shared class and the game's own hook.
function klassOf(prefix, ...names) {
  return names.map((n) => `kt-${n} ${prefix}-${n}`).join(" ");
}

// ---------------------------------------------------------------------------------------------
// the generic board (games without a board module of their own)
// ---------------------------------------------------------------------------------------------
const GENERIC_BOARD = {
  render(board, ctx) {
    const facts = (value) => {
      if (Array.isArray(value)) return h("ol", {}, value.map((x) => h("li", {}, facts(x))));
      if (value && typeof value === "object") {
        return h("dl", {}, Object.entries(value).map(([k, x]) => [h("dt", {}, k), h("dd", {}, facts(x))]));
      }
      return value === null ? "\u2014" : String(value);
    };
    return h("section", { class: ctx.klass("board") }, facts(board.observation || {}));
  },
};

// ---------------------------------------------------------------------------------------------
// sound: a short beep from Web Audio (nothing is fetched), only when switched on
// ---------------------------------------------------------------------------------------------
let ktAudio = null;
function ktBeep(kind) {
  try {
    ktAudio = ktAudio || new (window.AudioContext || window.webkitAudioContext)();
    const now = ktAudio.currentTime;
    const notes = kind === "win" ? [523, 659, 784] : [660];
    notes.forEach((f, i) => {
      const osc = ktAudio.createOscillator();
      const gain = ktAudio.createGain();
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, now + i * 0.14);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.14 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.14 + 0.13);
      osc.connect(gain).connect(ktAudio.destination);
      osc.start(now + i * 0.14);
      osc.stop(now + i * 0.14 + 0.14);
    });
  } catch (err) {
    // no sound on this device: the table works without it
  }
}

// ---------------------------------------------------------------------------------------------
// the table
// ---------------------------------------------------------------------------------------------
let tableCount = 0;

function render({ model, el }) {
  const board = typeof BOARD !== "undefined" ? BOARD : GENERIC_BOARD;
  tableCount += 1;
  const uid = `kt${tableCount}`;
  const ids = { undoReason: `${uid}-undo-reason`, keys: `${uid}-keys`, panel: `${uid}-panel` };
  const PARTS = [
    "frame", "board", "players", "turn", "summary", "message", "moves", "passing", "timer",
    "log", "rules", "settings", "info", "status", "result", "clock",
  ];
  const readView = () => model.get("view") || {};

  // tabindex -1: a click anywhere on the table gives it the focus, so its keys work
  const root = h("div", { role: "region", tabindex: -1 });
  el.appendChild(root);
  const local = {
    shown: null, // the view on screen
    drawn: {}, // each part's JSON as last drawn
    confirm: null, // a move waiting for "Yes, I am sure"
    tab: null, // the open panel: "log", "rules", "settings"
    resultClosed: false,
    timer: null, // the clock's timer (a tick for Python)
    hourglass: { key: null, end: 0, interval: null },
    typed: {}, // what a person typed in the table's text boxes
    selectOpen: false,
    menuTimer: null,
    pending: false,
    lastTurn: null,
  };
  const motionQuery = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const motion = (v) => {
    const setting = v.frame.motion;
    if (setting === "full" || setting === "reduced") return setting;
    return motionQuery && motionQuery.matches ? "reduced" : "full";
  };

  // A click refers to the view on screen: Python ignores it if that is not the latest.
  const send = (msg) => {
    const v = local.shown;
    model.send({ ...msg, version: v ? v.version : null });
  };

  // the regions of the table, made once; each part is drawn into its own
  const R = {
    header: h("div", {}),
    title: h("h3", {}),
    turn: h("div", { role: "status", "aria-live": "polite" }),
    timer: h("div", {}),
    players: h("div", {}),
    stage: h("div", {}),
    boardHost: h("div", {}),
    passHost: h("div", {}),
    resultHost: h("div", { class: "kt-result-host" }),
    side: h("div", {}),
    summary: h("section", {}),
    message: h("div", { role: "status", "aria-live": "polite" }),
    moves: h("div", {}),
    undo: h("div", {}),
    steps: h("div", {}),
    extras: h("div", {}),
    tabs: h("div", {}),
    panel: h("div", {}),
    status: h("div", {}),
  };
  let boardNode = null;

  // -- helpers for the board module ----------------------------------------------------------
  const ctxFor = (v) => {
    const prefix = v.frame.prefix;
    const legal = new Map(v.moves.actions.map((a) => [a.action, a]));
    const ctx = {
      h,
      morph,
      send,
      view: v,
      text: v.frame.text,
      lang: v.frame.lang,
      prefix,
      phase: v.turn.phase,
      players: v.players,
      moves: v.moves.actions,
      motion: motion(v),
      klass: (...names) => klassOf(prefix, ...names),
      // is `action` a move the viewer may make now (a button in the moves panel)?
      can: (action) => legal.has(action),
      // the real <button> of a move (its label, its key 1-9, its confirmation)
      button: (a, content) => moveButton(v, a, content),
      // mark a piece of the board as a way to make `action`: a click on it makes the move
      // (or asks first, for a move that needs a confirmation); the move's <button> in the moves
      // panel stays the way for the keyboard and screen readers, and the two light up together
      clickable: (node, action) => {
        const a = legal.get(action);
        if (!a || !node) return node;
        node.classList.add("kt-clickable");
        node.setAttribute("data-move", action);
        node.__kt_on = node.__kt_on || {};
        for (const type of ["click", "pointerenter", "pointerleave"]) {
          if (!(type in node.__kt_on)) node.addEventListener(type, ktDispatch);
        }
        node.__kt_on.click = (e) => {
          e.stopPropagation();
          choose(a);
        };
        node.__kt_on.pointerenter = () => hint(action, true);
        node.__kt_on.pointerleave = () => hint(action, false);
        return node;
      },
      // a short animation on `node` (none when motion is reduced)
      animate: (node, name) => {
        if (!node || ctx.motion === "reduced") return node;
        node.classList.remove(`kt-anim-${name}`);
        void node.offsetWidth;
        node.classList.add(`kt-anim-${name}`);
        return node;
      },
    };
    // what the board modules of the first stage read: the view as one flat object
    ctx.legacy = {
      ...v.board,
      prefix,
      phase: v.turn.phase,
      players: v.players,
      actions: v.moves.actions,
      text: v.frame.text,
      lang: v.frame.lang,
    };
    return ctx;
  };

  const hint = (action, on) => {
    for (const node of root.querySelectorAll(`[data-action="${CSS.escape(action)}"], [data-move="${CSS.escape(action)}"]`)) {
      node.classList.toggle("kt-hinted", on);
    }
  };

  const choose = (a) => {
    if (a.confirm) {
      local.confirm = a.action;
      drawMoves(local.shown, true);
      const yes = root.querySelector(".kt-confirm-yes");
      if (yes) yes.focus({ preventScroll: true });
      return;
    }
    local.confirm = null;
    send({ type: "action", action: a.action });
  };

  // A move's button. The first nine carry their key (1-9) on a small badge.
  const moveButton = (v, a, content) => {
    const prefix = v.frame.prefix;
    return h(
      "button",
      {
        type: "button",
        class: `${klassOf(prefix, "action")} ${prefix}-${a.kind}${a.confirm ? " kt-destructive" : ""}`,
        "data-key": `action:${a.action}`,
        "data-action": a.action,
        "aria-label": a.label,
        title: a.help || a.label,
        "aria-keyshortcuts": a.key || null,
        onclick: () => choose(a),
        onpointerenter: () => hint(a.action, true),
        onpointerleave: () => hint(a.action, false),
      },
      a.key ? h("span", { class: klassOf(prefix, "key"), "aria-hidden": "true" }, a.key) : null,
      content === undefined ? a.label : content,
    );
  };

  // -- the parts -------------------------------------------------------------------------------
  const drawFrame = (v) => {
    const f = v.frame;
    const k = (...n) => klassOf(f.prefix, ...n);
    root.className = `kaskaria-table ${f.prefix}`;
    root.setAttribute("aria-label", f.title);
    root.setAttribute("aria-describedby", ids.keys);
    root.setAttribute("lang", f.lang);
    root.setAttribute("data-motion", motion(v));
    R.header.className = k("header");
    R.title.className = k("title");
    R.title.textContent = f.title;
    R.players.className = k("players");
    R.stage.className = k("stage");
    R.boardHost.className = k("board-host");
    R.side.className = k("side");
    R.summary.className = k("summary");
    R.summary.setAttribute("aria-label", f.text.summary);
    R.moves.className = k("moves-panel");
    R.moves.setAttribute("role", "group");
    R.moves.setAttribute("aria-label", f.text.moves);
    R.undo.className = k("undo-row");
    R.steps.className = k("steps");
    R.steps.setAttribute("role", "group");
    R.steps.setAttribute("aria-label", f.text.next_step);
    R.extras.className = k("extras");
    R.tabs.className = k("tabs");
    R.panel.className = k("panel");
    R.panel.id = ids.panel;
    R.status.className = `${k("status")} kt-sr`;
  };

  const drawTurn = (v) => {
    const t = v.turn;
    morph(
      R.turn,
      h(
        "div",
        {
          class: `${klassOf(v.frame.prefix, "turn")} kt-turn-${t.kind} ${v.frame.prefix}-turn-${t.kind}`,
          role: "status",
          "aria-live": "polite",
          "data-seat": t.seat,
        },
        t.kind === "human" ? "\u25b6 " : "",
        t.text,
      ),
    );
  };

  const drawPlayers = (v, ctx) => {
    const prefix = v.frame.prefix;
    const k = (...n) => klassOf(prefix, ...n);
    const cards = v.players.map((p) =>
      h(
        "section",
        {
          class: `${k("player")}${p.to_move ? ` kt-to-move ${prefix}-to-move` : ""}${p.winner ? ` kt-winner ${prefix}-winner` : ""}${p.viewer ? " kt-me" : ""}`,
          "aria-label": p.name,
          "data-seat": p.seat,
          "data-id": `seat-${p.seat}`,
        },
        h(
          "div",
          { class: k("player-head") },
          h("span", { class: k("player-name") }, p.to_move ? `\u25b6 ${p.label}` : p.label),
          p.bot ? h("span", { class: k("player-bot") }, p.bot) : null,
          board.score ? board.score(p, ctx) : h("span", { class: k("score") }, p.score ?? ""),
          p.winner ? h("span", { class: k("win-tag") }, v.frame.text.winner) : null,
        ),
        board.player ? h("div", { class: k("player-extra") }, board.player(p, ctx)) : null,
      ),
    );
    morph(R.players, h("div", { class: k("players") }, cards));
  };

  const drawBoard = (v, ctx) => {
    const data = v.board;
    if (boardNode && board.update) {
      const replaced = board.update(boardNode, data, ctx);
      if (replaced instanceof Node && replaced !== boardNode) {
        boardNode.replaceWith(replaced);
        boardNode = replaced;
      }
    } else {
      const fresh = board.render(data, ctx);
      if (!boardNode) {
        R.boardHost.append(fresh);
        boardNode = fresh;
      } else boardNode = morph(boardNode, fresh);
    }
  };

  const drawPassing = (v) => {
    const p = v.passing;
    const prefix = v.frame.prefix;
    R.boardHost.hidden = Boolean(p);
    if (!p) {
      R.passHost.replaceChildren();
      return;
    }
    morph(
      R.passHost,
      h(
        "div",
        {},
        h(
          "section",
          { class: klassOf(prefix, "pass"), role: "dialog", "aria-label": p.title },
          h("h4", {}, p.title),
          h("p", {}, p.hint),
          h(
            "button",
            {
              type: "button",
              class: klassOf(prefix, "pass-ready"),
              "data-key": "pass",
              onclick: () => send({ type: "pass" }),
            },
            p.ready,
          ),
        ),
      ),
    );
  };

  const drawSummary = (v) => {
    const prefix = v.frame.prefix;
    const lines = v.summary.lines;
    morph(
      R.summary,
      h(
        "section",
        { class: klassOf(prefix, "summary"), "aria-label": v.frame.text.summary },
        h("div", { class: klassOf(prefix, "box-title") }, v.frame.text.summary),
        lines.length
          ? h(
              "ol",
              { class: klassOf(prefix, "summary-lines") },
              lines.map((l, i) => h("li", { class: `kt-line-${l.kind}`, "data-id": `s${i}` }, l.text)),
            )
          : h("p", { class: klassOf(prefix, "summary-empty") }, v.frame.text.summary_empty),
      ),
    );
    // the latest step is the one to read: a summary longer than its box shows its end
    const list = R.summary.querySelector(".kt-summary-lines");
    if (list) list.scrollTop = list.scrollHeight;
  };

  const drawMessage = (v) => {
    const m = v.message;
    const prefix = v.frame.prefix;
    morph(
      R.message,
      h(
        "div",
        {
          class: `${klassOf(prefix, "message")} kt-msg-${m.kind} ${prefix}-msg-${m.kind}`,
          role: "status",
          "aria-live": "polite",
        },
        m.prompt || m.text,
      ),
    );
  };

  const drawMoves = (v, keepFocus) => {
    const prefix = v.frame.prefix;
    const k = (...n) => klassOf(prefix, ...n);
    const t = v.frame.text;
    const mv = v.moves;
    const ctx = ctxFor(v);
    let inner;
    const pending = local.confirm && mv.actions.find((a) => a.action === local.confirm);
    if (!pending) local.confirm = null;
    if (pending) {
      inner = h(
        "div",
        { class: k("confirm"), role: "alertdialog", "aria-label": pending.confirm },
        h("p", {}, pending.confirm),
        h(
          "button",
          {
            type: "button",
            class: `${k("confirm-yes")} kt-destructive`,
            "data-key": "confirm-yes",
            "data-action": pending.action,
            onclick: () => {
              local.confirm = null;
              send({ type: "action", action: pending.action });
            },
          },
          `${pending.label}: ${t.confirm_yes}`,
        ),
        h(
          "button",
          {
            type: "button",
            class: k("confirm-back"),
            "data-key": "confirm-back",
            onclick: () => {
              local.confirm = null;
              drawMoves(local.shown, true);
            },
          },
          t.confirm_back,
        ),
      );
    } else {
      const bar = h("div", { class: k("actions") });
      if (mv.actions.length) {
        const custom = board.moves ? board.moves(mv, ctx) : null;
        if (custom) bar.append(custom);
        // every legal move has its button, whatever the board module drew
        const drawn = new Set([...bar.querySelectorAll("button.kt-action")].map((b) => b.getAttribute("data-action")));
        for (const a of mv.actions) if (!drawn.has(a.action)) bar.append(moveButton(v, a));
      } else if (mv.wait) {
        bar.append(h("span", { class: k("wait") }, mv.wait));
      }
      inner = h(
        "div",
        {},
        bar,
        mv.hint ? h("p", { class: k("move-hint") }, mv.hint) : null,
      );
    }
    morph(R.moves, h("div", { class: k("moves-panel"), role: "group", "aria-label": t.moves }, inner));
    drawUndo(v);
    if (keepFocus && !root.contains(document.activeElement)) root.focus({ preventScroll: true });
  };

  const drawUndo = (v) => {
    const prefix = v.frame.prefix;
    const k = (...n) => klassOf(prefix, ...n);
    const u = v.moves.undo;
    morph(
      R.undo,
      h(
        "div",
        { class: k("undo-row") },
        h(
          "button",
          {
            type: "button",
            class: k("undo"),
            "data-key": "undo",
            disabled: !u.enabled,
            title: u.enabled ? u.label : u.reason,
            "aria-describedby": u.enabled ? null : ids.undoReason,
            "aria-keyshortcuts": "U",
            onclick: () => send({ type: "undo" }),
          },
          u.enabled ? u.label : v.frame.text.undo,
        ),
        u.enabled ? null : h("span", { class: k("undo-reason"), id: ids.undoReason }, u.reason),
      ),
    );
  };

  const drawSteps = (v) => {
    const prefix = v.frame.prefix;
    const k = (...n) => klassOf(prefix, ...n);
    const t = v.frame.text;
    const mv = v.moves;
    const s = v.settings;
    const autoplayOn = s.autoplay_ms !== null && s.autoplay_ms !== undefined;
    const canAutoplay = s.autoplay_enabled !== false;
    morph(
      R.steps,
      h(
        "div",
        { class: k("steps"), role: "group", "aria-label": t.next_step, "aria-busy": mv.running ? "true" : "false" },
        h(
          "button",
          {
            type: "button",
            class: k("next"),
            "data-key": "next",
            disabled: !mv.next,
            // while a person decides there is no step to take: the row keeps only Autoplay
            hidden: !mv.next && !mv.running,
            title: mv.next ? mv.next.label : t.nothing_to_step,
            "aria-keyshortcuts": "N",
            onclick: () => send({ type: "next" }),
          },
          t.next_step,
        ),
        h(
          "button",
          {
            type: "button",
            class: k("play-turn"),
            "data-key": "play-turn",
            disabled: !mv.turn || mv.running,
            hidden: !mv.next && !mv.running,
            title: mv.turn ? mv.turn.title : t.nothing_to_step,
            "aria-keyshortcuts": "T",
            onclick: () => send({ type: "turn" }),
          },
          t.play_turn,
        ),
        h(
          "button",
          {
            type: "button",
            class: k("autoplay"),
            "data-key": "autoplay",
            "aria-pressed": autoplayOn ? "true" : "false",
            "aria-keyshortcuts": "A",
            disabled: !canAutoplay,
            title: canAutoplay ? null : t.autoplay_over,
            onclick: () => send({ type: "autoplay", delay: autoplayOn ? null : s.pace_ms / 1000 }),
          },
          autoplayOn ? t.autoplay_on : t.autoplay_off,
        ),
      ),
    );
  };

  const drawExtras = (v, ctx) => {
    // the game's extras help with a decision: none while the device is passed or once it is over
    if (!board.extras || v.passing || v.turn.to_move === "over") {
      R.extras.replaceChildren();
      R.extras.hidden = true;
      return;
    }
    R.extras.hidden = false;
    morph(R.extras, h("div", { class: klassOf(v.frame.prefix, "extras") }, board.extras(v.board, ctx)));
  };

  const drawTimer = (v) => {
    const hg = v.timer;
    const prefix = v.frame.prefix;
    const k = (...n) => klassOf(prefix, ...n);
    const state = local.hourglass;
    clearInterval(state.interval);
    if (!hg) {
      R.timer.replaceChildren();
      R.timer.hidden = true;
      return;
    }
    R.timer.hidden = false;
    const face = h("span", { class: k("timer-face") }, "");
    const node = h(
      "div",
      {
        class: `${k("timer")}${hg.running ? " kt-timer-running" : ""}`,
        "data-on": hg.on ? "true" : "false",
        role: "timer",
        "aria-label": hg.title,
      },
      // drawn by the styles (two triangles), so it shows on every device, fonts or not
      h("span", { class: k("timer-glass"), "aria-hidden": "true" }),
      hg.running ? face : null,
      hg.running ? null : h("span", { class: k("timer-text") }, hg.text),
    );
    morph(R.timer, node);
    if (!hg.running) {
      state.key = null;
      return;
    }
    if (state.key !== hg.key) {
      state.key = hg.key;
      state.end = performance.now() + hg.left_ms;
    }
    const liveFace = R.timer.querySelector(".kt-timer-face");
    const tick = () => {
      const left = Math.max(0, Math.ceil((state.end - performance.now()) / 1000));
      if (liveFace) liveFace.textContent = `${left} ${v.frame.text.seconds}`;
      R.timer.firstChild && R.timer.firstChild.classList.toggle("kt-timer-low", left <= 10);
      if (left === 0) clearInterval(state.interval);
    };
    tick();
    state.interval = setInterval(tick, 1000);
  };

  const drawResult = (v) => {
    const r = v.result;
    const prefix = v.frame.prefix;
    const k = (...n) => klassOf(prefix, ...n);
    const t = v.frame.text;
    if (!r) {
      local.resultClosed = false;
      R.resultHost.replaceChildren();
      R.resultHost.hidden = true;
      return;
    }
    if (local.resultClosed) {
      R.resultHost.hidden = true;
      return;
    }
    R.resultHost.hidden = false;
    const celebrate = motion(v) === "full";
    const rows = r.ranking.map((p) =>
      h(
        "li",
        { class: `${k("result-row")}${p.winner ? " kt-result-winner" : ""}`, "data-id": `r${p.seat}`, "data-seat": p.seat },
        h("span", { class: k("result-place") }, p.place_label || String(p.place)),
        h("span", { class: k("result-name") }, p.name),
        h("span", { class: k("result-score") }, p.score),
        p.parts.length
          ? h(
              "span",
              { class: k("result-parts") },
              p.parts.map((part) => h("span", { class: k("result-part") }, `${part.label}: ${part.value}`)),
            )
          : null,
      ),
    );
    morph(
      R.resultHost,
      h(
        "div",
        { class: "kt-result-host" },
        h(
          "section",
          { class: k("results"), role: "dialog", "aria-label": r.title },
          celebrate
            ? h(
                "div",
                { class: "kt-confetti", "aria-hidden": "true" },
                Array.from({ length: 14 }, (_, i) => h("span", { style: `--i:${i}` })),
              )
            : null,
          h("h4", { class: k("results-title") }, r.title),
          h("p", { class: k("results-headline") }, r.headline),
          h("ol", { class: k("ranking") }, rows),
          r.tie_break ? h("p", { class: k("tie-break") }, r.tie_break) : null,
          h(
            "div",
            { class: k("results-buttons") },
            h(
              "button",
              {
                type: "button",
                class: k("play-again"),
                "data-key": "play-again",
                onclick: () => send({ type: "new", seed: null }),
              },
              t.play_again,
            ),
            h(
              "button",
              {
                type: "button",
                class: k("results-close"),
                "data-key": "results-close",
                onclick: () => {
                  local.resultClosed = true;
                  R.resultHost.hidden = true;
                },
              },
              t.close,
            ),
          ),
        ),
      ),
    );
  };

  const drawTabs = (v) => {
    const prefix = v.frame.prefix;
    const k = (...n) => klassOf(prefix, ...n);
    const t = v.frame.text;
    const tab = (name, label) =>
      h(
        "button",
        {
          type: "button",
          class: `${k("tab")} ${k(`tab-${name}`)}`,
          "data-key": `tab:${name}`,
          "aria-expanded": local.tab === name ? "true" : "false",
          "aria-controls": ids.panel,
          onclick: () => {
            local.tab = local.tab === name ? null : name;
            drawTabs(local.shown);
            drawPanel(local.shown);
          },
        },
        label,
      );
    morph(
      R.tabs,
      h(
        "div",
        { class: k("tabs") },
        tab("log", t.log),
        tab("rules", t.rules),
        tab("settings", t.settings),
        h("span", { class: k("keys"), id: ids.keys }, t.keys),
      ),
    );
  };

  const drawPanel = (v) => {
    const prefix = v.frame.prefix;
    const k = (...n) => klassOf(prefix, ...n);
    const t = v.frame.text;
    const open = local.tab;
    const section = (name, ...children) =>
      h("section", { class: k(`panel-${name}`), hidden: open !== name, "data-id": `panel-${name}` }, children);
    const log = v.log;
    const logList = h(
      "ol",
      { class: k("log"), "aria-label": t.log, tabindex: 0 },
      log.entries.map((e) =>
        h(
          "li",
          {
            value: e.n,
            "data-id": `log-${e.n}`,
            class: `kt-log-${e.chance ? "chance" : "player"} ${prefix}-log-${e.chance ? "chance" : "player"}`,
          },
          e.who ? h("span", { class: k("log-who") }, `${e.who}: `) : null,
          h("span", { class: k("log-text") }, e.text),
        ),
      ),
    );
    const logSection = section(
      "log",
      log.more
        ? h("button", { type: "button", class: k("log-more"), "data-key": "log-more", onclick: () => send({ type: "log", more: true }) }, t.log_more)
        : null,
      logList,
    );
    const rules = v.rules;
    const rulesSection = section(
      "rules",
      h("p", { class: k("rules-variant") }, `${t.variant}: ${rules.variant}`),
      rules.help.map((line) => h("p", {}, line)),
      rules.options.length
        ? h("dl", { class: k("options") }, rules.options.map((o) => [h("dt", {}, o.label), h("dd", {}, o.value)]))
        : null,
      rules.assumed ? h("p", { class: k("assumed") }, rules.assumed) : null,
    );
    morph(R.panel, h("div", { class: k("panel"), id: ids.panel }, logSection, rulesSection, settingsSection(v)));
    R.panel.hidden = !open;
  };

  const settingsSection = (v) => {
    const prefix = v.frame.prefix;
    const k = (...n) => klassOf(prefix, ...n);
    const t = v.frame.text;
    const s = v.settings;
    const info = v.info;
    const typed = (key, fallback) => (key in local.typed ? local.typed[key] : fallback);
    const keep = (key) => (e) => {
      local.typed[key] = e.target.value;
    };
    const pick = (cls, key, label, options, value, onchange) =>
      h(
        "label",
        { class: k(`${cls}-label`) },
        `${label} `,
        h(
          "select",
          { class: k(cls), "data-key": key, onchange },
          options.map((o) => h("option", { value: o.value, selected: String(o.value) === String(value) }, o.label)),
        ),
      );
    const seats = v.players.map((p) => {
      const options = s.seat_menu.slice();
      const value = s.seats[p.seat];
      if (!options.some((o) => o.value === value)) options.push({ value, label: p.bot || value });
      return pick("seat", `seat:${p.seat}`, p.label, options, value, (e) =>
        send({ type: "seat", player: p.seat, seat: e.target.value }),
      );
    });
    const paceMs = s.pace_ms;
    const nearest = s.paces.reduce((a, b) => (Math.abs(b.ms - paceMs) < Math.abs(a.ms - paceMs) ? b : a));
    const seedInput = h("input", {
      class: k("seed"),
      "data-key": "seed",
      type: "number",
      min: 0,
      placeholder: t.random_seed,
      "aria-label": t.seed,
      value: typed("seed", info.seed === null ? "" : String(info.seed + 1)),
      oninput: keep("seed"),
    });
    const codeIn = h("input", {
      class: k("code-input"),
      "data-key": "code-input",
      type: "text",
      placeholder: t.paste_code,
      "aria-label": t.load_code,
      value: typed("code-input", ""),
      oninput: keep("code-input"),
    });
    return h(
      "section",
      { class: k("panel-settings"), hidden: local.tab !== "settings", "data-id": "panel-settings" },
      h("div", { class: k("box-title") }, t.seats),
      h("div", { class: k("seat-menus") }, seats),
      h(
        "div",
        { class: k("setup") },
        pick("speed", "speed", t.speed, s.paces.map((p) => ({ value: p.ms, label: p.label })), nearest.ms, (e) =>
          send({ type: "pace", delay: Number(e.target.value) / 1000 }),
        ),
        pick("variant", "variant", t.variant, s.variants, s.variant, (e) => send({ type: "restart", variant: e.target.value })),
        pick(
          "player-count",
          "players",
          t.players,
          s.player_counts.map((n) => ({ value: n, label: String(n) })),
          v.players.length,
          (e) => send({ type: "restart", players: Number(e.target.value) }),
        ),
        pick("lang", "lang", t.language, s.languages, v.frame.lang, (e) => send({ type: "lang", lang: e.target.value })),
        pick("motion", "motion", t.motion, s.motions, s.motion, (e) => send({ type: "motion", motion: e.target.value })),
        h(
          "button",
          {
            type: "button",
            class: k("sound"),
            "data-key": "sound",
            "aria-pressed": s.sound ? "true" : "false",
            onclick: () => {
              if (!s.sound) ktBeep("turn");
              send({ type: "sound", on: !s.sound });
            },
          },
          s.sound ? t.sound_on : t.sound_off,
        ),
        s.hourglass === null
          ? null
          : h(
              "button",
              {
                type: "button",
                class: k("hourglass-toggle"),
                "data-key": "hourglass",
                "aria-pressed": s.hourglass ? "true" : "false",
                onclick: () => send({ type: "hourglass", on: !s.hourglass }),
              },
              s.hourglass ? t.hourglass_on : t.hourglass_off,
            ),
      ),
      h(
        "div",
        { class: k("controls") },
        h(
          "span",
          { class: k("new-group") },
          h("label", {}, `${t.seed} `, seedInput),
          h(
            "button",
            {
              type: "button",
              class: k("new"),
              "data-key": "new",
              onclick: () => {
                const text = (root.querySelector(".kt-seed") || seedInput).value.trim();
                delete local.typed.seed;
                send({ type: "new", seed: text === "" ? null : Number(text) });
              },
            },
            t.new_game,
          ),
        ),
        h("span", { class: k("meta") }, info.this_game),
      ),
      h(
        "div",
        { class: k("codes") },
        h(
          "label",
          { class: k("code-label") },
          `${info.code_is_view ? t.code_view : t.code} `,
          h("input", {
            class: k("code"),
            "data-key": "code",
            type: "text",
            readonly: true,
            value: info.code,
            "aria-label": info.code_is_view ? t.code_view : t.code,
            onfocus: (e) => e.target.select(),
          }),
        ),
        h(
          "span",
          { class: k("load-group") },
          codeIn,
          h(
            "button",
            {
              type: "button",
              class: k("load"),
              "data-key": "load",
              onclick: () => {
                const input = root.querySelector(".kt-code-input") || codeIn;
                delete local.typed["code-input"];
                send({ type: "code", code: input.value });
              },
            },
            t.load_code,
          ),
        ),
      ),
    );
  };

  const drawStatus = (v) => {
    R.status.textContent = v.status;
  };

  const armClock = (v) => {
    clearTimeout(local.timer);
    local.timer = null;
    const wake = v.clock.wake_ms;
    if (wake !== null && wake !== undefined) {
      local.timer = setTimeout(() => {
        local.timer = null;
        if (local.selectOpen) {
          armClock(local.shown);
          return;
        }
        model.send({ type: "tick" });
      }, wake);
    }
  };

  // -- the layout, built once ------------------------------------------------------------------
  R.header.append(R.title, R.turn, R.timer);
  R.stage.append(R.boardHost, R.passHost, R.resultHost);
  R.side.append(R.summary, R.message, R.moves, R.undo, R.steps, R.extras);
  const body = h("div", { class: "kt-body" }, h("div", { class: "kt-main" }, R.players, R.stage), R.side);
  root.append(R.header, body, R.tabs, R.panel, R.status);

  // keys, only while the focus is inside the table (Jupyter keeps its own shortcuts)
  root.addEventListener("keydown", (e) => {
    const v = local.shown;
    const tag = e.target && e.target.tagName;
    if (tag === "SELECT" && (e.key === " " || e.key === "Enter" || (e.altKey && e.key.startsWith("Arrow")))) {
      menuOpened();
    }
    if (!v || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const key = e.key.toLowerCase();
    if (key >= "1" && key <= "9") {
      const a = v.moves.actions.find((x) => x.key === key);
      if (a) choose(a);
    } else if (key === "n" && v.moves.next) send({ type: "next" });
    else if (key === "t" && v.moves.turn && !v.moves.running) send({ type: "turn" });
    else if (key === "u" && v.moves.undo.enabled) send({ type: "undo" });
    else if (key === "a" && v.settings.autoplay_enabled !== false) {
      send({ type: "autoplay", delay: v.settings.autoplay_ms ? null : v.settings.pace_ms / 1000 });
    } else if (key === "escape" && local.confirm) {
      local.confirm = null;
      drawMoves(v, true);
    } else return;
    e.preventDefault();
  });
  // An open menu would close if the table were redrawn under it: redraws wait until it is closed.
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
    if (local.pending) pushed();
  };
  root.addEventListener("change", menuClosed);
  root.addEventListener("focusout", menuClosed);

  // -- drawing a new view ----------------------------------------------------------------------
  const draw = (v) => {
    const changed = {};
    for (const p of PARTS) {
      const json = JSON.stringify(v[p]);
      changed[p] = local.drawn[p] !== json;
      local.drawn[p] = json;
    }
    const active = document.activeElement;
    let focusKey = null;
    if (active && root.contains(active) && active !== root) focusKey = active.getAttribute("data-key");
    const ctx = ctxFor(v);
    if (changed.frame) {
      drawFrame(v);
      changed.moves = changed.players = changed.summary = changed.message = changed.timer = true;
      changed.log = changed.rules = changed.settings = true;
    }
    if (changed.turn || changed.frame) drawTurn(v);
    if (changed.players || changed.board) drawPlayers(v, ctx);
    // a board module may draw the moves on the board: a change of moves redraws it too
    if (changed.board || changed.frame || changed.moves) drawBoard(v, ctx);
    if (changed.passing) drawPassing(v);
    if (changed.summary) drawSummary(v);
    if (changed.message) drawMessage(v);
    if (changed.moves) drawMoves(v, false);
    if (changed.moves || changed.settings) drawSteps(v);
    if (changed.board || changed.passing || changed.frame || changed.turn) drawExtras(v, ctx);
    if (changed.timer) drawTimer(v);
    if (changed.result) drawResult(v);
    if (changed.frame) drawTabs(v);
    if (changed.log || changed.rules || changed.settings || changed.info || changed.frame) drawPanel(v);
    if (changed.status) drawStatus(v);
    root.setAttribute("data-phase", v.turn.phase);
    root.setAttribute("data-player", String(v.turn.player));
    root.setAttribute("data-to-move", v.turn.to_move);
    root.setAttribute("aria-busy", v.moves.running ? "true" : "false");
    root.setAttribute("data-version", String(v.version));
    // the focus comes back to the control that had it (or to the first move)
    if (focusKey && !root.contains(document.activeElement)) {
      let target = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      const stepping = focusKey.startsWith("action:") || ["next", "play-turn", "pass", "undo", "confirm-yes"].includes(focusKey);
      if ((!target || target.disabled) && stepping) {
        target = root.querySelector(".kt-action, .kt-pass-ready, .kt-play-turn:not([disabled]), .kt-next:not([disabled])");
      }
      if (target && !target.disabled) target.focus({ preventScroll: true });
      else root.focus({ preventScroll: true });
    }
    // a beep when a person's turn comes, and at the end (only with the sound on)
    const turnKey = `${v.turn.kind}:${v.turn.seat}`;
    if (v.frame.sound && local.shown && turnKey !== local.lastTurn) {
      if (v.turn.kind === "over") ktBeep("win");
      else if (v.turn.kind === "human") ktBeep("turn");
    }
    local.lastTurn = turnKey;
    local.shown = v;
    if (changed.clock || changed.frame || !local.timer) armClock(v);
  };

  const pushed = () => {
    if (local.selectOpen) {
      local.pending = true;
      return;
    }
    local.pending = false;
    const v = readView();
    if (!v.frame || !v.moves) return;
    draw(v);
  };
  if (motionQuery && motionQuery.addEventListener) {
    motionQuery.addEventListener("change", () => {
      local.drawn = {};
      if (local.shown) draw(local.shown);
    });
  }

  model.on("change:view", pushed);
  pushed();
  return () => {
    clearTimeout(local.timer);
    clearTimeout(local.menuTimer);
    clearInterval(local.hourglass.interval);
    if (typeof model.off === "function") model.off("change:view", pushed);
  };
}

export default { render };
