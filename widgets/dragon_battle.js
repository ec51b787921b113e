// Dragon Battle table: the browser half of kaskaria.widgets.DragonBattleTable.
//
// This module only draws the synced `view` (built by Python from the engine) and reports
// clicks with model.send({type, ...}). It never decides what is legal: the buttons it shows
// are exactly view.actions. Stable hooks for tests: the root `.kaskaria-db` carries
// data-version / data-phase / data-player; action buttons are
// `button.kaskaria-db-action[data-action="..."]`.

const DRAGON_TITLE = { yellow: "Yellow", red: "Red", blue: "Blue", purple: "Purple" };
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

function die(face, letters, extra) {
  return h(
    "span",
    {
      class: `kaskaria-db-die kaskaria-db-face-${face}${extra ? " " + extra : ""}`,
      role: "img",
      "aria-label": `${face} die`,
      title: face,
    },
    letters[face],
  );
}

function stars(n) {
  return h(
    "span",
    { class: "kaskaria-db-stars", "aria-label": `${n} ${n === 1 ? "star" : "stars"}` },
    h("span", { class: "kaskaria-db-star-icons", "aria-hidden": "true" }, "\u2605".repeat(n)),
    h("span", { class: "kaskaria-db-star-number" }, String(n)),
  );
}

function capital(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

function button(cls, key, label, onclick, extra = {}) {
  return h("button", { type: "button", class: cls, "data-key": key, onclick, ...extra }, label);
}

// ---------------------------------------------------------------------------------------------
// the parts of the table
// ---------------------------------------------------------------------------------------------
function header(v, steps) {
  const seat = v.players[v.player];
  let turn;
  if (v.phase === "over") turn = "Game over";
  else turn = `Player ${seat.seat + 1}'s turn${seat.kind === "bot" ? ` (${seat.bot} bot)` : ""}`;
  return h(
    "div",
    { class: "kaskaria-db-header" },
    h("h3", { class: "kaskaria-db-title" }, "Dragon Battle"),
    h("div", { class: `kaskaria-db-turn kaskaria-db-turn-${v.to_move}` }, turn),
    steps,
  );
}

function dragons(v) {
  const letters = v.letters;
  return h(
    "div",
    { class: "kaskaria-db-dragons" },
    v.observation.dragons.map((d) => {
      let resident;
      if (d.resident) {
        resident = h(
          "div",
          { class: "kaskaria-db-resident" },
          h("span", { class: "kaskaria-db-resident-name" }, capital(d.resident)),
          stars(d.stars),
        );
      } else if (d.face_down) {
        resident = h(
          "div",
          { class: "kaskaria-db-resident kaskaria-db-face-down" },
          h("span", { class: "kaskaria-db-resident-name" }, "Face down"),
          h("span", { class: "kaskaria-db-stars" }, "? stars"),
        );
      } else {
        resident = h(
          "div",
          { class: "kaskaria-db-resident kaskaria-db-empty" },
          h("span", { class: "kaskaria-db-resident-name" }, "No resident"),
        );
      }
      const dice = d.dice.length
        ? d.dice.map((f) => die(f, letters))
        : [h("span", { class: "kaskaria-db-die-slot" }, "no dice")];
      const scared = d.dice.length > 0;
      return h(
        "section",
        {
          class: `kaskaria-db-dragon kaskaria-db-c-${d.colour}${scared ? " kaskaria-db-scared" : ""}`,
          "data-colour": d.colour,
          "aria-label": `${d.colour} dragon`,
        },
        h(
          "div",
          { class: "kaskaria-db-dragon-head" },
          h("span", { class: "kaskaria-db-badge", "aria-hidden": "true" }, letters[d.colour]),
          h(
            "span",
            { class: "kaskaria-db-dragon-name" },
            DRAGON_TITLE[d.colour],
            h("span", { class: "kaskaria-db-dragon-word" }, " dragon"),
          ),
        ),
        resident,
        h(
          "div",
          { class: "kaskaria-db-dice-row" },
          dice,
          scared ? h("span", { class: "kaskaria-db-scared-tag" }, "scared") : null,
        ),
      );
    }),
  );
}

function middle(v) {
  const o = v.observation;
  const letters = v.letters;
  const well = o.well
    ? Array.from({ length: o.well }, () => die("black", letters))
    : [h("span", { class: "kaskaria-db-die-slot" }, "empty")];
  const rolled = o.rolled.length
    ? o.rolled.map((f) => die(f, letters))
    : [h("span", { class: "kaskaria-db-die-slot" }, "\u2014")];
  const hand = o.hand && v.phase !== "over"
    ? Array.from({ length: o.hand }, () =>
        h("span", { class: "kaskaria-db-die kaskaria-db-in-hand", "aria-hidden": "true" }, "?"),
      )
    : [h("span", { class: "kaskaria-db-die-slot" }, "none")];
  const lastRoll = v.last_roll.length
    ? h(
        "div",
        { class: "kaskaria-db-caption" },
        `last roll: ${v.last_roll.map((f) => letters[f]).join(" ")}`,
      )
    : null;
  return h(
    "div",
    { class: "kaskaria-db-middle" },
    h(
      "section",
      { class: "kaskaria-db-box kaskaria-db-well", "aria-label": "well" },
      h("div", { class: "kaskaria-db-box-title" }, `Well (${plural(o.well, "die", "dice")})`),
      h("div", { class: "kaskaria-db-dice-row" }, well),
    ),
    h(
      "section",
      { class: "kaskaria-db-box kaskaria-db-rolled", "aria-label": "rolled dice" },
      h("div", { class: "kaskaria-db-box-title" }, "Rolled, to place"),
      h("div", { class: "kaskaria-db-dice-row" }, rolled),
      lastRoll,
    ),
    h(
      "section",
      { class: "kaskaria-db-box kaskaria-db-hand", "aria-label": "dice in hand" },
      h("div", { class: "kaskaria-db-box-title" }, `In hand (${plural(o.hand, "die", "dice")})`),
      h("div", { class: "kaskaria-db-dice-row" }, hand),
    ),
    h(
      "section",
      { class: "kaskaria-db-box kaskaria-db-supply", "aria-label": "pile and jugglers" },
      h("div", { class: "kaskaria-db-box-title" }, "Supply"),
      h("div", { class: "kaskaria-db-pile" }, `Pile: ${plural(o.pile, "resident", "residents")}`),
      h(
        "div",
        { class: "kaskaria-db-jugglers-left" },
        `Jugglers left: ${o.jugglers_left} (${plural(v.juggler_stars, "star", "stars")} each)`,
      ),
    ),
  );
}

function actionBar(v, send) {
  const letters = v.letters;
  const bar = h("div", { class: "kaskaria-db-actions", role: "group", "aria-label": "actions" });
  const click = (a) => () => send({ type: "action", action: a.action });
  const actionButton = (a, content) =>
    button(`kaskaria-db-action kaskaria-db-${a.kind}`, `action:${a.action}`, content, click(a), {
      "data-action": a.action,
      "aria-label": a.label,
      title: a.label,
    });
  const rolls = v.actions.filter((a) => a.kind === "roll");
  const places = v.actions.filter((a) => a.kind === "place");
  const silver = v.actions.filter((a) => a.kind === "silver");
  const stops = v.actions.filter((a) => a.kind === "stop");
  for (const a of rolls) bar.append(actionButton(a, a.label));
  for (const a of places) {
    bar.append(actionButton(a, [die(a.face, letters, "kaskaria-db-die-small"), a.label]));
  }
  if (silver.length) {
    bar.append(
      h(
        "div",
        { class: "kaskaria-db-silver-group", role: "group", "aria-label": "silver dice on" },
        h(
          "span",
          { class: "kaskaria-db-silver-label" },
          die("silver", letters, "kaskaria-db-die-small"),
          `Silver (${plural(silver[0].dice, "die", "dice")}) on:`,
        ),
        silver.map((a) =>
          actionButton(a, [
            h("span", { class: `kaskaria-db-mini-badge kaskaria-db-c-${a.target}` }, letters[a.target]),
            capital(a.target),
          ]),
        ),
      ),
    );
  }
  for (const a of stops) bar.append(actionButton(a, a.label));
  if (!v.actions.length) {
    let text;
    if (v.phase === "over") text = "The game is over. Start a new game below.";
    else if (v.to_move === "bot") text = "A bot is at the table: press Next to see each step.";
    else text = "Chance is next: press Next.";
    bar.append(h("span", { class: "kaskaria-db-wait" }, text));
  }
  return bar;
}

function stepControls(v, send, local) {
  const autoplayOn = v.autoplay_ms !== null && v.autoplay_ms !== undefined;
  const speed = h(
    "select",
    {
      class: "kaskaria-db-speed",
      "data-key": "speed",
      "aria-label": "autoplay speed",
      onchange: (e) => {
        local.speed = Number(e.target.value);
        if (autoplayOn) send({ type: "autoplay", delay: local.speed / 1000 });
      },
    },
    SPEEDS.map(([ms, name]) =>
      h("option", { value: ms, selected: ms === (autoplayOn ? v.autoplay_ms : local.speed) }, name),
    ),
  );
  return h(
    "div",
    { class: "kaskaria-db-steps", role: "group", "aria-label": "bot steps" },
    button("kaskaria-db-next", "next", "Next step", () => send({ type: "next" }), {
      disabled: !v.next,
      title: v.next ? v.next.label : "Nothing to step: a person decides now",
      "aria-label": v.next ? v.next.label : "Next step (nothing to step now)",
    }),
    button(
      "kaskaria-db-autoplay",
      "autoplay",
      autoplayOn ? "Autoplay: on" : "Autoplay: off",
      () => send({ type: "autoplay", delay: autoplayOn ? null : local.speed / 1000 }),
      { "aria-pressed": autoplayOn ? "true" : "false" },
    ),
    speed,
  );
}

function pct(x) {
  return `${(100 * x.value).toFixed(1)}%`;
}

function meter(v, send) {
  const toggle = button(
    "kaskaria-db-help",
    "help",
    v.help ? "Hide the odds" : "Show the odds",
    () => send({ type: "help", on: !v.help }),
    { "aria-pressed": v.help ? "true" : "false" },
  );
  const box = h(
    "section",
    { class: "kaskaria-db-meter", "aria-label": "should I roll again?", "data-shown": v.meter ? "true" : "false" },
    h("div", { class: "kaskaria-db-meter-head" }, h("span", { class: "kaskaria-db-box-title" }, "Should I roll again?"), toggle),
  );
  if (!v.help) {
    box.append(h("p", { class: "kaskaria-db-meter-off" }, "No help: the odds are hidden."));
    return box;
  }
  const m = v.meter;
  if (!m) {
    box.append(
      h("p", { class: "kaskaria-db-meter-off" }, "The odds appear when it is time to choose: roll again or stop."),
    );
    return box;
  }
  const best = m.best === "stop" ? "stop" : "roll";
  const max = Math.max(m.roll_stars.value, m.stop_stars.value, 0.001);
  const bar = (label, x, cls, isBest) =>
    h(
      "div",
      { class: `kaskaria-db-meter-row ${cls}${isBest ? " kaskaria-db-best" : ""}` },
      h("span", { class: "kaskaria-db-meter-label" }, label),
      h(
        "span",
        { class: "kaskaria-db-meter-track", "aria-hidden": "true" },
        h("span", { class: "kaskaria-db-meter-fill", style: `width:${(100 * x.value) / max}%` }),
      ),
      h("span", { class: "kaskaria-db-meter-value", title: x.exact }, `${x.value.toFixed(2)} \u2605`),
      isBest ? h("span", { class: "kaskaria-db-best-tag" }, "better") : h("span", { class: "kaskaria-db-best-tag" }),
    );
  box.append(
    h(
      "div",
      { class: "kaskaria-db-meter-fail" },
      h("span", { class: "kaskaria-db-meter-label" }, `Next roll of ${plural(m.dice, "die", "dice")} fails:`),
      h(
        "span",
        { class: "kaskaria-db-meter-track kaskaria-db-fail-track", "aria-hidden": "true" },
        h("span", { class: "kaskaria-db-meter-fill", style: `width:${100 * m.next_roll_fail.value}%` }),
      ),
      h("strong", { class: "kaskaria-db-meter-value" }, `${pct(m.next_roll_fail)}`),
      h("span", { class: "kaskaria-db-exact" }, `(${m.next_roll_fail.exact})`),
    ),
    bar("Roll on: expect", m.roll_stars, "kaskaria-db-meter-roll", best === "roll"),
    bar("Stop now: take", m.stop_stars, "kaskaria-db-meter-stop", best === "stop"),
  );
  return box;
}

function players(v, send) {
  return h(
    "div",
    { class: "kaskaria-db-players" },
    v.players.map((p) => {
      const rescued = p.rescued.length
        ? p.rescued.map((r) =>
            h("span", { class: "kaskaria-db-chip" }, `${capital(r.resident)} `, h("b", {}, `${r.stars}\u2605`)),
          )
        : [h("span", { class: "kaskaria-db-none" }, "no residents yet")];
      const select = h(
        "select",
        {
          class: "kaskaria-db-seat",
          "data-key": `seat:${p.seat}`,
          "aria-label": `Player ${p.seat + 1} is played by`,
          onchange: (e) => send({ type: "seat", player: p.seat, seat: e.target.value }),
        },
        (p.kind === "bot" && !v.seat_choices.includes(p.bot)
          ? [...v.seat_choices, p.bot]
          : v.seat_choices
        ).map((c) =>
          h("option", { value: c, selected: c === (p.kind === "human" ? "human" : p.bot) }, c === "human" ? "a person" : `${c} bot`),
        ),
      );
      const scoreText =
        v.score_unit === "stars" ? `${p.stars} \u2605` : `${p.score} residents (${p.stars} \u2605)`;
      return h(
        "section",
        {
          class: `kaskaria-db-player${p.to_move ? " kaskaria-db-to-move" : ""}${p.winner ? " kaskaria-db-winner" : ""}`,
          "aria-label": p.name,
          "data-seat": p.seat,
        },
        h(
          "div",
          { class: "kaskaria-db-player-head" },
          h("span", { class: "kaskaria-db-player-name" }, p.to_move ? `\u25b6 Player ${p.seat + 1}` : `Player ${p.seat + 1}`),
          h("span", { class: "kaskaria-db-score" }, scoreText),
        ),
        h("div", { class: "kaskaria-db-player-seat" }, select, p.winner ? h("span", { class: "kaskaria-db-win-tag" }, "winner") : null),
        h("div", { class: "kaskaria-db-rescued" }, rescued),
        h("div", { class: "kaskaria-db-jugglers" }, `Jugglers: ${p.jugglers}`),
      );
    }),
  );
}

function footer(v, send) {
  const seed = h("input", {
    class: "kaskaria-db-seed",
    "data-key": "seed",
    type: "number",
    min: 0,
    placeholder: "random",
    "aria-label": "seed for the new game",
    value: String(v.seed + 1),
  });
  const codeIn = h("input", {
    class: "kaskaria-db-code-input",
    "data-key": "code-input",
    type: "text",
    placeholder: "paste a KAS1- code",
    "aria-label": "scenario code to load",
  });
  const log = h(
    "ol",
    { class: "kaskaria-db-log", "aria-label": "game log", tabindex: 0 },
    v.log.map((e) =>
      h(
        "li",
        { value: e.n, class: `kaskaria-db-log-${e.who === "Dice" || e.who === "Pile" ? "chance" : "player"}` },
        h("span", { class: "kaskaria-db-log-who" }, `${e.who}: `),
        h("code", {}, e.action),
        e.note ? h("span", { class: "kaskaria-db-log-note" }, ` \u2014 ${e.note}`) : null,
      ),
    ),
  );
  return h(
    "div",
    { class: "kaskaria-db-footer" },
    h(
      "div",
      { class: "kaskaria-db-controls" },
      button("kaskaria-db-undo", "undo", v.undo.label, () => send({ type: "undo" }), {
        disabled: !v.undo.enabled,
        title: v.undo.enabled ? v.undo.label : v.undo.reason,
      }),
      h(
        "span",
        { class: "kaskaria-db-new-group" },
        h("label", {}, "Seed ", seed),
        button("kaskaria-db-new", "new", "New game", () => {
          const text = seed.value.trim();
          send({ type: "new", seed: text === "" ? null : Number(text) });
        }),
      ),
      h("span", { class: "kaskaria-db-meta" }, `This game: ${v.variant} rules, seed ${v.seed}`),
    ),
    h(
      "div",
      { class: "kaskaria-db-codes" },
      h(
        "label",
        { class: "kaskaria-db-code-label" },
        "Scenario code ",
        h("input", {
          class: "kaskaria-db-code",
          "data-key": "code",
          type: "text",
          readonly: true,
          value: v.code,
          "aria-label": "scenario code of this position",
          onfocus: (e) => e.target.select(),
        }),
      ),
      h(
        "span",
        { class: "kaskaria-db-load-group" },
        codeIn,
        button("kaskaria-db-load", "load", "Load code", () => send({ type: "code", code: codeIn.value })),
      ),
    ),
    h("div", { class: "kaskaria-db-box-title" }, "Game log"),
    log,
  );
}

// ---------------------------------------------------------------------------------------------
// anywidget entry point
// ---------------------------------------------------------------------------------------------
function render({ model, el }) {
  const root = h("div", { class: "kaskaria-db", role: "region", "aria-label": "Dragon Battle table" });
  el.appendChild(root);
  const local = { speed: 800, timer: null };

  const send = (msg) => {
    const v = model.get("view");
    model.send({ ...msg, version: v ? v.version : null });
  };

  const draw = () => {
    const v = model.get("view");
    if (!v || !v.observation) return;
    const active = document.activeElement;
    const focusKey = active && root.contains(active) ? active.getAttribute("data-key") : null;
    const hadAction = focusKey && focusKey.startsWith("action:");
    const logScroll = root.querySelector(".kaskaria-db-log");
    const atBottom = !logScroll || logScroll.scrollTop + logScroll.clientHeight >= logScroll.scrollHeight - 4;

    if (v.autoplay_ms) local.speed = v.autoplay_ms;
    const message = h(
      "div",
      { class: `kaskaria-db-message kaskaria-db-msg-${v.message.kind}`, role: "status", "aria-live": "polite" },
      v.message.text,
    );
    root.replaceChildren(
      header(v, stepControls(v, send, local)),
      dragons(v),
      middle(v),
      message,
      actionBar(v, send),
      meter(v, send),
      players(v, send),
      footer(v, send),
      h("div", { class: "kaskaria-db-status", "aria-label": "state" }, v.status),
    );
    root.setAttribute("data-phase", v.phase);
    root.setAttribute("data-player", String(v.player));
    root.setAttribute("data-version", String(v.version));

    const log = root.querySelector(".kaskaria-db-log");
    if (log && atBottom) log.scrollTop = log.scrollHeight;
    if (focusKey) {
      let target = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if ((!target || target.disabled) && (hadAction || focusKey === "next")) {
        target = root.querySelector(".kaskaria-db-action, .kaskaria-db-next:not([disabled])");
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
