// Dragon's Gold board: the game's part of kaskaria.widgets.DragonsGoldTable.
//
// Joined before table.js (the shared shell) into one ES module; it meets the shell's board
// contract (docs/tables.md): render(board, ctx), moves, score, player. It draws the four dragons
// with their treasure and attackers, the bag, the deck and the market, every player's
// adventurers, the viewer's own screen and items (other screens only as counts), the split being
// built and the trade offer being made at the market (the hourglass is the shell's). It decides
// nothing and holds no words of its own: every label comes from the view. Two dragons (a Swap of
// dragons, chosen among the viewer's items) or two shares (a Swap of shares) are swapped by
// clicking one, then the other. Hooks for tests: `.kaskaria-dg-dragon`, `.kaskaria-dg-split`,
// `.kaskaria-dg-screen`, `.kaskaria-dg-market-offer`, `.kaskaria-dg-item-swap`.

function dgToken(colour, n, w) {
  // a drawn gem, coin or magic token, how many, and its colour's word (hidden on a small screen;
  // its name stays in the label): "4 silver", never "4× silver" (children's words have no "×")
  return h(
    "span",
    {
      class: `kaskaria-dg-token kaskaria-dg-t-${colour}`,
      "data-colour": colour,
      title: w.colour_names[colour],
      role: "img",
      "aria-label": `${n} ${w.colours[colour]}`,
    },
    ktTokenArt(colour),
    h("span", { class: "kaskaria-dg-token-n" }, `${n}`),
    h("span", { class: "kaskaria-dg-token-word" }, w.colours[colour]),
  );
}

function dgTokens(counts, w) {
  const entries = Object.entries(counts || {});
  // none: the word ("Behind your screen: nothing"), not a dash a child cannot read
  if (!entries.length) return h("span", { class: "kaskaria-dg-none" }, w.nothing);
  return h("span", { class: "kaskaria-dg-tokens" }, entries.map(([c, n]) => dgToken(c, n, w)));
}

// Sending by clicks: the adventurer picked on the board (what the screen remembers between the
// two clicks; Python only ever gets the whole move, by its code from the moves).
let dgPicked = null;

// Swapping two dragons by clicks (a Swap of dragons in the viewer's items): null while not
// swapping; once the item is chosen, `{ first }`, the place of the first dragon clicked (null
// until then). As with sending, Python only gets the whole move.
let dgSwap = null;

// What the picks above belong to: the viewer and its legal moves. A new decision (another turn,
// another person at a shared screen) starts with nothing picked.
let dgDecision = null;

function dgNewDecision(v, ctx) {
  const key = `${v.observation.viewer}:${ctx.moves.map((a) => a.action).join("|")}`;
  if (key === dgDecision) return;
  dgDecision = key;
  dgLetGo();
}

function dgLetGo() {
  // nothing picked: no adventurer, no swap begun (of dragons or of shares)
  dgPicked = null;
  dgSwap = null;
  dgShare = null;
}

function dgSwapMove(ctx, a, b) {
  // the move that swaps the dragons at places `a` and `b` (null: not a legal move now)
  const [i, j] = [Number(a), Number(b)].sort((x, y) => x - y);
  const action = `play swap-dragons ${i} ${j}`;
  return i !== j && ctx.can(action) ? action : null;
}

function dgSwapPlaces(ctx) {
  // the places of the dragons some legal swap moves ("play swap-dragons 1 3": "1" and "3")
  const places = ctx.moves.filter((a) => a.action.startsWith("play swap-dragons ")).flatMap((a) => a.action.split(" ").slice(2));
  return new Set(places);
}

function dgCanSwapDragons(ctx) {
  return dgSwapPlaces(ctx).size > 0;
}

function dgSwapOn(ctx, on) {
  // choose the Swap of dragons (the adventurer picked is let go), or let go of it
  dgSwap = on && dgCanSwapDragons(ctx) ? { first: null } : null;
  if (dgSwap) dgPicked = null;
}

function dgSwapStep(w) {
  // the next click of a Swap of dragons begun: the first dragon, or the one to swap it with
  return dgSwap.first === null ? w.swap_dragons.pick : w.swap_dragons.to;
}

function dgTurnHint(v, ctx) {
  // the line that says which click comes next on the dragons
  const w = v.words;
  if (dgSwap) return dgSwapStep(w);
  if (!ctx.moves.some((a) => a.kind === "send")) return "";
  return dgPicked ? w.send_to : w.send_pick;
}

function dgStep(v) {
  // the next click of a pick begun on the board, for the message box (null: nothing picked, the
  // view's own prompt stands)
  const w = v.words;
  if (dgSwap && w.swap_dragons) return dgSwapStep(w);
  if (dgPicked) return w.send_to;
  if (dgShare !== null && w.swap_shares) return w.swap_shares.to;
  return null;
}

