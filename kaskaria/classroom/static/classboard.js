// The class board: who joined, every table as the table view sees it, the predictions, the
// answers to the lesson's questions and the class tally growing as the class plays. The teacher's page shows it with its controls; the
// projector widget (kaskaria.classroom.ClassBoard) shows it in the notebook. It connects to the
// class server itself, with the teacher key (the projector widget: the projector's key, which
// shows the class and changes nothing), and draws each "class" message the server sends.
// Every word comes from the server (the snapshot's words, in the board's language); nothing here
// decides anything.

function kcH(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function kcTallyChart(history, tally, label) {
  // observed share of failed rolls against the share the exact chances expect, as rolls grow
  const W = 420, H = 160, pad = 28;
  const pts = history.length ? history : [{ rolls: 0, obs: 0, exp: 0 }];
  const maxR = Math.max(1, ...pts.map((p) => p.rolls));
  const x = (r) => pad + ((W - 2 * pad) * r) / maxR;
  const y = (v) => H - pad - (H - 2 * pad) * Math.min(1, v / 0.6);
  const line = (key, cls) =>
    `<polyline class="${cls}" fill="none" points="${pts.map((p) => `${x(p.rolls)},${y(p[key])}`).join(" ")}"/>`;
  const svg = `<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${label.replace(/"/g, "&quot;")}">
    <line x1="${pad}" y1="${H - pad}" x2="${W - pad}" y2="${H - pad}" stroke="#888"/>
    <line x1="${pad}" y1="${pad}" x2="${pad}" y2="${H - pad}" stroke="#888"/>
    ${line("exp", "kc-exp")}${line("obs", "kc-obs")}
    <text x="${W - pad}" y="${H - 8}" text-anchor="end">${tally.rolls}</text>
    <text x="4" y="${y(0.5) + 4}">50%</text></svg>`;
  const box = kcH("div", { class: "kc-chart" });
  box.innerHTML = svg;
  return box;
}

// The teacher key travels in a header, never in a URL (an address bar or a link on the projector
// would show it): the QR code and the CSV are fetched with it and shown from the page's memory.
function kcFetch(opts, path) {
  return fetch(`${opts.url}api/${path}`, { headers: { "X-Kaskaria-Key": opts.key } }).then((r) =>
    r.ok ? r.blob() : Promise.reject(new Error(String(r.status))),
  );
}

let kcQrUrl = null;
function kcQr(opts) {
  const img = kcH("img", { class: "kc-qr", alt: "QR" });
  if (kcQrUrl) img.src = kcQrUrl;
  else kcFetch(opts, "qr.svg").then((b) => { kcQrUrl = URL.createObjectURL(b); img.src = kcQrUrl; }, () => {});
  return img;
}

function kcDownload(e, opts) {
  const a = e.currentTarget;
  if (a.dataset.ready) { delete a.dataset.ready; return; } // the blob's own click: let it download
  e.preventDefault();
  kcFetch(opts, "results.csv").then((b) => {
    a.href = URL.createObjectURL(b);
    a.dataset.ready = "1";
    a.click();
  }, () => {});
}

// The teacher's controls of pupils and joining: take a pupil out (and block their device), hand
// a seat back to its owner (a one-time code shown here until it is used), close the class to
// new pupils; clean up at once after a mischievous pupil (every pupil not here, every pupil who
// joined in the last minutes, every table where no pupil sits: each asks first); and the
// store's alert while it cannot write, the note that many nicknames came in a short time.
// A click never lands on another pupil: the row a Remove or Block was clicked on stays where it
// is, marked and with its buttons disabled, for a few seconds after the pupil has gone (the list
// does not move under a double-click), and Block asks first on the pupil's own row.
const KC_GONE_MS = 3000;
// a click this soon after Block asked is the same double-click, not the answer
const KC_ASK_GUARD_MS = 500;

function kcPupilControls(p, w, act, marks) {
  const b = (cls, label, what, off) =>
    kcH("button", { type: "button", class: cls, disabled: off, onclick: () => act(what, p) }, label);
  if (marks.asking && marks.asking.id === p.id) {
    return kcH("span", { class: "kc-pupil-controls kc-block-ask", role: "group" },
      kcH("span", { class: "kc-block-question" }, w.w_block_ask.replace("{name}", p.name)),
      b("kc-p-back", w.w_back, "back"),
      b("kc-p-block-yes", w.w_block_yes, "block_yes"));
  }
  const off = marks.gone.has(p.id);
  // (a row being taken out keeps its width: its words say so to a screen reader only)
  return kcH(
    "span",
    { class: "kc-pupil-controls", "aria-label": off ? w.w_taken_out : null },
    b("kc-p-hand-back", w.w_hand_back, "hand_back", off),
    b("kc-p-remove", w.w_pupil_remove, "remove", off),
    b("kc-p-block", w.w_pupil_block, "block", off),
  );
}

// the devices the teacher blocked, each with a button to let it in again (a block by mistake);
// a row let in again stays in its place, marked and disabled, like a pupil's row (KC_GONE_MS)
function kcBlocks(list, lifted, w, letIn) {
  if (!list.length) return [];
  return kcH("div", { class: "kc-blocks" },
    kcH("p", { class: "kc-blocks-title" }, w.w_blocked_title),
    kcH("ul", {}, list.map((bl) => kcH("li", { class: lifted.has(bl.id) ? "kc-gone" : null, "data-block": bl.id }, bl.name, " ",
      kcH("button", { type: "button", class: "kc-let-in", disabled: lifted.has(bl.id), onclick: () => letIn(bl) }, w.w_let_in)))));
}

// the rows acted on, put back where they were shown until their mark runs out (the list does not
// move under a second click); `marks` maps an id to { row, index, until }
function kcKeepPlaces(rows, marks, now) {
  for (const [id, g] of marks) if (g.until <= now) marks.delete(id);
  const list = [...rows];
  const here = new Set(list.map((r) => r.id));
  // each back where it was in the list as shown (the lower places first)
  const away = [...marks].filter(([id]) => !here.has(id)).map(([, g]) => g).sort((a, b) => a.index - b.index);
  for (const g of away) list.splice(Math.min(g.index, list.length), 0, g.row);
  return list;
}

function kcGuard(c, w, send) {
  const out = [];
  if (c.alert) out.push(kcH("p", { class: "kc-error kc-store-alert", role: "alert" }, c.alert));
  for (const h of c.hand_backs || []) out.push(kcH("p", { class: "kc-hand-back", role: "status" }, h.text));
  for (const j of c.join_codes || []) out.push(kcH("p", { class: "kc-join-code", role: "status" }, j.text));
  if (c.rush) out.push(kcH("p", { class: "kc-error kc-rush", role: "alert" }, c.rush));
  if (c.idle_rush) out.push(kcH("p", { class: "kc-error kc-idle-rush", role: "alert" }, c.idle_rush));
  if (c.codes_rush) out.push(kcH("p", { class: "kc-error kc-codes-rush", role: "alert" }, c.codes_rush));
  if (c.address_rush) out.push(kcH("p", { class: "kc-error kc-address-rush", role: "alert" }, c.address_rush));
  const open = c.joins_open !== false;
  out.push(kcH("button", { type: "button", class: "kc-c-joins", "aria-pressed": String(!open),
    onclick: () => send({ type: "joins_open", on: !open }) }, open ? w.w_joins_close : w.w_joins_open));
  // a real latecomer's way in past a flood of made-up nicknames or a closed class
  out.push(kcH("button", { type: "button", class: "kc-c-join-code",
    onclick: () => send({ type: "join_code" }) }, w.w_join_code));
  // a bulk action asks first (it cannot be undone)
  const bulk = (cls, label, m) => kcH("button", { type: "button", class: cls,
    onclick: () => { if (window.confirm(`${label}\n\n${w.w_sure}`)) send(m); } }, label);
  out.push(
    kcH("div", { class: "kc-bulk" },
      bulk("kc-c-remove-offline", w.w_remove_offline, { type: "pupils_remove", which: "offline" }),
      // the rush's made-up nicknames, not the class at play (the count is in the words)
      c.idle_recent ? bulk("kc-c-remove-idle", c.remove_idle, { type: "pupils_remove", which: "idle", minutes: c.recent_minutes || 10 }) : null,
      bulk("kc-c-remove-recent", w.w_remove_recent, { type: "pupils_remove", which: "recent", minutes: c.recent_minutes || 10 }),
      bulk("kc-c-close-empty", w.w_close_empty, { type: "tables_remove", which: "empty" })),
    // what the clean-ups catch, and what to do about a nickname that plays along
    kcH("p", { class: "kc-cleanup-note" }, w.w_cleanup_note),
  );
  return out;
}

// The lesson's questions on the pupils' devices: per question how many answered and how many
// right; on the teacher's page also per pupil each answer and its mark, and who needs help. The
// projector is sent counts only (answers.pupils is null there): no name reaches it.
function kcAnswers(a, controls, send) {
  const w = a.words;
  if (!a.questions.length) return kcH("div", { class: "kc-answers" });
  const markWord = { right: w.w_mark_right, near: w.w_mark_near, not_yet: w.w_mark_not_yet };
  const cards = a.questions.map((q, i) =>
    kcH(
      "div",
      { class: "kc-card kc-question-count", "data-question": q.id, "data-state": q.state,
        "data-answered": q.answered, "data-right": q.right, "data-near": q.near, "data-not-yet": q.not_yet },
      kcH("p", { class: "kc-question" }, `${i + 1}. ${q.prompt}`, q.exit ? kcH("span", { class: "kc-exit-tag" }, ` (${w.w_exit_ticket})`) : null),
      kcH("p", { class: "kc-answer-counts" }, q.text),
      controls && q.state === "open"
        ? kcH("button", { type: "button", class: "kc-close-question", onclick: () => send({ type: "question_close", qid: q.id }) }, w.w_close_question)
        : null,
    ),
  );
  const out = [kcH("h2", {}, w.w_answers_title), ...cards];
  if (a.pupils) {
    const help = a.pupils.filter((p) => p.help);
    if (help.length) out.push(kcH("p", { class: "kc-needs-help", role: "status" }, `${w.w_needs_help}: ${help.map((p) => p.name).join(", ")}`));
    const head = kcH("tr", {}, kcH("th", {}, ""), a.questions.map((q, i) => kcH("th", { title: q.prompt }, String(i + 1))));
    const rows = a.pupils.map((p) =>
      kcH(
        "tr",
        { class: p.help ? "kc-help" : "", "data-pupil": p.id },
        kcH("th", { scope: "row" }, p.name),
        a.questions.map((q) => {
          const cell = p.cells[q.id];
          return cell
            ? kcH("td", { class: `kc-mark-${cell.mark}`, "data-question": q.id, "data-mark": cell.mark, title: cell.typed },
                kcH("span", { class: "kc-mark" }, markWord[cell.mark]), " ", kcH("span", { class: "kc-typed" }, cell.typed))
            : kcH("td", { class: "kc-mark-none", "data-question": q.id, "data-mark": "none" }, w.w_mark_none);
        }),
      ),
    );
    out.push(kcH("table", { class: "kc-answer-table" }, kcH("thead", {}, head), kcH("tbody", {}, rows)));
  }
  return kcH("div", { class: "kc-card kc-answers" }, ...out);
}

export function renderClass(el, opts) {
  // The board's parts are drawn once and then only when what they show changed (each table's
  // card on its own); the teacher's controls are built once, so a question being typed, a menu
  // being opened or a focused field survive every update of the class.
  const root = kcH("div", { class: "kc-class" });
  el.append(root);
  const history = [];
  let ws = null;
  let closed = false;
  const send = (m) => ws && ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify(m));
  const slot = (cls) => kcH("div", { class: cls });
  const head = slot("kc-slot-head");
  const pupilsSlot = slot("kc-slot-pupils");
  const guardSlot = slot("kc-slot-guard");
  const blocksSlot = slot("kc-slot-blocks");
  const pollsSlot = slot("kc-slot-polls");
  const answersSlot = slot("kc-slot-answers");
  const tables = kcH("div", { class: "kc-tables" });
  const tallySlot = slot("kc-slot-tally");
  const controlsSlot = slot("kc-slot-controls");
  root.append(
    ...(opts.part === "tally"
      ? [tallySlot]
      : [...(opts.controls ? [guardSlot, blocksSlot] : []), head, pupilsSlot, pollsSlot, answersSlot, tables, tallySlot, ...(opts.controls ? [controlsSlot] : [])]),
  );
  const toasts = kcH("div", { class: "kc-toasts" });
  root.append(toasts);
  const shown = new Map(); // slot -> the JSON it shows
  const cards = new Map(); // table id -> { key, node }
  let qr = null;
  // put what ``make()`` builds in ``box`` only when ``value`` differs from what the box shows;
  // while a button is pressed on the page the box waits (a box drawn anew between the press and
  // the release would lose the teacher's click), and is drawn just after the click
  const waiting = new Map(); // box -> its update, held while pressed
  let pressed = false;
  const update = (box, value, make) => {
    const key = JSON.stringify(value);
    if (pressed) {
      waiting.set(box, () => update(box, value, make));
      return;
    }
    waiting.delete(box);
    if (shown.get(box) === key) return;
    shown.set(box, key);
    box.replaceChildren(...[make()].flat().filter((n) => n !== null && n !== undefined));
  };
  root.addEventListener("pointerdown", () => { pressed = true; }, true);
  const released = () => {
    if (!pressed) return;
    pressed = false;
    // after the click this release makes (it comes in the same turn of the browser's loop)
    setTimeout(() => {
      const held = [...waiting.values()];
      waiting.clear();
      held.forEach((draw) => draw());
    }, 0);
  };
  window.addEventListener("pointerup", released, true);
  window.addEventListener("pointercancel", released, true);
  root.dataset.draws = "0";

  const card = (tb, w) =>
    kcH(
      "div",
      { class: `kc-card kc-table${tb.over ? " kc-over" : ""}`, "data-table": tb.id },
      kcH("h3", {}, `${tb.id}. ${tb.title}`),
      kcH(
        "ul",
        {},
        tb.seats.map((s) =>
          kcH(
            "li",
            { class: s.to_move ? "kc-to-move" : "" },
            `${s.label}: ${s.who}`,
            opts.controls && s.pupil
              ? kcH("button", { type: "button", class: "kc-kick", onclick: () => send({ type: "seat", table: tb.id, seat: s.seat, level: tb.level }) }, w.w_bot)
              : null,
            // the teacher picks the turn the board looks back at: this seat's last one
            opts.controls && tb.look_back_open && s.look_back_label
              ? kcH(
                  "button",
                  {
                    type: "button",
                    class: "kc-look-back-seat",
                    "aria-label": s.look_back_label,
                    title: s.look_back_label,
                    onclick: () => send({ type: "look_back", table: tb.id, seat: s.seat }),
                  },
                  w.w_look_back_seat,
                )
              : null,
          ),
        ),
      ),
      kcH("p", { class: "kc-turn" }, tb.turn),
      // the table in one line for a screen reader (its parts joined by bars): not for the eye
      kcH("p", { class: "kc-status kc-sr" }, tb.status),
      tb.summary.length ? kcH("p", { class: "kc-summary" }, tb.summary[tb.summary.length - 1]) : null,
      tb.look_back
        ? kcH(
            "div",
            { class: "kc-look-back", role: "status" },
            kcH("p", { class: "kc-look-back-title" }, tb.look_back.title),
            kcH("p", { class: "kc-look-back-text" }, tb.look_back.text),
          )
        : null,
      opts.controls
        ? kcH(
            "div",
            { class: "kc-controls" },
            kcH("button", { type: "button", class: "kc-new", onclick: () => send({ type: "new_game", table: tb.id }) }, w.w_new_game),
            kcH("button", { type: "button", class: "kc-remove", onclick: () => send({ type: "remove", table: tb.id }) }, w.w_remove),
            // a look back at the last turn, on the board for all to see (a game open to all)
            // (a game with hidden hands or screens: the card says why there is none)
            tb.look_back_open
              ? kcH("button", { type: "button", class: "kc-look-back-button", onclick: () => send({ type: "look_back", table: tb.id, on: !tb.look_back }) }, tb.look_back ? w.w_look_back_off : w.w_look_back)
              : kcH("p", { class: "kc-look-back-hidden" }, w.w_look_back_hidden),
          )
        : null,
    );

  const drawTables = (c, w) => {
    if (pressed) {  // as update() does: a card drawn anew under a press would lose the click
      waiting.set(tables, () => drawTables(c, w));
      return;
    }
    waiting.delete(tables);
    const words = JSON.stringify([w.w_bot, w.w_new_game, w.w_remove, w.w_look_back, w.w_look_back_off, w.w_look_back_hidden, w.w_look_back_seat]);
    const ids = new Set();
    let before = tables.firstChild;
    for (const tb of c.tables) {
      ids.add(tb.id);
      const { version, actions, ...seen } = tb; // what the card shows
      const key = JSON.stringify(seen) + words;
      let kept = cards.get(tb.id);
      if (!kept || kept.key !== key) {
        const node = card(tb, w);
        node.dataset.version = version;
        if (kept) {
          if (before === kept.node) before = node;
          kept.node.replaceWith(node);
        }
        kept = { key, node };
        cards.set(tb.id, kept);
      }
      if (kept.node !== before) tables.insertBefore(kept.node, before);
      before = kept.node.nextSibling;
    }
    for (const [id, kept] of cards) {
      if (!ids.has(id)) {
        kept.node.remove();
        cards.delete(id);
      }
    }
  };

  // the pupils' list; a pupil being taken out keeps their place (see KC_GONE_MS)
  const marks = { gone: new Map(), asking: null, shown: [] };
  let lastShot = null;
  const drawPupils = (c, w) => {
    const list = kcKeepPlaces(c.pupils, marks.gone, Date.now());
    const here = new Set(c.pupils.map((p) => p.id));
    marks.shown = list.map((p) => p.id);
    const asking = marks.asking && here.has(marks.asking.id) ? marks.asking.id : null;
    update(pupilsSlot, [list, [...marks.gone.keys()], asking, w.w_hand_back, w.w_idle_mark], () =>
      kcH("ul", { class: "kc-pupils" }, list.map((p) => kcH("li", { class: `${p.online ? "kc-online" : "kc-offline"}${marks.gone.has(p.id) ? " kc-gone" : ""}`, "data-pupil": p.id }, p.name,
        // on the teacher's page only: who has not voted, answered or moved yet
        opts.controls && p.idle ? kcH("span", { class: "kc-p-idle" }, ` (${w.w_idle_mark})`) : null,
        opts.controls ? kcPupilControls(p, w, act, marks) : null))),
    );
  };
  // the blocked devices' list; a row let in again keeps its place (as a pupil's row does)
  const lifted = new Map();
  let blocksShown = [];
  const drawBlocks = (c, w) => {
    const list = kcKeepPlaces(c.blocks || [], lifted, Date.now());
    blocksShown = list.map((bl) => bl.id);
    update(blocksSlot, [list, [...lifted.keys()], w.w_let_in, w.w_blocked_title], () => kcBlocks(list, lifted, w, letIn));
  };
  const letIn = (bl) => {
    if (lifted.has(bl.id)) return;
    lifted.set(bl.id, { row: bl, index: Math.max(0, blocksShown.indexOf(bl.id)), until: Date.now() + KC_GONE_MS });
    setTimeout(redraw, KC_GONE_MS + 50);
    send({ type: "unblock", block: bl.id });
    redraw();
  };
  const redraw = () => {
    if (!lastShot) return;
    drawPupils(lastShot, lastShot.words);
    if (opts.controls) drawBlocks(lastShot, lastShot.words);
  };
  const act = (what, p) => {
    if (marks.gone.has(p.id)) return;
    const out = (block) => {
      marks.gone.set(p.id, { row: p, index: Math.max(0, marks.shown.indexOf(p.id)), until: Date.now() + KC_GONE_MS });
      setTimeout(redraw, KC_GONE_MS + 50);
      send({ type: "pupil_remove", pupil: p.id, ...(block ? { block: true } : {}) });
    };
    if (what === "hand_back") send({ type: "hand_back", pupil: p.id });
    else if (what === "remove") out(false);
    else if (what === "block") marks.asking = { id: p.id, at: Date.now() };
    else if (what === "back") marks.asking = null;
    else if (what === "block_yes") {
      if (!marks.asking || Date.now() - marks.asking.at < KC_ASK_GUARD_MS) return;
      marks.asking = null;
      out(true);
    }
    redraw();
  };

  const draw = (c) => {
    lastShot = c;
    root.dataset.draws = String(Number(root.dataset.draws) + 1);
    const w = c.words;
    const t = c.tally;
    const last = history[history.length - 1];
    if (t.rolls && (!last || last.rolls !== t.rolls)) {
      history.push({ rolls: t.rolls, obs: t.fails / t.rolls, exp: t.expected / t.rolls });
    }
    update(tallySlot, [t, w.chart_label], () =>
      kcH(
        "div",
        { class: "kc-card kc-tally", "data-rolls": t.rolls, "data-fails": t.fails },
        kcH("p", { class: "kc-tally-text" }, t.text),
        kcTallyChart(history, t, w.chart_label),
      ),
    );
    if (opts.part === "tally") return;
    if (opts.controls && opts.key && !qr) {
      qr = kcQr(opts);
    }
    update(head, [c.code, c.online_text], () =>
      kcH("div", { class: "kc-head" }, kcH("span", { class: "kc-code" }, c.code), qr, kcH("span", { class: "kc-count" }, c.online_text)),
    );
    if (opts.controls) update(guardSlot, [c.alert, c.rush, c.idle_rush, c.codes_rush, c.address_rush, c.hand_backs, c.join_codes, c.joins_open, c.idle_recent, c.remove_idle, w.w_joins_close, w.w_join_code, w.w_remove_recent, w.w_remove_offline, w.w_cleanup_note], () => kcH("div", {}, ...kcGuard(c, w, send)));
    if (opts.controls) drawBlocks(c, w);
    drawPupils(c, w);
    const open = c.polls.filter((p) => p.state !== "closed").slice(-1);
    update(pollsSlot, [open, w.w_reveal], () =>
      kcH(
        "div",
        { class: "kc-polls" },
        open.map((p) => {
          const total = Math.max(1, p.votes);
          return kcH(
            "div",
            { class: "kc-card kc-poll", "data-poll": p.id, "data-state": p.state },
            kcH("p", { class: "kc-question" }, p.question),
            p.options.map((o, i) =>
              kcH(
                "div",
                { class: `kc-bar${p.answer === i ? " kc-answer" : ""}`, "data-option": i },
                kcH("span", { class: "kc-label" }, o),
                kcH("span", { class: "kc-fill", style: `width:${(100 * p.counts[i]) / total}%` }),
                kcH("span", { class: "kc-n" }, String(p.counts[i])),
                opts.controls && p.state !== "revealed"
                  ? kcH("button", { type: "button", class: "kc-reveal", onclick: () => send({ type: "poll_reveal", poll: p.id, answer: i }) }, w.w_reveal)
                  : null,
              ),
            ),
          );
        }),
      ),
    );
    if (c.answers) update(answersSlot, [c.answers, opts.controls], () => kcAnswers(c.answers, opts.controls, send));
    drawTables(c, w);
    if (opts.controls) update(controlsSlot, [c.games, w], () => controls(c, w));
  };

  const field = (name, menu) => kcH("label", { class: "kc-field" }, name, menu);
  const controls = (c, w) => {
    // built again only when the language changes: what the teacher typed is carried over
    const typed = {};
    for (const f of controlsSlot.querySelectorAll("input")) typed[f.className] = f.value;
    const game = kcH("select", { class: "kc-c-game" }, c.games.map((g) => kcH("option", { value: g.game }, g.title)));
    const players = kcH("select", { class: "kc-c-players" });
    const level = kcH("select", { class: "kc-c-level" });
    const variant = kcH("select", { class: "kc-c-variant" });
    const fill = () => {
      const g = c.games.find((x) => x.game === game.value);
      players.replaceChildren(...g.players.map((n) => kcH("option", { value: n }, String(n))));
      level.replaceChildren(...g.levels.map((n) => kcH("option", { value: n.value }, n.label)));
      variant.replaceChildren(...g.variants.map((n) => kcH("option", { value: n.value }, n.label)));
    };
    game.addEventListener("change", fill);
    fill();
    const q = kcH("input", { class: "kc-c-question", maxlength: 200, placeholder: w.w_question, "aria-label": w.w_question });
    const opt = kcH("input", { class: "kc-c-options", maxlength: 300, placeholder: w.w_answers, "aria-label": w.w_answers });
    const rolls = kcH("input", { class: "kc-c-rolls", type: "number", min: 1, placeholder: w.w_rolls, "aria-label": w.w_rolls });
    const fails = kcH("input", { class: "kc-c-fails", type: "number", min: 0, placeholder: w.w_fails, "aria-label": w.w_fails });
    for (const f of [q, opt, rolls, fails]) if (typed[f.className]) f.value = typed[f.className];
    return kcH(
      "div",
      { class: "kc-card kc-teacher-controls" },
      kcH("a", { class: "kc-c-csv", href: "#", download: "class-results.csv", onclick: (e) => kcDownload(e, opts) }, w.w_csv),
      // each menu has its name above it, as in the pupil's lobby
      kcH("div", { class: "kc-fields" }, field(w.ui_game, game), field(w.ui_rules, variant),
        field(w.ui_players, players), field(w.ui_bots, level),
        kcH("button", { type: "button", class: "kc-c-create", onclick: () => send({ type: "create", game: game.value, variant: variant.value, players: Number(players.value), level: level.value }) }, w.w_new_table)),
      kcH("div", {}, q, opt,
        kcH("button", { type: "button", class: "kc-c-ask", onclick: () => send({ type: "poll_open", question: q.value, options: opt.value.split("/").map((s) => s.trim()).filter(Boolean) }) }, w.w_ask)),
      kcH("div", {}, rolls, fails,
        kcH("button", { type: "button", class: "kc-c-add", onclick: () => send({ type: "tally_add", rolls: Number(rolls.value), fails: Number(fails.value) }) }, w.w_add)),
    );
  };

  const connect = () => {
    // an address like "/user/x/kaskaria-class/" is on the page's own host
    const base = opts.url.startsWith("/") ? `${location.protocol}//${location.host}${opts.url}` : opts.url;
    const url = base.replace(/^http/, "ws") + "ws";
    ws = new WebSocket(url);
    ws.onopen = () => send({ type: "hello", code: opts.code, key: opts.key, lang: opts.lang || "en", ...(opts.projector ? { projector: true } : {}) });
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "class") draw(m);
      else if (m.type === "error" || m.type === "done") {
        const box = m.type === "error"
          ? kcH("p", { class: "kc-error", role: "alert" }, m.text)
          : kcH("p", { class: "kc-done", role: "status" }, m.text);
        // over the page, not above it: a line that came would move every button under the mouse
        toasts.prepend(box);
        setTimeout(() => box.remove(), 5000);
      }
    };
    ws.onclose = () => {
      if (!closed) setTimeout(connect, 2000);
    };
  };
  connect();
  return () => {
    closed = true;
    if (ws) ws.close();
  };
}
