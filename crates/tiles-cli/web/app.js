// The page: one tab per game, each built by its own module.

import { el } from "./draw.js";
import * as rummikub from "./rummikub.js";
import * as mahjong from "./mahjong.js";
import * as fiveup from "./fiveup.js";
import * as puzzle from "./puzzle.js";
import * as huxxy from "./huxxy.js";

const GAMES = [
  ["rummikub", "Rummikub", rummikub],
  ["mahjong", "Mahjong", mahjong],
  ["fiveup", "Five Up", fiveup],
  ["puzzle", "Rummikub puzzle", puzzle],
  ["huxxy", "huxxy", huxxy],
];

function start() {
  const tabs = el("nav", { className: "tabs", role: "tablist", "aria-label": "Games" });
  const main = el("main", {});
  const sections = {};
  for (const [id, title, module] of GAMES) {
    const tab = el("button", { type: "button", role: "tab", id: `tab-${id}`, "aria-controls": id, onclick: () => show(id) }, title);
    const section = el("section", { id, role: "tabpanel", "aria-labelledby": `tab-${id}`, hidden: true }, el("h2", {}, title));
    module.mount(section);
    tabs.append(tab);
    main.append(section);
    sections[id] = { tab, section };
  }
  function show(id) {
    for (const [key, { tab, section }] of Object.entries(sections)) {
      section.hidden = key !== id;
      tab.setAttribute("aria-selected", String(key === id));
    }
    // The tab is kept in the address as `#/id` (and a view of it as `#/id/view`): a fragment
    // no element has, so loading the page with it does not scroll down to the section (`#id`
    // would).
    if (location.hash.split("/")[1] !== id) history.replaceState(null, "", `#/${id}`);
  }
  document.body.append(
    el("header", {}, el("h1", {}, "tiles"), el("p", {}, "Rule engines for tile and card games: pick tiles, get the answer.")),
    tabs,
    main,
    el("footer", {}, "The same answers as the ", el("code", {}, "tiles"), " command and the ", el("a", { href: "/api" }, "HTTP API"), "."),
  );
  const fragment = location.hash.slice(1);
  const wanted = (fragment.startsWith("/") ? fragment.slice(1) : fragment).split("/")[0];
  show(sections[wanted] ? wanted : GAMES[0][0]);
  // An address of the old form (`#id`) makes the browser scroll to the section once the page
  // is loaded: the page opens at the top all the same.
  if (!fragment.startsWith("/")) addEventListener("load", () => scrollTo(0, 0), { once: true });
}

start();
