// Heroes of Kaskaria board: the game's part of kaskaria.widgets.HeroesTable.
//
// Joined before table.js (the shared shell) into one ES module; it meets the shell's board
// contract (docs/tables.md): render(board, ctx), moves, extras, score, player. It draws the two paths with every
// figure, the volcano and the amulet, the display, the piles, the viewer's hand grouped by colour
// and the odds panel, all from the synced view (the viewer's observation and the presenter's
// words); it decides nothing and holds no words of its own. Every card shows its colour, a letter
// and its motif's symbol and word, so it reads in black and white. A display card that may be
// taken, the draw pile, and a colour group of the hand that can be played in one way only, are
// clickable (ctx.clickable; a display card and the pile send the move the view's `pieces` names,
// so a click that is not allowed is refused with the rule that move breaks); a group that can be
// played in several ways is picked by a click, which opens its ways in the moves panel
// (`.kaskaria-hk-panel-ways`, the same as its colour's button there, which says how many ways it
// opens), each saying what it does. Hooks for tests:
// `.kaskaria-hk-path`, `.kaskaria-hk-card` (data-card), `.kaskaria-hk-hand`, `.kaskaria-hk-odds`.

function hkCard(v, name, extra, known) {
  const c = v.cards[name];
  // a card of your hand the others know (they saw you take it) carries an eye in its corner
  const label = known ? `${c.label}, ${v.words.known_card}` : c.label;
  return h(
    "span",
    {
      class: `kaskaria-hk-card kaskaria-hk-c-${c.colour}${extra ? " " + extra : ""}${known ? " kaskaria-hk-known-card" : ""}`,
      "data-card": name,
      role: "img",
      "aria-label": label,
      title: label,
      style: `--hk-paint:${c.paint}`,
    },
    // the card's motif drawn large (a griffin, a cliff runner, gold, +2), its colour's letter in
    // the corner and the motif's word: it reads in black and white too
    h("span", { class: "kaskaria-hk-art" }, ktMotifArt(c.motif, ktPaint(c.colour).ink, c.paint)),
    h("b", { class: "kaskaria-hk-letter", "aria-hidden": "true" }, c.letter),
    h("span", { class: "kaskaria-hk-motif" }, c.motif_word),
    known ? h("span", { class: "kaskaria-hk-known-mark", "aria-hidden": "true" }, hkEyeArt()) : null,
  );
}

// the mark of a card the others know: an eye
function hkEyeArt() {
  return ktArt(
    "kaskaria-hk-eye-art",
    24,
    16,
    ktSvg("path", { d: "M1.5 8C5 2.5 19 2.5 22.5 8C19 13.5 5 13.5 1.5 8z", fill: "#ffffff", stroke: "#1d2230", "stroke-width": 1.8 }),
    ktSvg("circle", { cx: 12, cy: 8, r: 3.6, fill: "#1d2230" }),
  );
}

function hkSeatMark(v, ctx, seat, path) {
  const p = ctx.players[seat];
  const name = `${v.words.seat[seat]}: ${v.words.motifs[path]}`;
  // a figure: a pawn in its seat's colour (the seat's player card shows the same pawn)
  return h(
    "span",
    {
      class: `kaskaria-hk-figure kaskaria-hk-seat-${seat}${p && p.viewer ? " kaskaria-hk-mine" : ""}`,
      title: name,
      role: "img",
      "aria-label": name,
      "data-id": `fig-${path}-${seat}`,
    },
    ktPawnArt(seat),
  );
}

function hkPath(v, ctx, path) {
  const w = v.words;
  const o = v.observation;
  const fields = path.fields.map((seats, i) => {
    const volcano = i === path.length;
    const label = i === 0 ? w.village : volcano ? w.volcano : String(i);
    // a click on a field (the village, the volcano, a figure on it) answers why nothing moves
    return ctx.refusing(h(
      "li",
      {
        class: `kaskaria-hk-field${volcano ? " kaskaria-hk-volcano" : ""}${i === 0 ? " kaskaria-hk-village" : ""}`,
        "data-field": i,
      },
      volcano ? h("span", { class: "kaskaria-hk-field-art" }, ktVolcanoArt()) : null,
      i === 0 ? h("span", { class: "kaskaria-hk-field-art" }, ktVillageArt()) : null,
      h("span", { class: "kaskaria-hk-field-label" }, label),
      h("span", { class: "kaskaria-hk-figures" }, seats.map((s) => hkSeatMark(v, ctx, s, path.path))),
      volcano && o.amulet === null
        ? h("span", { class: "kaskaria-hk-amulet", title: w.amulet_state }, ktAmuletArt(), h("span", { class: "kaskaria-hk-amulet-word" }, w.amulet))
        : null,
    ), null, w.path_why);
  });
  return h(
    "section",
    { class: `kaskaria-hk-path kaskaria-hk-path-${path.path}`, "aria-label": w[`${path.path}_path`] },
    // its name, then its way (which a narrow board leaves out, rather than cut the name short)
    h(
      "div",
      { class: "kaskaria-hk-box-title" },
      w[`${path.path}_path_name`],
      h("span", { class: "kaskaria-hk-path-way" }, ` (${w[`${path.path}_path_way`]})`),
    ),
    h("ol", { class: "kaskaria-hk-fields" }, fields),
  );
}