function dgMarkTurn(v, ctx, board) {
  // the pieces of a turn as the clicks so far leave them: the adventurer or item picked, the
  // dragons a click on which makes a move (or picks the first of two to swap), the hint line
  if (!board) return;
  for (const chip of board.querySelectorAll(".kaskaria-dg-pick")) {
    chip.setAttribute("aria-pressed", chip.dataset.adventurer === dgPicked ? "true" : "false");
  }
  for (const item of board.querySelectorAll(".kaskaria-dg-item-swap")) {
    item.setAttribute("aria-pressed", dgSwap ? "true" : "false");
  }
  board.classList.toggle("kaskaria-dg-swapping", dgSwap !== null);
  for (const dragon of board.querySelectorAll(".kaskaria-dg-dragon[data-place]")) {
    const place = dragon.dataset.place;
    let action = null;
    let live = false;
    if (dgSwap) {
      // the first dragon, then any dragon it may swap with; a click on the first lets it go
      const first = dgSwap.first;
      action = first !== null && first !== place ? dgSwapMove(ctx, first, place) : null;
      live = action !== null || first === place || (first === null && dgSwapPlaces(ctx).has(place));
    } else if (dgPicked) {
      const send = `send ${dgPicked} to dragon ${place}`;
      action = ctx.can(send) ? send : null;
      live = action !== null;
    }
    dragon.classList.toggle("kt-clickable", live);
    dragon.classList.toggle("kaskaria-dg-swap-first", dgSwap !== null && dgSwap.first === place);
    dgPressed(dragon, dgSwap !== null && live, dgSwap !== null && dgSwap.first === place);
    if (action) dragon.setAttribute("data-move", action);
    else dragon.removeAttribute("data-move");
  }
  const hint = board.querySelector(".kaskaria-dg-pick-hint");
  if (hint) hint.textContent = dgTurnHint(v, ctx);
  ctx.step(dgStep(v));
}

function dgTurnPicker(v, ctx) {
  // the adventurers to send (a click picks one), above the dragons, and the line that says which
  // click comes next (sending, or swapping two dragons)
  const sends = ctx.moves.filter((a) => a.kind === "send");
  const advs = [...new Set(sends.map((a) => a.adventurer))];
  if (!advs.includes(dgPicked)) dgPicked = null;
  if (dgSwap && !dgCanSwapDragons(ctx)) dgSwap = null;
  if (!sends.length && !dgCanSwapDragons(ctx)) return null;
  return h(
    "div",
    // one Tab stop: the arrow keys go from adventurer to adventurer (ktRovingPieces)
    { class: "kaskaria-dg-picker", role: "group", "aria-label": v.words.send_pick, "data-kt-roving": "buttons", "data-id": "picker" },
    // not a live line: the table's message says the next click too (dgStep), and read twice
    // a new game's first move was heard as two near-alike sentences
    h("span", { class: "kaskaria-dg-pick-hint" }, dgTurnHint(v, ctx)),
    advs.map((adv) =>
      h(
        "button",
        {
          type: "button",
          class: "kaskaria-dg-pick",
          "data-adventurer": adv,
          "data-id": `pick-${adv}`,
          "aria-pressed": adv === dgPicked ? "true" : "false",
          onclick: (e) => {
            dgPicked = dgPicked === adv ? null : adv;
            dgSwap = null;
            dgMarkTurn(v, ctx, e.currentTarget.closest(".kaskaria-dg-board"));
          },
        },
        v.words.adventurers[adv],
      ),
    ),
  );
}

function dgDragons(v, ctx) {
  const w = v.words;
  return h(
    "div",
    // one Tab stop once the dragons can be clicked (an adventurer picked, a swap begun): the
    // arrow keys go from dragon to dragon
    { class: "kaskaria-dg-dragons", role: "group", "aria-label": w.dragons_group, "data-kt-roving": "", "data-id": "dragons" },
    v.observation.dragons.map((d, i) => {
      const dw = w.dragons[i];
      if (d.card === null) {
        return h("section", { class: "kaskaria-dg-dragon kaskaria-dg-empty" }, h("b", {}, dw.title), h("p", {}, dw.empty));
      }
      // a fighter: a compact chip, its player's number in a badge beside the adventurer (its
      // whole name, "Player 1: big knight (4)", is the chip's name and tooltip)
      const fighters = d.fighters.map((f) => {
        const name = `${ctx.players[f.player].label}: ${w.adventurers[f.adventurer]}`;
        return h(
          "span",
          { class: `kaskaria-dg-fighter kaskaria-dg-p${f.player}`, role: "img", "aria-label": name, title: name },
          h("b", { class: "kaskaria-dg-fighter-who" }, String(f.player + 1)),
          w.adventurers[f.adventurer],
        );
      });
      const pct = Math.min(100, (100 * d.sum) / Math.max(1, d.strength));
      // (a named group rather than a section: a dragon that a click sends to or swaps takes the
      // role of a button, which a section may not)
      // the dragon whose treasure is being shared says so rather than listing the split's tokens
      // again (a child took them for a second treasure)
      const treasure = dw.sharing ? h("span", { class: "kaskaria-dg-sharing-note" }, dw.sharing) : dgTokens(d.treasure, w);
      return h(
        "div",
        {
          class: `kaskaria-dg-dragon${dw.sharing ? " kaskaria-dg-sharing" : ""}`,
          role: "group",
          "data-place": String(i + 1),
          "data-id": `dragon-${i + 1}`,
          "aria-label": dw.title,
        },
        // a dragon card: the dragon drawn beside its name, its strength by a sword, its treasure
        // in a chest's row of gems and coins
        h(
          "div",
          { class: "kaskaria-dg-dragon-head" },
          h("span", { class: "kaskaria-dg-dragon-art" }, ktDragonArt("green")),
          h("span", {}, h("b", {}, dw.title), " ", h("span", { class: "kaskaria-dg-card" }, dw.place)),
        ),
        h("div", { class: "kaskaria-dg-strength" }, ktSwordArt(), dw.strength),
        h("div", { class: "kaskaria-dg-treasure" }, ktChestArt(), treasure),
        h("div", { class: "kaskaria-dg-hidden" }, dw.hidden),
        h(
          "div",
          { class: "kaskaria-dg-attack" },
          h("span", { class: "kaskaria-dg-bar", "aria-hidden": "true" }, h("span", { style: `width:${pct}%` })),
          h("span", { class: "kaskaria-dg-attack-words" }, dw.attack),
        ),
        h("div", { class: "kaskaria-dg-fighters" }, fighters),
      );
    }),
  );
}

