// A pupil's page: join the class, take a seat, play on this device.
//
// The table itself is drawn by the very modules the notebook's tables use (/board/<game>.js:
// the game's board joined with the table's shell). They need a tiny model: get("view"),
// on/off("change:view", f) and send(message); here it is fed over the WebSocket with the view
// of this pupil's own seat, part by part (the server sends only parts that changed).

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let ws = null;
let code = (params.get("c") || "").toUpperCase();
let retry = 0;
// the language the server chose for this page (?lang=, or the browser's first choice): the
// lobby and the tables speak it too, so the menus' words and their names are in one language
const lang = document.documentElement.lang === "de" ? "de" : "en";
const board = { key: null, model: null, cleanup: null, game: null };

// The browser keeps each nickname's token (so a reload or a lost network gets the seat back),
// and this tab remembers which nickname it plays.
function nameNow() {
  return ($("kc-name").value || sessionStorage.getItem(`kaskaria-class-${code}-name`) || "").trim();
}
function tokenKey() {
  return `kaskaria-class-token-${code}-${nameNow().toLowerCase()}`;
}
// A random number this browser keeps for every class: the teacher can block a browser (a
// nickname of this browser that the teacher blocked does not come back under another one).
function browserId() {
  let id = localStorage.getItem("kaskaria-class-browser");
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("kaskaria-class-browser", id);
  }
  return id;
}

function showError(text) {
  const box = $("kc-error");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => (box.hidden = true), 5000);
}

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

// The model the table's shell reads: model.get("view") (the whole view, parts by name, and its
// version) with "change:view" events.
class SocketModel {
  constructor() {
    this.view = { version: 0 };
    this.listeners = new Set();
  }
  get(name) {
    return name === "view" ? { ...this.view } : undefined;
  }
  on(event, f) {
    if (event === "change:view") this.listeners.add(f);
  }
  off(event, f) {
    this.listeners.delete(f);
  }
  send(msg) {
    send({ type: "table", msg });
  }
  update(parts, version) {
    this.view = { ...this.view, ...parts, version };
    for (const f of [...this.listeners]) f();
  }
}

async function showTable(msg) {
  const key = `${msg.table}:${msg.seat}`;
  $("kc-lobby").hidden = true;
  $("kc-table-area").hidden = false;
  if (board.key !== key) {
    if (board.cleanup) board.cleanup();
    board.key = key;
    board.model = new SocketModel();
    board.model.update(msg.parts, msg.version);
    const host = $("kc-table");
    host.replaceChildren();
    const el = document.createElement("div");
    el.className = "kc-board-host";
    el.dataset.table = String(msg.table);
    el.dataset.seat = msg.seat === null ? "watch" : String(msg.seat);
    host.append(el);
    if (board.game !== msg.game) {
      $("kc-board-css").href = `board/${msg.game}.css`;
      board.game = msg.game;
    }
    const model = board.model;
    const mod = await import(`../board/${msg.game}.js`);
    if (board.model !== model) return; // another table was chosen meanwhile
    board.cleanup = mod.default.render({ model, el }) || null;
    return;
  }
  board.model.update(msg.parts, msg.version);
}

function leaveTable() {
  if (board.cleanup) board.cleanup();
  board.cleanup = board.model = board.key = null;
  $("kc-table").replaceChildren();
  $("kc-table-area").hidden = true;
  $("kc-lobby").hidden = false;
}

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

