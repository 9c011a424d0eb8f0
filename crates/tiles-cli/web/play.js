// Rummikub, played against the bots: the person sits at seat 0. The game is its seed and the
// person's moves so far: each answer of `rummikub/game` replays them, so the server keeps no
// session and nothing is lost when it restarts (the page keeps them in localStorage too).
// The person moves tiles from the rack and between groups (click a tile, then where it goes;
// or drag it), and ends the turn, which `rummikub/turn` checks; or draws.

import { call } from "./api.js";
import { button, el, field, rummikubTile, select, showError } from "./draw.js";

const BOTS = [["solver", "solver (best move)"], ["value", "value (most points)"], ["greedy", "greedy (beginner)"]];
const SAVED = "tiles.rummikub.play";

/** How the game ended, in the player's words. */
function endInWords(game) {
  const who = (seat) => (seat === 0 ? "You" : `Player ${seat} (${game.bots[seat]})`);
  const end = game.end ?? "";
  const emptied = /^the game ends: player (\d+) .* has played all their tiles/.exec(end);
  if (emptied) {
    const seat = Number(emptied[1]);
    return seat === 0 ? "You played all your tiles: you win!" : `${who(seat)} played all their tiles and wins.`;
  }
  if (/the pool is empty and a full round passed/.test(end)) {
    const winner = game.winner;
    return `The pool is empty and nobody could play: ${winner === 0 ? "you win with the fewest points left" : `${who(winner)} wins with the fewest points left`}.`;
  }
  const forfeit = /^the game ends: player (\d+) .* forfeits: (.*)$/.exec(end);
  if (forfeit) return `${who(Number(forfeit[1]))} forfeited: ${forfeit[2]}.`;
  return `${end}.`;
}

/** One turn of another player, its tiles drawn (a draw says only that a tile was drawn). */
function turnItem(turn, game) {
  const who = turn.player === 0 ? "You" : `Player ${turn.player} (${game.bots[turn.player]})`;
  if (turn.action === "draw") {
    return el("li", { "data-turn": String(turn.turn) }, turn.pool === 0 && turn.drawn === null && turn.text.includes("passes") ? `${who} passed: the pool is empty.` : `${who} drew a tile.`);
  }
  return el(
    "li",
    { "data-turn": String(turn.turn) },
    `${who} played `,
    el("span", { className: "tiles" }, turn.placed.map((name) => rummikubTile(name))),
    ` (value ${turn.value}); the table after it: `,
    el("span", { className: "groups inline" }, turn.table.map((group) => el("span", { className: "group" }, el("span", { className: "tiles" }, group.map((name) => rummikubTile(name)))))),
  );
}

/** A tile on the board: its name, an id telling copies apart, and whether it is from the rack. */
let nextId = 0;
const piece = (name, fromRack) => ({ id: ++nextId, name, fromRack });

