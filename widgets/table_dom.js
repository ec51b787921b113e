// The table's shell, 1: building and merging elements, the generic board, the sound.
//
// The shell is the browser half of every Kaskaria table, shared by every game. It is joined from
// plain scripts in this order (kaskaria.tables.assets.SHELL), after the game's board module:
//   table_dom.js     elements (h, morph), the generic board, the sound
//   table_pieces.js  the drawn pieces: our own SVG drawings of dice, cards, figures, tokens, dragons
//   table_screen.js  one table on the page: its regions and state, the board module's ctx
//   table_parts.js   drawing each part of the view (frame, turn, players, board, moves...)
//   table_panel.js   the tabs and their panel: log, rules, settings
//   table.js         render(): the layout, the keys, drawing a new view; the module's export
// An anywidget module (and a class server's page) is one ES module that cannot import sibling
// files: hence one module joined from these, each defining plain functions (kt...) for the next.
//
// It draws the view Python builds for one screen, in parts (frame, board, players, turn,
// summary, message, moves, passing, timer, log, rules, settings, info, status, result, clock),
// and reports clicks with model.send({type, ...}). It never decides what is legal and holds no
// words of its own: every label comes from the view. See docs/tables.md.

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