function hkTable(v, ctx) {
  const w = v.words;
  const o = v.observation;
  const display = o.display.map((name, i) =>
    h(
      "div",
      { class: "kaskaria-hk-place", "data-place": i + 1 },
      h("span", { class: "kaskaria-hk-place-number" }, String(i + 1)),
      name
        ? ctx.clickable(hkKeyed(hkCard(v, name), `display-${i}-${name}`), v.pieces.display[i])
        : h("span", { class: "kaskaria-hk-empty" }, w.empty_place),
    ),
  );
  return h(
    "div",
    { class: "kaskaria-hk-middle" },
    h(
      "section",
      { class: "kaskaria-hk-display", "aria-label": w.display },
      h("div", { class: "kaskaria-hk-box-title" }, w.display),
      h("div", { class: "kaskaria-hk-places" }, display),
    ),
    h(
      "section",
      { class: "kaskaria-hk-piles", "aria-label": w.pile },
      // the draw pile: a stack of card backs with its count beside it
      ctx.clickable(
        h("div", { class: "kaskaria-hk-pile" }, h("span", { class: "kaskaria-hk-pile-art" }, ktCardBackArt()), h("span", {}, w.pile)),
        v.pieces.pile,
      ),
      h("div", { class: "kaskaria-hk-discard" }, w.discard),
      // (a short screen shows it in one short line; the whole sentence is its tooltip)
      w.waterfall_brief && w.waterfall_brief !== w.waterfall
        ? h(
            "div",
            { class: "kaskaria-hk-waterfall", title: w.waterfall },
            h("span", { class: "kaskaria-hk-waterfall-full" }, w.waterfall),
            h("span", { class: "kaskaria-hk-waterfall-brief", "aria-hidden": "true" }, w.waterfall_brief),
          )
        : h("div", { class: "kaskaria-hk-waterfall" }, w.waterfall),
      h("div", { class: "kaskaria-hk-supply" }, w.supply),
      h("div", { class: "kaskaria-hk-amulet-state" }, w.amulet_state),
    ),
    o.played.length
      ? h(
          "section",
          { class: "kaskaria-hk-played", "aria-label": w.played },
          h("div", { class: "kaskaria-hk-box-title" }, w.played),
          // a click on a card being played answers what to do instead
          ctx.refusing(h("div", { class: "kaskaria-hk-row" }, o.played.map((n) => hkCard(v, n))), null, w.played_why),
          w.draws_left ? h("div", { class: "kaskaria-hk-draws-left" }, w.draws_left) : null,
        )
      : null,
  );
}

// a card that comes into a hand or the display slides in (each keyed by its name and copy)
function hkKeyed(node, key) {
  node.setAttribute("data-id", key);
  node.setAttribute("data-anim", "slide");
  return node;
}

// A colour group in the viewer's hand that can be played is a piece to click: in exactly one way,
// the click plays the set; in several ways, it opens the colour's ways in the moves panel (as the
// colour's button there does), each saying what it does; a way is then the button that plays it.
// The colour picked is what the screen remembers between the two clicks.
let hkPicked = null;

function hkPlays(v, ctx, g) {
  if (!ctx) return [];
  return ctx.moves.filter(
    (a) => a.kind === "play" && a.cards.length && a.cards.every((n) => v.cards[n] && v.cards[n].colour === g.colour),
  );
}

// the colour picked is forgotten once its set has fewer than two ways (it was played, or the turn ended)
function hkForgetPicked(v, ctx) {
  const group = (v.hand || []).find((g) => g.colour === hkPicked);
  if (!group || hkPlays(v, ctx, group).length < 2) hkPicked = null;
}

