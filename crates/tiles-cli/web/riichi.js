// Riichi at the table: a whole game of riichi mahjong against the bots, four players or three,
// under a rule set (Tenhou's by default; Mahjong Soul's, M-League's, the WRC's, the EMA's, JPML's,
// Saikouisen's) with any of its fields set otherwise. The person sits at seat 0 (the bottom of the board). The game is its
// settings, its token and the person's decisions so far: every answer of `mahjong/game`
// replays them, so the server keeps no game, and a reload (the page keeps them in
// localStorage) resumes it. A game is sealed: the server makes its seed and keeps it until the
// end, showing a commitment to it from the start, so this page never knows a tile before it is
// shown; a practice seed typed in the settings makes an unsealed game instead. The bots' turns since the person's last decision are shown one by one, at the
// speed chosen, on a copy of the board the page keeps; the answer's own view is drawn after.

import { call } from "./api.js";
import { button, checkbox, el, field, select } from "./draw.js";
import { WIND_NAMES, centreNode, meldNode, placeOf, resultNodes, seatZone, signed } from "./riichi-board.js";
import { fromMjai, loadTileArt, pictureOf, sortTiles, tableTile, tileArt, tileName } from "./tiles-mj.js";

const SAVED = "tiles.riichi.play";
/** The rule sets the settings offer: `mahjong/rules` names them, these are their labels. */
const RULE_SETS = [
  ["tenhou", "Tenhou (ranked room)"],
  ["mahjong-soul", "Mahjong Soul"],
  ["m-league", "M-League"],
  ["wrc", "WRC 2025"],
  ["ema-2016", "EMA 2016"],
  ["ema-2025", "EMA 2025"],
  ["jpml-a", "JPML A (renmei)"],
  ["saikouisen", "Saikouisen"],
  ["saikouisen-classic", "Saikouisen Classic"],
];
const BOTS = [["value", "value (plays for points)"], ["defence", "defence (folds when threatened)"], ["efficiency", "efficiency (fastest hand)"], ["random", "random"]];
const SPEEDS = { instant: 0, fast: 120, normal: 450 };
/** The keys of the decisions (also shown on their buttons). */
const KEYS = { riichi: "r", tsumo: "t", ron: "w", chi: "c", pon: "p", daiminkan: "k", ankan: "k", kakan: "k", kita: "n", ryukyoku: "9", pass: "x" };

/** A decision's control: its `data-action`, its short words and its full name. */
function describe(decision) {
  const tile = (name) => tileName(fromMjai(name));
  switch (decision.type) {
    case "hora":
      return decision.target === decision.actor
        ? ["tsumo", "Tsumo", `Tsumo: win on ${tile(decision.pai)}`]
        : ["ron", "Ron", `Ron: win on ${tile(decision.pai)}`];
    case "chi":
    case "pon":
    case "daiminkan": {
      const words = { chi: "Chi", pon: "Pon", daiminkan: "Kan" }[decision.type];
      const hand = decision.consumed.map((name) => tileName(fromMjai(name)));
      return [decision.type, words, `${words} ${tile(decision.pai)} with ${hand.join(" and ")}`];
    }
    case "ankan":
      return ["ankan", "Kan", `Concealed kan of ${tile(decision.consumed[0])}`];
    case "kakan":
      return ["kakan", "Kan", `Added kan of ${tile(decision.pai)}`];
    case "kita":
      return ["kita", "Kita", "Kita: set a north aside"];
    case "ryukyoku":
      return ["ryukyoku", "Nine terminals", "Nine terminals: draw the hand"];
    case "none":
      return ["pass", "Pass", "Pass"];
    default:
      return [decision.type, decision.type, decision.type];
  }
}