function dgMiddle(v) {
  const w = v.words;
  return h(
    "div",
    { class: "kaskaria-dg-middle" },
    h("span", { class: "kaskaria-dg-bag" }, w.bag),
    h("span", { class: "kaskaria-dg-deck" }, w.deck),
    h("span", { class: "kaskaria-dg-market" }, w.market),
    h("span", { class: "kaskaria-dg-out" }, w.out),
    h("span", { class: "kaskaria-dg-items-deck" }, w.items_deck),
  );
}

function dgItem(v, ctx, it) {
  // one of the viewer's own magic items; a Swap of dragons is a button: a click chooses it (then
  // two dragons make the swap), a click on it again lets it go, and when it cannot be played now
  // the click says when it can
  const text = it.label;
  const sw = v.words.swap_dragons;
  if (it.kind !== "swap-dragons" || !sw) return h("span", { class: "kaskaria-dg-item", title: it.help }, text);
  return h(
    "button",
    {
      type: "button",
      class: "kaskaria-dg-item kaskaria-dg-item-swap",
      "data-id": "item-swap-dragons",
      title: it.help,
      "aria-pressed": dgSwap ? "true" : "false",
      onclick: (e) => {
        const item = e.currentTarget;
        if (!dgCanSwapDragons(ctx)) {
          ctx.refuse(item, ctx.moves.length ? sw.not_now : v.words.not_yours);
          return;
        }
        dgSwapOn(ctx, !dgSwap);
        dgMarkTurn(v, ctx, item.closest(".kaskaria-dg-board"));
      },
    },
    text,
  );
}

function dgMine(v, ctx) {
  const w = v.words;
  if (w.my_screen === undefined) return null;
  const me = v.observation.players[v.observation.viewer];
  const screen = dgTokens(me.screen, w);
  // at the market, what you give: a click on a token of your screen
  for (const token of screen.querySelectorAll(".kaskaria-dg-token[data-colour]")) {
    ctx.clickable(token, `offer ${token.dataset.colour}`);
  }
  return h(
    "section",
    { class: "kaskaria-dg-screen", "aria-label": w.screen },
    h("b", {}, w.screen),
    " ",
    screen,
    w.my_items.length
      ? h(
          "div",
          { class: "kaskaria-dg-hand" },
          h("b", {}, w.hand),
          " ",
          // a list (read out as one), with a visible "·" between two items
          h(
            "ul",
            { class: "kaskaria-dg-items-mine", role: "list" },
            w.my_items.map((it, i) =>
              h(
                "li",
                {},
                dgItem(v, ctx, it),
                i < w.my_items.length - 1 ? h("span", { class: "kaskaria-dg-sep", "aria-hidden": "true" }, " · ") : null,
              ),
            ),
          ),
        )
      : null,
  );
}

// Handing out a split by clicks: the token picked from the treasure left (its colour; what the
// screen remembers between the two clicks), then the player or pile it goes to.
let dgColour = null;

function dgHandOuts(ctx) {
  // the moves that hand a token out: to a player (a proposal) or into a pile (divide and choose)
  return ctx.moves.filter((a) => a.kind === "give" || a.kind === "put");
}

function dgPartMove(v, ctx, colour, i) {
  // the move that puts a `colour` token into part `i` of the split (null: none is legal)
  const sp = v.observation.split;
  if (!sp || colour === null) return null;
  const a = dgHandOuts(ctx).find(
    (x) => x.colour === colour && (x.kind === "give" ? x.to === sp.involved[i] : x.pile === i + 1),
  );
  return a ? a.action : null;
}

// Swapping two shares by clicks (a Swap of shares in the viewer's items, once the shares are
// agreed): the part of the first share clicked ("0", as its `data-part`), null until then.
let dgShare = null;