// The lesson's questions the teacher opened: one answer box each (a choice: its buttons), in
// this device's language, with this pupil's own answer and, when the question says so, its
// verdict. A card is drawn again only when its question changed, so an answer being typed
// survives every update of the tables.
const questionCards = new Map(); // question id -> { key, node }
function questionCard(q, words) {
  const title = q.exit ? words.ui_exit_ticket : words.ui_exercise;
  const said = q.said ? h("p", { class: `kc-said kc-mark-${q.mark || "in"}`, role: "status" }, q.said) : null;
  let answer;
  if (q.choices) {
    answer = h(
      "div",
      { class: "kc-options" },
      q.choices.map((c) =>
        h("button", { type: "button", class: `kc-choice${q.mine === c.value ? " kc-mine" : ""}`,
          "aria-pressed": q.mine === c.value ? "true" : "false", disabled: !q.open,
          onclick: () => send({ type: "answer", question: q.id, text: c.value }) }, c.label),
      ),
    );
  } else {
    const input = h("input", { class: "kc-answer-input", maxlength: 80, autocomplete: "off",
      placeholder: q.placeholder, "aria-label": words.ui_your_answer, disabled: !q.open });
    input.value = q.mine || "";
    answer = h(
      "form",
      { class: "kc-answer-form", onsubmit: (e) => {
        e.preventDefault();
        send({ type: "answer", question: q.id, text: input.value });
      } },
      input,
      h("button", { type: "submit", class: "kc-answer-send", disabled: !q.open }, words.ui_answer),
    );
  }
  return h("div", { class: "kc-card kc-answer-box", "data-question": q.id, "data-open": q.open ? "yes" : "no" },
    h("p", { class: "kc-question" }, h("b", {}, `${title}: `), q.prompt), answer, said);
}

function drawQuestions(lobby) {
  const box = $("kc-questions");
  const ids = new Set();
  const words = lobby.words;
  let before = box.firstChild;
  for (const q of lobby.questions || []) {
    ids.add(q.id);
    const key = JSON.stringify([q, words.ui_answer]);
    let kept = questionCards.get(q.id);
    if (!kept || kept.key !== key) {
      // what the pupil is typing (not yet sent) stays in the new card
      const typing = kept && kept.node.contains(document.activeElement) ? document.activeElement.value : null;
      const node = questionCard(q, words);
      if (kept) {
        if (before === kept.node) before = node;
        kept.node.replaceWith(node);
      }
      if (typing !== null && node.querySelector("input") && q.open) {
        const input = node.querySelector("input");
        input.value = typing;
        input.focus();
      }
      kept = { key, node };
      questionCards.set(q.id, kept);
    }
    if (kept.node !== before) box.insertBefore(kept.node, before);
    before = kept.node.nextSibling;
  }
  for (const [id, kept] of questionCards) {
    if (!ids.has(id)) {
      kept.node.remove();
      questionCards.delete(id);
    }
  }
}

// The tables to sit at. A lobby comes each time someone sits down, stands up or a table changes;
// only the parts that changed are drawn again, so a Sit button under a child's finger stays the
// same button while other pupils take their seats (a button swapped between pressing and
// letting go would lose the click).
const tableCards = new Map(); // table id -> { node, title, list, seats: Map(seat -> { key, node }), watch }
function seatItem(t, s, words) {
  return h(
    "li",
    {},
    `${s.label}: ${s.who} `,
    s.free && !t.over
      ? h("button", { type: "button", class: "kc-sit", "data-seat": s.seat, "aria-label": s.sit,
          onclick: () => send({ type: "sit", table: t.id, seat: s.seat }) }, words.ui_sit)
      : null,
  );
}
// Put `node` at `before` in `box` (unless it is there); the next place is after it.
function place(box, node, before) {
  if (node !== before) box.insertBefore(node, before);
  return node.nextSibling;
}
function drawTables(lobby) {
  const box = $("kc-tables");
  const words = lobby.words;
  const ids = new Set();
  let before = box.firstChild;
  for (const t of lobby.tables) {
    ids.add(t.id);
    let card = tableCards.get(t.id);
    if (!card) {
      const title = h("h2", {});
      const list = h("ul", {});
      const node = h("div", { class: "kc-card kc-lobby-table", "data-table": t.id }, title, list);
      card = { node, title, list, seats: new Map(), watch: { key: null, node: null } };
      tableCards.set(t.id, card);
    }
    const title = `${t.id}. ${t.title}`;
    if (card.title.textContent !== title) card.title.textContent = title;
    let at = card.list.firstChild;
    const seats = new Set();
    for (const s of t.seats) {
      seats.add(s.seat);
      const key = JSON.stringify([s, t.over, words.ui_sit]);
      let kept = card.seats.get(s.seat);
      if (!kept || kept.key !== key) {
        const node = seatItem(t, s, words);
        if (kept) {
          if (at === kept.node) at = node;
          kept.node.replaceWith(node);
        }
        kept = { key, node };
        card.seats.set(s.seat, kept);
      }
      at = place(card.list, kept.node, at);
    }
    for (const [seat, kept] of card.seats) {
      if (!seats.has(seat)) {
        kept.node.remove();
        card.seats.delete(seat);
      }
    }
    const watchKey = JSON.stringify([t.watch, words.ui_watch]);
    if (card.watch.key !== watchKey) {
      const node = h("button", { type: "button", class: "kc-watch", "aria-label": t.watch,
        onclick: () => send({ type: "watch", table: t.id }) }, words.ui_watch);
      if (card.watch.node) card.watch.node.replaceWith(node);
      else card.node.append(node);
      card.watch = { key: watchKey, node };
    }
    before = place(box, card.node, before);
  }
  for (const [id, card] of tableCards) {
    if (!ids.has(id)) {
      card.node.remove();
      tableCards.delete(id);
    }
  }
}