export function mount(section) {
  // ----- settings -----
  const players = select([["4", "4 players"], ["3", "3 players"]], "4");
  players.name = "players";
  const length = select([["hanchan", "hanchan (East and South)"], ["east", "East round only"]], "hanchan");
  length.name = "length";
  const ruleSet = select(RULE_SETS, "tenhou");
  ruleSet.name = "rules";
  const changes = el("input", { name: "rule", type: "text", placeholder: "kiriage=false", size: 24, spellcheck: false });
  const ruleNote = el("p", { className: "hint", "data-rules-note": "" });
  const red = checkbox("red fives", "red_fives");
  red.box.checked = true;
  const kuitan = checkbox("open tanyao", "open_tanyao");
  kuitan.box.checked = true;
  // The rule set's own red fives and kuitan, as `mahjong/rules` gives them, set the boxes; the
  // note says what differs from Tenhou's in the fields that change play most.
  const showRules = async () => {
    const wanted = ruleSet.value;
    try {
      const shown = await call("mahjong/rules", { rules: wanted, players: Number(players.value) });
      if (ruleSet.value !== wanted) return;
      const value = (name) => shown.fields.find((one) => one.name === name)?.value;
      red.box.checked = value("red_fives") !== "0,0,0";
      kuitan.box.checked = value("open_tanyao") === "true";
      const start = Number(value("start_points")).toLocaleString("en");
      const uma = value("uma").startsWith("above:") ? "by how many end above the return points" : value("uma");
      ruleNote.textContent = `${shown.rules}: ${start} to start, uma ${uma}; ${value("multiple_ron").replace("_", " ")} ron, kiriage ${value("kiriage")}, busting ${value("busting").replace("_", " ")}.`;
    } catch (error) {
      ruleNote.textContent = String(error.message ?? error);
    }
  };
  ruleSet.addEventListener("change", showRules);
  const seed = el("input", { name: "seed", type: "number", min: 0, placeholder: "sealed", size: 8 });
  const speed = select([["normal", "normal"], ["fast", "fast"], ["instant", "instant"]], "normal");
  speed.name = "speed";
  const botSelects = [1, 2, 3].map((seat) => {
    const choice = select(BOTS, "value");
    choice.name = `opponent-${seat}`;
    return choice;
  });
  const botFields = botSelects.map((choice, i) => field(`Seat ${i + 1}`, choice));
  const showSeats = () => {
    botFields[2].hidden = players.value === "3";
  };
  players.addEventListener("change", showSeats);
  players.addEventListener("change", showRules);
  const settings = el(
    "details",
    { className: "riichi-settings", open: true },
    el("summary", {}, "New game"),
    el("div", { className: "row" }, field("Players", players), field("Length", length), field("Practice seed", seed, { hint: "empty: a sealed game" }), field("Bots' turns shown", speed)),
    el("div", { className: "row" }, ...botFields),
    el("div", { className: "row" }, field("Rules", ruleSet), field("Rule changes", changes, { hint: "NAME=VALUE, comma separated" })),
    ruleNote,
    el("div", { className: "buttons" }, red.node, kuitan.node),
    button("Start a new game", () => newGame(), { className: "primary", "data-new-game": "" }),
  );

  // ----- the table -----
  const status = el("p", { className: "status", role: "status", "data-riichi-status": "" });
  const sealLine = el("p", { className: "riichi-seal hint", "data-seal": "" });
  const board = el("div", { className: "riichi-board", "data-board": "" });
  const hand = el("div", { className: "riichi-hand", role: "group", "aria-label": "Your hand: Tab or the arrows move, Enter discards" });
  const actions = el("div", { className: "riichi-actions buttons", role: "group", "aria-label": "Your decisions" });
  const prompt = el("p", { className: "summary", "aria-live": "polite", "data-prompt": "" });
  const waits = el("div", { className: "riichi-waits", "aria-live": "polite", "data-waits": "" });
  const panel = el("section", { className: "riichi-panel", hidden: true, "aria-live": "polite", "aria-label": "Result", "data-result": "" });
  const final = el("section", { className: "riichi-final", hidden: true, "data-final-panel": "" });
  const table = el("div", { className: "riichi-table" }, board, prompt, waits, el("div", { className: "riichi-you" }, hand, actions), panel, final);

  let setup = null; // { seed (null: sealed), token, players, rules, rule, length, red_fives, open_tanyao, bots, moves }
  let answer = null; // the last answer of mahjong/game
  let shown = null; // the board as drawn now (the answer's view, or the copy the bots' turns play on)
  let riichiMode = false; // choosing the discard that declares riichi
  let busy = false; // the bots' turns are being shown, or an answer awaited
  let asked = 0; // requests sent: an answer to an older one is dropped
  let focusAt = 0; // the hand tile with the keyboard's focus
  let keepFocus = false; // the focus was at the table when the person decided: it goes back there

  const request = () => ({
    ...(setup.token ? { token: setup.token } : setup.seed !== null ? { seed: setup.seed } : {}),
    players: setup.players,
    rules: setup.rules ?? "tenhou",
    rule: setup.rule ?? [],
    length: setup.length,
    red_fives: setup.red_fives,
    open_tanyao: setup.open_tanyao,
    bots: setup.bots,
    moves: setup.moves,
    // The last answer's sealed checkpoint: the server plays the game so far again without
    // asking its bots again, so an answer costs about the same at the end as at the start.
    ...(setup.checkpoint ? { checkpoint: setup.checkpoint } : {}),
    record: "none",
  });

  function newGame() {
    const count = Number(players.value);
    const typed = seed.value.trim();
    setup = {
      seed: typed === "" ? null : Math.max(0, Math.floor(Number(typed)) || 0),
      token: null,
      players: count,
      rules: ruleSet.value,
      rule: changes.value.split(/[,\s]+/).filter((pair) => pair !== ""),
      length: length.value,
      red_fives: red.box.checked,
      open_tanyao: kuitan.box.checked,
      bots: ["human", ...botSelects.slice(0, count - 1).map((choice) => choice.value)],
      moves: [],
    };
    answer = null;
    shown = null;
    settings.open = false;
    final.hidden = true;
    panel.hidden = true;
    play(true);
  }

  /** Asks for the game up to the person's next decision and shows what happened since. */
  async function play(fresh = false) {
    const mine = ++asked;
    busy = true;
    section.dataset.state = "waiting";
    status.textContent = "the bots are playing…";
    renderControls();
    let next;
    try {
      next = await call("mahjong/game", request());
    } catch (error) {
      if (mine !== asked) return;
      // A checkpoint the server no longer takes (another server's): the game from its seed.
      if (setup.checkpoint && /^checkpoint: /.test(error.message)) {
        setup.checkpoint = null;
        return play(fresh);
      }
      status.textContent = /^token: not a token/.test(error.message)
        ? "This sealed game cannot be opened any more (the server was restarted without --secret-file): start a new game."
        : error.message;
      section.dataset.state = "failed";
      // A decision the server refused is taken back.
      if (setup.moves.length > 0 && error.status === 400 && /^moves\[/.test(error.message)) setup.moves.pop();
      busy = false;
      return;
    }
    if (mine !== asked) return;
    status.textContent = "";
    if (next.token) setup.token = next.token;
    setup.checkpoint = next.checkpoint ?? null;
    localStorage.setItem(SAVED, JSON.stringify({ ...setup, speed: speed.value }));
    showSeal(next);
    await loadTileArt();
    const before = fresh || !shown ? null : shown;
    answer = next;
    await showEvents(before, next);
    if (mine !== asked) return;
    shown = next.view;
    riichiMode = false;
    busy = false;
    renderBoard(shown);
    renderControls();
    if (next.to_move === null) showFinal();
    else if (keepFocus) focusTable();
    keepFocus = false;
  }

  /** The focus back at the table: the hand tile it was on (or the nearest one enabled), or
   * the first decision. */
  function focusTable() {
    const tiles = [...hand.querySelectorAll("button.riichi-tile")];
    const enabled = tiles.filter((node) => !node.disabled);
    const target = (tiles[focusAt] && !tiles[focusAt].disabled ? tiles[focusAt] : null) ?? actions.querySelector("button") ?? enabled[0];
    if (!target) return;
    focusAt = Math.max(0, tiles.indexOf(target));
    target.focus();
  }

  /** The bots' turns since the last answer, one at a time, on a copy of the board; a hand's
   * end as its result panel, which the person closes. */
  async function showEvents(before, next) {
    const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
    const pause = reduced && speed.value !== "instant" ? Math.min(SPEEDS[speed.value], 150) : SPEEDS[speed.value];
    let model = before ? structuredClone(before) : null;
    let ended = 0;
    for (const event of next.events) {
      if (!model && event.type !== "start_kyoku") continue;
      if (event.type === "hora" || event.type === "ryukyoku") {
        // The result shows once the hand's every win has been seen.
        continue;
      }
      if (event.type === "end_kyoku") {
        if (model) renderBoard(model);
        const result = next.results[findResult(next, ended)];
        ended += 1;
        if (result) await showResult(result, next);
        continue;
      }
      model = apply(model, event, next);
      if (pause > 0 && ["dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "kita", "reach_accepted", "dora"].includes(event.type)) {
        renderBoard(model);
        await sleep(pause);
      }
    }
  }

  /** The index in `results` of the `ended`-th hand that ended among the answer's events. */
  function findResult(next, ended) {
    const ends = next.events.filter((event) => event.type === "end_kyoku").length;
    return next.results.length - ends + ended;
  }

  function showResult(result, next) {
    return new Promise((resolve) => {
      const names = next.bots;
      const count = names.length;
      const who = (seat) => (seat === 0 ? "You" : `Seat ${seat} (${names[seat]})`);
      const nodes = resultNodes(result, who, count, fromMjai);
      const ok = button("Continue", () => {
        panel.hidden = true;
        resolve();
      }, { className: "primary", "data-continue": "" });
      panel.replaceChildren(...nodes, ok);
      panel.hidden = false;
      ok.focus();
    });
  }

  function showFinal() {
    const names = answer.bots;
    const standings = answer.standings;
    const who = (seat) => (seat === 0 ? "You" : `Seat ${seat} (${names[seat]})`);
    const order = names.map((_, seat) => seat).sort((a, b) => answer.ranks[a] - answer.ranks[b]);
    const links = [];
    for (const [format, text, extension] of [["mjai", answer.records.mjai, "mjson"], ["tenhou.net/6", answer.records.tenhou6, "json"], ["mjlog", answer.records.mjlog, "mjlog"]]) {
      if (text === null) continue;
      const href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      links.push(el("a", { href, download: `riichi-${answer.seed}.${extension}`, "data-record": format === "tenhou.net/6" ? "tenhou6" : format }, `Record (${format})`));
    }
    final.replaceChildren(
      el("h3", {}, "The game is over"),
      el("table", { className: "riichi-standings", "data-final": "" },
        el("tr", {}, el("th", {}, "place"), el("th", {}, "seat"), el("th", {}, "points"), el("th", {}, "final score"), el("th", {}, "rank points")),
        order.map((seat) => el("tr", { "data-seat": String(seat) },
          el("td", {}, String(answer.ranks[seat])), el("td", {}, who(seat)), el("td", {}, String(answer.final_scores[seat])),
          el("td", {}, signed(standings.final_score[seat].toFixed(1))), el("td", {}, signed(standings.rank_points[seat]))))),
      el("p", {}, `Final score under ${setup.rules ?? "tenhou"}'s rules, in thousands: the points less the returned points, with the uma and oka of the place (ties as those rules split them). Rank points: Tenhou's Phoenix room's for each place.`),
      el("p", { className: "buttons" }, links),
      // Only a sealed game has a seal to check (a practice game's would show as "null").
      ...(answer.seal ? [sealCheck(answer.seal)] : []),
      button("Play again", () => { settings.open = true; settings.scrollIntoView(); }, { "data-play-again": "" }),
    );
    final.hidden = false;
    prompt.textContent = "The game is over.";
  }

  /** The seal line above the table: the commitment of a sealed game, or the practice seed. */
  function showSeal(next) {
    if (next.sealed) {
      sealLine.dataset.seal = "sealed";
      sealLine.textContent = next.seal
        ? `Sealed game: seed ${next.seal.seed}, committed to from the start as ${next.commitment.slice(0, 16)}…`
        : `Sealed game: the server keeps the seed until the end. Commitment (SHA-256): ${next.commitment.slice(0, 16)}…`;
      sealLine.title = `commitment ${next.commitment}`;
    } else {
      sealLine.dataset.seal = "practice";
      sealLine.textContent = `Practice game, seed ${next.seed}: not sealed (whoever knows the seed knows every wall).`;
      sealLine.title = "";
    }
  }

  /** The revealed seal, checked here: the SHA-256 of its text is the commitment shown from the
   * start (the page's own check, where the browser offers SHA-256, and the command to run). */
  function sealCheck(seal) {
    const text = `tiles mahjong seal v1\n${seal.salt}\n${seal.seed}`;
    const verdict = el("span", { "data-seal-check": "pending" }, "checking…");
    const node = el("div", { className: "riichi-seal-check" },
      el("p", {}, `The seed was ${seal.seed} (salt ${seal.salt}). `, verdict),
      el("p", { className: "hint" }, "Check it yourself: ", el("code", {}, `printf 'tiles mahjong seal v1\\n%s\\n%s' ${seal.salt} ${seal.seed} | sha256sum`),
        ` gives ${seal.commitment}; the records state the seed, and tiles mahjong game --seed ${seal.seed} (with this game's players) deals the same walls.`));
    if (crypto?.subtle) {
      crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)).then((digest) => {
        const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
        const ok = hex === seal.commitment;
        verdict.dataset.sealCheck = ok ? "ok" : "mismatch";
        verdict.textContent = ok ? "It matches the commitment shown at the start." : `It does NOT match the commitment shown at the start (${hex}).`;
      });
    } else {
      verdict.dataset.sealCheck = "unchecked";
      verdict.textContent = "(this page, not served over https or from this machine, cannot compute SHA-256 itself)";
    }
    return node;
  }

  // ----- drawing the board -----

  function renderBoard(view) {
    if (!view || !answer) return;
    const count = view.seats.length;
    section.dataset.players = String(count);
    const zones = view.seats.flatMap((seat) => {
      const you = seat.seat === view.seat;
      const label = `${you ? "You" : `Seat ${seat.seat} (${seat.name})`}, ${WIND_NAMES[seat.wind]}`;
      return seatZone(seat, placeOf(seat.seat, view.seat, count), { label, name: you ? "You" : seat.name, dealer: view.dealer, calls: !you, count });
    });
    board.replaceChildren(centreNode(view, view.seat), ...zones);
    renderHand(view);
  }

  // ----- the person's decisions -----

  function legal() {
    return !busy && answer && answer.to_move === 0 ? answer.legal : [];
  }

  function renderHand(view) {
    const decisions = legal();
    const discards = decisions.filter((d) => d.type === (riichiMode ? "reach" : "dahai"));
    const tiles = [...view.hand.map((code) => ({ code, drawn: false })), ...(view.drawn ? [{ code: view.drawn, drawn: true }] : [])];
    const buttons = tiles.map(({ code, drawn }, index) => {
      const decision = discards.find((d) => fromMjai(d.pai) === code && d.tsumogiri === drawn);
      const node = el(
        "button",
        {
          type: "button",
          className: `riichi-tile${drawn ? " drawn" : ""}`,
          "data-tile": code,
          "data-zone": drawn ? "drawn" : "hand",
          "data-seat": String(view.seat),
          "data-action": "discard",
          "aria-label": `${riichiMode ? "Riichi, discarding" : "Discard"} ${tileName(code)}${drawn ? " (just drawn)" : ""}`,
          disabled: !decision,
          onclick: () => decide(decision),
          onfocus: () => { focusAt = index; },
          onkeydown: (event) => moveFocus(event, index, tiles.length),
        },
        tileArt(code),
      );
      if (decision) node.dataset.decision = JSON.stringify(decision);
      return node;
    });
    const own = view.seats[view.seat];
    hand.replaceChildren(...buttons);
    if (own.melds.length || own.north) {
      hand.append(el("span", { className: "riichi-melds own", role: "group", "aria-label": "Your calls" },
        Array.from({ length: own.north }, () => tableTile("4z", "north", view.seat, { extra: ["set aside"] })),
        own.melds.map((meld) => meldNode(meld, view.seat, view.seats.length))));
    }
    waits.replaceChildren(...waitsPanel(view));
  }

  function moveFocus(event, index, total) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    focusAt = (index + step + total) % total;
    hand.querySelectorAll("button.riichi-tile")[focusAt]?.focus();
  }

  function waitsPanel(view) {
    if (!view.waits.length) return [];
    return [
      el("p", { className: "riichi-waits-title" }, "You are ready. Waiting on:"),
      el("ul", {}, view.waits.map((wait) => el("li", { "data-wait": wait.tile },
        pictureOf(wait.tile), ` ${tileName(wait.tile)}: ${wait.unseen} left`,
        wait.ron ? ` · no ron: ${wait.ron}` : "", wait.tsumo ? ` · no tsumo: ${wait.tsumo}` : ""))),
    ];
  }

  function renderControls() {
    const decisions = legal();
    const others = decisions.filter((d) => d.type !== "dahai" && d.type !== "reach");
    const controls = [];
    if (decisions.some((d) => d.type === "reach")) {
      controls.push(button(riichiMode ? "Cancel riichi" : "Riichi", () => {
        riichiMode = !riichiMode;
        renderHand(shown);
        renderControls();
      }, { "data-action": "riichi", "aria-pressed": String(riichiMode), "aria-keyshortcuts": KEYS.riichi, title: `key ${KEYS.riichi.toUpperCase()}` }));
    }
    for (const decision of others) {
      const [action, words, name] = describe(decision);
      const node = button(words, () => decide(decision), { "data-action": action, "aria-label": name, "aria-keyshortcuts": KEYS[action], title: `${name} (key ${KEYS[action].toUpperCase()})`, className: action === "pass" ? "" : "call" });
      node.dataset.decision = JSON.stringify(decision);
      const shown = { chi: [decision.pai, ...(decision.consumed ?? [])], pon: [decision.pai, ...(decision.consumed ?? [])], daiminkan: [decision.pai, ...(decision.consumed ?? [])], ankan: decision.consumed, kakan: [decision.pai], hora: [decision.pai] }[decision.type];
      if (shown) node.append(el("span", { className: "riichi-row" }, shown.map((tileOf) => pictureOf(fromMjai(tileOf)))));
      controls.push(node);
    }
    actions.replaceChildren(...controls);
    const view = shown;
    if (busy) prompt.textContent = "";
    else if (!answer || answer.to_move === null) prompt.textContent = answer ? "The game is over." : "";
    else if (riichiMode) prompt.textContent = "Riichi: choose the discard that declares it (only those that keep your hand ready).";
    else if (view?.claim) prompt.textContent = `Seat ${view.claim.from} discarded ${tileName(view.claim.tile)}: call it, or pass.`;
    else if (decisions.some((d) => d.type === "dahai")) prompt.textContent = "Your turn: click a tile to discard it.";
    else prompt.textContent = "Your decision.";
    section.dataset.state = busy ? "waiting" : answer?.to_move === 0 ? "your-turn" : answer ? "over" : "idle";
    if (shown) renderHand(shown);
  }

  function decide(decision) {
    if (!decision || busy) return;
    keepFocus ||= table.contains(document.activeElement);
    setup.moves.push(decision);
    riichiMode = false;
    play();
  }

  // Keys for the decisions, and Escape out of riichi, wherever the focus is but in a field,
  // while the table is shown.
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || busy || !section.offsetParent) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === "Escape" && riichiMode) {
      riichiMode = false;
      renderHand(shown);
      renderControls();
      return;
    }
    const key = event.key.toLowerCase();
    const match = [...actions.querySelectorAll("button[data-action]")].find((node) => node.getAttribute("aria-keyshortcuts") === key && !node.disabled);
    if (match) {
      event.preventDefault();
      keepFocus = true;
      match.click();
      if (match.dataset.action === "riichi") hand.querySelector("button.riichi-tile:not([disabled])")?.focus();
    }
  });

  section.append(
    el("p", { className: "intro" }, "A whole game of riichi mahjong against the bots, under the rule set chosen (Tenhou's by default): you are seat 0, at the bottom. Click a tile to discard it (the tile you drew stands apart); calls appear as buttons when you may make them. Keys: arrows along your hand, Enter discards, R riichi, T tsumo, W ron, C chi, P pon, K kan, N north, X pass. Reload the page and the game is still there. The game is sealed: the server keeps its seed to itself until the end, and shows a commitment to it from the start (a practice seed makes an unsealed game)."),
    settings,
    status,
    sealLine,
    table,
  );
  showSeats();
  showRules();
  const saved = JSON.parse(localStorage.getItem(SAVED) ?? "null");
  if (saved?.bots?.[0] === "human" && Array.isArray(saved.moves)) {
    setup = saved;
    speed.value = saved.speed ?? "normal";
    seed.value = saved.seed === null || saved.seed === undefined ? "" : String(saved.seed);
    setup.token ??= null;
    if (setup.seed === undefined) setup.seed = null;
    players.value = String(saved.players);
    length.value = saved.length;
    ruleSet.value = saved.rules ?? "tenhou";
    changes.value = (saved.rule ?? []).join(", ");
    settings.open = false;
    showSeats();
    play(true);
  }
}