function dgShareSwaps(ctx) {
  return ctx.moves.filter((a) => a.action.startsWith("play swap-shares "));
}

function dgShareMove(v, ctx, i, j) {
  // the move that swaps the shares of parts `i` and `j` (null: not a legal move now)
  const inv = v.observation.split ? v.observation.split.involved : [];
  const [a, b] = [inv[Number(i)] + 1, inv[Number(j)] + 1];
  return [`play swap-shares ${a} ${b}`, `play swap-shares ${b} ${a}`].find((x) => ctx.can(x)) || null;
}

function dgPressed(node, swapping, first) {
  // while swapping, a dragon or share says to a screen reader whether it is the first one picked
  if (swapping) node.setAttribute("aria-pressed", first ? "true" : "false");
  else node.removeAttribute("aria-pressed");
}

function dgSwapPick(v, ctx, piece) {
  // a click while swapping that makes no move yet: on the first of the two dragons or shares (it
  // is picked), or on that one again (it is let go); false for any other click
  if (piece.matches(".kaskaria-dg-dragon") && dgSwap) {
    const place = piece.dataset.place;
    if (dgSwap.first === place) dgSwap.first = null;
    else if (dgSwap.first === null && dgSwapPlaces(ctx).has(place)) dgSwap.first = place;
    else return false;
    return true;
  }
  if (piece.matches(".kaskaria-dg-part") && dgShareSwaps(ctx).length) {
    const part = piece.dataset.part;
    if (dgShare === part) dgShare = null;
    else if (dgShare === null) dgShare = part;
    else return false;
    return true;
  }
  return false;
}

function dgMarkSplit(v, ctx, root) {
  if (!root) return;
  const colours = new Set(dgHandOuts(ctx).map((a) => a.colour));
  // the picked colour stays picked until changed; when none is picked (or it has run out) the
  // first colour left is picked (the first token shown, ringed), so a click on a player hands
  // over one more token at once
  if (!colours.has(dgColour)) {
    const sp = v.observation.split;
    const shown = Object.keys((sp && sp.left) || {}).filter((c) => colours.has(c));
    dgColour = shown.length ? shown[0] : colours.size ? [...colours][0] : null;
  }
  // the picked one wears a tick (never a ring: a ring is where the keyboard's focus is), says it
  // is pressed, and is the Tab stop of the tokens still to hand out
  let picked = null;
  for (const token of root.querySelectorAll(".kaskaria-dg-take")) {
    const on = token.dataset.colour === dgColour;
    token.setAttribute("data-picked", on ? "true" : "false");
    token.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) picked = token;
  }
  const takes = root.querySelector(".kaskaria-dg-takes[data-kt-roving]");
  if (takes && picked && !takes.contains(document.activeElement)) {
    for (const token of takes.querySelectorAll("[data-kt-current]")) token.removeAttribute("data-kt-current");
    picked.setAttribute("data-kt-current", "");
    if (picked.hasAttribute("data-kt-piece")) ktRove(takes, picked);
  }
  // with a Swap of shares: every share answers a click (the first is picked, then the second
  // makes the swap)
  const swapping = dgShareSwaps(ctx).length > 0;
  if (!swapping) dgShare = null;
  for (const part of root.querySelectorAll(".kaskaria-dg-part[data-part]")) {
    const i = part.dataset.part;
    let action = dgPartMove(v, ctx, dgColour, Number(i));
    if (action !== null && !ctx.can(action)) action = null;
    // choosing a pile: a click on the pile takes it (as its button "Take pile 1" does)
    if (action === null) {
      const take = ctx.moves.find((a) => a.kind === "choose" && a.action === `choose pile ${Number(i) + 1}`);
      if (take) action = take.action;
    }
    let live = action !== null;
    if (swapping) {
      action = dgShare !== null && dgShare !== i ? dgShareMove(v, ctx, dgShare, i) : null;
      live = action !== null || dgShare === null || dgShare === i;
    }
    part.classList.toggle("kt-clickable", live);
    part.classList.toggle("kaskaria-dg-swap-first", swapping && dgShare === i);
    dgPressed(part, swapping && live, dgShare === i);
    if (action) part.setAttribute("data-move", action);
    else part.removeAttribute("data-move");
    dgShareButton(part, live && action ? ctx.moves.find((a) => a.action === action) : null);
  }
  const hint = root.querySelector(".kaskaria-dg-split-hint");
  const sw = v.words.swap_shares;
  if (hint && swapping && sw) hint.textContent = dgShare === null ? sw.pick : sw.to;
  ctx.step(dgStep(v));
}

function dgShareButton(part, found) {
  // a share or pile whose click hands out the picked colour (its gems beside it make the same
  // moves, one Tab stop): a button to a screen reader too, named by what it is and what a click
  // does ("Player 2 gets 3 points now. Silver to Player 2"), reached by a screen reader and a
  // click but not by Tab (its gems are that stop: a child met the same move twice in a row)
  if (!part.hasAttribute("data-kt-pointer")) return;
  // (the move's name as its button says it to a screen reader: "silver to pile 2", no arrow)
  const move = found && (found.name || found.label);
  if (move) {
    const sentence = part.querySelector(".kt-sr");
    const said = sentence ? sentence.textContent.trim() : "";
    part.setAttribute("role", "button");
    part.setAttribute("tabindex", "-1");
    part.setAttribute("aria-label", said ? `${said} ${move}` : move);
  } else {
    part.removeAttribute("role");
    part.removeAttribute("tabindex");
    part.removeAttribute("aria-label");
  }
}

