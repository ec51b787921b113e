// The table's shell, 2: one table on the page (its regions, its own state on this page) and
// what the game's board module is given (ctx).

let tableCount = 0;

// One table drawn in `el`: T holds what every drawing function of the shell needs.
function ktTable(model, el) {
  const board = typeof BOARD !== "undefined" ? BOARD : GENERIC_BOARD;
  tableCount += 1;
  const uid = `kt${tableCount}`;
  const ids = { undoReason: `${uid}-undo-reason`, keys: `${uid}-keys`, panel: `${uid}-panel` };

  // tabindex -1: a click anywhere on the table gives it the focus, so its keys work
  const root = h("div", { role: "region", tabindex: -1 });
  el.appendChild(root);
  const local = {
    shown: null, // the view on screen
    drawn: {}, // each part's JSON as last drawn
    confirm: null, // a move waiting for "Yes, I am sure"
    confirmAt: null, // the decision it was chosen in (ktDecisionKey)
    tab: null, // the open panel: "log", "rules", "settings"
    resultClosed: false,
    focusResult: false, // the results just opened: the focus goes to their headline
    timer: null, // the clock's timer (a tick for Python)
    hourglass: { key: null, end: 0, interval: null },
    typed: {}, // what a person typed in the table's text boxes
    selectOpen: false,
    menuTimer: null,
    pending: false,
    lastTurn: null,
  };
  const motionQuery = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  // the regions of the table, made once; each part is drawn into its own
  const R = {
    header: h("div", {}),
    // a level-2 heading: under a notebook's title (h1) or beside a lesson's sections (h2)
    title: h("h2", {}),
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
    advice: h("div", {}),
    steps: h("div", {}),
    extras: h("div", {}),
    tabs: h("div", {}),
    panel: h("div", {}),
    status: h("div", {}),
  };
  // the board module's node once drawn
  return { model, el, board, uid, ids, root, local, motionQuery, R, boardNode: null };
}

function ktMotion(T, v) {
  const setting = v.frame.motion;
  if (setting === "full" || setting === "reduced") return setting;
  return T.motionQuery && T.motionQuery.matches ? "reduced" : "full";
}

// A click refers to the view on screen: Python ignores it if that is not the latest.
function ktSend(T, msg) {
  const v = T.local.shown;
  // a new game asked for (Play again, New game): the view that brings it is heard once (draw)
  if (msg.type === "new") T.local.newAsked = v ? v.version : null;
  T.model.send({ ...msg, version: v ? v.version : null });
}

