// Watch a record: any riichi game record (Tenhou mjlog, tenhou.net/6, mjai; plain or gzipped;
// four players or three) stepped through event by event, with every seat's tiles, the
// engine's verdict on each hand, and a review of the viewpoint seat's decisions beside the
// value bot's. The board at every event is the server's (`mahjong/watch`: the engine's events
// folded into a board, the engine's own state after each decision); this page only draws it.
// The position is kept in the address (`#/mahjong/watch/HAND/EVENT/SEAT`, the hand counted
// from 0 as the API counts it, the event from 1) and the record in localStorage, so a reload
// or the same link with the same file comes back to the same board.

import { call } from "./api.js";
import { button, el, select } from "./draw.js";
import { centreNode, meldNode, placeName, placeOf, resultNodes, seatZone, signed } from "./riichi-board.js";
import { WIND_NAMES, plural } from "./riichi-words.js";
import { fromMjai, loadTileArt, pictureOf, tableTile, tileName } from "./tiles-mj.js";

const SAVED = "tiles.watch.record";
const SPEEDS = { slow: 1200, normal: 600, fast: 200 };
/** The keys, each with its button: [key, data-key, words, what it does]. */
const KEYS = [
  ["PageUp", "previous-hand", "« Hand", "the previous hand"],
  ["Home", "hand-start", "⇤ Start", "the hand's start"],
  ["ArrowUp", "previous-decision", "↑ Decision", "the viewpoint seat's previous decision"],
  ["ArrowLeft", "previous-event", "← Event", "one event back"],
  [" ", "play", "▶ Play", "play on (any key pauses)"],
  ["ArrowRight", "next-event", "Event →", "one event on"],
  ["ArrowDown", "next-decision", "Decision ↓", "the viewpoint seat's next decision"],
  ["End", "hand-end", "End ⇥", "the hand's end"],
  ["PageDown", "next-hand", "Hand »", "the next hand"],
  ["v", "turn", "Turn (V)", "turn the table to the next seat"],
  ["h", "hands", "Hands (H)", "show every hand, or the viewpoint's only"],
  ["n", "next-flagged", "Next flagged (N)", "the viewpoint seat's next flagged decision"],
  ["?", "help", "Keys (?)", "list the keys"],
];
const KEY_NAMES = { " ": "Space", ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓" };

export function mount(section) {
  // ----- opening a record -----
  const file = el("input", { type: "file", name: "record-file", accept: ".mjlog,.xml,.json,.jsonl,.mjson,.gz,.txt,application/gzip,application/json,text/plain", "aria-label": "A record file" });
  const paste = el("textarea", { name: "record-text", rows: 3, placeholder: "…or paste a record here: Tenhou mjlog XML, tenhou.net/6 JSON or mjai events", spellcheck: false, "aria-label": "A record's text" });
  const error = el("p", { className: "error", role: "alert", "data-open-error": "", hidden: true });
  const note = el("p", { className: "summary", role: "status", "data-open-note": "" });
  const drop = el("div", { className: "watch-open", "data-drop": "" },
    el("p", {}, "Open a record: choose a file, drop one here, or paste its text."),
    el("div", { className: "row" }, file, button("Open the pasted text", () => openText(paste.value, "the pasted text"), { "data-open-paste": "" })),
    paste, error, note);

  // ----- the viewer -----
  const board = el("div", { className: "riichi-board", "data-board": "", "aria-label": "The board" });
  const bottomHand = el("div", { className: "riichi-hand watch-hand", role: "group", "aria-label": "The viewpoint seat's hand" });
  const caption = el("p", { className: "summary", "aria-live": "polite", "data-event": "" });
  const slider = el("input", { type: "range", min: 1, max: 1, value: 1, "aria-label": "Events of the hand", "data-slider": "" });
  const speed = select([["slow", "slow"], ["normal", "normal"], ["fast", "fast"]], "normal");
  speed.name = "speed";
  speed.setAttribute("aria-label", "Play speed");
  const hide = el("input", { type: "checkbox", name: "hide-review", "data-hide-review": "" });
  const controls = KEYS.map(([key, name, words, what]) => button(words, () => act(name), {
    "data-key": name,
    "aria-keyshortcuts": key === " " ? "Space" : key,
    "aria-label": `${what} (key ${KEY_NAMES[key] ?? key})`,
    title: `${what} (key ${KEY_NAMES[key] ?? key})`,
  }));
  const toolbar = el("div", { className: "buttons watch-toolbar", role: "toolbar", "aria-label": "Moving around the record" }, controls,
    el("label", {}, "Speed ", speed),
    el("label", {}, hide, " Hide the review until the decision has passed"));
  const help = el("div", { className: "watch-help", hidden: true, "data-help": "" },
    el("h3", {}, "Keys"),
    el("dl", {}, KEYS.flatMap(([key, , , what]) => [el("dt", {}, KEY_NAMES[key] ?? key), el("dd", {}, what)])));
  const result = el("section", { className: "riichi-panel", hidden: true, "aria-label": "The hand's result", "data-result": "" });
  const analysis = el("section", { className: "watch-analysis", "aria-live": "polite", "aria-label": "Review of the decision", "data-analysis": "", hidden: true });
  const list = el("table", { className: "watch-hands", "data-hand-list": "" });
  const title = el("h3", { "data-record-title": "" });
  const frame = el("div", { className: "riichi-frame" }, board, el("div", { className: "riichi-you" }, caption, bottomHand));
  const standings = el("section", { className: "watch-standings", "data-standings": "", hidden: true });
  const marks = el("div", { className: "watch-marks", "aria-hidden": "true", "data-marks": "" });
  const summary = el("section", { className: "watch-summary", "aria-label": "The review of every seat", "data-review-summary": "", hidden: true });
  const viewer = el("div", { className: "riichi-table watch", hidden: true, "data-viewer": "" },
    title, toolbar, el("div", { className: "watch-slider" }, slider, marks), help, frame, result, analysis, summary, el("h3", {}, "Hands"), list, standings);

  let record = null; // the record's text
  let game = null; // mahjong/watch's answer without its hand: the hand list, names, players
  const hands = new Map(); // hand index -> its positions (the answer's `hand`)
  const reviews = new Map(); // "all" -> mahjong/review's answer for every seat, seat -> its part (promises)
  let at = { hand: 0, event: 1, seat: 0 };
  let showAll = true;
  let timer = null;
  let asked = 0;
  let linked = fromAddress();

  async function openText(text, where) {
    error.hidden = true;
    note.textContent = "";
    if (!text.trim()) return fail(`${where}: nothing to open`);
    let answer;
    try {
      // Every hand at once: the record goes to the server once (gzipped), and moving around
      // the game asks for nothing more.
      answer = await call("mahjong/watch", { record: text, hand: 0, every_hand: true }, { gzip: true })
        // A record longer than any game (more hands than come at once): a hand at a time.
        .catch((problem) => (/^every_hand: /.test(problem.message) ? call("mahjong/watch", { record: text, hand: 0 }, { gzip: true }) : Promise.reject(problem)));
    } catch (problem) {
      return fail(`${where}: ${problem.message}`);
    }
    record = text;
    game = answer;
    hands.clear();
    reviews.clear();
    (answer.every_hand ?? [answer.hand]).forEach((hand, index) => hands.set(index, hand));
    delete answer.every_hand;
    try {
      localStorage.setItem(SAVED, text);
    } catch {
      // Too large to keep: a reload asks for the file again.
      localStorage.removeItem(SAVED);
    }
    note.textContent = answer.read_error ? `${where} breaks off: ${answer.read_error}. The hands before it open.` : `${where}: ${answer.format}, ${answer.players} players, ${plural(answer.hands.length, "hand")}${answer.agree ? ", every hand agrees with the engine" : ""}.`;
    await loadTileArt();
    drawList();
    viewer.hidden = false;
    // How many records were opened here (a test waits for the next).
    viewer.dataset.opened = String(Number(viewer.dataset.opened ?? 0) + 1);
    // The position a link (or a reload) names is for the first record opened here.
    const wanted = linked;
    linked = null;
    drawStandings();
    await go(wanted ?? { hand: 0, event: 1, seat: 0 });
  }

  /** The final standings, when the record has the final points (or the engine reached them). */
  function drawStandings() {
    const points = game.final_got ?? game.final_expected;
    standings.hidden = !points;
    if (!points) return;
    const order = points.map((_, seat) => seat).sort((a, b) => points[b] - points[a] || a - b);
    standings.replaceChildren(el("h3", {}, "Final standings"),
      el("table", { className: "watch-hands", "data-final": "" },
        el("tr", {}, el("th", {}, "place"), el("th", {}, "seat"), el("th", {}, "points")),
        order.map((seat, place) => el("tr", { "data-seat": String(seat) },
          el("td", {}, String(place + 1)), el("td", {}, `${seat}: ${names(seat)}`), el("td", { className: "numbers" }, String(points[seat]))))));
  }

  // The table's "Review this game": its record opened here, at the first hand.
  addEventListener("tiles:watch-record", (event) => {
    linked = { hand: 0, event: 1, seat: 0 };
    location.hash = "#/mahjong/watch";
    openText(event.detail.text, event.detail.name);
  });

  function fail(message) {
    error.textContent = message;
    error.hidden = false;
  }

  async function openFile(picked) {
    if (!picked) return;
    let bytes;
    try {
      bytes = new Uint8Array(await picked.arrayBuffer());
    } catch (problem) {
      return fail(`${picked.name}: cannot be read (${problem.message})`);
    }
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
        bytes = new Uint8Array(await new Response(stream).arrayBuffer());
      } catch (problem) {
        return fail(`${picked.name}: gzipped, but the data is broken (${problem.message})`);
      }
    }
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return fail(`${picked.name}: not a game record (it is not text)`);
    }
    await openText(text, picked.name);
  }

  file.addEventListener("change", async () => {
    await openFile(file.files[0]);
    // The same file chosen again opens again.
    file.value = "";
  });
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("dragging");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("dragging"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("dragging");
    openFile(event.dataTransfer.files[0]);
  });

  // ----- where we are -----

  function fromAddress() {
    const parts = location.hash.split("/");
    if (parts[1] !== "mahjong" || parts[2] !== "watch" || parts.length < 6) return null;
    const [hand, event, seat] = parts.slice(3, 6).map(Number);
    if (![hand, event, seat].every(Number.isInteger)) return null;
    return { hand, event, seat };
  }

  function toAddress() {
    // Only while this view is the one shown (another tab keeps its own address).
    if (section.hidden || section.closest("[hidden]")) return;
    history.replaceState(null, "", `#/mahjong/watch/${at.hand}/${at.event}/${at.seat}`);
  }

  // A position typed into the address, or reached by Back and Forward.
  addEventListener("tiles:route", () => {
    const wanted = fromAddress();
    if (!wanted) return;
    if (game) go(wanted);
    else linked = wanted;
  });

  async function positionsOf(hand) {
    if (!hands.has(hand)) {
      const answer = await call("mahjong/watch", { record, hand }, { gzip: true });
      hands.set(hand, answer.hand);
    }
    return hands.get(hand);
  }

  /** Goes to `where` (clamped to the record), draws it and keeps it in the address. */
  async function go(where) {
    const mine = ++asked;
    const count = game.hands.length;
    const hand = Math.min(Math.max(0, where.hand), count - 1);
    const seat = Math.min(Math.max(0, where.seat ?? at.seat), game.players - 1);
    // A hand already here is drawn at once, so keys pressed quickly each move on from the
    // position the one before reached (none is lost while a hand is being fetched).
    let shown;
    if (hands.has(hand)) shown = hands.get(hand);
    else {
      try {
        shown = await positionsOf(hand);
      } catch (problem) {
        return fail(problem.message);
      }
      if (mine !== asked) return;
    }
    const last = shown ? shown.positions.length : 1;
    const event = where.event === Infinity ? last : Math.min(Math.max(1, where.event), last);
    at = { hand, event, seat };
    draw();
    toAddress();
    // The next hand is fetched ahead, so PageDown does not wait.
    if (hand + 1 < count && !hands.has(hand + 1)) positionsOf(hand + 1).catch(() => {});
  }

  // ----- drawing -----

  function names(seat) {
    return game.names[seat] ?? `seat ${seat}`;
  }

  function draw() {
    // Timed with the User Timing API (what measure-watch.mjs reads): "watch: draw".
    const started = performance.now();
    drawBoard();
    performance.measure("watch: draw", { start: started, end: performance.now() });
  }

  function drawBoard() {
    const shown = hands.get(at.hand);
    board.dataset.position = `${at.hand}/${at.event}`;
    section.dataset.players = String(game.players);
    for (const row of list.querySelectorAll("tr[data-round]")) row.classList.toggle("current", Number(row.dataset.hand) === at.hand);
    if (!shown || !shown.positions.length) {
      board.replaceChildren(el("p", {}, "The engine could not deal this hand."));
      bottomHand.replaceChildren();
      caption.textContent = "";
      result.hidden = true;
      analysis.hidden = true;
      return;
    }
    const position = shown.positions[at.event - 1];
    const view = position.board;
    const count = view.seats.length;
    slider.max = String(shown.positions.length);
    slider.value = String(at.event);
    slider.setAttribute("aria-valuetext", `event ${at.event} of ${shown.positions.length}: ${position.text}`);
    title.textContent = `${view.round} · hand ${at.hand + 1} of ${game.hands.length} · event ${at.event} of ${shown.positions.length} · viewpoint: seat ${at.seat} (${names(at.seat)})`;
    const last = lastDiscard(shown, at.event, view);
    const zones = view.seats.flatMap((seat) => {
      const bottom = seat.seat === at.seat;
      const where = placeOf(seat.seat, at.seat, count);
      const label = `Seat ${seat.seat} (${names(seat.seat)}), ${WIND_NAMES[seat.wind]}`;
      const tiles = !bottom && showAll ? handTiles(seat, "riichi-row watch-tiles") : null;
      const concealed = seat.hand.length + (seat.drawn ? 1 : 0);
      return seatZone({ ...seat, concealed }, where, { label, name: `${placeName(where, false)} · ${names(seat.seat)}`, dealer: view.dealer, tiles, calls: !bottom, count, last: last?.seat === seat.seat ? last.index : -1 });
    });
    board.replaceChildren(centreNode(view, at.seat), ...zones);
    const own = view.seats[at.seat];
    bottomHand.replaceChildren(...[
      el("span", { className: "watch-own-name" }, `${WIND_NAMES[own.wind]} · seat ${own.seat} (${names(own.seat)})`),
      handTiles(own, "riichi-row"),
      own.melds.length || own.north ? el("span", { className: "riichi-melds own", role: "group", "aria-label": "Its calls" },
        Array.from({ length: own.north }, () => tableTile("4z", "north", own.seat, { extra: ["set aside"] })),
        own.melds.map((meld) => meldNode(meld, own.seat, count))) : null,
    ].filter(Boolean));
    caption.textContent = `${at.event}/${shown.positions.length}: ${eventWords(position)}`;
    drawResult(shown, position);
    drawAnalysis();
    for (const node of controls) {
      if (node.dataset.key === "play") node.textContent = timer ? "⏸ Pause" : "▶ Play";
      if (node.dataset.key === "hands") node.setAttribute("aria-pressed", String(showAll));
      if (node.dataset.key === "help") node.setAttribute("aria-expanded", String(!help.hidden));
    }
  }

  /** The newest discard at the position: the last discard among the events shown, unless a
   * call took it. */
  function lastDiscard(shown, event, view) {
    for (let at = event - 1; at >= 0; at -= 1) {
      const mjai = shown.positions[at].mjai;
      if (!mjai) continue;
      if (mjai.type === "dahai") {
        const river = view.seats[mjai.actor].river;
        return river.length && !river[river.length - 1].called ? { seat: mjai.actor, index: river.length - 1 } : null;
      }
      if (["chi", "pon", "daiminkan", "start_kyoku"].includes(mjai.type)) return null;
    }
    return null;
  }

  function handTiles(seat, className) {
    return el("span", { className, role: "group", "aria-label": `Seat ${seat.seat}'s tiles` },
      seat.hand.map((code) => tableTile(code, "hand", seat.seat)),
      seat.drawn ? tableTile(seat.drawn, "drawn", seat.seat, { className: "apart", extra: ["just drawn"] }) : null);
  }

  /** The event in words, seats by name. */
  function eventWords(position) {
    const event = position.mjai;
    if (!event) return position.text;
    const who = (seat) => `Seat ${seat} (${names(seat)})`;
    const tile = (name) => tileName(fromMjai(name));
    switch (event.type) {
      case "start_kyoku": return `${position.board.round}: the deal (dora indicator ${tile(event.dora_marker)})`;
      case "tsumo": return `${who(event.actor)} draws ${tile(event.pai)}`;
      case "dahai": return `${who(event.actor)} discards ${tile(event.pai)}${event.tsumogiri ? " (tsumogiri)" : ""}`;
      case "reach": return `${who(event.actor)} declares riichi`;
      case "reach_accepted": return `${who(event.actor)}'s riichi stick is on the table`;
      case "chi": case "pon": case "daiminkan":
        return `${who(event.actor)} calls ${event.type === "daiminkan" ? "kan" : event.type} on ${tile(event.pai)} from ${who(event.target)}`;
      case "ankan": return `${who(event.actor)} declares a concealed kan of ${tile(event.consumed[0])}`;
      case "kakan": return `${who(event.actor)} adds ${tile(event.pai)} to its pon`;
      case "kita": case "nukidora": return `${who(event.actor)} sets a north aside`;
      case "dora": return `New dora indicator: ${tile(event.dora_marker)}`;
      case "hora": return event.actor === event.target ? `${who(event.actor)} wins by tsumo` : `${who(event.actor)} wins by ron from ${who(event.target)}`;
      case "ryukyoku": return `The hand is drawn: ${position.text}`;
      case "end_kyoku": return "The hand is over";
      case "end_game": return "The game is over";
      default: return position.text;
    }
  }

  function drawResult(shown, position) {
    if (!shown.result || !position.board.over) {
      result.hidden = true;
      return;
    }
    const who = (seat) => `Seat ${seat} (${names(seat)})`;
    result.replaceChildren(...resultNodes(shown.result, who, game.players, fromMjai));
    result.hidden = false;
  }

  // ----- the hand list -----

  function drawList() {
    const rows = game.hands.map((row, index) => {
      const target = row.agree ? 1 : (row.wrong_at ?? 1);
      const verdict = row.agree ? "agrees" : `disagrees: ${row.error ?? ""}`;
      const changes = (row.got ?? row.expected ?? []).map(signed).join(" ");
      return el("tr", { "data-round": row.round, "data-verdict": row.agree ? "agree" : "disagree", "data-hand": String(index) },
        el("td", {}, button(`${index + 1}. ${row.round}`, () => go({ hand: index, event: target, seat: at.seat }), { "data-jump": String(target), "aria-label": `Hand ${index + 1}, ${row.round}: ${row.result}; ${row.agree ? "agrees" : "disagrees"}` })),
        el("td", {}, row.result),
        el("td", { className: "numbers" }, changes),
        el("td", { className: row.agree ? "agree" : "disagree" }, verdict));
    });
    list.replaceChildren(
      el("tr", {}, el("th", {}, "hand"), el("th", {}, "result"), el("th", {}, "changes"), el("th", {}, "the engine")),
      ...rows);
  }

  // ----- the review -----

  /** The review of the seat's decisions. Every seat is reviewed in one request, made the
   * first time a review is wanted (the record goes up once more, gzipped). */
  function reviewOf(seat) {
    if (!reviews.has("all")) {
      const promise = call("mahjong/review", { record }, { gzip: true }).catch((problem) => ({ error: problem.message, decisions: [], seats: [] }));
      reviews.set("all", promise);
      promise.then(() => draw());
    }
    if (!reviews.has(seat)) {
      reviews.set(seat, reviews.get("all").then((review) => ({ ...review, decisions: review.decisions.filter((decision) => decision.seat === seat) })));
    }
    return reviews.get(seat);
  }

  /** The viewpoint seat's flagged decisions of this hand, marked along the slider. */
  async function drawMarks() {
    const hand = at.hand;
    const seat = at.seat;
    const review = await reviewOf(seat);
    if (hand !== at.hand || seat !== at.seat) return;
    const positions = hands.get(hand)?.positions.length ?? 1;
    marks.replaceChildren(...review.decisions.filter((d) => d.hand === hand && d.flagged).map((d) =>
      el("span", { className: "mark", "data-flagged-event": String(d.event), style: `left: ${positions > 1 ? ((d.event - 1) / (positions - 1)) * 100 : 0}%`, title: `flagged: event ${d.event}` })));
  }

  /** Every seat's review in a table: decisions, the bot's matched, flagged, the estimated loss
   * and what each measure judged. */
  async function drawSummary() {
    const all = await reviews.get("all");
    if (!all?.summaries?.length) return;
    summary.hidden = false;
    summary.replaceChildren(el("h3", {}, "The review, seat by seat"),
      el("table", { className: "watch-hands", "data-summary": "" },
        el("tr", {}, ...["seat", "decisions", `as the ${all.bot} bot`, "flagged", "estimated loss", "judged by value", "by shape", "shanten lost", "tiles lost"].map((words) => el("th", {}, words))),
        all.summaries.map((row) => el("tr", { "data-seat": String(row.seat), className: row.seat === at.seat ? "current" : "" },
          el("td", {}, `${row.seat}: ${row.name}`),
          el("td", { className: "numbers" }, String(row.decisions)),
          el("td", { className: "numbers" }, row.decisions ? `${Math.round((100 * row.matched) / row.decisions)}%` : "—"),
          el("td", { className: "numbers" }, String(row.flagged)),
          el("td", { className: "numbers" }, String(row.loss)),
          el("td", { className: "numbers" }, String(row.judged_by_value)),
          el("td", { className: "numbers" }, `${row.judged_by_shape} (${row.flagged_by_shape} flagged)`),
          el("td", { className: "numbers" }, String(row.shanten_lost)),
          el("td", { className: "numbers" }, String(row.tiles_lost))))));
  }

  /** The viewpoint seat's decision at the position (or, with the review hidden until then,
   * the one just passed): what was played and what the bot plays, the measure that judged it,
   * and the candidates sorted by value, with bars for the value and the value with riichi,
   * the tiles that help behind an expander. */
  async function drawAnalysis() {
    const seat = at.seat;
    drawMarks();
    const review = await reviewOf(seat);
    if (seat !== at.seat) return;
    drawSummary();
    const when = hide.checked ? at.event - 1 : at.event;
    const decision = review.decisions.find((d) => d.hand === at.hand && d.event === when);
    const pending = hide.checked && review.decisions.some((d) => d.hand === at.hand && d.event === at.event);
    if (review.error) {
      analysis.replaceChildren(el("p", {}, `No review: ${review.error}`));
      analysis.hidden = false;
      return;
    }
    if (!decision) {
      analysis.replaceChildren(el("p", {}, pending ? `Seat ${seat} decides here: what would you do? Step on to see the review.` : ""));
      analysis.hidden = !pending;
      return;
    }
    analysis.hidden = false;
    analysis.dataset.decision = `${decision.hand}/${decision.event}`;
    const words = (action) => actionWords(action);
    const value = (points) => (points === null || points === undefined ? "—" : String(points));
    const played = decision.action;
    const bot = decision.bot_action;
    const best = (row) => Math.max(row.value ?? -Infinity, row.riichi ? (row.riichi_value ?? -Infinity) : -Infinity);
    const sorted = [...decision.discards].sort((a, b) => best(b) - best(a) || a.shanten - b.shanten || b.count - a.count);
    const valued = sorted.flatMap((row) => [row.value, row.riichi ? row.riichi_value : null]).filter((one) => one !== null && one !== undefined);
    const [low, high] = [Math.min(...valued), Math.max(...valued)];
    const bar = (points, kind) => (points === null || points === undefined ? el("span", { className: "numbers" }, "—")
      : el("span", { className: `bar-cell ${kind}` }, el("span", { className: "track" }, el("span", { className: "bar", style: `width: ${high > low ? 6 + (94 * (points - low)) / (high - low) : 100}%` })), el("span", { className: "numbers" }, String(points))));
    const rows = sorted.map((row) => {
      const isPlayed = (played.type === "dahai" || played.type === "reach") && fromMjai(played.pai) === row.tile;
      const isBot = (bot.type === "dahai" || bot.type === "reach") && fromMjai(bot.pai) === row.tile;
      return el("tr", { "data-discard": row.tile, "data-shanten": String(row.shanten), "data-count": String(row.count), "data-value": row.value === null ? "" : String(row.value), className: `${isPlayed ? "played" : ""} ${isBot ? "bot" : ""}`.trim() },
        el("td", {}, pictureOf(row.tile), el("span", { className: "tile-words" }, ` ${row.tile}`), isPlayed ? el("b", {}, " · played") : null, isBot ? el("b", {}, " · bot") : null),
        el("td", {}, bar(row.value, "plain")),
        el("td", {}, row.riichi ? bar(row.riichi_value, "riichi") : ""),
        el("td", { className: "numbers" }, String(row.shanten)),
        el("td", {}, el("details", { className: "helps" }, el("summary", {}, `${plural(row.count, "tile")}${row.shanten === 0 ? " (waits)" : ""}`),
          el("span", { className: "riichi-row" }, row.effective.map((tile) => pictureOf(tile.tile))), ` ${plural(row.effective.length, "kind")}`)));
    });
    const judged = decision.judged_by === "value"
      ? (decision.matched ? " The same." : ` Estimated loss: ${decision.loss} points.`)
      : decision.judged_by === "shape"
        ? ` Judged by shape (the bot values nothing this far from ready): ${shapeWords(decision.shape_loss)}.`
        : "";
    analysis.replaceChildren(...[
      el("h3", {}, `Seat ${decision.seat}'s decision, ${decision.round} turn ${decision.turn}${decision.flagged ? " · flagged" : ""}`),
      el("p", { "data-verdict-line": "", "data-judged": decision.judged_by },
        `Played: ${words(played)} (${value(decision.value)}). The value bot: ${words(bot)} (${value(decision.bot_value)}).`, judged),
      rows.length ? el("table", { className: "watch-discards" },
        el("tr", {}, el("th", {}, "discard"), el("th", {}, "value"), el("th", {}, "with riichi"), el("th", {}, "shanten"), el("th", {}, "tiles that help")),
        ...rows) : null,
    ].filter(Boolean));
    analysis.classList.toggle("flagged", decision.flagged);
  }

  /** A shape loss in words. */
  function shapeWords(loss) {
    if (!loss) return "no hand to measure";
    if (loss.shanten > 0) return `${plural(loss.shanten, "step")} further from ready than the best choice`;
    if (loss.tiles > 0) return `as near to ready as the best choice, with ${plural(loss.tiles, "tile")} fewer that help`;
    return "as good a shape as any";
  }

  function actionWords(action) {
    const tile = (name) => tileName(fromMjai(name));
    switch (action.type) {
      case "dahai": return `discard ${tile(action.pai)}`;
      case "reach": return `riichi, discarding ${tile(action.pai)}`;
      case "none": return "pass";
      case "hora": return action.actor === action.target ? "tsumo" : "ron";
      case "chi": case "pon": case "daiminkan": return `${action.type === "daiminkan" ? "kan" : action.type} ${tile(action.pai)}`;
      case "ankan": return `concealed kan of ${tile(action.consumed[0])}`;
      case "kakan": return `added kan of ${tile(action.pai)}`;
      case "ryukyoku": return "nine terminals";
      default: return action.type;
    }
  }

  // ----- moving -----

  /** The viewpoint seat's positions with a decision, across the record: [hand, event]. */
  async function decisions(flaggedOnly) {
    const review = await reviewOf(at.seat);
    return review.decisions.filter((d) => !flaggedOnly || d.flagged).map((d) => [d.hand, d.event]);
  }

  const before = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

  async function act(name) {
    if (!game) return;
    if (name !== "play" && timer) stop();
    const here = [at.hand, at.event];
    const shown = hands.get(at.hand);
    const last = shown ? shown.positions.length : 1;
    switch (name) {
      case "previous-event":
        if (at.event > 1) return go({ ...at, event: at.event - 1 });
        if (at.hand > 0) return go({ ...at, hand: at.hand - 1, event: Infinity });
        return;
      case "next-event":
        if (at.event < last) return go({ ...at, event: at.event + 1 });
        if (at.hand + 1 < game.hands.length) return go({ ...at, hand: at.hand + 1, event: 1 });
        return;
      case "hand-start": return go({ ...at, event: 1 });
      case "hand-end": return go({ ...at, event: Infinity });
      case "previous-hand": return go({ ...at, hand: at.hand - 1, event: 1 });
      case "next-hand": return go({ ...at, hand: at.hand + 1, event: 1 });
      case "previous-decision": {
        const found = (await decisions(false)).filter((d) => before(d, here)).pop();
        if (found) return go({ ...at, hand: found[0], event: found[1] });
        return;
      }
      case "next-decision":
      case "next-flagged": {
        const found = (await decisions(name === "next-flagged")).find((d) => before(here, d));
        if (found) return go({ ...at, hand: found[0], event: found[1] });
        if (name === "next-flagged") caption.textContent = `No flagged decision of seat ${at.seat} after this one.`;
        return;
      }
      case "turn": return go({ ...at, seat: (at.seat + 1) % game.players });
      case "hands":
        showAll = !showAll;
        return draw();
      case "help":
        help.hidden = !help.hidden;
        return draw();
      case "play":
        if (timer) stop();
        else start();
        return draw();
      default:
    }
  }

  function start() {
    timer = setInterval(async () => {
      const shown = hands.get(at.hand);
      const last = shown ? shown.positions.length : 1;
      if (at.event >= last && at.hand + 1 >= game.hands.length) {
        stop();
        draw();
        return;
      }
      if (at.event < last) go({ ...at, event: at.event + 1 });
      else go({ ...at, hand: at.hand + 1, event: 1 });
    }, SPEEDS[speed.value]);
  }

  function stop() {
    clearInterval(timer);
    timer = null;
  }

  speed.addEventListener("change", () => {
    if (timer) {
      stop();
      start();
    }
  });
  hide.addEventListener("change", () => draw());
  slider.addEventListener("input", () => go({ ...at, event: Number(slider.value) }));

  document.addEventListener("keydown", (event) => {
    if (!game || viewer.hidden || !viewer.offsetParent) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (target instanceof HTMLInputElement && target.type !== "checkbox" && target.type !== "range") return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const entry = KEYS.find(([name]) => name === key || (name === "?" && event.key === "?"));
    if (!entry) {
      if (timer) {
        stop();
        draw();
      }
      return;
    }
    // On the slider, the arrows are its own; elsewhere they are the viewer's.
    if (target === slider && ["ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "ArrowUp", "ArrowDown"].includes(key)) return;
    // Space and Enter press the button that has the focus.
    if (target instanceof HTMLButtonElement && (key === " " || key === "Enter")) return;
    event.preventDefault();
    act(entry[1]);
  });

  section.append(
    el("p", { className: "intro" }, "Open any riichi game record, Tenhou's (mjlog, tenhou.net/6) or mjai, four players or three, plain or gzipped: step through it event by event with every hand shown, see whether the engine agrees with each hand, and review a seat's decisions beside what our value bot would do. Keys: ← → an event, ↑ ↓ the viewpoint seat's decisions, Home End the hand's start and end, PageUp PageDown a hand, Space plays, V turns the table, H hides the other hands, N the next flagged decision, ? lists them."),
    drop,
    viewer,
  );
  // A reload comes back to the record and the position.
  const saved = localStorage.getItem(SAVED);
  if (saved) openText(saved, "the record opened before");
}