// A click on a dragon or a part of a split that makes no move now is answered with the reason:
// the board's own ("First pick an adventurer") or the table's gate's, for the move it would be.
function dgRefused(v, ctx, node) {
  const w = v.words;
  if (node.matches(".kaskaria-dg-dragon")) {
    if (!dgPicked && dgCanSwapDragons(ctx)) return ctx.refuse(node, w.swap_dragons.first);
    const sends = ctx.moves.filter((a) => a.kind === "send");
    if (sends.length && !dgPicked) return ctx.refuse(node, w.send_first);
    if (dgPicked) return ctx.refuse(node, null, `send ${dgPicked} to dragon ${node.dataset.place}`);
  } else if (node.matches(".kaskaria-dg-part")) {
    if (dgHandOuts(ctx).length && !dgColour) return ctx.refuse(node, w.split_first);
  }
  // nothing to do with it now: why, in one line
  if (!ctx.moves.length) return ctx.refuse(node, w.not_yours);
  if (node.matches(".kaskaria-dg-dragon") && v.observation.phase === "turn") {
    return ctx.refuse(node, ctx.view.message.prompt || w.not_yours);
  }
  // a pile that may take no more says so ("Pile 1 is full for now: ..."), a dragon the moment
  return ctx.refuse(node, node.matches(".kaskaria-dg-part") ? w.not_now_part : w.not_now);
}

function dgGives(v, ctx, i, name) {
  // the colours still left, as gems to click in share or pile `i`: one click hands it one token
  // of that colour (and picks that colour, so a click on the share itself hands one more)
  const sp = v.observation.split;
  const gems = Object.keys((sp && sp.left) || {})
    .map((c) => [c, dgPartMove(v, ctx, c, i)])
    .filter(([, action]) => action !== null && ctx.can(action))
    .map(([c, action]) => {
      const gem = h(
        "span",
        {
          class: `kaskaria-dg-token kaskaria-dg-t-${c} kaskaria-dg-give`,
          "data-colour": c,
          "data-id": `give-${i}-${c}`,
          title: v.words.colour_names[c],
        },
        ktTokenArt(c),
      );
      gem.addEventListener("click", () => {
        dgColour = c;
      });
      return ctx.clickable(gem, action);
    });
  // the gems of one share or pile are one Tab stop, the arrow keys move among them (a child
  // with a keyboard otherwise passed every gem of every pile, one by one)
  return gems.length
    ? h("div", { class: "kaskaria-dg-gives", role: "group", "aria-label": name, "data-kt-roving": "", "data-id": `gives-${i}` }, gems)
    : null;
}

