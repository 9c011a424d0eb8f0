//! `tiles mahjong …`: completeness, readings, shanten, waits, effective tiles and the best
//! discards of a hand.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use mahjong::{TSV_HEADER, analyze, parse_hand};
use serde_json::Map;

use crate::batch;

/// Mahjong hands: completeness, every reading, shanten, waits, effective tiles and what to
/// discard.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyse a hand in mpsz notation (`123m456p789s11122z`, red fives `0m`).
    ///
    /// With HAND, prints a readable report: the canonical hand, whether it is complete and
    /// its readings, its shanten in each form, then its waits (13 tiles), its effective tiles,
    /// or, for 14 tiles, what to discard: `ready after discarding 3z` and each best discard
    /// with the tiles that then improve the hand (exit 0, or 2 for a hand that cannot be read
    /// or has no shanten). Without HAND, reads one hand per stdin line and prints one
    /// tab-separated line per hand with the columns `hand n agari shanten_std
    /// shanten_chiitoi shanten_kokushi shanten waits decomps discards effective` (`discards`:
    /// the best discards, each with the unseen copies of the tiles that then improve the hand,
    /// `3z:4 1z:4`); a bad line prints `<input>\tERROR\t<reason>` and the run goes on. With
    /// `--json`, one `mahjong/analyze` request per line: `{"hand":"123m456p789s1122z"}`.
    #[command(visible_alias = "analyse", after_help = crate::BATCH_EXIT)]
    Analyze(AnalyzeArgs),
}

/// `tiles mahjong analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The hand (its parts may be separate words); stdin, one hand per line, if absent.
    hand: Vec<String>,
    /// Print the column names first, and give a HAND's answer as a tab-separated row too.
    #[arg(long, conflicts_with = "json")]
    header: bool,
    /// Read and write one JSON object per line.
    #[arg(long, conflicts_with = "hand")]
    json: bool,
}

/// Runs a `tiles mahjong` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Analyze(args) => analyze_command(&args),
    }
}

/// A row for a line with no analysis: the input, `ERROR` and why, so it keeps the batch's
/// shape.
fn error_row(input: &str, reason: &str) -> String {
    format!("{input}\tERROR\t{reason}")
}

/// One batch line: the hand's row, or the input and why it has none.
fn row(line: &str, line_number: usize) -> Result<String, String> {
    parse_hand(line)
        .map_err(|error| error.on_line(line_number).summary())
        .and_then(|hand| analyze(&hand).map_err(|error| error.to_string()))
        .map(|analysis| analysis.tsv_row())
        .map_err(|reason| error_row(line, &reason))
}

fn analyze_command(args: &AnalyzeArgs) -> ExitCode {
    if args.json {
        return batch::json_batch("mahjong/analyze", Map::new());
    }
    if args.hand.is_empty() {
        let mut out = std::io::stdout().lock();
        if args.header && batch::write_line(&mut out, TSV_HEADER).is_err() {
            return ExitCode::SUCCESS;
        }
        // A line that cannot be read at all keeps the row's shape too (no input to show).
        let bad = |line_number: usize, message: &str| {
            error_row("", &format!("line {line_number}: {message}"))
        };
        let outcome = batch::run_lines_with(batch::stdin_for("hands"), &mut out, &bad, row);
        let _ = out.flush();
        return batch::exit_code(outcome);
    }
    let text = args.hand.join(" ");
    let hand = match parse_hand(&text) {
        Ok(hand) => hand,
        Err(error) => return batch::unreadable(&error),
    };
    let analysis = match analyze(&hand) {
        Ok(analysis) => analysis,
        Err(error) => return batch::unreadable(&error),
    };
    let lines: Vec<String> = if args.header {
        vec![TSV_HEADER.to_owned(), analysis.tsv_row()]
    } else {
        analysis.to_string().lines().map(str::to_owned).collect()
    };
    batch::answer(&lines, 0)
}
