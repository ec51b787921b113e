// The table's shell, 3: drawing each part of the view into its region.

function ktDrawFrame(T, v) {
  const f = v.frame;
  const k = (...n) => klassOf(f.prefix, ...n);
  T.root.className = `kaskaria-table ${f.prefix}`;
  T.root.setAttribute("aria-label", f.title);
  T.root.setAttribute("aria-describedby", T.ids.keys);
  T.root.setAttribute("lang", f.lang);
  T.root.setAttribute("data-motion", ktMotion(T, v));
  T.R.header.className = k("header");
  T.R.title.className = k("title");
  T.R.title.textContent = f.title;
  T.R.players.className = k("players");
  T.R.stage.className = k("stage");
  T.R.boardHost.className = k("board-host");
  T.R.side.className = k("side");
  T.R.summary.className = k("summary");
  T.R.summary.setAttribute("aria-label", f.text.summary);
  T.R.moves.className = k("moves-panel");
  T.R.moves.setAttribute("role", "group");
  T.R.moves.setAttribute("aria-label", f.text.moves);
  T.R.undo.className = k("undo-row");
  T.R.steps.className = k("steps");
  T.R.steps.setAttribute("role", "group");
  T.R.steps.setAttribute("aria-label", f.text.steps_group);
  T.R.extras.className = k("extras");
  T.R.tabs.className = k("tabs");
  T.R.panel.className = k("panel");
  T.R.panel.id = T.ids.panel;
  T.R.status.className = `${k("status")} kt-sr`;
}

function ktDrawTurn(T, v) {
  const t = v.turn;
  morph(
    T.R.turn,
    h(
      "div",
      {
        class: `${klassOf(v.frame.prefix, "turn")} kt-turn-${t.kind} ${v.frame.prefix}-turn-${t.kind}`,
        role: "status",
        "aria-live": T.local.quiet ? "off" : "polite",
        "data-seat": t.seat,
      },
      // the arrow is drawn, not read
      t.kind === "human" ? h("span", { "aria-hidden": "true" }, "\u25b6 ") : "",
      t.text,
    ),
  );
}

function ktDrawPlayers(T, v, ctx) {
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
        // the name never breaks, but on a narrow card the ▶ of the player to move may stand on
        // the line above it (a tester saw "▶ Player 4" cut at the card's edge at 683 x 512)
        h(
          "span",
          { class: k("player-name") },
          p.to_move ? h("span", { "aria-hidden": "true" }, "\u25b6 ") : null,
          h("span", { class: "kt-player-label" }, p.label),
        ),
        p.bot ? h("span", { class: k("player-bot") }, p.bot) : null,
        T.board.score ? T.board.score(p, ctx) : h("span", { class: k("score") }, p.score ?? ""),
        p.winner ? h("span", { class: k("win-tag") }, v.frame.text.winner) : null,
      ),
      T.board.player ? h("div", { class: k("player-extra") }, T.board.player(p, ctx)) : null,
    ),
  );
  morph(T.R.players, h("div", { class: k("players") }, cards));
}

function ktDrawBoard(T, v, ctx) {
  const data = v.board;
  if (T.boardNode && T.board.update) {
    const replaced = T.board.update(T.boardNode, data, ctx);
    if (replaced instanceof Node && replaced !== T.boardNode) {
      T.boardNode.replaceWith(replaced);
      T.boardNode = replaced;
    }
  } else {
    const fresh = T.board.render(data, ctx);
    if (!T.boardNode) {
      T.R.boardHost.append(fresh);
      T.boardNode = fresh;
    } else T.boardNode = morph(T.boardNode, fresh);
  }
}

function ktDrawPassing(T, v) {
  const p = v.passing;
  const prefix = v.frame.prefix;
  T.R.boardHost.hidden = Boolean(p);
  if (!p) {
    T.R.passHost.replaceChildren();
    return;
  }
  morph(
    T.R.passHost,
    h(
      "div",
      {},
      h(
        "section",
        { class: klassOf(prefix, "pass"), role: "dialog", "aria-label": p.title },
        h("h3", {}, p.title),
        h("p", {}, p.hint),
        h(
          "button",
          {
            type: "button",
            class: klassOf(prefix, "pass-ready"),
            "data-key": "pass",
            onclick: () => ktSend(T, { type: "pass" }),
          },
          p.ready,
        ),
      ),
    ),
  );
}

