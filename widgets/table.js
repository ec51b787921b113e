// The table's shell, 5: render() for anywidget (and a class server's page): the layout, the keys,
// and drawing a new view part by part.
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
// The game's board module (joined before the shell into one ES module) defines
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

function render({ model, el }) {
  const T = ktTable(model, el);
  const PARTS = [
    "frame", "board", "players", "turn", "summary", "message", "moves", "passing", "timer",
    "log", "rules", "settings", "info", "status", "result", "clock", "advice",
  ];
  const readView = () => model.get("view") || {};

  // -- the layout, built once ------------------------------------------------------------------
  T.R.header.append(T.R.title, T.R.turn, T.R.advice, T.R.timer);
  T.R.stage.append(T.R.boardHost, T.R.passHost, T.R.resultHost);
  T.R.side.append(T.R.summary, T.R.message, T.R.moves, T.R.undo, T.R.steps, T.R.extras);
  const body = h("div", { class: "kt-body" }, h("div", { class: "kt-main" }, T.R.players, T.R.stage), T.R.side);
  T.root.append(T.R.header, body, T.R.tabs, T.R.panel, T.R.status);

  // keys, only while the focus is inside the table (Jupyter keeps its own shortcuts)
  T.root.addEventListener("keydown", (e) => {
    // a key pressed inside the table is never one of JupyterLab's own shortcuts (a child's "m"
    // made the table's cell Markdown, and "d d" deleted it): only the table answers it (Shift+
    // Enter still runs the cell, as everywhere in a notebook)
    if (!e.ctrlKey && !e.metaKey && !e.altKey && !(e.shiftKey && e.key === "Enter")) e.stopPropagation();
    const v = T.local.shown;
    const tag = e.target && e.target.tagName;
    // Enter or Space on a board piece that makes a move is a click on it
    if ((e.key === "Enter" || e.key === " ") && e.target && e.target.hasAttribute && e.target.hasAttribute("data-kt-piece")) {
      e.preventDefault();
      e.target.click();
      return;
    }
    // the arrow keys inside a group of pieces that is one Tab stop (ktRoveKey)
    if (!e.altKey && !e.ctrlKey && !e.metaKey && ktRoveKey(e)) {
      e.preventDefault();
      return;
    }
    if (tag === "SELECT" && (e.key === " " || e.key === "Enter" || (e.altKey && e.key.startsWith("Arrow")))) {
      menuOpened();
    }
    if (!v || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const key = e.key.toLowerCase();
    const ft = v.frame.text; // the keys' letters in the screen's language ("z" zurücknehmen)
    if (key >= "1" && key <= "9") {
      // a key works only while the child sees its button (and so its badge): a set the screen
      // has put aside (inside a list not open, or stepped aside for one) is not pressed unseen
      const a = v.moves.actions.find((x) => x.key === key);
      const b = a && T.root.querySelector(`button[data-action="${CSS.escape(a.action)}"]`);
      if (a && (!b || b.getClientRects().length > 0)) ktChoose(T, a);
      else ktRefuse(T, null, null, ft.key_none); // every key answered, as every click is
    } else if (v.frame.steps === false && [ft.key_next, ft.key_turn, ft.key_auto].includes(key)) {
      return; // a pupil's device does not step the table (it shows no such buttons either)
    } else if (key === ft.key_next && v.moves.next) {
      ktThinkingNow(T);
      ktSend(T, { type: "next" });
    } else if (key === ft.key_turn && v.moves.turn && !v.moves.running) {
      ktThinkingNow(T);
      ktSend(T, { type: "turn" });
    } else if (key === "h" && v.advice && v.advice.hint) ktSend(T, { type: "hint" });
    else if (key === "w" && v.advice && v.advice.what_if) ktSend(T, { type: "what_if" });
    else if (key === ft.key_undo && v.moves.undo.enabled) ktSend(T, { type: "undo" });
    else if (key === ft.key_auto && v.settings.autoplay_enabled !== false) {
      ktSend(T, { type: "autoplay", delay: v.settings.autoplay_ms ? null : v.settings.pace_ms / 1000 });
    } else if (key === "escape" && T.local.confirm) {
      ktLeaveConfirm(T, v);
    } else if (key === "escape" && v.result && !T.R.resultHost.hidden) {
      ktCloseResults(T, v); // as the results' Close button does
    } else return;
    e.preventDefault();
  });
  // An open menu would close if the table were redrawn under it: redraws wait until it is closed.
  const menuOpened = () => {
    T.local.selectOpen = true;
    clearTimeout(T.local.menuTimer);
    T.local.menuTimer = setTimeout(menuClosed, MENU_WAIT_MS);
  };
  T.root.addEventListener("pointerdown", (e) => {
    if (e.target && e.target.tagName === "SELECT") menuOpened();
  });
  const menuClosed = () => {
    clearTimeout(T.local.menuTimer);
    if (!T.local.selectOpen) return;
    T.local.selectOpen = false;
    if (T.local.pending) pushed();
  };
  T.root.addEventListener("change", menuClosed);
  T.root.addEventListener("focusout", menuClosed);

  // -- drawing a new view ----------------------------------------------------------------------
  const draw = (v) => {
    const changed = {};
    for (const p of PARTS) {
      const json = JSON.stringify(v[p]);
      changed[p] = T.local.drawn[p] !== json;
      T.local.drawn[p] = json;
    }
    const active = document.activeElement;
    let focusKey = null;
    let roving = null;
    if (active && T.root.contains(active) && active !== T.root) {
      // a board piece has no key of its own: it steps as a move's button does; a piece of a
      // roving group (a pile's gems) keeps the focus in its group (ktRovingFocusBack)
      focusKey = active.getAttribute("data-key") || (active.hasAttribute("data-kt-piece") ? "piece" : null);
      if (focusKey === "piece") roving = ktRovingFocus(active);
    }
    const ctx = ktCtx(T, v);
    // a new game is heard once, in the message ("A new game. Roll all 4 dice."): whose turn it
    // is and what just happened change with it, and are drawn quiet this once (three live lines
    // at once read as three announcements); a refused seed changes neither log nor info
    T.local.quiet = false;
    if (T.local.newAsked !== undefined && v.version !== T.local.newAsked) {
      T.local.quiet = Boolean(changed.log || changed.info);
      delete T.local.newAsked;
    }
    if (changed.frame) {
      ktDrawFrame(T, v);
      changed.moves = changed.players = changed.summary = changed.message = changed.timer = true;
      changed.log = changed.rules = changed.settings = true;
    }
    if (changed.turn || changed.frame) ktDrawTurn(T, v);
    if (changed.players || changed.board) ktDrawPlayers(T, v, ctx);
    // a board module may draw the moves on the board: a change of moves redraws it too
    if (changed.board || changed.frame || changed.moves) ktDrawBoard(T, v, ctx);
    if (changed.passing) ktDrawPassing(T, v);
    if (changed.summary) ktDrawSummary(T, v);
    T.local.quiet = false;
    if (T.local.said) {
      // a reason the board said on its own stays only until the next view
      changed.message = true;
      T.local.said = null;
    }
    // a press of Next showed the thinking line at once: the new view's message replaces it
    const wasThinking = T.local.thinking;
    T.local.thinking = false;
    // a move's question ("No deal: Yes, I am sure") whose decision is gone leaves both lines
    if (T.local.confirm && !ktPendingConfirm(T, v)) changed.message = changed.moves = true;
    if (changed.message || changed.advice || wasThinking) ktDrawMessage(T, v);
    if (changed.moves) ktDrawMoves(T, v, false);
    if (changed.moves || changed.settings) ktDrawSteps(T, v);
    if (changed.board || changed.passing || changed.frame || changed.turn) ktDrawExtras(T, v, ctx);
    if (changed.timer) ktDrawTimer(T, v);
    if (changed.result) ktDrawResult(T, v);
    if (changed.frame) ktDrawTabs(T, v);
    if (changed.log || changed.rules || changed.settings || changed.info || changed.frame) ktDrawPanel(T, v);
    if (changed.status) ktDrawStatus(T, v);
    if (changed.advice || changed.frame) ktDrawAdvice(T, v);
    ktNewGameShown(T, v, changed);
    T.root.setAttribute("data-phase", v.turn.phase);
    T.root.setAttribute("data-player", String(v.turn.player));
    T.root.setAttribute("data-to-move", v.turn.to_move);
    T.root.setAttribute("aria-busy", v.moves.running ? "true" : "false");
    T.root.setAttribute("data-version", String(v.version));
    // the focus comes back to the control that had it (or to the first move); a piece of a
    // roving group: to the same piece or its group, else to the table itself (its keys work)
    const hadFocus = Boolean(active && T.root.contains(active));
    if (roving) {
      // (the pieces of the new view are made focusable now, not after this task)
      ktPiecesFocusable(T);
      if (!ktRovingFocusBack(T, roving)) T.root.focus({ preventScroll: true });
    } else if (focusKey && !T.root.contains(document.activeElement)) {
      const target = T.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      const stepping = focusKey.startsWith("action:") || ["next", "play-turn", "pass", "undo", "confirm-yes", "piece", "play-again", "play-again-after"].includes(focusKey);
      if ((!target || target.disabled) && stepping) ktFocusNext(T);
      else if (target && !target.disabled) target.focus({ preventScroll: true });
      else T.root.focus({ preventScroll: true });
    }
    // whatever else had the focus in the table and was taken away by the redraw: a move, else
    // the table (the focus never falls out of the table to the page's body)
    if (hadFocus && !T.root.contains(document.activeElement)) ktFocusNext(T);
    // the results just opened at the game's end: the focus moves to their headline (a screen
    // reader reads it once, as no live line holds it), unless the focus is somewhere else on the
    // page than this table
    if (T.local.focusResult) {
      T.local.focusResult = false;
      ktFocusResultsHeadline(T);
    }
    // a beep when a person's turn comes, and at the end (only with the sound on)
    const turnKey = `${v.turn.kind}:${v.turn.seat}`;
    if (v.frame.sound && T.local.shown && turnKey !== T.local.lastTurn) {
      if (v.turn.kind === "over") ktBeep("win");
      else if (v.turn.kind === "human") ktBeep("turn");
    }
    T.local.lastTurn = turnKey;
    T.local.shown = v;
    if (changed.clock || changed.frame || !T.local.timer) ktArmClock(T, v);
  };

  const pushed = () => {
    if (T.local.selectOpen) {
      T.local.pending = true;
      return;
    }
    T.local.pending = false;
    const v = readView();
    if (!v.frame || !v.moves) return;
    draw(v);
  };
  if (T.motionQuery && T.motionQuery.addEventListener) {
    T.motionQuery.addEventListener("change", () => {
      T.local.drawn = {};
      if (T.local.shown) draw(T.local.shown);
    });
  }

  // board pieces that make a move are focusable, named and pressed by keys (ktPiecesFocusable)
  let piecesQueued = false;
  const pieces = new MutationObserver(() => {
    if (piecesQueued) return;
    piecesQueued = true;
    queueMicrotask(() => {
      piecesQueued = false;
      ktPiecesFocusable(T);
    });
  });
  pieces.observe(T.root, { subtree: true, childList: true, attributes: true, attributeFilter: ["class", "data-move"] });
  // "what just happened" changes size with the window (a laptop switched to a projector's short
  // screen takes its box to three lines) or its width (its lines wrap anew): it is fitted again
  // to show its newest line whole. The fit sets only the box's height, which its size key
  // leaves out, so this never calls itself; anything else that changes the box's height (the
  // hand's ways opened or put away beside it) leaves it, and the page, as they are
  const summaryBox = new ResizeObserver(() => {
    const list = T.R.summary.querySelector(".kt-summary-lines");
    if (!list || list.dataset.ktSize === ktSummarySize(list)) return;
    if (!list.offsetWidth) {
      list.dataset.ktSize = "hidden";
      return;
    }
    ktShowNewest(T);
  });
  summaryBox.observe(T.R.summary);

  T.model.on("change:view", pushed);
  pushed();
  return () => {
    clearTimeout(T.local.timer);
    clearTimeout(T.local.menuTimer);
    clearInterval(T.local.hourglass.interval);
    pieces.disconnect();
    summaryBox.disconnect();
    if (typeof T.model.off === "function") T.model.off("change:view", pushed);
  };
}

export default { render };
