//! `tiles mahjong …`: completeness, readings, shanten, waits and effective tiles of a hand.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use mahjong::{TSV_HEADER, analyze, parse_hand};

use crate::batch;

/// Mahjong hands: completeness, every reading, shanten, waits and effective tiles.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyse a hand in mpsz notation (`123m456p789s11122z`, red fives `0m`).
    ///
    /// With HAND, prints a readable report: the canonical hand, whether it is complete and
    /// its readings, its shanten in each form, then its waits, its effective tiles or its best
    /// discards (exit 0, or 2 for a hand that cannot be read or has no shanten). Without HAND,
    /// reads one hand per stdin line and prints one tab-separated line per hand with the
    /// columns `hand n agari shanten_std shanten_chiitoi shanten_kokushi shanten waits
    /// decomps`; a bad line prints `<input>\tERROR\t<reason>` and the run goes on.
    Analyze(AnalyzeArgs),
}

/// `tiles mahjong analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The hand (its parts may be separate words); stdin, one hand per line, if absent.
    hand: Vec<String>,
    /// Print the column names first, and give a HAND's answer as a tab-separated row too.
    #[arg(long)]
    header: bool,
}

/// Runs a `tiles mahjong` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Analyze(args) => analyze_command(&args),
    }
}

/// One batch line: the hand's row, or the input and why it has none.
fn row(line: &str, line_number: usize) -> String {
    let analysis = parse_hand(line)
        .map_err(|error| error.on_line(line_number).summary())
        .and_then(|hand| analyze(&hand).map_err(|error| error.to_string()));
    match analysis {
        Ok(analysis) => analysis.tsv_row(),
        Err(reason) => format!("{line}\tERROR\t{reason}"),
    }
}

fn analyze_command(args: &AnalyzeArgs) -> ExitCode {
    if args.hand.is_empty() {
        let mut out = std::io::stdout().lock();
        if args.header && batch::write_line(&mut out, TSV_HEADER).is_err() {
            return ExitCode::SUCCESS;
        }
        let _ = batch::run_lines(batch::stdin(), &mut out, row);
        let _ = out.flush();
        return ExitCode::SUCCESS;
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