/** The board after one event (the public part of the table, as the answer's view has it). */
function apply(model, event, next) {
  const count = next.bots.length;
  const seats = model?.seats;
  const me = next.view.seat;
  switch (event.type) {
    case "start_kyoku": {
      const tehai = event.tehais[me].map(fromMjai);
      return {
        seat: me,
        round: `${event.bakaze}${event.kyoku}-${event.honba}`,
        sticks: event.kyotaku,
        dealer: event.oya,
        wall: count === 3 ? 55 : 70,
        dora_indicators: [fromMjai(event.dora_marker)],
        hand: sortTiles(tehai),
        drawn: null,
        claim: null,
        seats: Array.from({ length: count }, (_, seat) => ({
          seat,
          name: next.bots[seat],
          wind: ["E", "S", "W", "N"][(seat - event.oya + count) % count],
          score: event.scores[seat],
          riichi: false,
          river: [],
          melds: [],
          concealed: 13,
          north: 0,
        })),
        waits: [],
        pendingRiichi: [],
      };
    }
    case "tsumo": {
      model.wall = Math.max(0, model.wall - 1);
      seats[event.actor].concealed += 1;
      if (event.actor === me) {
        if (model.drawn) model.hand = sortTiles([...model.hand, model.drawn]);
        model.drawn = fromMjai(event.pai);
      }
      return model;
    }
    case "reach":
      (model.pendingRiichi ??= []).push(event.actor);
      return model;
    case "reach_accepted":
      seats[event.actor].riichi = true;
      seats[event.actor].score -= 1000;
      model.sticks += 1;
      return model;
    case "dahai": {
      const tile = fromMjai(event.pai);
      const riichi = (model.pendingRiichi ?? []).includes(event.actor);
      model.pendingRiichi = (model.pendingRiichi ?? []).filter((seat) => seat !== event.actor);
      seats[event.actor].river.push({ tile, tsumogiri: event.tsumogiri, riichi, called: false });
      seats[event.actor].concealed -= 1;
      if (event.actor === me) {
        const all = model.drawn ? [...model.hand, model.drawn] : [...model.hand];
        const at = all.lastIndexOf(tile);
        if (at >= 0) all.splice(at, 1);
        model.hand = sortTiles(all);
        model.drawn = null;
      }
      return model;
    }
    case "chi":
    case "pon":
    case "daiminkan": {
      const river = seats[event.target].river;
      if (river.length) river[river.length - 1].called = true;
      const consumed = event.consumed.map(fromMjai);
      const called = fromMjai(event.pai);
      seats[event.actor].melds.push({ type: event.type, tiles: sortTiles([...consumed, called]), called, from: event.target });
      seats[event.actor].concealed -= consumed.length;
      if (event.actor === me) model.hand = without(model.hand, consumed);
      return model;
    }
    case "ankan": {
      const consumed = event.consumed.map(fromMjai);
      seats[event.actor].melds.push({ type: "ankan", tiles: sortTiles(consumed), called: null, from: null });
      seats[event.actor].concealed -= 4;
      if (event.actor === me) {
        model.hand = without(model.drawn ? [...model.hand, model.drawn] : model.hand, consumed);
        model.drawn = null;
      }
      return model;
    }
    case "kakan": {
      const tile = fromMjai(event.pai);
      const kind = (code) => (code[0] === "0" ? `5${code[1]}` : code);
      const meld = seats[event.actor].melds.find((m) => m.type === "pon" && kind(m.tiles[0]) === kind(tile));
      if (meld) {
        meld.type = "kakan";
        meld.tiles = [...meld.tiles, tile];
      }
      seats[event.actor].concealed -= 1;
      if (event.actor === me) {
        model.hand = without(model.drawn ? [...model.hand, model.drawn] : model.hand, [tile]);
        model.drawn = null;
      }
      return model;
    }
    case "kita":
      seats[event.actor].north += 1;
      seats[event.actor].concealed -= 1;
      if (event.actor === me) {
        model.hand = without(model.drawn ? [...model.hand, model.drawn] : model.hand, ["4z"]);
        model.drawn = null;
      }
      return model;
    case "dora":
      model.dora_indicators.push(fromMjai(event.dora_marker));
      return model;
    default:
      return model;
  }
}

function without(tiles, taken) {
  const left = [...tiles];
  for (const code of taken) {
    const at = left.lastIndexOf(code);
    if (at >= 0) left.splice(at, 1);
  }
  return sortTiles(left);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