function ktDrawSummary(T, v) {
  const prefix = v.frame.prefix;
  const lines = v.summary.lines;
  morph(
    T.R.summary,
    h(
      "section",
      // polite live region: a screen reader hears each step as it is added (quiet when a new game
      // comes: the message says it)
      {
        class: klassOf(prefix, "summary"),
        "aria-label": v.frame.text.summary,
        "aria-live": T.local.quiet ? "off" : "polite",
        "aria-relevant": "additions text",
      },
      h("div", { class: klassOf(prefix, "box-title") }, v.frame.text.summary),
      lines.length
        ? h(
            "ol",
            // a list longer than its box scrolls: the keyboard reaches it (tabindex 0)
            { class: klassOf(prefix, "summary-lines"), tabindex: 0, "aria-label": v.frame.text.summary },
            lines.map((l, i) => h("li", { class: `kt-line-${l.kind}`, "data-id": `s${i}` }, l.text)),
          )
        : h("p", { class: klassOf(prefix, "summary-empty") }, v.frame.text.summary_empty),
    ),
  );
  // the latest step is the one to read: the lines added since the last view (all of them when
  // the summary began again); a redraw that adds none keeps the step it showed
  const shown = T.local.summaryShown || { count: 0, first: 0 };
  const first = lines.length > shown.count ? shown.count : lines.length < shown.count ? 0 : shown.first;
  T.local.summaryShown = { count: lines.length, first };
  // while bots (or chance) step, their latest step is read whole; when a person decides, the
  // box keeps its own height (grown only to hold the newest line), so the moves below it stay
  // on the first screen
  T.local.summaryStep = ["bot", "chance"].includes(v.turn.to_move) ? first : null;
  ktShowNewest(T);
}

// "what just happened" shows its newest line whole and in view: a box too short for it grows
// to hold it, a box longer than its lines shows their end, and its top line whole (never half a
// sentence); its size is noted, so that the box is fitted again when its width or the window
// changes (ktWatchSummary)
function ktShowNewest(T) {
  const list = T.R.summary.querySelector(".kt-summary-lines");
  if (!list) return;
  const step = T.local.summaryStep;
  ktFitLatestStep(list, step === null || step === undefined ? null : list.children[step]);
  ktScrollToWholeLines(list);
  list.dataset.ktSize = ktSummarySize(list);
}

// what the box's fit depends on: its own width (its lines wrap anew) and the window's height (a
// short screen gives it fewer lines); not its height, which the fit itself sets
function ktSummarySize(list) {
  return list.offsetWidth ? `${list.offsetWidth}x${window.innerHeight}` : "hidden";
}

// a bot's step of several lines is read whole (at 2 s a step, a line out of sight is a line not
// read): a box too short for it (a projector's three lines) grows to hold it, up to three times
// its height (a step longer than that shows its end, as before); whoever is to move, the box
// always holds its newest line whole
function ktFitLatestStep(list, firstLine) {
  list.style.maxHeight = "";
  list.style.paddingBottom = "";
  const newest = list.lastElementChild;
  if (!newest) return;
  const box = list.getBoundingClientRect();
  const max = parseFloat(getComputedStyle(list).maxHeight);
  // measured from the lines themselves (a whole list's scroll height is rounded to a pixel, and
  // a line a pixel taller than the box would stay cut)
  const bottom = newest.getBoundingClientRect().bottom;
  const from = (line) => bottom - line.getBoundingClientRect().top;
  let want = from(newest);
  if (firstLine) {
    const step = from(firstLine);
    if (step <= 3 * max) want = Math.max(want, step);
  }
  if (want > box.height + 0.5) list.style.maxHeight = `${Math.ceil(want)}px`;
}

function ktScrollToWholeLines(list) {
  list.style.paddingBottom = "";
  const max = list.scrollHeight - list.clientHeight;
  list.scrollTop = max;
  if (max <= 0) return;
  const base = list.getBoundingClientRect().top - list.scrollTop;
  for (const li of list.children) {
    const top = li.getBoundingClientRect().top - base;
    if (top < max - 0.5) continue;
    const extra = top - max;
    if (extra > 0.5) {
      const pad = parseFloat(getComputedStyle(list).paddingBottom) || 0;
      list.style.paddingBottom = `${pad + extra}px`;
    }
    list.scrollTop = top;
    return;
  }
}

