// The page: one tab per game, each built by its own module, fetched when its tab is first
// opened (a visit to one game loads that game's code only).
//
// The tab and its view are kept in the address (`#/mahjong/watch`): choosing a tab or a view
// adds a history entry, and a fragment typed or reached by Back and Forward shows its view
// (the `tiles:route` event tells the open views).

import { el } from "./draw.js";

const GAMES = [
  ["rummikub", "Rummikub", () => import("./rummikub.js")],
  ["mahjong", "Mahjong", () => import("./mahjong.js")],
  ["fiveup", "Five Up", () => import("./fiveup.js")],
  ["puzzle", "Rummikub puzzle", () => import("./puzzle.js")],
  ["huxxy", "huxxy", () => import("./huxxy.js")],
];

/** The tab a fragment names (`#/mahjong/watch/…` → `mahjong`), or null. */
function tabOf(hash) {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  return (fragment.startsWith("/") ? fragment.slice(1) : fragment).split("/")[0] || null;
}

function start() {
  const tabs = el("nav", { className: "tabs", role: "tablist", "aria-label": "Games" });
  const main = el("main", {});
  const sections = {};
  for (const [id, title, load] of GAMES) {
    const tab = el("button", { type: "button", role: "tab", id: `tab-${id}`, "aria-controls": id, onclick: () => show(id, true) }, title);
    const section = el("section", { id, role: "tabpanel", "aria-labelledby": `tab-${id}`, hidden: true }, el("h2", {}, title));
    tabs.append(tab);
    main.append(section);
    sections[id] = { tab, section, load, mounted: null };
  }
  /** Builds a tab's section the first time it is shown (its module fetched then). */
  function mount(id) {
    const entry = sections[id];
    entry.mounted ??= entry.load().then(
      (module) => {
        module.mount(entry.section);
        // Built: its controls are there (a test waits for this).
        entry.section.dataset.ready = "";
      },
      (problem) => entry.section.append(el("p", { className: "error", role: "alert" }, `This tab's code could not be loaded (${problem.message}): reload the page.`)),
    );
    return entry.mounted;
  }
  function show(id, chosen) {
    for (const [key, { tab, section }] of Object.entries(sections)) {
      section.hidden = key !== id;
      tab.setAttribute("aria-selected", String(key === id));
    }
    // The tab is kept in the address as `#/id` (and a view of it as `#/id/view`): a fragment
    // no element has, so loading the page with it does not scroll down to the section (`#id`
    // would). A tab chosen by a click is a new history entry (Back returns to the last one).
    if (tabOf(location.hash) !== id) {
      if (chosen) history.pushState(null, "", `#/${id}`);
      else history.replaceState(null, "", `#/${id}`);
    }
    return mount(id);
  }
  document.body.append(
    el("header", {}, el("h1", {}, "tiles"), el("p", {}, "Rule engines for tile and card games: pick tiles, get the answer.")),
    tabs,
    main,
    el("footer", {}, "The same answers as the ", el("code", {}, "tiles"), " command and the ", el("a", { href: "/api" }, "HTTP API"), "."),
  );
  const fragment = location.hash.slice(1);
  const wanted = tabOf(location.hash);
  show(sections[wanted] ? wanted : GAMES[0][0], false);
  // An address of the old form (`#id`) makes the browser scroll to the section once the page
  // is loaded: the page opens at the top all the same.
  if (!fragment.startsWith("/")) addEventListener("load", () => scrollTo(0, 0), { once: true });
  // A fragment typed, or reached by Back or Forward: its tab, then its view.
  addEventListener("hashchange", async () => {
    const id = tabOf(location.hash);
    if (!sections[id]) return;
    await show(id, false);
    dispatchEvent(new CustomEvent("tiles:route", { detail: location.hash }));
  });
}

start();