function dgSplit(v, ctx) {
  const s = v.words.split;
  if (!s) return null;
  const sp = v.observation.split;
  const w = v.words;
  const colours = new Set(dgHandOuts(ctx).map((a) => a.colour));
  // the tokens left on the dragon's treasure: the ones that can be handed out now are pieces to click
  const left = Object.entries((sp && sp.left) || {}).map(([c, n]) =>
    colours.has(c)
      ? h(
          "span",
          {
            class: `kaskaria-dg-token kaskaria-dg-t-${c} kaskaria-dg-take kt-clickable`,
            "data-colour": c,
            "data-id": `take-${c}`,
            "data-picked": c === dgColour ? "true" : "false",
            title: w.colour_names[c],
            // (its words are its name also where a short screen shows its drawing and count alone)
            "aria-label": `${n} ${w.colours[c]}`,
            onclick: (e) => {
              e.stopPropagation();
              dgColour = c;
              const board = e.currentTarget.closest(".kaskaria-dg-board");
              dgMarkSplit(v, ctx, board);
              // the token is picked: say what comes next
              const hint = board && board.querySelector(".kaskaria-dg-split-hint");
              if (hint) hint.textContent = w.split_to;
            },
          },
          h("span", { class: "kaskaria-dg-tick", "aria-hidden": "true" }, "\u2713"),
          ktTokenArt(c),
          h("span", { class: "kaskaria-dg-token-n" }, `${n}`),
          " ",
          h("span", { class: "kaskaria-dg-token-word" }, w.colours[c]),
        )
      : dgToken(c, n, w),
  );
  return h(
    "section",
    { class: "kaskaria-dg-split", "aria-label": s.title },
    // the title and whose proposal in one line
    h("div", {}, h("b", {}, s.title), s.who ? h("span", { class: "kaskaria-dg-split-who" }, ` · ${s.who}`) : null),
    h(
      "div",
      { class: "kaskaria-dg-parts" },
      s.parts.map((p, i) => {
        // answering a proposal, the viewer's own share says "You get" (and, to a screen reader,
        // what it gets and what that is worth to it)
        const mine = s.answer && s.answer.part === i;
        // the gems to hand this share: one Tab stop for the keyboard. The share's card then
        // answers only a pointer's click (it hands out the picked colour): as a Tab stop it
        // named the same move as its first gem, and Enter on it gave a colour no word named
        const gives = dgGives(v, ctx, i, p.give_here);
        // a share: its head (whose, its worth, its tokens; a click on it hands over one more of
        // the picked colour) and, beside it rather than inside it, the gems to hand it
        return h(
          "div",
          {
            class: `kaskaria-dg-share${mine ? " kaskaria-dg-mine" : ""}`,
            // to a screen reader a share is one group named by its sentence, its tokens inside
            // it; the viewer's own share, answered, says its tokens in its name ("You get: 1
            // blue. For you: …"), so what is inside is not said again (a child tester's screen
            // reader heard "4 points now" twice, and the others' tokens apart from their names)
            ...(mine
              ? { role: "group", "aria-label": `${s.answer.get} ${s.answer.worth}` }
              : p.said && !gives
                ? { role: "group", "aria-label": p.said }
                : {}),
          },
          h(
            "div",
            {
              class: "kaskaria-dg-part",
              "data-part": String(i),
              "data-id": `part-${i}`,
              "data-kt-pointer": gives ? "" : null,
              "aria-hidden": mine && !gives ? "true" : null,
            },
            // whose share, and what it is worth at once (points, and gems for the majorities)
            // (and its worth in short, points and gems, which a short screen shows instead: the
            // whole sentence stays as the short one's tooltip); a screen reader reads it as one
            // sentence ("Player 2 gets 3 points now."), not the name and the worth run together
            h(
              "div",
              {},
              // (the share's sentence, its group's name: kept here for a share's button to name
              // itself by, said once)
              p.said ? h("span", { class: "kt-sr", "aria-hidden": "true" }, p.said) : null,
              h(
                "span",
                p.said ? { "aria-hidden": "true" } : {},
                h("b", {}, mine ? s.answer.label : p.label),
                p.worth ? [" ", h("span", { class: "kaskaria-dg-worth" }, p.worth)] : null,
                p.worth && p.worth_brief && p.worth_brief !== p.worth
                  ? h("span", { class: "kaskaria-dg-worth-brief", "aria-hidden": "true", title: p.worth }, p.worth_brief)
                  : null,
              ),
            ),
            // its tokens as counted chips side by side (their words are the chips' names); an
            // empty share says "nothing"
            sp && sp.parts && sp.parts[i] && Object.keys(sp.parts[i]).length
              ? h("div", { class: "kaskaria-dg-share-tokens" }, dgTokens(sp.parts[i], w))
              : h("div", { class: "kaskaria-dg-share-none" }, p.tokens),
          ),
          gives,
        );
      }),
    ),
    // answering a proposal: what I get, what it is worth to me, what saying no costs
    s.answer
      ? h(
          "div",
          { class: "kaskaria-dg-answer" },
          [s.answer.refuse, s.answer.no_deal].filter(Boolean).join(" "),
        )
      : null,
    // the proposal is made on the board too, once every token is handed out
    ...ctx.moves
      .filter((a) => a.kind === "propose" || a.kind === "split")
      .map((a) =>
        ctx.clickable(h("button", { type: "button", class: "kaskaria-dg-board-propose", "data-id": `board-${a.kind}` }, a.label), a.action),
      ),
    // the tokens still to hand out only pick a colour: one Tab stop together, the arrow keys
    // move among them (as among the gems of a pile)
    s.left
      ? h(
          "div",
          { class: "kaskaria-dg-left" },
          `${w.left}: `,
          h("span", { class: "kaskaria-dg-tokens kaskaria-dg-takes", role: "group", "aria-label": w.left, "data-kt-roving": "", "data-id": "takes" }, left),
        )
      : null,
    // handing out by clicks: a token, then who gets it (the line says which click comes next)
    colours.size || (w.swap_shares && dgShareSwaps(ctx).length)
      ? h("div", { class: "kaskaria-dg-split-hint", role: "status" }, colours.size ? w.split_first : w.swap_shares.pick)
      : null,
    // (while answering, what saying no costs says it already)
    s.proposals_left && !s.answer ? h("div", { class: "kaskaria-dg-budget" }, s.proposals_left) : null,
  );
}

function dgMarket(v, ctx) {
  // the trade offer being made: what its maker offers, what it asks for and, once made, to whom
  // (in its title). The choices are the moves' buttons beside the board alone ("+1" and a
  // colour in the rows "You offer", "You ask for", then the players), and the tokens of the
  // viewer's own screen: the box said them a second time, which a child read as two things to do
  const m = v.words.market_offer;
  if (!m) return null;
  return h(
    "section",
    { class: "kaskaria-dg-market-offer", "aria-label": m.title },
    h("b", {}, m.title),
    h("div", { class: "kaskaria-dg-offer-give" }, h("b", {}, m.give_label), ": ", m.give),
    h("div", { class: "kaskaria-dg-offer-ask" }, h("b", {}, m.ask_label), ": ", m.ask),
    // (on another screen: whose offer is still being made; the maker's own next step is the
    // table's message, said once)
    m.with ? h("div", { class: "kaskaria-dg-offer-with" }, m.with) : null,
    h("div", { class: "kaskaria-dg-offers-left" }, m.left),
  );
}

