// Dragon Battle board: the game's part of kaskaria.widgets.DragonBattleTable.
//
// Joined before table.js (the shared shell) into one ES module; it meets the shell's board
// contract (docs/tables.md): render(board, ctx), moves(moves, ctx), extras(board, ctx),
// score(player, ctx), player(player, ctx). It draws the dragons, the dice, the meter and each
// player's residents from the board part (the viewer's observation and the presenter's words);
// it decides nothing and holds no words of its own. Dice and dragons are drawn (table_pieces.js):
// a die shows its face's colour and mark, a dragon card its dragon. A rolled die of a colour that may be set
// aside is clickable (ctx.clickable). Hooks for tests: `.kaskaria-db-dragon`, `.kaskaria-db-die`
// (data-face, and its colour's name in aria-label), `.kaskaria-db-meter`.

const DB_SILVER_GROUP = "kaskaria-db-silver-group";

function dbDie(face, letters, extra, words) {
  const name = words ? words.die[face] : null;
  return h(
    "span",
    {
      class: `kaskaria-db-die kaskaria-db-face-${face}${extra ? " " + extra : ""}`,
      role: "img",
      "data-face": face,
      "aria-label": name,
      title: name,
    },
    // a drawn die: the face's colour and its own mark (a sun, a flame, a drop...)
    ktDieArt(face),
  );
}

function dbStars(n, words) {
  return h(
    "span",
    { class: "kaskaria-db-stars", "aria-label": words },
    h("span", { class: "kaskaria-db-star-icons", "aria-hidden": "true" }, "\u2605".repeat(n)),
    h("span", { class: "kaskaria-db-star-number" }, String(n)),
  );
}

function dbDragons(v) {
  const letters = v.letters;
  const w = v.words;
  return h(
    "div",
    { class: "kaskaria-db-dragons" },
    v.observation.dragons.map((d) => {
      const dw = w.dragons[d.colour];
      let resident;
      if (d.resident) {
        resident = h(
          "div",
          { class: "kaskaria-db-resident" },
          h("span", { class: "kaskaria-db-resident-name" }, capital(dw.resident_breaks || dw.resident)),
          dbStars(d.stars, dw.stars),
        );
      } else if (d.face_down) {
        resident = h(
          "div",
          { class: "kaskaria-db-resident kaskaria-db-face-down" },
          h("span", { class: "kaskaria-db-resident-name" }, w.face_down),
          h("span", { class: "kaskaria-db-stars" }, w.unknown_stars),
        );
      } else {
        resident = h(
          "div",
          { class: "kaskaria-db-resident kaskaria-db-empty" },
          h("span", { class: "kaskaria-db-resident-name" }, w.no_resident),
        );
      }
      const dice = d.dice.length
        ? d.dice.map((f) => dbDie(f, letters, null, w))
        : [h("span", { class: "kaskaria-db-die-slot" }, w.no_dice)];
      const scared = d.dice.length > 0;
      // a group named by its dragon (not a <section>: a dragon that makes a move takes the role
      // of a button, which a <section> may not have)
      return h(
        "div",
        {
          class: `kaskaria-db-dragon kaskaria-db-c-${d.colour}${scared ? " kaskaria-db-scared" : ""}`,
          role: "group",
          "data-colour": d.colour,
          "aria-label": dw.title,
        },
        h(
          "div",
          { class: "kaskaria-db-dragon-head" },
          h("span", { class: "kaskaria-db-badge", "aria-hidden": "true" }, ktDragonArt(d.colour)),
          h("span", { class: "kaskaria-db-dragon-name" }, dw.title),
          // a narrow card shows the colour alone ("Yellow"): the card is the dragon
          h("span", { class: "kaskaria-db-dragon-colour", "aria-hidden": "true" }, w.Colour[d.colour]),
        ),
        resident,
        h(
          "div",
          { class: "kaskaria-db-dice-row" },
          dice,
          scared ? h("span", { class: "kaskaria-db-scared-tag" }, w.scared) : null,
        ),
      );
    }),
  );
}