export function mount(section) {
  const players = select([["2", "2 players"], ["3", "3 players"], ["4", "4 players"]], "2");
  players.name = "players";
  const seed = el("input", { name: "seed", type: "number", min: 0, value: 1, size: 8 });
  const botSelects = [1, 2, 3].map((seat) => {
    const choice = select(BOTS, seat === 1 ? "solver" : "greedy");
    choice.name = `bot-${seat}`;
    return choice;
  });
  const botFields = botSelects.map((choice, i) => field(`Player ${i + 1}`, choice));
  const status = el("p", { className: "status", role: "status", "data-play-status": "" });
  const summary = el("p", { className: "summary", "data-play-summary": "", "aria-live": "polite" });
  const others = el("ul", { className: "players", "data-players": "" });
  const happened = el("ol", { className: "steps", "data-happened": "" });
  const happenedBlock = el("div", { hidden: true }, el("h3", {}, "Since your last move"), happened);
  const tableList = el("ul", { className: "groups play-table", id: "play-table", "data-play-table": "", "aria-label": "The table", "aria-describedby": "play-table-error" });
  const rackRow = el("div", { className: "tiles play-rack", "data-play-rack": "", "aria-label": "Your rack", role: "group" });
  const reason = el("p", { className: "field-error", role: "alert", id: "play-table-error", "data-play-reason": "" });
  const scores = el("div", { className: "result", "data-play-scores": "" });
  const log = el("pre", { className: "play-log", "data-play-log": "" });
  const whole = el("details", { hidden: true }, el("summary", {}, "The whole game"), log);
  const endTurn = button("End the turn", () => finishTurn(), { className: "primary", "data-action": "end-turn" });
  const draw = button("Draw a tile", () => move({ action: "draw" }), { "data-action": "draw" });
  const reset = button("Take back this turn's moves", () => { startTurn(); render(); }, { "data-action": "reset-turn" });
  const newGroup = button("New group", () => place({ group: "new" }), { "data-action": "new-group" });
  const toRack = button("Back to the rack", () => place({ group: "rack" }), { "data-action": "to-rack" });
  const controls = el("div", { className: "buttons play-controls" }, endTurn, draw, reset);
  // Nothing to move before a game is started.
  for (const node of [endTurn, draw, reset, newGroup, toRack]) node.disabled = true;

  let game = null; // the last answer of rummikub/game
  let setup = null; // { seed, players, bots, moves }
  let board = null; // this turn's table (groups of pieces) and rack (pieces)
  let selected = null; // the id of the selected piece
  let asked = 0; // requests sent: an answer to an older one is dropped

  function showBots() {
    const count = Number(players.value);
    botFields.forEach((node, i) => { node.hidden = i + 1 >= count; });
  }
  players.addEventListener("change", showBots);

  async function replay() {
    const mine = ++asked;
    section.dataset.state = "waiting";
    status.textContent = "the bots are playing…";
    showError(tableList, null);
    try {
      const answer = await call("rummikub/game", { seed: setup.seed, bots: setup.bots, moves: setup.moves });
      if (mine !== asked) return;
      game = answer;
      status.textContent = "";
    } catch (error) {
      if (mine !== asked) return;
      status.textContent = error.message;
      section.dataset.state = "failed";
      return;
    }
    localStorage.setItem(SAVED, JSON.stringify(setup));
    startTurn();
    render();
  }

  function newGame() {
    const count = Number(players.value);
    setup = {
      seed: Number(seed.value) || 0,
      players: count,
      bots: ["human", ...botSelects.slice(0, count - 1).map((choice) => choice.value)],
      moves: [],
    };
    replay();
  }

  /** The board at the start of the person's turn. */
  function startTurn() {
    selected = null;
    if (!game?.view) {
      board = null;
      return;
    }
    board = {
      table: game.view.table.map((group) => group.map((name) => piece(name, false))),
      rack: game.view.rack.map((name) => piece(name, true)),
    };
  }

  function findPiece(id) {
    const at = board.rack.findIndex((p) => p.id === id);
    if (at >= 0) return { list: board.rack, at };
    for (const group of board.table) {
      const i = group.findIndex((p) => p.id === id);
      if (i >= 0) return { list: group, at: i };
    }
    return null;
  }

  /** Moves the selected (or dragged) piece to a group, a new group or the rack. */
  function place({ group, id = selected }) {
    if (!board || id === null) return;
    const found = findPiece(id);
    if (!found) return;
    const [moved] = found.list.splice(found.at, 1);
    if (group === "rack") board.rack.push(moved);
    else if (group === "new") board.table.push([moved]);
    else board.table[group].push(moved);
    // A group emptied by the move is gone.
    board.table = board.table.filter((tiles) => tiles.length > 0);
    selected = null;
    render();
  }

  function tileButton(p, where) {
    const node = el(
      "button",
      {
        type: "button",
        className: `play-tile${p.id === selected ? " selected" : ""}${p.fromRack && where !== "rack" ? " from-rack" : ""}`,
        draggable: true,
        "data-tile": p.name,
        "data-id": String(p.id),
        "aria-pressed": String(p.id === selected),
        "aria-label": `${p.name === "J" ? "joker" : p.name}${where === "rack" ? " on your rack" : ` in group ${where + 1}`}`,
        onclick: (event) => {
          event.stopPropagation();
          selected = selected === p.id ? null : p.id;
          render();
        },
        ondragstart: (event) => event.dataTransfer.setData("text/plain", String(p.id)),
      },
      rummikubTile(p.name),
    );
    return node;
  }

  /** A place tiles can be dropped on (or clicked, with a tile selected). A drop on a group
   * goes to it; the table's own space (its empty part, or the table when it has no group)
   * starts a new group. */
  function dropTarget(node, group) {
    node.addEventListener("dragover", (event) => event.preventDefault());
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      event.stopPropagation();
      place({ group, id: Number(event.dataTransfer.getData("text/plain")) });
    });
    return node;
  }

  function render() {
    if (!game) return;
    const over = game.end !== null;
    section.dataset.state = over ? "over" : "your-turn";
    const view = game.view;
    summary.textContent = over
      ? endInWords(game)
      : view.must_open
        ? "Your turn. Your first play must be new groups of your own tiles worth at least 30 points, without touching the table; or draw."
        : "Your turn: play tiles from your rack (the table may be rearranged), or draw.";
    summary.className = `summary${over ? (game.winner === 0 ? " ok" : " bad") : ""}`;
    // What the others did since the person's last move, drawn as tiles.
    const last = game.turns.map((turn) => turn.player).lastIndexOf(0);
    const since = game.turns.slice(last + 1);
    happened.replaceChildren(...since.map((turn) => turnItem(turn, game)));
    happenedBlock.hidden = since.length === 0;
    const seats = game.bots.map((name, seat) =>
      el("li", {}, seat === 0 ? "You" : `Player ${seat} (${name})`, view ? `: ${view.rack_sizes[seat]} tiles${view.opened[seat] ? ", opened" : ""}` : ""),
    );
    others.replaceChildren(...seats, ...(view ? [el("li", {}, `Pool: ${view.pool} tiles`)] : []));
    const playing = Boolean(board) && !over;
    for (const node of [endTurn, draw, reset, newGroup, toRack]) node.disabled = !playing;
    tableList.replaceChildren(
      ...(board
        ? board.table.map((group, index) =>
            dropTarget(
              el(
                "li",
                { className: "group play-group", "data-group": String(index) },
                el("span", { className: "tiles" }, group.map((p) => tileButton(p, index))),
                button("Put here", () => place({ group: index }), { className: "put", "aria-label": `Put the selected tile in group ${index + 1}` }),
              ),
              index,
            ),
          )
        : (game.turns.at(-1)?.table ?? []).map((group) => el("li", { className: "group" }, el("span", { className: "tiles" }, group.map((name) => rummikubTile(name)))))),
    );
    if (board && board.table.length === 0) {
      tableList.append(el("li", { className: "empty-table" }, "The table is empty: drop a tile here (or select one and press New group) to start a group."));
    }
    rackRow.replaceChildren(...(board ? board.rack.map((p) => tileButton(p, "rack")) : []));
    scores.replaceChildren();
    log.textContent = over ? game.text : "";
    whole.hidden = !over;
    if (over) {
      scores.append(
        el(
          "table",
          { "data-scores": "" },
          el("caption", {}, "Scores"),
          el("tr", {}, el("th", {}, "player"), el("th", {}, "rank"), el("th", {}, "score")),
          game.bots.map((name, seat) => el("tr", {}, el("td", {}, seat === 0 ? "you" : `player ${seat} (${name})`), el("td", {}, String(game.ranks[seat])), el("td", {}, String(game.scores[seat])))),
        ),
      );
    }
  }

  /** Ends the turn: the table as the person left it, checked by rummikub/turn. */
  async function finishTurn() {
    if (!board) return;
    const groups = board.table.map((group, index) => ({ group, index })).filter(({ group }) => group.length > 0);
    const after = groups.map(({ group }) => group.map((p) => p.name));
    showError(tableList, null);
    for (const node of tableList.querySelectorAll(".play-group.invalid")) node.classList.remove("invalid");
    // Waiting for the server from now on: the turn's check, then the bots' answer.
    section.dataset.state = "waiting";
    let verdict;
    try {
      verdict = await call("rummikub/turn", {
        table: game.view.table,
        rack: game.view.rack,
        after,
        opened: !game.view.must_open,
      });
    } catch (error) {
      section.dataset.state = "your-turn";
      showError(tableList, error.message);
      return;
    }
    if (!verdict.valid) {
      section.dataset.state = "your-turn";
      showError(tableList, verdict.reason);
      // The group at fault, by its index among the groups sent (the verdict's code says which
      // rule; the reason is the words shown).
      if (verdict.code === "invalid_group" && verdict.group != null) {
        tableList.querySelector(`[data-group="${groups[verdict.group].index}"]`)?.classList.add("invalid");
      }
      return;
    }
    move({ action: "play", table: after });
  }

  function move(action) {
    if (!game?.view) return;
    setup.moves.push(action);
    replay();
  }

  dropTarget(rackRow, "rack");
  dropTarget(tableList, "new");

  section.append(
    el("p", { className: "intro" }, "Play Rummikub against the bots: you are the first player. Click a tile, then where it goes (a group, a new group or back to your rack), or drag it; then end the turn. The game is its seed and your moves: reload the page and it is still there."),
    el("div", { className: "row" }, field("Players", players), field("Seed", seed), ...botFields),
    button("New game", newGame, { className: "primary", "data-action": "new-game" }),
    status,
    summary,
    others,
    happenedBlock,
    el("h3", {}, "The table"),
    tableList,
    reason,
    el("div", { className: "buttons" }, newGroup, toRack),
    el("h3", {}, "Your rack"),
    rackRow,
    controls,
    scores,
    whole,
  );
  showBots();
  const saved = JSON.parse(localStorage.getItem(SAVED) ?? "null");
  if (saved?.bots?.[0] === "human") {
    setup = saved;
    seed.value = saved.seed;
    players.value = String(saved.players);
    showBots();
    replay();
  }
}