// The decision a move that asks first was chosen in: its question stands only while the table
// still asks that decision (a timer that ran out, or any new decision, takes it away, though
// the new decision may offer the same move)
function ktDecisionKey(v) {
  return [v.turn.to_move, v.turn.phase, v.message.prompt, ...v.moves.actions.map((a) => a.action)].join("|");
}

// The move waiting for "Yes, I am sure", while its decision stands (else none)
function ktPendingConfirm(T, v) {
  const pending = T.local.confirm && T.local.confirmAt === ktDecisionKey(v) && v.moves.actions.find((a) => a.action === T.local.confirm);
  if (!pending) T.local.confirm = T.local.confirmAt = null;
  return pending || null;
}

// The question put away ("Back", Escape): the moves again, the focus back on the move it asked about
function ktLeaveConfirm(T, v) {
  const action = T.local.confirm;
  T.local.confirm = T.local.confirmAt = null;
  ktDrawMoves(T, v, true);
  ktDrawMessage(T, v);
  const again = action && T.root.querySelector(`button.kt-action[data-action="${CSS.escape(action)}"]`);
  if (again) again.focus({ preventScroll: true });
}

function ktDrawMessage(T, v) {
  const m = v.message;
  const prefix = v.frame.prefix;
  // a hint or a look back asked for, or the thinking line (table_advice.js), takes the line
  const over = ktAdviceMessage(T, v);
  // a pick begun on the board says its next click in place of the prompt (ctx.step); a move
  // that asks first ("No deal") says to make sure, not the prompt's choice the child just made
  const confirming = ktPendingConfirm(T, v);
  const step = m.prompt ? (confirming ? v.frame.text.confirm_step : T.local.step) : null;
  // the game is over: the results say who won, once; this live line stays empty (holding the
  // results' headline, a screen reader read it a second time)
  const ended = v.turn.to_move === "over";
  morph(
    T.R.message,
    h(
      "div",
      {
        class: over
          ? `${klassOf(prefix, "message")} kt-msg-info ${over.klass}`
          : `${klassOf(prefix, "message")} kt-msg-${m.kind} ${prefix}-msg-${m.kind}`,
        role: "status",
        "aria-live": "polite",
        hidden: ended || !(step || m.prompt || m.text),
      },
      ended ? "" : over ? over.text : step || m.prompt || m.text,
    ),
  );
  // a hint is text, no Tab stop; only one that scrolls (a long hint on a short screen) is one,
  // so the keyboard can scroll it
  const box = T.R.message;
  if (over && over.klass.startsWith("kt-advice-text") && box.scrollHeight > box.clientHeight + 1) {
    box.setAttribute("tabindex", "0");
  }
}

function ktDrawMoves(T, v, keepFocus) {
  const prefix = v.frame.prefix;
  const k = (...n) => klassOf(prefix, ...n);
  const t = v.frame.text;
  const mv = v.moves;
  const ctx = ktCtx(T, v);
  let inner;
  const pending = ktPendingConfirm(T, v);
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
            T.local.confirm = T.local.confirmAt = null;
            ktSend(T, { type: "action", action: pending.action });
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
          onclick: () => ktLeaveConfirm(T, T.local.shown),
        },
        t.confirm_back,
      ),
    );
  } else {
    const bar = h("div", { class: k("actions") });
    if (mv.actions.length) {
      const custom = T.board.moves ? T.board.moves(mv, ctx) : null;
      if (custom) bar.append(custom);
      // every legal move has its button, whatever the board module drew
      const drawn = new Set([...bar.querySelectorAll("button.kt-action")].map((b) => b.getAttribute("data-action")));
      for (const a of mv.actions) if (!drawn.has(a.action)) bar.append(ktMoveButton(T, v, a));
    } else if (mv.wait) {
      bar.append(h("span", { class: k("wait") }, mv.wait));
    }
    // the game is over and its results were closed: the line's two ways, "Results" (they open
    // again) and "Play again", are buttons beside it
    if (v.result && T.local.resultClosed) bar.append(...ktAfterResults(T, v));
    inner = h(
      "div",
      {},
      bar,
      mv.hint ? h("p", { class: k("move-hint") }, mv.hint) : null,
    );
  }
  morph(T.R.moves, h("div", { class: k("moves-panel"), role: "group", "aria-label": t.moves }, inner));
  ktDrawUndo(T, v);
  if (keepFocus && !T.root.contains(document.activeElement)) T.root.focus({ preventScroll: true });
}

