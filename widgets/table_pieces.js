// The table's shell, 1b: the drawn pieces, our own SVG drawings (no artwork from the boxes).
//
// Joined after table_dom.js. Each function returns an <svg> that is decoration only
// (aria-hidden): the piece around it carries its name (aria-label) and its move. A drawing is
// built from a small viewBox and sized by the styles (`.kt-art`), so it stays sharp on a projector.
// Colours never carry meaning alone: every die face, card motif and token colour also has a
// shape of its own (a sun, a flame, a drop...), so the pieces read in black and white too.

const KT_SVG_NS = "http://www.w3.org/2000/svg";

function ktSvg(tag, attrs, ...children) {
  const node = document.createElementNS(KT_SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// An <svg> of size `w` x `hgt` in its own units, decoration only.
function ktArt(cls, w, hgt, ...children) {
  return ktSvg(
    "svg",
    { class: `kt-art ${cls}`, viewBox: `0 0 ${w} ${hgt}`, "aria-hidden": "true", focusable: "false" },
    children,
  );
}

// -- colours: fills with enough contrast for the marks drawn on them ---------------------------
const KT_PAINT = {
  black: { fill: "#33363f", ink: "#ffffff", edge: "#15171c" },
  yellow: { fill: "#f4c534", ink: "#4a3500", edge: "#a57d00" },
  red: { fill: "#d63d35", ink: "#ffffff", edge: "#8d1e18" },
  blue: { fill: "#2f6fc4", ink: "#ffffff", edge: "#17447f" },
  purple: { fill: "#8452c0", ink: "#ffffff", edge: "#4f2a7c" },
  silver: { fill: "#d5dae2", ink: "#2f3542", edge: "#7b8494" },
  gold: { fill: "#f0bf2c", ink: "#5a3f00", edge: "#9a6f00" },
  green: { fill: "#2f9a55", ink: "#ffffff", edge: "#1b5f33" },
  orange: { fill: "#ee8a2e", ink: "#3d1e00", edge: "#a55512" },
  turquoise: { fill: "#26aeb0", ink: "#003536", edge: "#11706f" },
  white: { fill: "#fbfaf5", ink: "#2f3542", edge: "#8c8c86" },
  grey: { fill: "#9a9a9a", ink: "#1f1f1f", edge: "#5d5d5d" },
};
function ktPaint(colour) {
  return KT_PAINT[colour] || KT_PAINT.grey;
}

// -- small marks (drawn in a 24 x 24 box centred on 12,12) -------------------------------------
const KT_MARKS = {
  // a sun: a disc and eight rays
  sun: (ink) => [
    ktSvg("circle", { cx: 12, cy: 12, r: 4.6, fill: ink }),
    ...Array.from({ length: 8 }, (_, i) =>
      ktSvg("rect", { x: 11, y: 2.2, width: 2, height: 4.2, rx: 1, fill: ink, transform: `rotate(${i * 45} 12 12)` }),
    ),
  ],
  // a flame
  flame: (ink) => [
    ktSvg("path", { d: "M12 2.5c1.2 4 5.8 6 5.8 11a5.8 5.8 0 0 1-11.6 0c0-2.7 1.6-4.2 2.6-5.6.3 1.8 1 2.8 2 3.2-.5-3 .2-5.8 1.2-8.6z", fill: ink }),
  ],
  // a drop of water
  drop: (ink) => [ktSvg("path", { d: "M12 2.8c2.6 4.4 6.2 8 6.2 12a6.2 6.2 0 0 1-12.4 0c0-4 3.6-7.6 6.2-12z", fill: ink })],
  // a five-pointed star
  star: (ink) => [
    ktSvg("path", { d: "M12 2.5l2.8 6.1 6.6.7-5 4.5 1.4 6.6L12 17l-5.8 3.4 1.4-6.6-5-4.5 6.6-.7z", fill: ink }),
  ],
  // a cloud of smoke (the black face: the dice go to the well)
  cloud: (ink) => [
    ktSvg("path", { d: "M6.5 17.5a4 4 0 0 1-.4-8 5.2 5.2 0 0 1 10-1.2 4.6 4.6 0 0 1 1.6 9.2z", fill: ink }),
  ],
  // a shield with a second one behind it (silver counts as two dice)
  shields: (ink) => [
    ktSvg("path", { d: "M9 3.5l5.5 2v5.2c0 4-2.6 6.6-5.5 8-2.9-1.4-5.5-4-5.5-8V5.5z", fill: "none", stroke: ink, "stroke-width": 1.6 }),
    ktSvg("path", { d: "M15 5.5l5.5 2v5.2c0 4-2.6 6.6-5.5 8-2.9-1.4-5.5-4-5.5-8V7.5z", fill: ink }),
  ],
  // a leaf (green gems)
  leaf: (ink) => [ktSvg("path", { d: "M5 19C5 9 11 4.5 19.5 4.5 19.5 13 15 19 5 19zm0 0l8-8", fill: ink, stroke: ink, "stroke-width": 1.2 })],
  // a moon (white gems)
  moon: (ink) => [ktSvg("path", { d: "M15.5 3.2a8.8 8.8 0 1 0 5.3 14.4A7 7 0 0 1 15.5 3.2z", fill: ink })],
  // a diamond (purple gems)
  diamond: (ink) => [ktSvg("path", { d: "M12 2.8l7 9.2-7 9.2-7-9.2z", fill: ink })],
  // the back of a die not yet rolled: a quiet lozenge, no face (and no question mark)
  back: (ink) => [
    ktSvg("path", { d: "M12 5l6 7-6 7-6-7z", fill: "none", stroke: ink, "stroke-width": 1.6 }),
    ktSvg("circle", { cx: 12, cy: 12, r: 1.6, fill: ink }),
  ],
  // a question mark drawn as a dot and a hook: a face nobody has seen yet
  unknown: (ink) => [
    ktSvg("path", { d: "M8.5 8.6a3.6 3.6 0 1 1 5.2 3.2c-1 .6-1.7 1.3-1.7 2.6v.8", fill: "none", stroke: ink, "stroke-width": 2.4, "stroke-linecap": "round" }),
    ktSvg("circle", { cx: 12, cy: 19, r: 1.5, fill: ink }),
  ],
};

// -- Dragon Battle: a die showing a face ---------------------------------------------------------
const KT_FACE_MARK = { yellow: "sun", red: "flame", blue: "drop", purple: "star", black: "cloud", silver: "shields" };

function ktDieArt(face) {
  const p = face === "hidden" ? { fill: "#f4f1e8", ink: "#8a8474", edge: "#8a8474" } : ktPaint(face);
  const mark = face === "hidden" ? "back" : KT_FACE_MARK[face] || "unknown";
  return ktArt(
    `kt-die-art kt-face-${face} kt-mark-${mark}`,
    40,
    40,
    ktSvg("rect", { x: 1.5, y: 1.5, width: 37, height: 37, rx: 8, fill: p.fill, stroke: p.edge, "stroke-width": 2 }),
    // a soft highlight: the die has a top edge
    ktSvg("path", { d: "M6 4.5h28a4 4 0 0 1 4 4v2H2v-2a4 4 0 0 1 4-4z", fill: "#ffffff", opacity: face === "hidden" ? 0 : 0.18 }),
    ktSvg("g", { transform: "translate(8 8)" }, KT_MARKS[mark](p.ink)),
  );
}

// -- Dragon Battle and Dragon's Gold: a dragon's head in profile ---------------------------------
function ktDragonArt(colour) {
  const p = ktPaint(colour);
  return ktArt(
    `kt-dragon-art kt-dragon-${colour}`,
    64,
    48,
    // the neck and head
    ktSvg("path", {
      d: "M6 46c2-10 6-17 13-21 3-8 9-13 18-13l5-7 2 8c6 1 12 4 16 9l-9 2 6 5-10 1c-3 4-9 5-14 3-4 3-6 8-6 13z",
      fill: p.fill,
      stroke: p.edge,
      "stroke-width": 2,
      "stroke-linejoin": "round",
    }),
    // the horn and the eye
    ktSvg("path", { d: "M30 14l-6-10 11 7", fill: p.edge }),
    ktSvg("circle", { cx: 43, cy: 17, r: 3, fill: "#fff" }),
    ktSvg("circle", { cx: 43.8, cy: 17, r: 1.5, fill: "#1a1a1a" }),
    // the nostril and a puff of smoke
    ktSvg("circle", { cx: 56, cy: 22, r: 1.1, fill: p.edge }),
  );
}

// -- Heroes of Kaskaria: the card motifs ---------------------------------------------------------
const KT_MOTIF = {
  // a griffin: a bird's head with a hooked beak and a raised wing
  griffin: (ink, paper) => [
    ktSvg("path", { d: "M8 30c0-9 5-16 13-18l2-7 4 6c4 1 7 4 8 8l-6 1c1 6-2 11-8 13z", fill: ink }),
    ktSvg("path", { d: "M31 19l7 2-7 3z", fill: ink }),
    ktSvg("circle", { cx: 26, cy: 16, r: 1.8, fill: paper }),
    ktSvg("path", { d: "M6 22c-3-6-2-13 3-18 0 6 2 10 6 12", fill: ink }),
  ],
  // a cliff runner: a figure running up a slope
  runner: (ink) => [
    ktSvg("circle", { cx: 25, cy: 7, r: 4, fill: ink }),
    ktSvg("path", {
      d: "M23 12l-5 10 6 4-3 9M21 17l-7 3M22 14l7 5 6-2M18 22l-6 7",
      fill: "none",
      stroke: ink,
      "stroke-width": 3.4,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    }),
    ktSvg("path", { d: "M2 38l36-10v10z", fill: ink, opacity: 0.45 }),
  ],
  // gold: a small stack of coins
  gold: (ink, paper) => [
    ktSvg("ellipse", { cx: 20, cy: 31, rx: 13, ry: 5, fill: "#e2a91a", stroke: ink, "stroke-width": 1.6 }),
    ktSvg("ellipse", { cx: 20, cy: 25, rx: 13, ry: 5, fill: "#f0bf2c", stroke: ink, "stroke-width": 1.6 }),
    ktSvg("ellipse", { cx: 20, cy: 19, rx: 13, ry: 5, fill: "#f7d35a", stroke: ink, "stroke-width": 1.6 }),
    ktSvg("path", { d: "M16 19h8M20 17v4", stroke: ink, "stroke-width": 1.6, "stroke-linecap": "round" }),
    ktSvg("circle", { cx: 31, cy: 10, r: 2, fill: paper, stroke: ink, "stroke-width": 1 }),
  ],
  // +2: two cards more, the figure over a burst
  plus2: (ink, paper) => [
    ktSvg("path", {
      d: "M20 2l4 7 8-2-2 8 7 4-7 4 2 8-8-2-4 7-4-7-8 2 2-8-7-4 7-4-2-8 8 2z",
      fill: ink,
    }),
    // the figure fills most of the card (28 of 40): on a projector's small card, 20 px wide, it is
    // still drawn 14 px high; white inside a thick dark line, it reads on any card's colour
    ktSvg("text", { x: 20, y: 30, "text-anchor": "middle", "font-size": 28, "font-weight": 800, fill: "#fff", stroke: "#1b1b1b", "stroke-width": 4, "stroke-linejoin": "round", "paint-order": "stroke", "font-family": "system-ui, sans-serif", "letter-spacing": -1 }, "+2"),
  ],
};

function ktMotifArt(motif, ink, paper) {
  const draw = KT_MOTIF[motif];
  return ktArt(`kt-motif-art kt-motif-${motif}`, 40, 40, draw ? draw(ink, paper) : []);
}

// -- Heroes of Kaskaria: the volcano and the amulet ---------------------------------------------
function ktVolcanoArt() {
  return ktArt(
    "kt-volcano-art",
    48,
    32,
    ktSvg("path", { d: "M2 31l15-20h14l15 20z", fill: "#8a4a32", stroke: "#4d2414", "stroke-width": 1.5 }),
    ktSvg("path", { d: "M17 11h14l-3 5-4-2-4 3z", fill: "#e8553a" }),
    ktSvg("path", { d: "M20 9c1-4 4-5 3-8 3 2 5 5 2 8", fill: "#f2a33a" }),
  );
}

function ktAmuletArt() {
  return ktArt(
    "kt-amulet-art",
    24,
    24,
    ktSvg("path", { d: "M7 2l5 6 5-6", fill: "none", stroke: "#6b4b00", "stroke-width": 1.5 }),
    ktSvg("path", { d: "M12 7l7 7-7 8-7-8z", fill: "#2bb3a3", stroke: "#0d5c53", "stroke-width": 1.5 }),
    ktSvg("path", { d: "M12 9l3 5-3 4-3-4z", fill: "#bff3ea" }),
  );
}

// -- a figure on a path (a pawn in its seat's colour; the player card shows the same pawn, so a
// child tells whose it is; a number on a pawn this size could not be read) ----------------------
const KT_SEAT_PAINT = ["#f4c534", "#5fb37a", "#6aa5e8", "#e58a8a", "#b69ae0"];

function ktPawnArt(seat) {
  const fill = KT_SEAT_PAINT[seat % KT_SEAT_PAINT.length];
  return ktArt(
    `kt-pawn-art kt-pawn-${seat}`,
    24,
    30,
    ktSvg("path", { d: "M12 2a5.5 5.5 0 0 1 3.4 9.8L19 25H5l3.6-13.2A5.5 5.5 0 0 1 12 2z", fill, stroke: "#1d2230", "stroke-width": 1.6 }),
    ktSvg("rect", { x: 3, y: 24, width: 18, height: 4.5, rx: 2, fill, stroke: "#1d2230", "stroke-width": 1.6 }),
  );
}

// -- Dragon's Gold: gems, coins and the magic token ----------------------------------------------
const KT_GEM_MARK = { blue: "drop", green: "leaf", purple: "diamond", yellow: "sun", white: "moon" };

function ktTokenArt(colour) {
  const p = ktPaint(colour);
  if (colour === "silver" || colour === "gold") {
    // a coin: a rim, a face and a star struck on it
    return ktArt(
      `kt-token-art kt-coin kt-token-${colour}`,
      24,
      24,
      ktSvg("circle", { cx: 12, cy: 12, r: 10.5, fill: p.fill, stroke: p.edge, "stroke-width": 1.6 }),
      ktSvg("circle", { cx: 12, cy: 12, r: 7.5, fill: "none", stroke: p.edge, "stroke-width": 1, opacity: 0.7 }),
      ktSvg("g", { transform: "translate(5.5 5.5) scale(0.54)" }, KT_MARKS.star(p.edge)),
    );
  }
  if (colour === "red" || colour === "black") {
    // a round token with a spark (red: magic) or a cloud (black)
    return ktArt(
      `kt-token-art kt-disc kt-token-${colour}`,
      24,
      24,
      ktSvg("circle", { cx: 12, cy: 12, r: 10.5, fill: p.fill, stroke: p.edge, "stroke-width": 1.6 }),
      ktSvg("g", { transform: "translate(5 5) scale(0.58)" }, KT_MARKS[colour === "red" ? "star" : "cloud"](p.ink)),
    );
  }
  // a gem: a cut stone with a table and facets, its own mark on it
  return ktArt(
    `kt-token-art kt-gem kt-token-${colour}`,
    24,
    24,
    ktSvg("path", { d: "M6 2.5h12l5 6.5-11 12.5L1 9z", fill: p.fill, stroke: p.edge, "stroke-width": 1.4, "stroke-linejoin": "round" }),
    ktSvg("path", { d: "M1 9h22M6 2.5L9 9l3 12.5L15 9l3-6.5", fill: "none", stroke: p.edge, "stroke-width": 0.8, opacity: 0.6 }),
    ktSvg("g", { transform: "translate(8.4 6.6) scale(0.3)" }, KT_MARKS[KT_GEM_MARK[colour] || "diamond"](p.ink)),
  );
}

// -- Dragon's Gold: strength (a sword) and treasure (a chest) ------------------------------------
function ktSwordArt() {
  return ktArt(
    "kt-icon-art kt-sword-art",
    20,
    20,
    ktSvg("path", { d: "M16.5 2.5l1 1-9 9-1.5-1.5z", fill: "#596273", stroke: "#2c313b", "stroke-width": 1 }),
    ktSvg("path", { d: "M4 12l4 4M3 17l3-3", stroke: "#7a4b1a", "stroke-width": 2.4, "stroke-linecap": "round" }),
  );
}

function ktChestArt() {
  return ktArt(
    "kt-icon-art kt-chest-art",
    20,
    20,
    ktSvg("path", { d: "M2 8a4 4 0 0 1 4-4h8a4 4 0 0 1 4 4v1H2z", fill: "#a0642b", stroke: "#4f2e0e", "stroke-width": 1.2 }),
    ktSvg("rect", { x: 2, y: 9, width: 16, height: 8, rx: 1, fill: "#b87634", stroke: "#4f2e0e", "stroke-width": 1.2 }),
    ktSvg("rect", { x: 8.5, y: 8, width: 3, height: 4, fill: "#f0bf2c", stroke: "#4f2e0e", "stroke-width": 0.8 }),
  );
}

// -- a pile of cards seen from the back (three backs, slightly fanned) ---------------------------
function ktCardBackArt() {
  const back = (dx, dy, r) =>
    ktSvg(
      "g",
      { transform: `translate(${dx} ${dy}) rotate(${r} 11 15)` },
      ktSvg("rect", { x: 1, y: 1, width: 20, height: 28, rx: 3, fill: "#2f4f86", stroke: "#14264a", "stroke-width": 1.4 }),
      ktSvg("rect", { x: 4, y: 4, width: 14, height: 22, rx: 2, fill: "none", stroke: "#c9a447", "stroke-width": 1.2 }),
      ktSvg("path", { d: "M11 9l4 6-4 6-4-6z", fill: "#c9a447" }),
    );
  return ktArt("kt-card-back-art", 32, 34, back(0, 3, -8), back(5, 2, 0), back(10, 1, 8));
}

// -- Heroes of Kaskaria: the village (a house with a roof) ---------------------------------------
function ktVillageArt() {
  return ktArt(
    "kt-village-art",
    36,
    24,
    ktSvg("path", { d: "M3 12l8-8 8 8v10H3z", fill: "#f3e3c3", stroke: "#6b4b2a", "stroke-width": 1.5, "stroke-linejoin": "round" }),
    ktSvg("path", { d: "M1.5 12.5L11 3l9.5 9.5", fill: "none", stroke: "#a8432c", "stroke-width": 2.6, "stroke-linecap": "round" }),
    ktSvg("rect", { x: 9, y: 15, width: 4, height: 7, fill: "#6b4b2a" }),
    ktSvg("path", { d: "M21 14l6-6 6 6v8H21z", fill: "#f3e3c3", stroke: "#6b4b2a", "stroke-width": 1.5, "stroke-linejoin": "round" }),
    ktSvg("path", { d: "M20 14.5L27 7.5l7 7", fill: "none", stroke: "#a8432c", "stroke-width": 2.4, "stroke-linecap": "round" }),
  );
}
