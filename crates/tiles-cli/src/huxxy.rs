//! `tiles huxxy …`: the reference interface, one game with a readable log, and tournaments.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use huxxy::eval_call;
use serde_json::{Map, Value, json};
use tiles_api::fields::Names;
use tiles_api::huxxy::{DEFAULT_BOTS, lineup, run_tournament};
use tiles_api::standings::MAX_GAMES;

use crate::batch;

/// huxxy: the reference functions, games and tournaments between bots.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Evaluates calls of the five reference functions, printing each result as Python would.
    ///
    /// Each CALL (`"comp10001huxxy_score(['4C', '2H', 'KS'])"`) is one call, answered on its
    /// own line (exit 2 if one is malformed: anything after the call, such as `== 19`, is an
    /// error at its column). Without CALL, reads one call per stdin line and prints one line
    /// per call: the result or `error: …`. With `--json`, one `huxxy/eval` request per line:
    /// `{"call":"comp10001huxxy_score(['4C'])"}`.
    #[command(after_help = crate::BATCH_EXIT)]
    Eval {
        /// The calls, one per argument; stdin, one call per line, if absent.
        call: Vec<String>,
        /// Read and write one JSON object per line.
        #[arg(long, conflicts_with = "call")]
        json: bool,
    },
    /// Plays one game between bots and prints it turn by turn, then the ranking.
    ///
    /// With `--json`, reads one `huxxy/game` request per line instead
    /// (`{"seed":3,"jokers":true}`); the options are the defaults of its fields.
    #[command(after_help = crate::BATCH_EXIT)]
    Game(GameArgs),
    /// Plays many games in parallel and prints, per line-up entry, its wins, average rank,
    /// average points left and forfeits.
    ///
    /// The line-up turns round one seat per game, so every bot plays from every seat equally
    /// often; `entry` is a bot's place in `--bots`, and its seat in game 1. With `--json`,
    /// reads one `huxxy/tournament` request per line instead (`{"games":100,"seed":2}`).
    #[command(after_help = crate::BATCH_EXIT)]
    Tournament(TournamentArgs),
}

/// Options shared by games and tournaments.
#[derive(Debug, Args)]
pub struct Lineup {
    /// Play the bonus game with two jokers.
    #[arg(long)]
    jokers: bool,
    /// The four bots, in seat order: `search` or `greedy`.
    #[arg(long, default_value = DEFAULT_BOTS)]
    bots: String,
    /// Read requests from stdin and write one JSON object per line.
    #[arg(long)]
    json: bool,
}

impl Lineup {
    /// The defaults a JSON line takes from these options.
    fn defaults(&self) -> Map<String, Value> {
        let mut defaults = Map::new();
        defaults.insert("jokers".into(), json!(self.jokers));
        defaults.insert("bots".into(), json!(self.bots));
        defaults
    }
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
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
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
        Command::Eval { json: true, .. } => batch::json_batch("huxxy/eval", Map::new()),
        Command::Eval { call, .. } => eval(&call),
        Command::Game(args) if args.lineup.json => {
            let mut defaults = args.lineup.defaults();
            defaults.insert("seed".into(), json!(args.seed));
            batch::json_batch("huxxy/game", defaults)
        }
        Command::Game(args) => {
            match lineup(args.lineup.jokers, &Names::Text(args.lineup.bots.clone())) {
                Ok((variant, bots)) => {
                    batch::print(&huxxy::replay(variant, args.seed, bots).to_string());
                    ExitCode::SUCCESS
                }
                Err(error) => batch::unreadable(&error.replacen("bots:", "--bots:", 1)),
            }
        }
        Command::Tournament(args) if args.lineup.json => {
            let mut defaults = args.lineup.defaults();
            defaults.insert("seed".into(), json!(args.seed));
            defaults.insert("games".into(), json!(args.games));
            batch::json_batch("huxxy/tournament", defaults)
        }
        Command::Tournament(args) => {
            match lineup(args.lineup.jokers, &Names::Text(args.lineup.bots.clone())) {
                Ok((variant, bots)) => {
                    let watch = crate::progress::Watch::start("games");
                    match run_tournament(variant, args.seed, args.games, bots, watch.stop()) {
                        Ok(result) => crate::progress::finished(
                            watch,
                            &result.to_string(),
                            result.standings.games,
                            args.games,
                        ),
                        Err(error) => batch::unreadable(&error.to_string()),
                    }
                }
                Err(error) => batch::unreadable(&error.replacen("bots:", "--bots:", 1)),
            }
        }
    }
}

fn eval(calls: &[String]) -> ExitCode {
    if calls.is_empty() {
        let mut out = batch::stdout();
        return batch::exit_code(batch::run_lines(
            batch::stdin_for("calls"),
            &mut out,
            |line, line_number| {
                eval_call(line)
                    .map_err(|error| format!("error: {}", error.on_line(line_number).summary()))
            },
        ));
    }
    // Each argument is one call, answered on its own line; a malformed one stops there.
    let mut answers = String::new();
    for call in calls {
        match eval_call(call) {
            Ok(answer) => {
                answers.push_str(&answer);
                answers.push('\n');
            }
            Err(error) => {
                batch::print(&answers);
                return batch::unreadable(&error);
            }
        }
    }
    batch::print(&answers);
    ExitCode::SUCCESS
}