// The results' headline takes the focus (a screen reader reads who won), unless the results are
// hidden or the focus is somewhere else on the page than this table: when the results open at
// the game's end (draw) and when "Results" opens them again (ktAfterResults)
function ktFocusResultsHeadline(T) {
  const head = T.R.resultHost.hidden ? null : T.R.resultHost.querySelector(".kt-results-headline");
  const now = document.activeElement;
  if (head && (!now || now === document.body || T.root.contains(now))) head.focus({ preventScroll: true });
}

// "Results" and "Play again" in the moves panel once the results were closed; "Results" opens
// them again and the focus moves to their headline (a screen reader reads who won again)
function ktAfterResults(T, v) {
  const k = (...n) => klassOf(v.frame.prefix, ...n);
  const t = v.frame.text;
  return [
    h(
      "button",
      {
        type: "button",
        class: k("results-open"),
        "data-key": "results-open",
        onclick: () => {
          const shown = T.local.shown || v;
          T.local.resultClosed = false;
          ktDrawResult(T, shown);
          ktDrawMoves(T, shown, false);
          ktFocusResultsHeadline(T);
        },
      },
      t.results,
    ),
    h(
      "button",
      {
        type: "button",
        class: `${k("play-again")} ${k("play-again-after")}`,
        "data-key": "play-again-after",
        onclick: () => ktSend(T, { type: "new", seed: null }),
      },
      t.play_again,
    ),
  ];
}

function ktDrawUndo(T, v) {
  const prefix = v.frame.prefix;
  const k = (...n) => klassOf(prefix, ...n);
  const u = v.moves.undo;
  // the end screen offers "Play again", never a take-back
  if (u.shown === false) {
    morph(T.R.undo, h("div", { class: k("undo-row"), hidden: true }));
    return;
  }
  morph(
    T.R.undo,
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
          "aria-describedby": u.enabled ? null : T.ids.undoReason,
          "aria-keyshortcuts": v.frame.text.key_undo.toUpperCase(),
          onclick: () => ktSend(T, { type: "undo" }),
        },
        u.enabled ? u.label : v.frame.text.undo,
      ),
      u.enabled ? null : h("span", { class: k("undo-reason"), id: T.ids.undoReason }, u.reason),
    ),
  );
}

function ktDrawSteps(T, v) {
  const prefix = v.frame.prefix;
  const k = (...n) => klassOf(prefix, ...n);
  const t = v.frame.text;
  const mv = v.moves;
  const s = v.settings;
  const autoplayOn = s.autoplay_ms !== null && s.autoplay_ms !== undefined;
  const canAutoplay = s.autoplay_enabled !== false;
  // a screen that may not step the table for everyone (a pupil's device on a class server)
  // shows no step buttons at all: the table steps at its own pace
  if (v.frame.steps === false) {
    morph(T.R.steps, h("div", { class: k("steps"), hidden: true }));
    return;
  }
  morph(
    T.R.steps,
    h(
      "div",
      { class: k("steps"), role: "group", "aria-label": t.steps_group, "aria-busy": mv.running ? "true" : "false" },
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
          "aria-keyshortcuts": v.frame.text.key_next.toUpperCase(),
          onclick: () => {
            ktThinkingNow(T);
            ktSend(T, { type: "next" });
          },
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
          "aria-keyshortcuts": v.frame.text.key_turn.toUpperCase(),
          onclick: () => {
            ktThinkingNow(T);
            ktSend(T, { type: "turn" });
          },
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
          "aria-keyshortcuts": v.frame.text.key_auto.toUpperCase(),
          disabled: !canAutoplay,
          title: canAutoplay ? null : t.autoplay_over,
          onclick: () => ktSend(T, { type: "autoplay", delay: autoplayOn ? null : s.pace_ms / 1000 }),
        },
        autoplayOn ? t.autoplay_on : t.autoplay_off,
      ),
    ),
  );
}