function hkShowWays(root) {
  if (!root) return;
  // the moves panel's sets with several ways: the picked one is open in place
  for (const toggle of root.querySelectorAll(".kaskaria-hk-ways-toggle")) {
    toggle.setAttribute("aria-expanded", toggle.dataset.colour === hkPicked ? "true" : "false");
  }
  for (const ways of root.querySelectorAll(".kaskaria-hk-panel-ways")) {
    if (ways.dataset.colour === hkPicked) ways.removeAttribute("hidden");
    else ways.setAttribute("hidden", "");
    hkMoreCue(ways);
  }
  for (const group of root.querySelectorAll(".kaskaria-hk-group[data-ways]")) {
    group.setAttribute("aria-expanded", group.dataset.colour === hkPicked ? "true" : "false");
  }
}

// an open list of ways that holds more than it shows says so at its foot ("More ways below"),
// until it is scrolled to its end: a child saw six of eight ways and did not know of the others
function hkMoreCue(list) {
  const more = !list.hidden && list.scrollHeight - list.clientHeight - list.scrollTop > 2;
  if (more) list.setAttribute("data-more", "");
  else list.removeAttribute("data-more");
}

// pick `colour` (or put it down again) and show its ways; opened from the keyboard (a click with no
// pointer), the focus goes to its first way, without moving the page
function hkPick(e, colour) {
  hkPicked = hkPicked === colour ? null : colour;
  const root = e.currentTarget.closest(".kaskaria-table");
  hkShowWays(root);
  if (root && hkPicked && e.detail === 0 && !e.currentTarget.classList.contains("kaskaria-hk-ways-toggle")) {
    const first = root.querySelector(`.kaskaria-hk-panel-ways[data-colour="${CSS.escape(colour)}"] button`);
    if (first) first.focus({ preventScroll: true });
  }
}

// Escape puts a colour's open ways away (as its button does); the focus, if it was on a way now
// hidden, goes back to the colour's button
function hkEscape(e) {
  if (e.key !== "Escape" || hkPicked === null) return;
  const root = e.currentTarget.closest(".kaskaria-table");
  const colour = hkPicked;
  hkPicked = null;
  hkShowWays(root);
  const active = document.activeElement;
  if (root && active && active.closest && active.closest(".kaskaria-hk-panel-ways")) {
    const toggle = root.querySelector(`.kaskaria-hk-ways-toggle[data-colour="${CSS.escape(colour)}"]`);
    if (toggle) toggle.focus({ preventScroll: true });
  }
  e.preventDefault();
  e.stopPropagation();
}

function hkGroups(v, groups, ctx) {
  // the viewer's own hand: as many copies of each card marked as the others know
  const known = new Map();
  if (ctx) for (const n of v.known_hand || []) known.set(n, (known.get(n) || 0) + 1);
  return groups.map((g) => {
    // the group's name says its colour, how many cards and whether they make a set (the view's
    // words); the letters and words drawn inside are for the eye
    const node = h(
      "div",
      {
        class: `kaskaria-hk-group${g.set ? " kaskaria-hk-is-set" : ""}`,
        "data-colour": g.colour,
        "data-id": `group-${g.colour}`,
        role: "group",
        "aria-label": g.name,
      },
      h("span", { class: "kaskaria-hk-group-name", "aria-hidden": "true" }, `${g.letter} ${capital(g.label)}`),
      g.cards.map((n, i) => {
        const copy = g.cards.slice(0, i).filter((x) => x === n).length;
        return hkKeyed(hkCard(v, n, "", copy < (known.get(n) || 0)), `card-${n}-${copy}`);
      }),
      g.set ? h("span", { class: "kaskaria-hk-set-tag", "aria-hidden": "true" }, v.words.set) : null,
    );
    // another seat's hand (on a screen that sees every hand) is only shown
    if (!ctx) return node;
    const plays = hkPlays(v, ctx, g);
    // cards that make no set to play now answer a click with the reason
    if (!plays.length) {
      const why = g.cards.length < 2 ? v.words.lone_card : v.words.no_set; // a set needs two
      return ctx.refusing(node, null, ctx.moves.length ? why : ctx.view.message.prompt || ctx.view.turn.text);
    }
    if (plays.length === 1) return ctx.clickable(node, plays[0].action);
    node.classList.add("kt-clickable");
    node.setAttribute("data-ways", String(plays.length));
    node.setAttribute("aria-expanded", g.colour === hkPicked ? "true" : "false");
    node.__kt_on = { click: (e) => hkPick(e, g.colour) };
    node.addEventListener("click", ktDispatch);
    return node;
  });
}

