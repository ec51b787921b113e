// The table's shell, 4: the tabs and their panel (the log, the rules, the settings).

function ktDrawTabs(T, v) {
  const prefix = v.frame.prefix;
  const k = (...n) => klassOf(prefix, ...n);
  const t = v.frame.text;
  const tab = (name, label) =>
    h(
      "button",
      {
        type: "button",
        class: `${k("tab")} ${k(`tab-${name}`)}`,
        "data-key": `tab:${name}`,
        "aria-expanded": T.local.tab === name ? "true" : "false",
        "aria-controls": T.ids.panel,
        onclick: () => {
          T.local.tab = T.local.tab === name ? null : name;
          T.local.newRefused = null; // a reason said beside New game is for that press alone
          ktDrawTabs(T, T.local.shown);
          ktDrawPanel(T, T.local.shown);
        },
      },
      label,
    );
  morph(
    T.R.tabs,
    h(
      "div",
      { class: k("tabs") },
      tab("log", t.log),
      tab("rules", t.rules),
      tab("settings", t.settings),
      h("span", { class: k("keys"), id: T.ids.keys }, t.keys),
    ),
  );
}

function ktDrawPanel(T, v) {
  const prefix = v.frame.prefix;
  const k = (...n) => klassOf(prefix, ...n);
  const t = v.frame.text;
  const open = T.local.tab;
  const section = (name, ...children) =>
    h("section", { class: k(`panel-${name}`), hidden: open !== name, "data-id": `panel-${name}` }, children);
  const log = v.log;
  const logList = h(
    "ol",
    { class: k("log"), "aria-label": t.log, tabindex: 0 },
    log.entries.map((e) =>
      h(
        "li",
        {
          value: e.n,
          "data-id": `log-${e.n}`,
          class: `kt-log-${e.chance ? "chance" : "player"} ${prefix}-log-${e.chance ? "chance" : "player"}`,
        },
        e.who ? h("span", { class: k("log-who") }, `${e.who}: `) : null,
        h("span", { class: k("log-text") }, e.text),
      ),
    ),
  );
  const logSection = section(
    "log",
    log.more
      ? h("button", { type: "button", class: k("log-more"), "data-key": "log-more", onclick: () => ktSend(T, { type: "log", more: true }) }, t.log_more)
      : null,
    logList,
  );
  const rules = v.rules;
  const rulesSection = section(
    "rules",
    h("p", { class: k("rules-variant") }, `${t.variant}: ${rules.variant}`),
    rules.help.map((line) => h("p", {}, line)),
    rules.options.length
      ? h("dl", { class: k("options") }, rules.options.map((o) => [h("dt", {}, o.label), h("dd", {}, o.value)]))
      : null,
    rules.assumed ? h("p", { class: k("assumed") }, rules.assumed) : null,
  );
  morph(T.R.panel, h("div", { class: k("panel"), id: T.ids.panel }, logSection, rulesSection, ktSettingsSection(T, v)));
  T.R.panel.hidden = !open;
}