function dgActions(v, bar, ctx) {
  // sending: one row per adventurer ("Big knight (4)" and a button per dragon)
  // (and a Recall: "Recall: the fighters of" and a button per dragon, drawn the same way)
  const recall = (a) => a.kind === "play" && a.action.startsWith("play recall ");
  const sends = new Map();
  for (const a of ctx.moves.filter((x) => x.kind === "send" || recall(x))) {
    const key = recall(a) ? "recall" : a.adventurer;
    if (!sends.has(key)) sends.set(key, []);
    sends.get(key).push(a);
  }
  for (const [adv, list] of sends) {
    const label = adv === "recall" ? list[0].group : v.words.adventurers[adv];
    bar.append(
      h(
        "div",
        // one Tab stop a row, the arrow keys from dragon to dragon (a child counted sixteen Tab
        // stops to send the last adventurer)
        {
          class: `kaskaria-dg-row kaskaria-dg-row-send`,
          role: "group",
          "aria-label": label,
          "data-kt-roving": "buttons",
          "data-id": `send-${adv}`,
        },
        h("span", { class: "kaskaria-dg-row-label" }, label),
        // "Dragon 1" on the button, or where a quarter of the row cannot hold it on one line
        // (a child tester read "Dragon / 1" in two lines) the dragon's picture and its number,
        // as the dragon on the board is drawn; its name, for screen readers, says the whole move
        list.map((a) => {
          const b = ctx.actionButton(a, [
            h("span", { class: "kaskaria-dg-send-art", "aria-hidden": "true" }, ktDragonArt("green")),
            h("span", { class: "kaskaria-dg-send-word" }, a.short),
            h("span", { class: "kaskaria-dg-send-n", "aria-hidden": "true" }, String(a.dragon)),
          ]);
          b.setAttribute("title", a.short);
          if (a.name) b.setAttribute("aria-label", a.name);
          return b;
        }),
      ),
    );
  }
  // grouped by kind: the token buttons of a split in one row per colour
  const groups = new Map();
  for (const a of ctx.moves) {
    if (a.kind === "send" || recall(a)) continue;
    // (a Swap of dragons' six swaps in a row of their own, apart from a Recall's)
    const key =
      a.colour && (a.kind === "give" || a.kind === "put")
        ? `${a.kind}-${a.colour}`
        : a.action.startsWith("play swap-dragons ")
          ? "play-swap-dragons"
          : a.kind;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  // at the market: what you give, then what you get, then with whom (then withdraw or leave;
  // the moves' keys run in this order, see key_order in present.py)
  const first = { offer: 0, ask: 1, trade: 2, cancel: 3 };
  const rows = [...groups].map(([key, list], i) => [first[list[0].kind] ?? 4, i, key, list]);
  rows.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [, , key, list] of rows) {
    const row = h("div", { class: `kaskaria-dg-row kaskaria-dg-row-${key}` });
    // handing out a split: a row per colour ("blue"), a short button per player or pile; a
    // Swap of dragons: a row of its six swaps ("1 ↔ 3")
    const grid = list[0].group && list.every((a) => a.short);
    if (grid) {
      row.classList.add("kaskaria-dg-row-grid");
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", list[0].group);
      const colour = list[0].colour;
      row.append(
        colour
          ? h(
              "span",
              { class: `kaskaria-dg-row-label kaskaria-dg-token kaskaria-dg-t-${colour}` },
              ktTokenArt(colour),
              h("span", { class: "kaskaria-dg-token-word" }, list[0].group),
            )
          : h("span", { class: "kaskaria-dg-row-label" }, list[0].group),
      );
    }
    // at the market a token to give or ask for, and at a theft the token to give up or take, is
    // its drawn token and colour (its whole label is the button's name): a row of small pieces
    // rather than a column of long buttons (nine colours stay on a projector's first screen)
    const tokens = ["ask", "offer", "ward", "pick"].includes(list[0].kind) && list.every((a) => a.colour);
    if (tokens) row.classList.add("kaskaria-dg-row-tokens");
    // at the market each row says what its buttons do: "You offer", "You ask for" (while the offer is built, nothing is given or got yet)
    const says = { offer: v.words.move_give, ask: v.words.move_get }[list[0].kind];
    if (tokens && says) {
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", says);
      row.append(h("span", { class: "kaskaria-dg-row-label kaskaria-dg-row-says" }, says));
    }
    for (const a of list) {
      // (a token in a row of the offer being built adds one to that row: "+1 blue", named with
      // the row's verb, "Ask for 1 blue")
      const content = tokens
        ? [
            says ? h("span", { class: "kaskaria-dg-token-add" }, "+1") : null,
            ktTokenArt(a.colour),
            h("span", { class: "kaskaria-dg-token-word" }, v.words.colours[a.colour]),
          ]
        : a.label;
      const b = ctx.actionButton(a, grid ? a.short : content);
      if (a.colour && !grid) b.classList.add(`kaskaria-dg-t-${a.colour}`);
      row.append(b);
    }
    bar.append(row);
  }
}