function dbMiddle(v, ctx) {
  const o = v.observation;
  const w = v.words;
  const letters = v.letters;
  const slot = (text) => [h("span", { class: "kaskaria-db-die-slot" }, text)];
  // a black die in the well answers a click with why it stays there
  const well = o.well
    ? Array.from({ length: o.well }, () => ctx.refusing(dbDie("black", letters, null, w), null, w.why_black))
    : slot(w.empty);
  // a rolled die of a colour that may be set aside: a click sets that colour aside
  // each roll's dice are new pieces (keyed by the roll's place in the log): they roll in once
  const rollId = ((ctx.view.log.entries.filter((e) => e.chance).pop()) || { n: 0 }).n;
  const rolled = o.rolled.length
    ? o.rolled.map((f, i) => {
        // a click on a die that cannot be set aside is answered with the reason; a silver die
        // goes on the one dragon it may go on, or asks for the dragon when there are several
        let action = `place ${f}`;
        let why = f === "black" ? w.why_black : null;
        if (f === "silver" && !ctx.can(action)) {
          const on = ctx.moves.filter((a) => a.action.startsWith("place silver on "));
          if (on.length === 1) action = on[0].action;
          else if (on.length > 1) why = w.why_silver;
        }
        const die = ctx.clickable(dbDie(f, letters, null, w), action, why);
        die.setAttribute("data-id", `roll-${rollId}-${i}`);
        die.setAttribute("data-anim", "roll");
        return die;
      })
    : slot("\u2014");
  const hand =
    o.hand && ctx.phase !== "over"
      ? Array.from({ length: o.hand }, () =>
          h("span", { class: "kaskaria-db-die kaskaria-db-in-hand", "aria-hidden": "true" }, ktDieArt("hidden")),
        )
      : slot(w.none);
  // the last roll is drawn as its dice: no row of bare letters beside them
  const lastRoll = null;
  const box = (cls, label, title, row, extra) =>
    h(
      "section",
      { class: `kaskaria-db-box ${cls}`, "aria-label": label },
      h("div", { class: "kaskaria-db-box-title" }, title),
      row,
      extra,
    );
  return h(
    "div",
    { class: "kaskaria-db-middle" },
    box("kaskaria-db-well", w.well, w.well, h("div", { class: "kaskaria-db-dice-row" }, well)),
    box("kaskaria-db-rolled", w.rolled, w.rolled, h("div", { class: "kaskaria-db-dice-row" }, rolled), lastRoll),
    ctx.phase === "over" ? null : box("kaskaria-db-hand", w.hand, w.hand, h("div", { class: "kaskaria-db-dice-row" }, hand)),
    box(
      "kaskaria-db-supply",
      w.supply,
      w.supply,
      h("div", { class: "kaskaria-db-pile" }, w.pile),
      h("div", { class: "kaskaria-db-jugglers-left" }, w.jugglers_left),
    ),
  );
}

function dbActions(v, bar, ctx) {
  const letters = v.letters;
  const of = (kind) => ctx.moves.filter((a) => a.kind === kind);
  for (const a of of("roll")) bar.append(ctx.actionButton(a, a.label));
  for (const a of of("place")) bar.append(ctx.actionButton(a, [dbDie(a.face, letters, "kaskaria-db-die-small", v.words), a.label]));
  const silver = of("silver");
  if (silver.length) {
    // "Silver (2 dice) on: [Silver on yellow] [Silver on red] ...": each button says where the
    // silver die goes, read alone too; its accessible name is the whole label ("Silver on yellow
    // (2 dice)")
    const group = v.words.silver_group || silver[0].label;
    bar.append(
      h(
        "div",
        { class: DB_SILVER_GROUP, role: "group", "aria-label": group },
        h(
          "span",
          { class: "kaskaria-db-silver-label" },
          dbDie("silver", letters, "kaskaria-db-die-small", v.words),
          v.words.silver_group ? h("span", {}, v.words.silver_group) : null,
        ),
        silver.map((a) =>
          ctx.actionButton(a, [
            h("span", { class: `kaskaria-db-mini-badge kaskaria-db-c-${a.target}`, "aria-hidden": "true" }, ktDragonArt(a.target)),
            h("span", { class: "kaskaria-db-silver-word" }, a.short || a.label),
          ]),
        ),
      ),
    );
  }
  for (const a of of("stop")) bar.append(ctx.actionButton(a, a.label));
}

function dbPct(x) {
  return `${(100 * x.value).toFixed(1)}%`;
}