function ktSettingsSection(T, v) {
  const prefix = v.frame.prefix;
  const k = (...n) => klassOf(prefix, ...n);
  const t = v.frame.text;
  const s = v.settings;
  const info = v.info;
  const typed = (key, fallback) => (key in T.local.typed ? T.local.typed[key] : fallback);
  const keep = (key) => (e) => {
    T.local.typed[key] = e.target.value;
  };
  const pick = (cls, key, label, options, value, onchange) =>
    h(
      "label",
      { class: k(`${cls}-label`) },
      `${label} `,
      h(
        "select",
        { class: k(cls), "data-key": key, onchange },
        options.map((o) => h("option", { value: o.value, selected: String(o.value) === String(value) }, o.label)),
      ),
    );
  const seats = v.players.map((p) => {
    const options = s.seat_menu.slice();
    const value = s.seats[p.seat];
    if (!options.some((o) => o.value === value)) options.push({ value, label: p.bot || value });
    return pick("seat", `seat:${p.seat}`, p.label, options, value, (e) =>
      ktSend(T, { type: "seat", player: p.seat, seat: e.target.value }),
    );
  });
  const paceMs = s.pace_ms;
  const nearest = s.paces.reduce((a, b) => (Math.abs(b.ms - paceMs) < Math.abs(a.ms - paceMs) ? b : a));
  const seedInput = h("input", {
    class: k("seed"),
    "data-key": "seed",
    type: "number",
    min: 0,
    placeholder: t.random_seed,
    "aria-label": t.seed,
    value: typed("seed", info.seed === null ? "" : String(info.seed + 1)),
    oninput: keep("seed"),
  });
  const codeIn = h("input", {
    class: k("code-input"),
    "data-key": "code-input",
    type: "text",
    placeholder: t.paste_code,
    "aria-label": t.load_code,
    value: typed("code-input", ""),
    oninput: keep("code-input"),
  });
  return h(
    "section",
    { class: k("panel-settings"), hidden: T.local.tab !== "settings", "data-id": "panel-settings" },
    h("div", { class: k("box-title") }, t.seats),
    h("div", { class: k("seat-menus") }, seats),
    h(
      "div",
      { class: k("setup") },
      pick("speed", "speed", t.speed, s.paces.map((p) => ({ value: p.ms, label: p.label })), nearest.ms, (e) =>
        ktSend(T, { type: "pace", delay: Number(e.target.value) / 1000 }),
      ),
      pick("variant", "variant", t.variant, s.variants, s.variant, (e) => ktSend(T, { type: "restart", variant: e.target.value })),
      pick(
        "player-count",
        "players",
        t.players,
        s.player_counts.map((n) => ({ value: n, label: String(n) })),
        v.players.length,
        (e) => ktSend(T, { type: "restart", players: Number(e.target.value) }),
      ),
      pick("lang", "lang", t.language, s.languages, v.frame.lang, (e) => ktSend(T, { type: "lang", lang: e.target.value })),
      pick("motion", "motion", t.motion, s.motions, s.motion, (e) => ktSend(T, { type: "motion", motion: e.target.value })),
      h(
        "button",
        {
          type: "button",
          class: k("sound"),
          "data-key": "sound",
          "aria-pressed": s.sound ? "true" : "false",
          onclick: () => {
            if (!s.sound) ktBeep("turn");
            ktSend(T, { type: "sound", on: !s.sound });
          },
        },
        s.sound ? t.sound_on : t.sound_off,
      ),
      s.hourglass === null
        ? null
        : h(
            "button",
            {
              type: "button",
              class: k("hourglass-toggle"),
              "data-key": "hourglass",
              "aria-pressed": s.hourglass ? "true" : "false",
              onclick: () => ktSend(T, { type: "hourglass", on: !s.hourglass }),
            },
            s.hourglass ? t.hourglass_on : t.hourglass_off,
          ),
    ),
    h(
      "div",
      { class: k("controls") },
      h(
        "span",
        { class: k("new-group") },
        h("label", {}, `${t.seed} `, seedInput),
        h(
          "button",
          {
            type: "button",
            class: k("new"),
            "data-key": "new",
            onclick: () => {
              const text = (T.root.querySelector(".kt-seed") || seedInput).value.trim();
              delete T.local.typed.seed;
              // the view on screen when New game was pressed: the new game's view closes the
              // settings (ktNewGameShown)
              T.local.newFrom = T.local.shown ? T.local.shown.version : null;
              T.local.newRefused = null;
              ktSend(T, { type: "new", seed: text === "" ? null : Number(text) });
            },
          },
          t.new_game,
        ),
      ),
      h("span", { class: k("meta") }, info.this_game),
    ),
    // why New game did nothing (a seed the table cannot take), beside the button pressed: on a
    // projector the table's message box is far above it (ktNewGameShown)
    T.local.newRefused ? h("p", { class: k("new-refused"), role: "alert" }, T.local.newRefused) : null,
    // the scenario code is for teachers: folded away, so children never meet a raw code
    h(
      "details",
      {
        class: k("codes-fold"),
        "data-id": "codes",
        open: T.local.codesOpen ? true : null,
        ontoggle: (e) => {
          T.local.codesOpen = e.currentTarget.open;
        },
      },
      h("summary", { class: k("codes-title") }, t.code_fold),
      h(
        "div",
        { class: k("codes") },
      h(
        "label",
        { class: k("code-label") },
        `${info.code_is_view ? t.code_view : t.code} `,
        h("input", {
          class: k("code"),
          "data-key": "code",
          type: "text",
          readonly: true,
          value: info.code,
          "aria-label": info.code_is_view ? t.code_view : t.code,
          onfocus: (e) => e.target.select(),
        }),
      ),
      h(
        "span",
        { class: k("load-group") },
        codeIn,
        h(
          "button",
          {
            type: "button",
            class: k("load"),
            "data-key": "load",
            onclick: () => {
              const input = T.root.querySelector(".kt-code-input") || codeIn;
              delete T.local.typed["code-input"];
              ktSend(T, { type: "code", code: input.value });
            },
          },
          t.load_code,
        ),
      ),
      ),
    ),
  );
}

// After New game: the first view that follows closes the settings and brings the table's top
// into view, when it is a new game (its log or its "This game" line changed; a refused seed
// leaves both, and the panel open with its reason). A tester in the app pressed "Neues Spiel"
// far down the page: the settings stayed open and the new board was out of sight.
function ktNewGameShown(T, v, changed) {
  if (T.local.newFrom === undefined || v.version === T.local.newFrom) return;
  delete T.local.newFrom;
  if (!(changed.log || changed.info)) {
    // refused: its reason beside the button too
    if (v.message && v.message.kind === "error" && T.local.tab === "settings") {
      T.local.newRefused = v.message.text;
      ktDrawPanel(T, v);
      const said = T.root.querySelector(".kt-new-refused");
      if (said) said.scrollIntoView({ block: "nearest" });
    }
    return;
  }
  T.local.newRefused = null;
  if (T.local.tab !== "settings") return;
  T.local.tab = null;
  ktDrawTabs(T, v);
  ktDrawPanel(T, v);
  if (T.root.getBoundingClientRect().top < 0) T.root.scrollIntoView({ block: "start" });
}