function hkHand(v, ctx) {
  const w = v.words;
  const parts = [];
  if (v.hand === null) {
    parts.push(h("section", { class: "kaskaria-hk-hand kaskaria-hk-hidden-hand" }, w.hand));
  } else {
    parts.push(
      h(
        "section",
        { class: "kaskaria-hk-hand", "aria-label": w.hand },
        h(
          "div",
          { class: "kaskaria-hk-box-title" },
          w.hand,
          // how many of its cards the others know, by the eye that marks them
          w.hand_known ? h("span", { class: "kaskaria-hk-hand-known" }, " \u00b7 ", hkEyeArt(), " ", w.hand_known) : null,
        ),
        h("div", { class: "kaskaria-hk-groups" }, hkGroups(v, v.hand, ctx)),
      ),
    );
  }
  for (const [seat, groups] of Object.entries(v.others || {})) {
    parts.push(
      h(
        "section",
        { class: "kaskaria-hk-hand kaskaria-hk-other-hand", "data-seat": seat },
        h("div", { class: "kaskaria-hk-box-title" }, w.hand_of[seat]),
        h("div", { class: "kaskaria-hk-groups" }, hkGroups(v, groups)),
      ),
    );
  }
  return parts;
}

function hkActions(v, bar, ctx) {
  const of = (kind) => ctx.moves.filter((a) => a.kind === kind);
  // one flat list of children: the shell's h() flattens a single level
  // a set's button says what it does (`short`); its full label, naming the cards, is its name
  const withCards = (a) => [...a.cards.map((n) => hkCard(v, n, "kaskaria-hk-card-small")), h("span", { class: "kaskaria-hk-move-label" }, a.short || a.label)];
  // the ways to get a card (the display's cards, then the pile, as on the board and as their keys
  // 1, 2, 3 and 4 go) together: on a short screen a row of their drawings (the words are each
  // button's name), so a big hand's sets stay above the fold
  const draws = [
    ...of("take").map((a) => ctx.actionButton(a, withCards(a))),
    ...of("draw").map((a) => ctx.actionButton(a, [h("span", { class: "kaskaria-hk-pile-art" }, ktCardBackArt()), h("span", { class: "kaskaria-hk-move-label" }, a.label)])),
  ];
  if (draws.length) bar.append(h("div", { class: "kaskaria-hk-draws" }, draws));
  for (const a of of("plus2")) bar.append(ctx.actionButton(a, a.cards.length ? withCards(a) : a.label));
  const plays = of("play");
  if (plays.length) {
    // the sets to play, by colour: a colour with one way is its button; a colour with several
    // ways is one button that opens them in place (the same pick as its group on the board), so
    // a hand of many cards keeps its moves on the first screen
    const byColour = new Map();
    for (const a of plays) {
      const colour = v.cards[a.cards[0]] ? v.cards[a.cards[0]].colour : "";
      if (!byColour.has(colour)) byColour.set(colour, []);
      byColour.get(colour).push(a);
    }
    const groups = new Map((v.hand || []).map((g) => [g.colour, g]));
    const row = h("div", { class: "kaskaria-hk-plays", role: "group" });
    for (const [colour, list] of byColour) {
      const g = groups.get(colour);
      if (list.length === 1 || !g || !g.ways) {
        for (const a of list) row.append(ctx.actionButton(a, withCards(a)));
        continue;
      }
      const open = hkPicked === colour;
      row.append(
        h(
          "div",
          { class: "kaskaria-hk-play-set", "data-colour": colour },
          h(
            "button",
            {
              type: "button",
              class: `kaskaria-hk-ways-toggle kaskaria-hk-c-${colour}`,
              "data-colour": colour,
              "data-key": `ways:${colour}`,
              "aria-expanded": open ? "true" : "false",
              onclick: (e) => hkPick(e, colour),
            },
            // the colour's round token, painted as its cards are (as in the odds panel): never
            // drawn like a key's badge, which a letter in a frame would be taken for
            h(
              "span",
              {
                class: `kaskaria-hk-odds-badge kaskaria-hk-ways-badge kaskaria-hk-c-${colour}`,
                style: `--hk-paint:${v.cards[g.cards[0]].paint}`,
                "aria-hidden": "true",
              },
              h("b", { class: "kaskaria-hk-letter" }, g.letter),
            ),
            // what it opens: "Orange: 3 ways to play"
            g.ways,
          ),
          h(
            "div",
            {
              class: "kaskaria-hk-panel-ways",
              "data-colour": colour,
              hidden: open ? null : true,
              onscroll: (e) => hkMoreCue(e.currentTarget),
            },
            // a way says what it does (the colour is its list's button: "Griffin 1 field, 1
            // gold"), its cards beside the words where there is room; its name says it whole
            list.map((a) => ctx.actionButton(a, [...a.cards.map((n) => hkCard(v, n, "kaskaria-hk-card-small")), h("span", { class: "kaskaria-hk-move-label" }, a.way || a.short || a.label)])),
            h("div", { class: "kaskaria-hk-ways-more", "aria-hidden": "true" }, `\u25bc ${v.words.ways_more}`),
          ),
        ),
      );
    }
    bar.append(row);
    // (measured once drawn: the list on the page, whichever node the redraw kept)
    requestAnimationFrame(() => {
      for (const list of document.querySelectorAll(".kaskaria-hk-panel-ways")) hkMoreCue(list);
    });
  }
  for (const a of of("pass")) bar.append(ctx.actionButton(a, a.label));
}


