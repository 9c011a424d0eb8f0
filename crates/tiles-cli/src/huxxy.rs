//! `tiles huxxy …`: the reference interface, one game with a readable log, and tournaments.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use huxxy::{Bot, End, Game, Play, Standings, Variant, bot_named, eval_call, show_cards};
use rayon::prelude::*;

use crate::batch;

/// huxxy: the reference functions, games and tournaments between bots.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Evaluates calls of the five reference functions, printing each result as Python would.
    ///
    /// With CALL (`"comp10001huxxy_score(['4C', '2H', 'KS'])"`) prints its result (exit 2 if
    /// it is malformed). Without, reads one call per stdin line and prints one line per call:
    /// the result or `error: …`.
    Eval {
        /// The call; stdin, one call per line, if absent.
        call: Vec<String>,
    },
    /// Plays one game between bots and prints it turn by turn, then the ranking.
    Game(GameArgs),
    /// Plays many games in parallel and prints wins, average rank, average points left and
    /// forfeits per bot. The line-up turns round one seat per game.
    Tournament(TournamentArgs),
}

/// Options shared by games and tournaments.
#[derive(Debug, Args)]
pub struct Lineup {
    /// Play the bonus game with two jokers.
    #[arg(long)]
    jokers: bool,
    /// The four bots, in seat order: `search` or `greedy`.
    #[arg(long, default_value = "search,greedy,greedy,greedy")]
    bots: String,
}

/// `tiles huxxy game`.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The deal's seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    lineup: Lineup,
}

/// `tiles huxxy tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The tournament's seed (each game's deal follows from it and the game's number).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    lineup: Lineup,
}

/// Runs a `tiles huxxy` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Eval { call } => eval(&call),
        Command::Game(args) => match lineup(&args.lineup) {
            Ok((variant, bots)) => {
                batch::print(&game_log(variant, args.seed, bots));
                ExitCode::SUCCESS
            }
            Err(error) => batch::unreadable(&error),
        },
        Command::Tournament(args) => match lineup(&args.lineup) {
            Ok((variant, bots)) => {
                batch::print(&tournament(variant, args.seed, args.games, bots));
                ExitCode::SUCCESS
            }
            Err(error) => batch::unreadable(&error),
        },
    }
}

fn eval(call: &[String]) -> ExitCode {
    if call.is_empty() {
        let mut out = std::io::stdout().lock();
        let _ = batch::run_lines(
            batch::stdin(),
            &mut out,
            |line, line_number| match eval_call(line) {
                Ok(answer) => answer,
                Err(error) => format!("error: {}", error.on_line(line_number).summary()),
            },
        );
        return ExitCode::SUCCESS;
    }
    match eval_call(&call.join(" ")) {
        Ok(answer) => {
            batch::print(&format!("{answer}\n"));
            ExitCode::SUCCESS
        }
        Err(error) => batch::unreadable(&error),
    }
}

fn lineup(args: &Lineup) -> Result<(Variant, [&'static dyn Bot; 4]), String> {
    let names: Vec<&str> = args.bots.split(',').map(str::trim).collect();
    let bots: Vec<&'static dyn Bot> = names
        .iter()
        .map(|name| {
            bot_named(name)
                .ok_or_else(|| format!("unknown bot {name:?}: expected search or greedy"))
        })
        .collect::<Result<_, _>>()?;
    let bots: [&'static dyn Bot; 4] = bots.try_into().map_err(|_| {
        format!(
            "--bots needs four bots, comma-separated; got {}",
            names.len()
        )
    })?;
    let variant = if args.jokers {
        Variant::Jokers
    } else {
        Variant::Basic
    };
    Ok((variant, bots))
}

