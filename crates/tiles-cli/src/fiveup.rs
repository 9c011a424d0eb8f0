//! `tiles fiveup …`: is a sequence of dominoes a legal game of Five Up, its layout, its score.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use fiveup::{Scoring, Units, Verdict, check, parse_game};
use serde_json::{Map, json};

use crate::batch;

/// Five Up dominoes: legality of a game, its layout and its score.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Is this sequence of dominoes, in the order played, a legal game of Five Up?
    ///
    /// With GAME (`0-6 6-6 6-5`, `[[0,6],[6,6]]`, `[(0,6),(6,6)]`, `0|6 6|6`), prints `valid`
    /// or `invalid: REASON` (exit 0 valid, 1 invalid, 2 unreadable), then with `--layout` the
    /// layout as a tree and with `--score` a table of every play's count and points. Without
    /// GAME, reads one game per stdin line and prints one line per game: `valid`, `invalid:
    /// …` or `error: …`. With `--json`, one `fiveup/check` request per line
    /// (`{"game":"0-6 6-0","score":true}`); the options are the defaults of its fields.
    #[command(after_help = crate::BATCH_EXIT)]
    Check(CheckArgs),
}

/// `tiles fiveup check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The game; stdin, one game per line, if absent.
    game: Vec<String>,
    /// Also print the layout of a legal game as a tree.
    #[arg(long)]
    layout: bool,
    /// Also print the count after every play of a legal game and what it scores.
    #[arg(long)]
    score: bool,
    /// Players taking turns, for `--score`.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=fiveup::Scoring::MAX_PLAYERS as u64))]
    players: u64,
    /// The total that wins, for `--score`.
    #[arg(long, default_value_t = 61)]
    target: u64,
    /// What a multiple of 5 scores, for `--score`: fives (a count of 15 scores 3) or pips (15
    /// scores 15).
    #[arg(long, default_value = "fives", value_parser = units())]
    units: Units,
    /// Read and write one JSON object per line.
    #[arg(long, conflicts_with = "game")]
    json: bool,
}

/// `--units`: the library's names, read by the library.
fn units() -> impl clap::builder::TypedValueParser<Value = Units> {
    crate::named(Units::ALL.map(Units::name))
}

/// Runs a `tiles fiveup` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Check(args) => check_command(&args),
    }
}

fn check_command(args: &CheckArgs) -> ExitCode {
    if args.json {
        let mut defaults = Map::new();
        defaults.insert("layout".into(), json!(args.layout));
        defaults.insert("score".into(), json!(args.score));
        defaults.insert("players".into(), json!(args.players));
        defaults.insert("target".into(), json!(args.target));
        defaults.insert("units".into(), json!(args.units.name()));
        return batch::json_batch("fiveup/check", defaults);
    }
    if args.game.is_empty() {
        if args.layout || args.score {
            return batch::unreadable(
                &"--layout and --score need a GAME: reading games from stdin prints one verdict line per game",
            );
        }
        let mut out = batch::stdout();
        return batch::exit_code(batch::run_lines(
            batch::stdin_for("games"),
            &mut out,
            |line, line_number| match parse_game(line) {
                Ok(tiles) => Ok(check(&tiles).summary(&tiles)),
                Err(error) => Err(format!("error: {}", error.on_line(line_number).summary())),
            },
        ));
    }
    let tiles = match parse_game(&args.game.join(" ")) {
        Ok(tiles) => tiles,
        Err(error) => return batch::unreadable(&error),
    };
    let verdict = check(&tiles);
    let mut lines = vec![verdict.summary(&tiles)];
    let Verdict::Legal(layout) = &verdict else {
        return batch::answer(&lines, 1);
    };
    if args.layout {
        lines.extend(layout.to_string().lines().map(str::to_owned));
    }
    if args.score {
        let scoring = Scoring {
            target: args.target,
            units: args.units,
            players: usize::try_from(args.players).unwrap_or(usize::MAX),
        };
        match layout.score(&scoring) {
            Ok(score) => lines.extend(score.to_string().lines().map(str::to_owned)),
            Err(error) => {
                // The verdict stands; the score cannot be given.
                let _ = batch::answer(&lines, 0);
                return batch::unreadable(&error);
            }
        }
    }
    batch::answer(&lines, 0)
}