function hkOdds(v, ctx) {
  const ow = v.words.odds;
  const toggle = h(
    "button",
    {
      type: "button",
      class: "kt-help kaskaria-hk-help",
      "data-key": "help",
      "aria-pressed": v.help ? "true" : "false",
      onclick: () => ctx.send({ type: "help", on: !v.help }),
    },
    v.help ? ow.hide : ow.show,
  );
  const box = h(
    "section",
    { class: "kaskaria-hk-odds", "aria-label": ow.title, "data-shown": v.odds ? "true" : "false" },
    h("div", { class: "kaskaria-hk-odds-head" }, h("span", { class: "kaskaria-hk-box-title" }, ow.title), v.help_locked ? null : toggle),
  );
  if (!v.help) {
    box.append(h("p", { class: "kaskaria-hk-odds-off" }, ow.off));
    return box;
  }
  if (!v.odds) {
    box.append(h("p", { class: "kaskaria-hk-odds-off" }, ow.only_seat));
    return box;
  }
  // what a child reads first ("5 times in 23"), the percentages and fractions a click away
  const row = (r, extra) =>
    h(
      "div",
      { class: `kaskaria-hk-odds-row${extra || ""}`, "data-colour": r.colour || "" },
      // the colour's badge: a round token painted as its cards are, with their letter (the
      // row's words name the colour: it is never told by the paint alone)
      r.letter
        ? h("span", { class: `kaskaria-hk-odds-badge kaskaria-hk-c-${r.colour}`, style: `--hk-paint:${r.paint}`, "aria-hidden": "true" }, h("b", { class: "kaskaria-hk-letter" }, r.letter))
        : null,
      h("span", { class: "kaskaria-hk-odds-text" }, r.text),
      // the chance on a line of its own: its bar as wide as the line leaves beside the number
      r.chance
        ? h(
            "span",
            { class: "kaskaria-hk-odds-chance" },
            h(
              "span",
              { class: "kaskaria-hk-track", "aria-hidden": "true" },
              h("span", { class: "kaskaria-hk-fill", style: `width:${100 * r.chance.value}%` }),
            ),
            h("strong", { class: "kaskaria-hk-odds-value" }, r.chance.plain),
          )
        : null,
    );
  const all = [...v.odds.rows, ...v.odds.waterfall].filter((r) => r.chance);
  box.append(
    ...v.odds.rows.map((r) => row(r)),
    ...v.odds.waterfall.map((r) => row(r, " kaskaria-hk-odds-water")),
    all.length
      ? h(
          "details",
          {
            class: "kaskaria-hk-odds-exact",
            "data-id": "odds-exact",
            open: ctx.local && ctx.local.oddsOpen ? true : null,
            ontoggle: (e) => {
              if (ctx.local) ctx.local.oddsOpen = e.currentTarget.open;
            },
          },
          h("summary", {}, ow.exact),
          ...all.map((r) =>
            h(
              "p",
              { class: "kaskaria-hk-odds-exact-row" },
              `${r.text}: ${r.chance.percent} `,
              h("span", { class: "kaskaria-hk-exact" }, `(${r.chance.exact})`),
            ),
          ),
        )
      : null,
    h("p", { class: "kaskaria-hk-odds-note" }, v.odds.note),
  );
  return box;
}