function drawLobby(lobby) {
  drawQuestions(lobby);
  $("kc-join").hidden = true;
  // a table the teacher removed: back to the tables
  if (board.key && !lobby.tables.some((t) => board.key.startsWith(`${t.id}:`))) leaveTable();
  if (!board.key) $("kc-lobby").hidden = false;
  document.querySelector(".kc-me").textContent = `${lobby.name} · ${lobby.code}`;
  const polls = lobby.polls.map((p) =>
    h(
      "div",
      { class: "kc-card kc-poll", "data-poll": p.id },
      h("p", { class: "kc-question" }, p.question),
      h(
        "div",
        { class: "kc-options" },
        p.options.map((o, i) =>
          h(
            "button",
            {
              type: "button",
              class: `kc-option${p.mine === i ? " kc-mine" : ""}${p.answer === i ? " kc-answer" : ""}`,
              "aria-pressed": p.mine === i ? "true" : "false",
              disabled: !p.open,
              onclick: () => send({ type: "vote", poll: p.id, choice: i }),
            },
            p.counts ? `${o} (${p.counts[i]})` : o,
          ),
        ),
      ),
    ),
  );
  $("kc-poll").replaceChildren(...polls);
  drawTables(lobby);
  // what to do here: sit at a table (or, with none yet and no menus, wait for the teacher's)
  const help = $("kc-lobby-help");
  help.textContent = lobby.tables.length ? lobby.words.ui_lobby_sit : lobby.can_create ? "" : lobby.words.ui_lobby_wait;
  help.hidden = !help.textContent;
  const form = $("kc-create");
  form.hidden = !lobby.can_create;
  if (lobby.can_create && !$("kc-game").options.length) {
    // each value with its words (a number is its own word)
    const fill = (select, values) =>
      select.replaceChildren(
        ...values.map((v) => (typeof v === "object" ? h("option", { value: v.value }, v.label) : h("option", { value: v }, String(v)))),
      );
    const games = Object.fromEntries(lobby.games.map((g) => [g.game, g]));
    fill($("kc-game"), lobby.games.map((g) => ({ value: g.game, label: g.title })));
    const pick = () => {
      const g = games[$("kc-game").value];
      fill($("kc-variant"), g.variants);
      fill($("kc-players"), g.players);
      fill($("kc-level"), g.levels);
    };
    $("kc-game").onchange = pick;
    pick();
  }
}

// A lost connection: a joined page pings the server every few seconds (the welcome says how
// often); when it hears nothing for three of them, or the socket closes, it says so ("Connection
// lost, trying again…") and connects again until the server answers (the token keeps the seat).
const heart = { every: 5, heard: 0, timer: null };

