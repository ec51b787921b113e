// The teacher's page: the class board (shared with the projector widget) with its controls.
import { renderClass } from "./classboard.js";

// The key comes in the address's #fragment (never sent to a server); it is kept for this tab
// only and taken out of the address bar at once, so a projected page does not show it.
const hash = new URLSearchParams(location.hash.slice(1));
if (hash.get("key")) {
  sessionStorage.setItem("kc-teacher", JSON.stringify({ key: hash.get("key"), c: hash.get("c") || "" }));
  history.replaceState(null, "", location.pathname + location.search);
}
const kept = JSON.parse(sessionStorage.getItem("kc-teacher") || "{}");
const base = `${location.protocol}//${location.host}${location.pathname.replace(/teacher$/, "")}`;
renderClass(document.getElementById("kc-board"), {
  url: base,
  key: kept.key || "",
  code: kept.c || "",
  // the language the server chose for this page (?lang=, or the browser's first choice)
  lang: document.documentElement.lang === "de" ? "de" : "en",
  controls: true,
});