/// One game, turn by turn.
fn game_log(variant: Variant, seed: u64, bots: [&dyn Bot; 4]) -> String {
    let mut log = String::new();
    let mut game = Game::new(variant, seed);
    let names: Vec<String> = (0..4)
        .map(|p| format!("player {p} ({})", bots[p].name()))
        .collect();
    let _ = writeln!(
        log,
        "huxxy, {} game, seed {seed}",
        if variant == Variant::Jokers {
            "joker"
        } else {
            "basic"
        }
    );
    for (player, name) in names.iter().enumerate() {
        let _ = writeln!(log, "{name} is dealt {}", show_cards(game.hand(player)));
    }
    // The game is played by the engine, then replayed here turn by turn for the log.
    let record = huxxy::play_game(variant, seed, bots);
    let mut turn = 0;
    let mut parts: Vec<String> = Vec::new();
    for played in record.game.history() {
        let player = played.player;
        let groups = game.table().len();
        let drawn = game.apply_play(played.play).ok().flatten();
        match played.play {
            Play::Draw => {
                turn += 1;
                let card = drawn.map_or_else(String::new, |card| card.to_string());
                let _ = writeln!(
                    log,
                    "turn {turn}: {} draws {card} ({} left in the stock)",
                    names[player],
                    game.stock_len()
                );
            }
            Play::FromHand { card, to } if to == groups => {
                parts.push(format!("{card} to a new group {to}"))
            }
            Play::FromHand { card, to } => parts.push(format!("{card} to group {to}")),
            Play::Move { card, from, to } => {
                parts.push(format!("moves {card} from group {from} to group {to}"))
            }
            Play::EndTurn => {
                turn += 1;
                let _ = writeln!(
                    log,
                    "turn {turn}: {} plays {}; {} cards left",
                    names[player],
                    parts.join(", "),
                    game.hand(player).len()
                );
                let table: Vec<String> = game
                    .table()
                    .iter()
                    .map(|g| format!("[{}]", show_cards(g)))
                    .collect();
                let _ = writeln!(log, "  table: {}", table.join(" "));
                parts.clear();
            }
        }
    }
    let game = record.game;
    match game.end() {
        Some(End::HandEmpty { player }) => {
            let _ = writeln!(
                log,
                "the game ends: {} has played all their cards",
                names[*player]
            );
        }
        Some(End::StockExhausted) => {
            let _ = writeln!(log, "the game ends: the stock is exhausted");
        }
        Some(End::Forfeit {
            player,
            play,
            error,
        }) => {
            let _ = writeln!(
                log,
                "the game ends: {} forfeits with {play:?}: {error}",
                names[*player]
            );
        }
        None => {
            let _ = writeln!(log, "the game was stopped after 10000 plays");
        }
    }
    let ranks = game.ranking().unwrap_or([1; 4]);
    let points = game.points();
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by_key(|&p| (ranks[p], p));
    for p in order {
        let _ = writeln!(
            log,
            "{}. {}: {} points left ({})",
            ranks[p],
            names[p],
            points[p],
            show_cards(game.hand(p))
        );
    }
    log
}

/// Many games in parallel; the same figures whatever the number of threads.
fn tournament(variant: Variant, seed: u64, games: u64, bots: [&dyn Bot; 4]) -> String {
    let records: Vec<_> = (0..games)
        .into_par_iter()
        .map(|index| huxxy::tournament_game(variant, seed, index, bots))
        .collect();
    let mut standings = Standings::default();
    for (record, entries) in &records {
        standings.add(record, entries);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{games} {} games, seed {seed}, line-up turning one seat per game",
        if variant == Variant::Jokers {
            "joker"
        } else {
            "basic"
        }
    );
    let _ = writeln!(
        out,
        "{:<10} {:>6} {:>7} {:>9} {:>12} {:>9}",
        "bot", "seat", "wins", "win %", "avg rank", "avg points"
    );
    let n = games.max(1) as f64;
    for (entry, bot) in bots.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:<10} {:>6} {:>7} {:>8.1}% {:>12.2} {:>9.1}   forfeits {}",
            bot.name(),
            entry,
            standings.wins[entry],
            100.0 * standings.wins[entry] as f64 / n,
            standings.rank_sum[entry] as f64 / n,
            standings.points_sum[entry] as f64 / n,
            standings.forfeits[entry],
        );
    }
    out
}