const BOARD = {
  render(board, ctx) {
    const v = board;
    const w = v.words;
    dgNewDecision(v, ctx);
    const deciding = Boolean(w.split || w.theft || w.market_offer);
    // (and while a magic item is drawn, a short screen shows the dragons in fewer lines)
    const drawing = v.observation.phase === "item";
    const node = h(
      "div",
      {
        // while a split, a theft or a trade is decided, a small screen shows the dragons short
        class: `kaskaria-dg-board${deciding ? " kaskaria-dg-deciding" : ""}${drawing ? " kaskaria-dg-drawing-item" : ""}`,
        // a click on a dragon sends the picked adventurer there (when that is a legal move)
        onclick: (e) => {
          // (and a click on a player or pile of a split puts the picked token there)
          const piece = e.target.closest && e.target.closest(".kaskaria-dg-dragon[data-place], .kaskaria-dg-part[data-part]");
          if (!piece) return;
          const board = e.currentTarget;
          // (swapping: a click on the first of two dragons or shares picks it, a second click on
          // it lets it go)
          if (!piece.dataset.move && dgSwapPick(v, ctx, piece)) {
            dgMarkTurn(v, ctx, board);
            dgMarkSplit(v, ctx, board);
            return;
          }
          if (!piece.dataset.move || !ctx.can(piece.dataset.move)) {
            dgRefused(v, ctx, piece);
            return;
          }
          const action = piece.dataset.move;
          dgLetGo();
          ctx.send({ type: "action", action });
        },
        // Escape lets go of what was picked (an adventurer, a swap begun)
        onkeydown: (e) => {
          const share = e.target.matches && e.target.matches(".kaskaria-dg-part[data-kt-pointer][role=button]");
          if (share && (e.key === "Enter" || e.key === " ")) {
            e.preventDefault();
            e.target.click();
            return;
          }
          if (e.key !== "Escape" || (dgPicked === null && dgSwap === null && dgShare === null)) return;
          dgLetGo();
          dgMarkTurn(v, ctx, e.currentTarget);
          dgMarkSplit(v, ctx, e.currentTarget);
          e.preventDefault();
          e.stopPropagation();
        },
      },
      // what is being decided comes first: a split being built or answered, a theft, a trade;
      // then, while it is decided, the screen's own tokens (what a share's majorities are
      // counted against: a child tester on a projector found them below the dragons, off the
      // first screen), and the dragons after them
      dgSplit(v, ctx),
      w.theft ? h("div", { class: "kaskaria-dg-theft" }, w.theft) : null,
      dgMarket(v, ctx),
      deciding ? dgMine(v, ctx) : null,
      dgDragons(v, ctx),
      dgMiddle(v),
      deciding ? null : dgMine(v, ctx),
    );
    const picker = dgTurnPicker(v, ctx);
    if (picker) node.insertBefore(picker, node.querySelector(".kaskaria-dg-dragons"));
    dgMarkTurn(v, ctx, node);
    dgMarkSplit(v, ctx, node);
    return node;
  },
  moves(moves, ctx) {
    const bar = h("div", { class: "kaskaria-dg-moves" });
    dgActions(ctx.view.board, bar, { actionButton: ctx.button, moves: ctx.moves });
    return bar;
  },
  score(p, ctx) {
    return p.score ? h("span", { class: "kt-score kaskaria-dg-score" }, p.score) : null;
  },
  player(p, ctx) {
    const pw = ctx.view.board.words.players[p.seat];
    return h(
      "div",
      { class: "kaskaria-dg-player" },
      // how many tokens behind the screen and magic items, in one short line (the card names
      // the player; its whole sentence is the line's name)
      h("div", { class: "kaskaria-dg-count", title: `${pw.screen_of} · ${pw.items}` }, p.summary || [pw.screen_of, " · ", pw.items]),
      // what you saw this player take (none on your own card: your screen is shown in full)
      pw.sure ? h("div", { class: "kaskaria-dg-sure" }, pw.sure) : null,
      // on a small table, where the cards show only names, your own card keeps what your seat
      // holds in one short line: a chest and the number of your tokens (the words for readers);
      // every card shows it while a thief chooses whom to rob
      h(
        "div",
        { class: "kaskaria-dg-holds", title: p.summary || pw.screen_of },
        ktChestArt(),
        h("span", { class: "kaskaria-dg-holds-n", "aria-hidden": "true" }, String(p.tokens ?? "")),
        h("span", { class: "kt-sr" }, p.summary || pw.screen_of),
      ),
      h("ul", { class: "kaskaria-dg-advs" }, pw.adventurers.map((a) => h("li", {}, a))),
    );
  },
};