// Let go of the socket (its events are no longer heard).
function drop() {
  const old = ws;
  ws = null;
  if (old) {
    old.onclose = old.onmessage = old.onopen = null;
    try {
      old.close();
    } catch (err) {
      // a socket that never opened
    }
  }
}

function lost() {
  $("kc-lost").hidden = false;
  drop();
  retry = Math.min(retry + 1, 5);
  setTimeout(connect, 500 * retry);
}

function beat() {
  if (document.body.dataset.joined !== "yes") return;
  if (Date.now() - heart.heard > heart.every * 3000) {
    heart.heard = Date.now(); // one reconnection at a time
    lost();
    return;
  }
  send({ type: "ping" });
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const base = location.pathname.replace(/[^/]*$/, "");
  heart.heard = Date.now();
  ws = new WebSocket(`${scheme}://${location.host}${base}ws`);
  ws.onopen = () => {
    const hello = { type: "hello", code, lang, browser: browserId() };
    const token = localStorage.getItem(tokenKey());
    if (token) hello.token = token;
    // the nickname too: a token the class no longer knows (the teacher took it out) joins anew
    if (nameNow()) hello.name = nameNow();
    send(hello);
  };
  ws.onmessage = (e) => {
    heart.heard = Date.now();
    const msg = JSON.parse(e.data);
    if (msg.type === "pong") return;
    if (msg.type === "welcome") {
      $("kc-lost").hidden = true;
      retry = 0;
      if (msg.ping && msg.ping !== heart.every) {
        heart.every = msg.ping;
        clearInterval(heart.timer);
        heart.timer = null;
      }
      if (!heart.timer) heart.timer = setInterval(beat, heart.every * 1000);
      // a seat handed back joins with a one-time code: the class's own code is kept from now on
      code = msg.code;
      $("kc-code").value = code;
      $("kc-name").value = msg.name;
      sessionStorage.setItem(`kaskaria-class-${code}-name`, msg.name);
      localStorage.setItem(tokenKey(), msg.token);
      document.body.dataset.joined = "yes";
    } else if (msg.type === "lobby") drawLobby(msg);
    else if (msg.type === "view") showTable(msg);
    else if (msg.type === "error") {
      // a refusal at the table this device shows goes in the table's own message line (until
      // the next view draws the table's message again)
      const atTable = msg.table !== undefined && board.key && board.key.startsWith(`${msg.table}:`);
      if (atTable && board.model) {
        const said = { text: msg.text, kind: "error", prompt: msg.text };
        board.model.update({ message: said }, board.model.view.version);
      } else showError(msg.text);
    }
  };
  ws.onclose = (e) => {
    ws = null;
    // 1008: the server closed this screen on purpose (the teacher took the nickname out or
    // handed the seat back, or too many clicks): its sentence is shown, no coming back by itself
    if (e.code === 1008) {
      $("kc-lost").hidden = true;
      document.body.dataset.joined = "no";
      $("kc-questions").replaceChildren();
      questionCards.clear();
      if (board.key) leaveTable();
      $("kc-lobby").hidden = true;
      $("kc-join").hidden = false;
      return;
    }
    if (document.body.dataset.joined === "yes") lost();
  };
}

$("kc-code").value = code;
$("kc-join").addEventListener("submit", (e) => {
  e.preventDefault();
  code = $("kc-code").value.trim().toUpperCase();
  drop();
  connect();
});
$("kc-create").addEventListener("submit", (e) => {
  e.preventDefault();
  send({ type: "create", game: $("kc-game").value, variant: $("kc-variant").value, players: Number($("kc-players").value), level: $("kc-level").value });
});
$("kc-back").addEventListener("click", () => {
  send({ type: "leave" });
  leaveTable();
});
if (code && nameNow() && localStorage.getItem(tokenKey())) connect();