function ktDrawExtras(T, v, ctx) {
  // the game's extras help with a decision: none while the device is passed or once it is over
  if (!T.board.extras || v.passing || v.turn.to_move === "over") {
    T.R.extras.replaceChildren();
    T.R.extras.hidden = true;
    return;
  }
  T.R.extras.hidden = false;
  morph(T.R.extras, h("div", { class: klassOf(v.frame.prefix, "extras") }, T.board.extras(v.board, ctx)));
}

function ktDrawTimer(T, v) {
  const hg = v.timer;
  const prefix = v.frame.prefix;
  const k = (...n) => klassOf(prefix, ...n);
  const state = T.local.hourglass;
  clearInterval(state.interval);
  if (!hg) {
    T.R.timer.replaceChildren();
    T.R.timer.hidden = true;
    return;
  }
  T.R.timer.hidden = false;
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
  morph(T.R.timer, node);
  if (!hg.running) {
    state.key = null;
    return;
  }
  if (state.key !== hg.key) {
    state.key = hg.key;
    state.end = performance.now() + hg.left_ms;
  }
  const liveFace = T.R.timer.querySelector(".kt-timer-face");
  const tick = () => {
    const left = Math.max(0, Math.ceil((state.end - performance.now()) / 1000));
    if (liveFace) liveFace.textContent = `${left} ${v.frame.text.seconds}`;
    T.R.timer.firstChild && T.R.timer.firstChild.classList.toggle("kt-timer-low", left <= 10);
    if (left === 0) clearInterval(state.interval);
  };
  tick();
  state.interval = setInterval(tick, 1000);
}

function ktDrawResult(T, v) {
  const r = v.result;
  const prefix = v.frame.prefix;
  const k = (...n) => klassOf(prefix, ...n);
  const t = v.frame.text;
  if (!r) {
    T.local.resultClosed = false;
    T.R.resultHost.replaceChildren();
    T.R.resultHost.hidden = true;
    return;
  }
  if (T.local.resultClosed) {
    T.R.resultHost.hidden = true;
    return;
  }
  // the results open as the game ends (not when a finished game is drawn again): the focus
  // moves to their headline after this view is drawn (table.js), so a screen reader says who
  // won, once
  if (T.local.shown && !T.R.resultHost.firstChild) T.local.focusResult = true;
  T.R.resultHost.hidden = false;
  // confetti for a person's win, or a game of bots alone; not when a bot beat the people playing
  const people = v.players.filter((p) => p.kind === "human");
  const celebrate = ktMotion(T, v) === "full" && (!people.length || people.some((p) => p.winner));
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
    T.R.resultHost,
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
        h("h3", { class: k("results-title") }, r.title),
        h("p", { class: k("results-headline"), tabindex: "-1" }, r.headline),
        // "Play again" right under the headline: on the first screen whatever the ranking's length
        h(
          "div",
          { class: k("results-buttons") },
          h(
            "button",
            {
              type: "button",
              class: k("play-again"),
              "data-key": "play-again",
              onclick: () => ktSend(T, { type: "new", seed: null }),
            },
            t.play_again,
          ),
          h(
            "button",
            {
              type: "button",
              class: k("results-close"),
              "data-key": "results-close",
              onclick: () => ktCloseResults(T, v),
            },
            t.close,
          ),
        ),
        h("ol", { class: k("ranking") }, rows),
        r.tie_break ? h("p", { class: k("tie-break") }, r.tie_break) : null,
      ),
    ),
  );
}

// The results close (their Close button, or Escape as in any dialog): the line under the moves
// gets its "Results" and "Play again", and the focus goes on to "Results" (the way back to what
// was just closed)
function ktCloseResults(T, v) {
  T.local.resultClosed = true;
  T.R.resultHost.hidden = true;
  ktDrawMoves(T, T.local.shown || v, false);
  const next = T.R.moves.querySelector('[data-key="results-open"]');
  if (next) next.focus({ preventScroll: true });
  else ktFocusNext(T);
}

function ktDrawStatus(T, v) {
  T.R.status.textContent = v.status;
}