// where a seat's figure stands on one path, in words ("griffin 2"), and for a narrow player card
// the figure drawn (as on the cards) with its place
function hkFigureAt(v, seat, path) {
  const o = v.observation;
  const place = (path === "griffin" ? o.griffins : o.runners)[seat];
  return h(
    "span",
    { class: "kaskaria-hk-figure-at" },
    h("span", { class: "kaskaria-hk-figure-word" }, v.words.figures[seat][path]),
    h(
      "span",
      { class: "kaskaria-hk-figure-brief", "aria-hidden": "true" },
      h("span", { class: "kaskaria-hk-figure-art" }, ktMotifArt(path, "#1d2230", "#ffffff")),
      String(place),
    ),
  );
}

const BOARD = {
  render(board, ctx) {
    const v = board;
    hkForgetPicked(v, ctx);
    return h(
      "div",
      { class: "kaskaria-hk-board", onkeydown: hkEscape },
      h("div", { class: "kaskaria-hk-paths" }, v.paths.map((p) => hkPath(v, ctx, p))),
      hkTable(v, ctx),
      hkHand(v, ctx),
    );
  },
  moves(moves, ctx) {
    const bar = h("div", { class: "kaskaria-hk-moves", onkeydown: hkEscape });
    hkActions(ctx.view.board, bar, { actionButton: ctx.button, moves: ctx.moves });
    return bar;
  },
  extras(board, ctx) {
    // a full hand takes no card: no odds of the next one (the prompt says to play a set)
    return board.odds_full ? null : hkOdds(board, ctx);
  },
  score(p, ctx) {
    // a narrow player card shows the gold in short ("12 Gold" for "12 Goldstücke", which ran
    // past the card's edge with four players at 683 x 512), the whole words as its tooltip;
    // whichever is shown is what a screen reader says
    const w = ctx.view.board.words;
    const full = w.gold[p.seat];
    const brief = w.gold_brief ? w.gold_brief[p.seat] : full;
    if (brief === full) return h("span", { class: "kt-score kaskaria-hk-score" }, full);
    return h(
      "span",
      { class: "kt-score kaskaria-hk-score", title: full },
      h("span", { class: "kaskaria-hk-score-full" }, full),
      h("span", { class: "kaskaria-hk-score-brief" }, brief),
    );
  },
  player(p, ctx) {
    const w = ctx.view.board.words;
    const figures = w.figures[p.seat];
    return h(
      "div",
      { class: "kaskaria-hk-player-info" },
      h(
        "div",
        { class: "kaskaria-hk-figures-of" },
        // the seat's pawn, as on the paths (its colour says whose figures they are), and where the
        // seat's two figures stand, in words ("griffin 2 · runner 4"; the dot is not read out)
        // (a narrow card shows each path's figure drawn, as on the cards, beside its place; the
        // words stay for screen readers)
        h("span", { class: `kaskaria-hk-pawn-key kaskaria-hk-seat-${p.seat}`, "aria-hidden": "true" }, ktPawnArt(p.seat)),
        hkFigureAt(ctx.view.board, p.seat, "griffin"),
        h("span", { class: "kaskaria-hk-figure-dot", "aria-hidden": "true" }, " \u00b7 "),
        hkFigureAt(ctx.view.board, p.seat, "runner"),
        p.amulet ? h("span", { class: "kaskaria-hk-amulet-tag" }, " ", ktAmuletArt(), w.amulet) : null,
      ),
      h("div", { class: "kaskaria-hk-hand-size" }, w.hand_size[p.seat]),
      w.stand_ins[p.seat] ? h("div", { class: "kaskaria-hk-stand-ins" }, w.stand_ins[p.seat]) : null,
      // your own card says how many of your cards the others know, each marked with an eye in
      // your hand (nothing to hover for); another seat's card lists them
      // (a short screen shows how many, beside the eye: "6 known"; the whole words are the
      // tooltip and what a screen reader says)
      w.known[p.seat]
        ? h(
            "div",
            { class: "kaskaria-hk-known", title: w.known[p.seat] },
            p.seat === ctx.view.board.you ? [hkEyeArt(), " "] : null,
            h("span", { class: "kaskaria-hk-known-full" }, w.known[p.seat]),
            w.known_brief && w.known_count
              ? h(
                  "span",
                  { class: "kaskaria-hk-known-brief", "aria-hidden": "true" },
                  p.seat === ctx.view.board.you ? null : [hkEyeArt(), " "],
                  h("span", { class: "kaskaria-hk-known-words" }, w.known_brief[p.seat]),
                  h("span", { class: "kaskaria-hk-known-count" }, String(w.known_count[p.seat])),
                )
              : null,
          )
        : null,
    );
  },
};
