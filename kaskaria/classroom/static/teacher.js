// The teacher's page: the class board (shared with the projector widget) with its controls.
import { renderClass } from "./classboard.js";

const hash = new URLSearchParams(location.hash.slice(1));
const base = `${location.protocol}//${location.host}${location.pathname.replace(/teacher$/, "")}`;
renderClass(document.getElementById("kc-board"), {
  url: base,
  key: hash.get("key") || "",
  code: hash.get("c") || "",
  lang: (navigator.language || "en").startsWith("de") ? "de" : "en",
  controls: true,
});
