//! `tiles rummikub-puzzle …`: solve, trace and check the Rummikub action puzzle.

use std::io::{IsTerminal, Read};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rummikub_puzzle::{answer_text, check, parse_answer, parse_puzzle, solve};

use crate::batch;

/// The Rummikub action puzzle (parts 1 and 2).
///
/// Reads one puzzle from FILE (or stdin) and prints the preferred shortest answer: the
/// actions, then every row of the final table. A puzzle without an answer prints `no
/// solution: WHY` to stderr (exit 1); an unreadable one prints the error with its line and
/// column (exit 2). With `--json`, reads one request per stdin line instead:
/// `rummikub-puzzle/solve` (`{"puzzle":"3R\n2\n1 4R 5R 6R\n2 4B 4G 4Y"}`), or
/// `rummikub-puzzle/check` when it has a `check` field (the proposed answer's text).
#[derive(Debug, Args)]
#[command(after_help = crate::BATCH_EXIT)]
pub struct PuzzleArgs {
    /// The puzzle file; stdin if absent.
    #[arg(conflicts_with = "json")]
    file: Option<PathBuf>,
    /// Print the table after every action too (with `--check`, after every proposed action).
    #[arg(long)]
    trace: bool,
    /// Read and write one JSON object per line.
    #[arg(long, conflicts_with_all = ["trace", "check"])]
    json: bool,
    /// Check the answer in this file instead of solving: every action legal, and the preferred
    /// shortest answer (exit 0), or the first rule broken and where (exit 1).
    #[arg(long, value_name = "ANSWER")]
    check: Option<PathBuf>,
}

/// The longest puzzle or answer file read (1 MiB). A puzzle holds at most 105 tiles (two copies
/// of each of 52, and one joker), so a longer one is not a puzzle; it is refused without being
/// read into memory.
const MAX_INPUT: u64 = 1 << 20;

fn read(path: Option<&PathBuf>) -> Result<String, String> {
    let (name, source): (String, Box<dyn Read>) = match path {
        Some(path) => (
            path.display().to_string(),
            Box::new(
                std::fs::File::open(path)
                    .map_err(|error| format!("cannot read {}: {error}", path.display()))?,
            ),
        ),
        None => {
            if std::io::stdin().is_terminal() {
                eprintln!("reading the puzzle from the terminal; end with Ctrl-D");
            }
            ("stdin".to_owned(), Box::new(std::io::stdin()))
        }
    };
    let mut bytes = Vec::new();
    source
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| format!("cannot read {name}: {error}"))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(format!(
            "{name} is longer than {MAX_INPUT} bytes, the most a puzzle or answer may take"
        ));
    }
    String::from_utf8(bytes).map_err(|error| {
        format!(
            "cannot read {name}: not valid UTF-8 at byte {}",
            error.utf8_error().valid_up_to()
        )
    })
}

/// Runs the subcommand.
pub fn run(args: PuzzleArgs) -> ExitCode {
    if args.json {
        let mut out = batch::stdout();
        return batch::exit_code(batch::run_json_lines(
            batch::stdin_for("JSON requests"),
            &mut out,
            &|line| match serde_json::from_str::<serde_json::Value>(line) {
                Ok(request) if request.get("check").is_some() => "rummikub-puzzle/check",
                _ => "rummikub-puzzle/solve",
            },
            &serde_json::Map::new(),
        ));
    }
    let text = match read(args.file.as_ref()) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let puzzle = match parse_puzzle(&text) {
        Ok(puzzle) => puzzle,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.check {
        let answer = match read(Some(path)).and_then(|text| {
            parse_answer(&text).map_err(|error| format!("in {}: {error}", path.display()))
        }) {
            Ok(answer) => answer,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(2);
            }
        };
        let verdict = check(&puzzle, &answer);
        if args.trace {
            let actions: Vec<_> = answer.actions.iter().map(|&(_, action)| action).collect();
            batch::print(&answer_text(&puzzle, &actions, true));
        }
        batch::print(&format!("{verdict}\n"));
        return if verdict.is_preferred() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        };
    }
    match solve(&puzzle.table, puzzle.goal) {
        Ok(actions) => {
            batch::print(&answer_text(&puzzle, &actions, args.trace));
            ExitCode::SUCCESS
        }
        Err(reason) => {
            eprintln!("no solution: {reason}");
            ExitCode::from(1)
        }
    }
}