function ktCtx(T, v) {
  const prefix = v.frame.prefix;
  const legal = new Map(v.moves.actions.map((a) => [a.action, a]));
  const ctx = {
    h,
    morph,
    send: (msg) => ktSend(T, msg),
    view: v,
    text: v.frame.text,
    lang: v.frame.lang,
    prefix,
    phase: v.turn.phase,
    players: v.players,
    moves: v.moves.actions,
    motion: ktMotion(T, v),
    // what this screen remembers between redraws (a fold a person opened)
    local: T.local,
    klass: (...names) => klassOf(prefix, ...names),
    // is `action` a move the viewer may make now (a button in the moves panel)?
    can: (action) => legal.has(action),
    // the real <button> of a move (its label, its key 1-9, its confirmation)
    button: (a, content) => ktMoveButton(T, v, a, content),
    // mark a piece of the board as a way to make `action`: a click on it makes the move
    // (or asks first, for a move that needs a confirmation); the move's <button> in the moves
    // panel stays the way for the keyboard and screen readers, and the two light up together
    clickable: (node, action, why) => {
      const a = legal.get(action);
      if (!node) return node;
      // a piece that cannot be used now still answers a click: the reason why not
      if (!a) return ctx.refusing(node, action, why);
      node.classList.add("kt-clickable");
      node.setAttribute("data-move", action);
      node.__kt_on = node.__kt_on || {};
      for (const type of ["click", "pointerenter", "pointerleave"]) {
        if (!(type in node.__kt_on)) node.addEventListener(type, ktDispatch);
      }
      node.__kt_on.click = (e) => {
        e.stopPropagation();
        ktChoose(T, a);
      };
      node.__kt_on.pointerenter = () => ktHint(T, action, true);
      node.__kt_on.pointerleave = () => ktHint(T, action, false);
      return node;
    },
    // a piece whose click is refused: a short shake (a highlight when motion is reduced) and the
    // reason in one line: `why` (the board's own words, from the view) or, for a move's code, the
    // table's gate words it (the rule the move breaks, as the viewer may read it)
    refusing: (node, action, why) => {
      if (!node || (!action && !why)) return node;
      node.classList.add("kt-refusable");
      node.removeAttribute("data-move");
      node.__kt_on = node.__kt_on || {};
      if (!("click" in node.__kt_on)) node.addEventListener("click", ktDispatch);
      node.__kt_on.click = (e) => {
        e.stopPropagation();
        ktRefuse(T, node, why ? null : action, why);
      };
      return node;
    },
    // say `why` a click does nothing now (the board's own words), with the shake on `node`
    refuse: (node, why, action) => ktRefuse(T, node, why ? null : action, why),
    // the step a pick on the board has come to ("Now click the dragon to swap it with."), said
    // in the message box in place of the prompt; null or "": the view's own prompt again
    step: (text) => {
      const step = text || null;
      if (T.local.step === step) return;
      T.local.step = step;
      if (T.R.message) ktDrawMessage(T, v);
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
  return ctx;
}

// A refused click: the piece shakes (or lights up, when motion is reduced) and the message says
// why: the board's reason `why` at once, or the gate's for the move `action` (sent to the table,
// which refuses it and changes nothing; only this screen shows the refusal). While a bot decides
// and this screen has no move, every board's answer is the thinking line with "Wait:" ("Wait:
// Player 3 (hard bot) is thinking…"): it says who plays, so it is not this child's move, and it
// stays.
function ktRefuse(T, node, action, why) {
  if (node) {
    node.classList.remove("kt-refused");
    void node.offsetWidth;
    node.classList.add("kt-refused");
    clearTimeout(node.__ktRefusedTimer);
    node.__ktRefusedTimer = setTimeout(() => node.classList.remove("kt-refused"), 1200);
  }
  if (ktBotThinks(T.local.shown)) {
    T.local.said = null;
    ktThinkingNow(T, true);
  } else if (why) {
    // the message box (drawn by morph onto T.R.message itself)
    const box = T.R.message;
    box.textContent = why;
    box.className = `${box.className.replace(/\S*-msg-\S+/g, "").trim()} kt-msg-error kt-msg-refused`;
    T.local.said = why;
  } else if (action) {
    T.local.said = null;
    ktSend(T, { type: "action", action });
  }
}

function ktHint(T, action, on) {
  for (const node of T.root.querySelectorAll(`[data-action="${CSS.escape(action)}"], [data-move="${CSS.escape(action)}"]`)) {
    node.classList.toggle("kt-hinted", on);
  }
}

function ktChoose(T, a) {
  if (a.confirm) {
    T.local.confirm = a.action;
    T.local.confirmAt = ktDecisionKey(T.local.shown);
    ktDrawMoves(T, T.local.shown, true);
    ktDrawMessage(T, T.local.shown);
    const yes = T.root.querySelector(".kt-confirm-yes");
    if (yes) yes.focus({ preventScroll: true });
    return;
  }
  T.local.confirm = T.local.confirmAt = null;
  ktSend(T, { type: "action", action: a.action });
}

// A move's button. The first nine carry their key (1-9) on a small badge.
function ktMoveButton(T, v, a, content) {
  const prefix = v.frame.prefix;
  return h(
    "button",
    {
      type: "button",
      class: `${klassOf(prefix, "action")} ${prefix}-${a.kind}${a.confirm ? " kt-destructive" : ""}`,
      "data-key": `action:${a.action}`,
      "data-action": a.action,
      // a move may have a name of its own for screen readers (its label's words without an arrow)
      "aria-label": a.name || a.label,
      title: a.help || a.label,
      "aria-keyshortcuts": a.key || null,
      onclick: () => ktChoose(T, a),
      onpointerenter: () => ktHint(T, a.action, true),
      onpointerleave: () => ktHint(T, a.action, false),
    },
    a.key ? h("span", { class: klassOf(prefix, "key"), "aria-hidden": "true" }, a.key) : null,
    content === undefined ? a.label : content,
  );
}

function ktArmClock(T, v) {
  clearTimeout(T.local.timer);
  T.local.timer = null;
  const wake = v.clock.wake_ms;
  if (wake !== null && wake !== undefined) {
    T.local.timer = setTimeout(() => {
      T.local.timer = null;
      if (T.local.selectOpen) {
        ktArmClock(T, T.local.shown);
        return;
      }
      T.model.send({ type: "tick" });
    }, wake);
  }
}

// Board pieces that make a move (`.kt-clickable`) are reached by the keyboard too: each gets
// tabindex 0, the role of a button and, when it has no name of its own, the name of the move it
// makes (its button's label); Enter or Space on it is a click (see render's keys). A piece that
// stops being a move loses all three again. Called whenever classes change under the table (a
// board may light up pieces between redraws, e.g. the dragons once an adventurer is picked).
// The focus after a move ended what had it (or a redraw took away what had it): the first move
// seen on screen (a button of the moves panel, say a colour's "3 ways to play" whose ways wait
// hidden), the ready button of a passed device, "Play whole turn" or "Next step", else the table
// itself (its keys still work). Never the page's body: a hidden button takes no focus, so only
// one seen on screen is tried, and the table is the last resort.
function ktFocusNext(T) {
  const seen = (el) => el && !el.disabled && el.getClientRects().length > 0;
  const candidates = [
    ...T.root.querySelectorAll(".kt-action"),
    ...(T.R.moves ? T.R.moves.querySelectorAll("button") : []),
    ...T.root.querySelectorAll(".kt-pass-ready, .kt-play-turn, .kt-next"),
  ];
  for (const el of candidates) {
    if (!seen(el)) continue;
    el.focus({ preventScroll: true });
    if (document.activeElement === el) return;
  }
  T.root.focus({ preventScroll: true });
}

// The focus on a piece of a roving group before a redraw (its data-id, its group's data-id, its
// place in the group): after the redraw it comes back to that piece if it is still a move (the
// same gem, its colour still to hand out), else to the nearest piece of the same group; true when
// it did. (The focus must never move on to another move on its own: a second Enter would make a
// move no one chose.)
function ktRovingFocus(el) {
  const group = el.closest("[data-kt-roving]");
  if (!group) return null;
  return { node: el, id: el.getAttribute("data-id"), group: group.getAttribute("data-id"), index: ktRovingPieces(group).indexOf(el) };
}

function ktRovingFocusBack(T, was) {
  const live = (el) => el && T.root.contains(el) && el.classList.contains("kt-clickable") && el.hasAttribute("data-kt-piece");
  let target = null;
  if (live(was.node) && was.node.closest("[data-kt-roving]")) target = was.node;
  else if (was.id) {
    const same = T.root.querySelector(`[data-kt-roving] [data-id="${CSS.escape(was.id)}"]`);
    if (live(same)) target = same;
  }
  if (!target && was.group) {
    const group = T.root.querySelector(`[data-kt-roving][data-id="${CSS.escape(was.group)}"]`);
    const pieces = group ? ktRovingPieces(group) : [];
    if (pieces.length) target = pieces[Math.max(0, Math.min(was.index, pieces.length - 1))];
  }
  if (!target) return false;
  ktRove(target.closest("[data-kt-roving]"), target);
  if (document.activeElement !== target) target.focus({ preventScroll: true });
  return true;
}

// What a screen reader says of `el`'s own text: its words without what is drawn for the eyes only
// (aria-hidden, say the tick on a picked token)
function ktSpokenText(el) {
  const copy = el.cloneNode(true);
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent.replace(/\s+/g, " ").trim();
}

function ktPiecesFocusable(T) {
  let lost = false;
  for (const el of T.root.querySelectorAll(".kt-clickable, [data-kt-piece]")) {
    const tag = el.tagName;
    if (tag === "BUTTON" || tag === "INPUT" || tag === "SELECT" || tag === "A") continue;
    // a piece marked `data-kt-pointer` answers a click only: the keyboard reaches its moves by
    // other pieces beside it (a share's card, whose gems make the same moves one by one)
    const live = el.classList.contains("kt-clickable") && !el.hasAttribute("data-kt-pointer");
    if (!live && !el.hasAttribute("data-kt-piece")) continue;
    if (live && !el.hasAttribute("data-kt-piece")) {
      el.setAttribute("data-kt-piece", el.getAttribute("role") || "");
      el.setAttribute("data-kt-label", el.getAttribute("aria-label") || "");
    }
    if (live) {
      // (a piece of a roving group gets its tabindex from ktRovingStops below)
      if (!el.closest("[data-kt-roving]") && el.getAttribute("tabindex") !== "0") el.setAttribute("tabindex", "0");
      if (el.getAttribute("role") !== "button") el.setAttribute("role", "button");
      const move = el.getAttribute("data-move");
      const button = move ? T.root.querySelector(`button.kt-action[data-action="${CSS.escape(move)}"]`) : null;
      const name = (button && button.getAttribute("aria-label")) || el.getAttribute("data-kt-label") || ktSpokenText(el);
      if (name && el.getAttribute("aria-label") !== name) el.setAttribute("aria-label", name);
    } else {
      // no longer a move: back to what it was (and the focus it had goes on, as from a button)
      if (el === document.activeElement) lost = true;
      const role = el.getAttribute("data-kt-piece");
      const label = el.getAttribute("data-kt-label");
      el.removeAttribute("tabindex");
      if (role) el.setAttribute("role", role);
      else el.removeAttribute("role");
      if (label) el.setAttribute("aria-label", label);
      else el.removeAttribute("aria-label");
      el.removeAttribute("data-kt-piece");
      el.removeAttribute("data-kt-label");
    }
  }
  for (const group of T.root.querySelectorAll("[data-kt-roving]")) ktRove(group, null);
  if (lost) ktFocusNext(T);
}

// A group of pieces marked `data-kt-roving` (say the gems of one share of a split) is a single
// Tab stop: its current piece (the one last reached in it, else its first) has tabindex 0, the
// others -1, and the arrow keys move from piece to piece inside it (Home, End: the first, the
// last). Every piece still answers a click, and Enter or Space on the one reached. A group marked
// `data-kt-roving="buttons"` is the same for its buttons that can be pressed (say Dragon's Gold's
// adventurers to pick, or one adventurer's row of dragons to send it to).
function ktRovingPieces(group) {
  const buttons = group.getAttribute("data-kt-roving") === "buttons";
  const members = group.querySelectorAll(buttons ? "button:not([disabled])" : "[data-kt-piece].kt-clickable");
  return [...members].filter((el) => el.closest("[data-kt-roving]") === group);
}

// The pieces of a group on screen now (the arrow keys go from one to the next; a page drawn while
// hidden, as Voila draws an app, has none on screen yet: its first piece is the Tab stop then)
function ktSeenPieces(group) {
  return ktRovingPieces(group).filter((el) => el.getClientRects().length > 0);
}

function ktRove(group, target) {
  const pieces = ktRovingPieces(group);
  const seen = pieces.filter((el) => el.getClientRects().length > 0);
  const current =
    (target && pieces.includes(target) && target) ||
    pieces.find((el) => el === document.activeElement) ||
    seen.find((el) => el.hasAttribute("data-kt-current")) ||
    seen[0] ||
    pieces[0];
  for (const el of pieces) {
    const tab = el === current ? "0" : "-1";
    if (el.getAttribute("tabindex") !== tab) el.setAttribute("tabindex", tab);
    if (el === current) el.setAttribute("data-kt-current", "");
    else el.removeAttribute("data-kt-current");
  }
  return current;
}

// An arrow key (or Home, End) on a piece of a roving group: the focus moves inside the group
// (round from the last to the first); true when the key was used
function ktRoveKey(e) {
  const group = e.target && e.target.closest ? e.target.closest("[data-kt-roving]") : null;
  const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (!group || !(e.key in steps || e.key === "Home" || e.key === "End")) return false;
  const pieces = ktSeenPieces(group);
  const i = pieces.indexOf(e.target);
  if (i < 0 || !pieces.length) return false;
  const n = pieces.length;
  const j = e.key === "Home" ? 0 : e.key === "End" ? n - 1 : (i + steps[e.key] + n) % n;
  ktRove(group, pieces[j]).focus();
  return true;
}
