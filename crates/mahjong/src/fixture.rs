//! The data-driven fixture format of this crate, run by `cargo xtask verify`.
//!
//! Each line that is not blank or a `#` comment is one query (the first comment describes the
//! fixture in its snapshot):
//!
//! - `HAND`: the readable report of [`crate::analyze`];
//! - `row HAND`: the batch row of `tiles mahjong analyze`;
//! - `seed HAND`: the residue-of-three check on a one-suit hand of `3k + 2` tiles, every removal.
//!
//! The transcript echoes each query after `> `, then its answer; errors become `error: …`
//! lines.

use std::fmt::Write as _;

use crate::analysis::analyze;
use crate::notation::parse_hand;
use crate::seed::{SeedTrace, seed_trace};
use crate::tile::{Hand, Suit};

/// Runs a fixture and returns its transcript. Never panics: every error becomes a line.
pub fn run_fixture(input: &str) -> String {
    let mut transcript = String::new();
    for line in input.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let _ = writeln!(transcript, "> {line}");
        let (command, text) = match line.split_once(' ') {
            Some((command @ ("row" | "seed"), text)) => (command, text),
            _ => ("report", line),
        };
        let answer =
            parse_hand(text)
                .map_err(|error| error.summary())
                .and_then(|hand| match command {
                    "seed" => seed_report(&hand),
                    _ => analyze(&hand)
                        .map(|analysis| match command {
                            "row" => format!("{}\n", analysis.tsv_row()),
                            _ => analysis.to_string(),
                        })
                        .map_err(|error| error.to_string()),
                });
        match answer {
            Ok(answer) => transcript.push_str(&answer),
            Err(error) => {
                let _ = writeln!(transcript, "error: {error}");
            }
        }
    }
    transcript
}

/// The residue-of-three check on a one-suit hand, step by step.
fn seed_report(hand: &Hand) -> Result<String, String> {
    let one_suit = hand
        .tiles()
        .next()
        .map(|tile| tile.suit())
        .filter(|&suit| suit != Suit::Honor && hand.tiles().all(|tile| tile.suit() == suit));
    let Some(suit) = one_suit.filter(|_| hand.len() % 3 == 2) else {
        return Err(format!(
            "the residue-of-three check reads a numbered suit alone, 3k+2 tiles: {hand} is not one"
        ));
    };
    let trace: SeedTrace = seed_trace(&hand.suit_counts(suit));
    let [a, b, c] = trace.candidates;
    let mut out = format!(
        "sum {}, mod 3 = {}: pair {a}, {b} or {c}\n",
        trace.sum,
        trace.sum % 3
    );
    for attempt in &trace.attempts {
        let _ = write!(out, "pair {}:", attempt.pair);
        for block in &attempt.removed {
            let _ = write!(out, " {block}");
        }
        match attempt.outcome {
            Ok(()) => out.push_str(" -> empty: complete\n"),
            Err(failure) if attempt.removed.is_empty() => {
                let _ = writeln!(out, " {failure}");
            }
            Err(failure) => {
                let _ = writeln!(out, " -> {failure}");
            }
        }
    }
    if !trace.is_complete() {
        out.push_str("not complete\n");
    }
    Ok(out)
}