function dbMeter(v, ctx) {
  const mw = v.words.meter;
  const toggle = h(
    "button",
    {
      type: "button",
      class: "kt-help kaskaria-db-help",
      "data-key": "help",
      "aria-pressed": v.help ? "true" : "false",
      onclick: () => ctx.send({ type: "help", on: !v.help }),
    },
    v.help ? mw.hide : mw.show,
  );
  const box = h(
    "section",
    { class: "kaskaria-db-meter", "aria-label": mw.title, "data-shown": v.meter ? "true" : "false" },
    h("div", { class: "kaskaria-db-meter-head" }, h("span", { class: "kaskaria-db-box-title" }, mw.title), v.help_locked ? null : toggle),
  );
  if (!v.help) {
    box.append(h("p", { class: "kaskaria-db-meter-off" }, mw.off));
    return box;
  }
  const m = v.meter;
  if (!m) {
    box.append(h("p", { class: "kaskaria-db-meter-off" }, mw.wait));
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
      h(
        "span",
        { class: "kaskaria-db-meter-value", title: x.exact },
        `${x.value.toFixed(2)} `,
        h("span", { "aria-hidden": "true" }, "\u2605"),
      ),
      h("span", { class: "kaskaria-db-best-tag" }, isBest ? mw.better : ""),
    );
  // what a child reads ("Roll again: it works 26 times in 27"); the exact figures a click away
  box.append(
    h("p", { class: "kaskaria-db-meter-plain" }, m.plain),
    h("p", { class: "kaskaria-db-meter-advice" }, m.advice),
  );
  const exact = h(
    "details",
    {
      class: "kaskaria-db-meter-exact",
      "data-id": "meter-exact",
      open: ctx.local && ctx.local.meterOpen ? true : null,
      ontoggle: (e) => {
        if (ctx.local) ctx.local.meterOpen = e.currentTarget.open;
      },
    },
    h("summary", {}, mw.exact),
  );
  box.append(exact);
  exact.append(
    h(
      "div",
      { class: "kaskaria-db-meter-fail" },
      h("span", { class: "kaskaria-db-meter-label" }, mw.fail),
      h(
        "span",
        { class: "kaskaria-db-meter-track kaskaria-db-fail-track", "aria-hidden": "true" },
        h("span", { class: "kaskaria-db-meter-fill", style: `width:${100 * m.next_roll_fail.value}%` }),
      ),
      h("strong", { class: "kaskaria-db-meter-value" }, dbPct(m.next_roll_fail)),
      h("span", { class: "kaskaria-db-exact" }, `(${m.next_roll_fail.exact})`),
    ),
    bar(mw.roll, m.roll_stars, "kaskaria-db-meter-roll", best === "roll"),
    bar(mw.stop, m.stop_stars, "kaskaria-db-meter-stop", best === "stop"),
  );
  if (mw.guess) exact.append(h("p", { class: "kaskaria-db-meter-note" }, mw.guess));
  return box;
}

const BOARD = {
  render(board, ctx) {
    const node = h("div", { class: "kaskaria-db-board" }, dbDragons(board), dbMiddle(board, ctx));
    // a click on a dragon sets aside the rolled dice of its colour; when that is not allowed,
    // the table says why ("this roll shows no red die")
    // (or the silver die, when the roll shows none of that colour but a silver one)
    for (const dragon of node.querySelectorAll(".kaskaria-db-dragon[data-colour]")) {
      const colour = dragon.dataset.colour;
      const silver = `place silver on ${colour}`;
      const own = `place ${colour}`;
      ctx.clickable(dragon, !ctx.can(own) && ctx.can(silver) ? silver : own);
    }
    return node;
  },
  moves(moves, ctx) {
    const bar = h("div", { class: "kaskaria-db-moves" });
    dbActions(ctx.view.board, bar, { actionButton: ctx.button, moves: ctx.moves });
    return bar;
  },
  extras(board, ctx) {
    return dbMeter(board, ctx);
  },
  score(p, ctx) {
    const w = ctx.view.board.words;
    // the star is drawn; a screen reader reads "10 stars"
    return h(
      "span",
      { class: "kt-score kaskaria-db-score" },
      h("span", { "aria-hidden": "true" }, w.scores[p.seat]),
      h("span", { class: "kt-sr" }, w.scores_said[p.seat]),
    );
  },
  player(p, ctx) {
    const w = ctx.view.board.words;
    const names = w.rescued[p.seat];
    const chips = p.rescued.length
      ? p.rescued.map((r, i) =>
          h(
            "span",
            { class: "kaskaria-db-chip" },
            `${capital(names[i])} `,
            // the star is drawn; a screen reader reads "4 stars"
            h("b", { "aria-hidden": "true" }, `${r.stars}\u2605`),
            h("span", { class: "kt-sr" }, w.rescued_stars[p.seat][i]),
          ),
        )
      : [h("span", { class: "kaskaria-db-none" }, w.no_residents)];
    return h(
      "div",
      {},
      h("div", { class: "kaskaria-db-rescued" }, chips),
      h("div", { class: "kaskaria-db-jugglers" }, w.jugglers[p.seat]),
    );
  },
};
