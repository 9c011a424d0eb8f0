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
import { capital, centreNode, meldNode, placeOf, resultNodes, seatZone, signed } from "./riichi-board.js";
import { apply } from "./riichi-model.js";
import { NOTATIONS, WIND_NAMES, calloutOf, eventLine, plural, seatWords, tileWords, yakuWords } from "./riichi-words.js";
import { fromMjai, loadTileArt, pictureOf, tableTile, tileArt, tileName } from "./tiles-mj.js";

const SAVED = "tiles.riichi.play";
const OPTIONS = "tiles.riichi.options";
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
    button("Start a new game", () => askNewGame(), { className: "primary", "data-new-game": "" }),
  );

  // ----- the options: toggles as Tenhou and Mahjong Soul have them, kept in localStorage -----
  const options = { autoDiscard: true, autoWin: false, noCalls: false, passChi: false, hints: true, sound: false, motion: false, notation: "mpsz", ...JSON.parse(localStorage.getItem(OPTIONS) ?? "{}") };
  const toggle = (key, words, name) => {
    const box = el("input", { type: "checkbox", name, checked: options[key] });
    box.addEventListener("change", () => {
      options[key] = box.checked;
      localStorage.setItem(OPTIONS, JSON.stringify(options));
      if (shown && !busy) {
        renderBoard(shown);
        renderControls();
        autoDecide();
      }
    });
    return el("label", {}, box, words);
  };
  const notation = select(NOTATIONS, options.notation);
  notation.name = "notation";
  notation.setAttribute("aria-label", "Tile and yaku names");
  notation.addEventListener("change", () => {
    options.notation = notation.value;
    localStorage.setItem(OPTIONS, JSON.stringify(options));
    if (shown && !busy) renderControls();
  });
  const toggles = el("div", { className: "riichi-toggles", role: "group", "aria-label": "Table options", "data-toggles": "" },
    toggle("autoDiscard", "Auto-discard in riichi", "auto-discard"),
    toggle("autoWin", "Auto-win", "auto-win"),
    toggle("noCalls", "No calls", "no-calls"),
    toggle("passChi", "Pass on chi", "pass-chi"),
    toggle("hints", "Hints", "hints"),
    toggle("sound", "Sound", "sound"),
    toggle("motion", "Motion", "motion"),
    el("label", {}, "Names ", notation));

  // ----- the table -----
  const status = el("p", { className: "status riichi-status", role: "status", "data-riichi-status": "" });
  const sealLine = el("p", { className: "riichi-seal hint", "data-seal": "" });
  const board = el("div", { className: "riichi-board", "data-board": "" });
  const callouts = el("div", { className: "riichi-callouts", "aria-hidden": "true", "data-callouts": "" });
  const log = el("p", { className: "riichi-log", "aria-live": "polite", "data-log": "" });
  const hand = el("div", { className: "riichi-hand", role: "group", "aria-label": "Your hand: Tab or the arrows move, Enter discards" });
  const badges = el("div", { className: "riichi-badges", "data-badges": "" });
  const actions = el("div", { className: "riichi-actions buttons", role: "group", "aria-label": "Your decisions" });
  const prompt = el("p", { className: "summary", "aria-live": "polite", "data-prompt": "" });
  const waits = el("div", { className: "riichi-waits", "aria-live": "polite", "data-waits": "" });
  const hint = el("div", { className: "riichi-hint", hidden: true, role: "tooltip", id: `riichi-hint-${Math.random().toString(36).slice(2)}`, "data-hint": "" });
  const panel = el("section", { className: "riichi-panel", hidden: true, "aria-live": "polite", "aria-label": "Result", "data-result": "" });
  const final = el("section", { className: "riichi-final", hidden: true, "data-final-panel": "" });
  const frame = el("div", { className: "riichi-frame", hidden: true, "data-frame": "" },
    board, callouts, el("div", { className: "riichi-you" }, log, prompt, badges, hand, actions, waits), hint, panel);
  const table = el("div", { className: "riichi-table" }, frame, toggles, final);

  let setup = null; // { seed (null: sealed), token, checkpoint, players, rules, rule, length, red_fives, open_tanyao, bots, moves }
  let answer = null; // the last answer of mahjong/game
  let shown = null; // the board as drawn now (the answer's view, or the copy the bots' turns play on)
  let riichiMode = false; // choosing the discard that declares riichi
  let busy = false; // the bots' turns are being shown, or an answer awaited
  let asked = 0; // requests sent: an answer to an older one is dropped
  let focusAt = 0; // the hand tile with the keyboard's focus
  let keepFocus = false; // the focus was at the table when the person decided: it goes back there
  let history = []; // each finished hand's result in this game (the final panel lists them)
  let decidedAt = null; // when the person's last decision was made (performance.now())

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

  /** Whether a game is under way (started and not over). */
  const running = () => Boolean(setup && (!answer || answer.to_move !== null));

  /** Starts a new game; one under way is given up only when the person says so. */
  function askNewGame() {
    if (!running()) return newGame();
    confirmRow.hidden = false;
    confirmRow.querySelector("button").focus();
  }
  const confirmRow = el("div", { className: "buttons", hidden: true, role: "alertdialog", "aria-label": "A game is under way", "data-confirm-new": "" },
    el("span", {}, "A game is under way: give it up and start a new one? "),
    button("Give it up and start", () => { confirmRow.hidden = true; newGame(); }, { className: "primary", "data-confirm": "yes" }),
    button("Keep playing", () => { confirmRow.hidden = true; }, { "data-confirm": "no" }));
  settings.append(confirmRow);

  function newGame() {
    const count = Number(players.value);
    const typed = seed.value.trim();
    setup = {
      seed: typed === "" ? null : Math.max(0, Math.floor(Number(typed)) || 0),
      token: null,
      checkpoint: null,
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
    history = [];
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
    status.textContent = "The bots are playing…";
    status.classList.remove("failed");
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
      status.classList.add("failed");
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
    const firstShown = frame.hidden;
    frame.hidden = false;
    // The table fills the window: brought into view when a game starts.
    if (firstShown || fresh) frame.scrollIntoView({ block: "start" });
    const before = fresh || !shown ? null : shown;
    answer = next;
    await showEvents(before, next);
    if (mine !== asked) return;
    shown = { ...next.view, last: lastDiscard(next, before) };
    riichiMode = false;
    busy = false;
    renderBoard(shown);
    renderControls();
    if (decidedAt !== null) {
      performance.measure("riichi: click to board", { start: decidedAt, end: performance.now() });
      decidedAt = null;
    }
    if (next.to_move === null) showFinal();
    else if (keepFocus) focusTable();
    keepFocus = false;
    autoDecide();
  }

  /** The newest discard on the table after `next`'s events: the last discard among them,
   * unless a call took it or a new hand began; with none, the one shown before. */
  function lastDiscard(next, before) {
    for (let at = next.events.length - 1; at >= 0; at -= 1) {
      const event = next.events[at];
      if (event.type === "dahai") {
        const river = next.view.seats[event.actor].river;
        return river.length && !river[river.length - 1].called ? { seat: event.actor, index: river.length - 1 } : null;
      }
      if (["chi", "pon", "daiminkan", "start_kyoku"].includes(event.type)) return null;
    }
    return before?.last ?? null;
  }

  /** The decision the toggles make for the person, if any: a win (auto-win), the drawn tile
   * in riichi (auto-discard), a pass on calls (no calls; pass on chi). */
  function autoDecision() {
    const decisions = legal();
    if (!decisions.length || !shown) return null;
    const win = decisions.find((d) => d.type === "hora");
    if (win) return options.autoWin ? win : null;
    const types = new Set(decisions.map((d) => d.type));
    const own = shown.seats[shown.seat];
    if (options.autoDiscard && own.riichi && shown.drawn && [...types].every((type) => type === "dahai")) {
      const discards = decisions.filter((d) => d.type === "dahai");
      if (discards.length === 1) return discards[0];
    }
    const pass = decisions.find((d) => d.type === "none");
    if (pass) {
      const calls = [...types].filter((type) => type !== "none");
      if (options.noCalls && calls.every((type) => ["chi", "pon", "daiminkan"].includes(type))) return pass;
      if (options.passChi && calls.every((type) => type === "chi")) return pass;
    }
    return null;
  }

  function autoDecide() {
    const decision = autoDecision();
    if (!decision) return;
    // Not the person's turn to act: the page acts for them.
    section.dataset.state = "waiting";
    setTimeout(() => {
      if (!busy && legal().includes(decision)) decide(decision, true);
    }, 0);
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

  /** How the person's screen names a seat: `You`, `Left (North)`. */
  function who(seat, view = shown ?? answer?.view) {
    return view ? seatWords(seat, view) : `Seat ${seat}`;
  }

  /** A short callout at a seat (`Pon`, `Riichi`, `Ron`) that fades away. */
  function callout(event, view) {
    const words = calloutOf(event, options.notation);
    if (!words || event.actor === undefined || !view) return;
    const where = placeOf(event.actor, view.seat, view.seats.length);
    const node = el("div", { className: `riichi-callout ${where}${event.type === "hora" ? " win" : ""}`, "data-callout": event.type, "data-seat": String(event.actor) }, words);
    callouts.append(node);
    setTimeout(() => node.remove(), 1600);
    beep(event.type === "hora" ? 880 : 660, 0.12);
  }

  /** A short tone, when sound is on. */
  function beep(frequency, seconds) {
    if (!options.sound || typeof AudioContext === "undefined") return;
    beep.context ??= new AudioContext();
    const context = beep.context;
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.08, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + seconds);
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + seconds);
  }

  /** The bots' turns since the last answer, one at a time, on a copy of the board, each told
   * in the line of events (and a call, riichi or win called out at its seat); a hand's end as
   * its result over the table, which the person closes. */
  async function showEvents(before, next) {
    const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
    const pause = reduced && speed.value !== "instant" ? Math.min(SPEEDS[speed.value], 150) : SPEEDS[speed.value];
    let model = before ? structuredClone(before) : null;
    let ended = 0;
    for (const event of next.events) {
      if (!model && event.type !== "start_kyoku") continue;
      const view = model ?? next.view;
      const line = eventLine(event, (seat) => who(seat, view), options.notation);
      if (line) log.textContent = line;
      if (["chi", "pon", "daiminkan", "ankan", "kakan", "reach", "hora", "kita"].includes(event.type)) callout(event, view);
      else if (event.type === "dahai") beep(440, 0.04);
      if (event.type === "hora" || event.type === "ryukyoku") {
        // The result shows once the hand's every win has been seen.
        continue;
      }
      if (event.type === "end_kyoku") {
        if (model) renderBoard(model);
        const result = next.results[findResult(next, ended)];
        ended += 1;
        if (result) await showResult(result, next, model ?? next.view);
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

  /** A hand's result over the table, until the person goes on. */
  function showResult(result, next, view) {
    history.push(result);
    return new Promise((resolve) => {
      const count = next.bots.length;
      const nodes = resultNodes(result, (seat) => who(seat, view), count, fromMjai, (name) => yakuWords(name, options.notation));
      const ok = button("Continue", () => {
        panel.hidden = true;
        resolve();
      }, { className: "primary", "data-continue": "" });
      panel.replaceChildren(...nodes, ok);
      panel.hidden = false;
      ok.focus({ preventScroll: true });
    });
  }

  /** The game's end: the standings, every hand's result in a line, the records, and the
   * viewer opened on this game's record with one click. */
  function showFinal() {
    const standings = answer.standings;
    const view = answer.view;
    const order = answer.bots.map((_, seat) => seat).sort((a, b) => answer.ranks[a] - answer.ranks[b]);
    const links = [];
    for (const [format, text, extension] of [["mjai", answer.records.mjai, "mjson"], ["tenhou.net/6", answer.records.tenhou6, "json"], ["mjlog", answer.records.mjlog, "mjlog"]]) {
      if (text === null) continue;
      const href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      links.push(el("a", { href, download: `riichi-${answer.seed}.${extension}`, "data-record": format === "tenhou.net/6" ? "tenhou6" : format }, `Record (${format})`));
    }
    const review = button("Review this game", () => {
      dispatchEvent(new CustomEvent("tiles:watch-record", { detail: { text: answer.records.mjai, name: `this game (seed ${answer.seed})` } }));
    }, { className: "primary", "data-review-game": "" });
    const results = answer.results.map((result, index) => el("tr", { "data-hand": String(index) },
      el("td", {}, result.round),
      el("td", {}, result.draw ? capital(result.draw) : result.wins.map((win) => `${who(win.seat, view)} ${win.how} ${win.points}${win.limit ? ` (${win.limit})` : ""}`).join("; ")),
      el("td", { className: "numbers" }, result.deltas.map(signed).join(" "))));
    final.replaceChildren(
      el("h3", {}, "The game is over"),
      el("table", { className: "riichi-standings", "data-final": "" },
        el("tr", {}, el("th", {}, "place"), el("th", {}, "seat"), el("th", {}, "points"), el("th", {}, "final score"), el("th", {}, "rank points")),
        order.map((seat) => el("tr", { "data-seat": String(seat) },
          el("td", {}, String(answer.ranks[seat])), el("td", {}, `${who(seat, view)}${seat === view.seat ? "" : ` · ${answer.bots[seat]}`}`), el("td", {}, String(answer.final_scores[seat])),
          el("td", {}, signed(standings.final_score[seat].toFixed(1))), el("td", {}, signed(standings.rank_points[seat]))))),
      el("p", {}, `Final score under ${setup.rules ?? "tenhou"}'s rules, in thousands: the points less the returned points, with the uma and oka of the place (ties as those rules split them). Rank points: Tenhou's Phoenix room's for each place.`),
      el("div", { className: "buttons" }, review, button("Play again", () => { settings.open = true; settings.scrollIntoView(); }, { "data-play-again": "" })),
      el("h4", {}, "Hand by hand"),
      el("table", { className: "riichi-history", "data-history": "" },
        el("tr", {}, el("th", {}, "hand"), el("th", {}, "result"), el("th", {}, "changes")), results),
      el("p", { className: "buttons" }, links),
      // Only a sealed game has a seal to check (a practice game's would show as "null").
      ...(answer.seal ? [sealCheck(answer.seal)] : []),
    );
    final.hidden = false;
    waits.replaceChildren();
    badges.replaceChildren();
    prompt.textContent = "";
    final.scrollIntoView({ block: "nearest" });
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
      const where = placeOf(seat.seat, view.seat, count);
      const words = seatWords(seat.seat, view);
      const label = you ? `You, ${WIND_NAMES[seat.wind]}` : `${words}, ${seat.name}`;
      const last = view.last && view.last.seat === seat.seat ? view.last.index : -1;
      return seatZone(seat, where, { label, name: you ? "You" : `${words.split(" ")[0]} · ${seat.name}`, dealer: view.dealer, calls: !you, count, last });
    });
    board.replaceChildren(centreNode(view, view.seat), ...zones);
    frame.classList.toggle("motion", options.motion);
    renderHand(view);
  }

  // ----- the person's decisions -----

  function legal() {
    return !busy && answer && answer.to_move === answer.view.seat ? answer.legal : [];
  }

  /** The tiles whose discard leaves the hand ready, by kind (`5m` for a red five too). */
  function readyDiscards(view) {
    const kind = (code) => (code[0] === "0" ? `5${code[1]}` : code);
    const ready = new Map((view.ready_discards ?? []).map((one) => [one.tile, one]));
    return (code) => ready.get(kind(code)) ?? null;
  }

  function renderHand(view) {
    const decisions = legal();
    const discards = decisions.filter((d) => d.type === (riichiMode ? "reach" : "dahai"));
    const tiles = [...view.hand.map((code) => ({ code, drawn: false })), ...(view.drawn ? [{ code: view.drawn, drawn: true }] : [])];
    const readyOf = readyDiscards(view);
    const hints = options.hints && decisions.some((d) => d.type === "dahai");
    const buttons = tiles.map(({ code, drawn }, index) => {
      const decision = discards.find((d) => fromMjai(d.pai) === code && d.tsumogiri === drawn);
      const ready = hints ? readyOf(code) : null;
      const node = el(
        "button",
        {
          type: "button",
          className: `riichi-tile${drawn ? " drawn" : ""}${ready ? " tenpai" : ""}${riichiMode && !decision ? " not-riichi" : ""}`,
          "data-tile": code,
          "data-zone": drawn ? "drawn" : "hand",
          "data-seat": String(view.seat),
          "data-action": "discard",
          "aria-label": `${riichiMode ? "Riichi, discarding" : "Discard"} ${tileName(code)}${drawn ? " (just drawn)" : ""}${ready ? `: ready, waiting on ${ready.waits.map((wait) => `${tileName(wait.tile)} (${wait.unseen} left)`).join(", ")}${ready.furiten ? ", furiten" : ""}` : ""}`,
          disabled: !decision,
          onclick: () => decide(decision),
          onfocus: () => { focusAt = index; showHint(node, ready); },
          onblur: () => showHint(null, null),
          onmouseenter: () => showHint(node, ready),
          onmouseleave: () => showHint(null, null),
          onkeydown: (event) => moveFocus(event, index, tiles.length),
        },
        tileArt(code),
      );
      if (ready) node.dataset.waits = ready.waits.map((wait) => `${wait.tile}:${wait.unseen}`).join(" ");
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
    renderBadges(view);
  }

  /** The hint by a hand tile: what its discard would wait on, and the copies left. */
  function showHint(node, ready) {
    if (!node || !ready) {
      hint.hidden = true;
      return;
    }
    hint.replaceChildren(el("span", {}, ready.furiten ? "Ready (furiten) on " : "Ready on "),
      ...ready.waits.flatMap((wait) => [pictureOf(wait.tile), ` ${wait.unseen} left `]));
    const box = node.getBoundingClientRect();
    const frameBox = frame.getBoundingClientRect();
    hint.style.left = `${Math.max(0, box.left - frameBox.left)}px`;
    hint.style.top = `${box.top - frameBox.top - 36}px`;
    hint.hidden = false;
  }

  /** Furiten and no-yaku badges by the hand, while they last. */
  function renderBadges(view) {
    const nodes = [];
    if (view.waits.length && view.waits.every((wait) => wait.ron === "furiten")) nodes.push(el("span", { className: "badge furiten", "data-badge": "furiten", title: "A wait is among your discards (or you passed a win): no ron" }, "Furiten"));
    if (view.waits.length && view.waits.every((wait) => wait.ron === "no yaku" && wait.tsumo === "no yaku")) nodes.push(el("span", { className: "badge no-yaku", "data-badge": "no-yaku", title: "No wait gives a yaku: no win" }, "No yaku"));
    badges.replaceChildren(...nodes);
  }

  function moveFocus(event, index, total) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    focusAt = (index + step + total) % total;
    hand.querySelectorAll("button.riichi-tile")[focusAt]?.focus();
  }

  function waitsPanel(view) {
    if (!view.waits.length || !answer || answer.to_move === null) return [];
    return [
      el("p", { className: "riichi-waits-title" }, "You are ready. Waiting on:"),
      el("ul", {}, view.waits.map((wait) => el("li", { "data-wait": wait.tile },
        pictureOf(wait.tile), ` ${tileWords(wait.tile, options.notation)}: ${wait.unseen} left`,
        wait.ron ? ` · no ron: ${wait.ron}` : "", wait.tsumo ? ` · no tsumo: ${wait.tsumo}` : ""))),
    ];
  }

  function renderControls() {
    const decisions = legal();
    const others = decisions.filter((d) => d.type !== "dahai" && d.type !== "reach");
    const controls = [];
    // The wins first, then riichi, the calls and pass.
    others.sort((a, b) => (b.type === "hora") - (a.type === "hora"));
    for (const decision of others) {
      const [action, words, name] = describe(decision);
      const node = button(words, () => decide(decision), { "data-action": action, "aria-label": name, "aria-keyshortcuts": KEYS[action], title: `${name} (key ${KEYS[action].toUpperCase()})`, className: decision.type === "hora" ? "win" : action === "pass" ? "" : "call" });
      node.dataset.decision = JSON.stringify(decision);
      const tiles = { chi: [decision.pai, ...(decision.consumed ?? [])], pon: [decision.pai, ...(decision.consumed ?? [])], daiminkan: [decision.pai, ...(decision.consumed ?? [])], ankan: decision.consumed, kakan: [decision.pai], hora: [decision.pai] }[decision.type];
      if (tiles) node.append(el("span", { className: "riichi-row" }, tiles.map((tileOf) => pictureOf(fromMjai(tileOf)))));
      controls.push(node);
    }
    if (decisions.some((d) => d.type === "reach")) {
      const riichi = button(riichiMode ? "Cancel riichi" : "Riichi", () => {
        riichiMode = !riichiMode;
        renderHand(shown);
        renderControls();
      }, { "data-action": "riichi", "aria-pressed": String(riichiMode), "aria-keyshortcuts": KEYS.riichi, title: `key ${KEYS.riichi.toUpperCase()}` });
      const wins = controls.filter((node) => node.classList.contains("win")).length;
      controls.splice(wins, 0, riichi);
    }
    actions.replaceChildren(...controls);
    const view = shown;
    if (busy || !answer || answer.to_move === null) prompt.textContent = "";
    else if (riichiMode) prompt.textContent = "Riichi: choose the discard that declares it (only those that keep your hand ready).";
    else if (view?.claim) prompt.textContent = `${who(view.claim.from)} discarded ${tileWords(view.claim.tile, options.notation)}: call it, or pass.`;
    else if (decisions.some((d) => d.type === "dahai")) prompt.textContent = "Your turn: click a tile to discard it.";
    else prompt.textContent = "Your decision.";
    section.dataset.state = busy ? "waiting" : answer && answer.to_move === answer.view.seat ? "your-turn" : answer ? "over" : "idle";
    if (shown) renderHand(shown);
  }

  function decide(decision, automatic = false) {
    if (!decision || busy) return;
    // Timed with the User Timing API (what measure-table.mjs reads): "riichi: click to board".
    decidedAt = performance.now();
    keepFocus ||= !automatic && table.contains(document.activeElement);
    setup.moves.push(decision);
    riichiMode = false;
    hint.hidden = true;
    play();
  }

  // Keys for the decisions, and Escape out of riichi, wherever the focus is but in a field,
  // while the table is shown. A key that two decisions share (two ways to chi, two kans) does
  // not choose: it moves between them, and Enter (or a click) takes the one wanted.
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || busy || !section.offsetParent || frame.hidden) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === "Escape" && riichiMode) {
      riichiMode = false;
      renderHand(shown);
      renderControls();
      return;
    }
    const key = event.key.toLowerCase();
    const matches = [...actions.querySelectorAll("button[data-action]")].filter((node) => node.getAttribute("aria-keyshortcuts") === key && !node.disabled);
    if (matches.length > 1) {
      event.preventDefault();
      const at = matches.indexOf(document.activeElement);
      matches[(at + 1) % matches.length].focus();
      prompt.textContent = `${plural(matches.length, "way")} to ${matches[0].textContent.split(/\s/)[0].toLowerCase()}: ${key.toUpperCase()} again for the next, Enter to choose.`;
      for (const node of matches) node.classList.add("choosing");
      return;
    }
    const match = matches[0];
    if (match) {
      event.preventDefault();
      keepFocus = true;
      match.click();
      if (match.dataset.action === "riichi") hand.querySelector("button.riichi-tile:not([disabled])")?.focus();
    }
  });

  section.append(
    el("p", { className: "intro" }, "A whole game of riichi mahjong against the bots, under the rule set chosen (Tenhou's by default): you sit at the bottom, the other seats named by where they sit (Right, Across, Left) and their wind. Click a tile to discard it (the tile you drew stands apart); calls appear as buttons when you may make them. Keys: arrows along your hand, Enter discards, R riichi, T tsumo, W ron, C chi, P pon, K kan, N north, X pass. Reload the page and the game is still there. The game is sealed: the server keeps its seed to itself until the end, and shows a commitment to it from the start (a practice seed makes an unsealed game)."),
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

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
