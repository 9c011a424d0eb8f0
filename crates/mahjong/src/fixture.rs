//! The data-driven fixture format of this crate, run by `cargo xtask verify`.
//!
//! Each line that is not blank or a `#` comment is one query (the first comment describes the
//! fixture in its snapshot):
//!
//! - `HAND`: the readable report of [`crate::analyze`] ([`crate::analyze_full`] for a hand
//!   with bracketed called melds);
//! - `row HAND`: the batch row of `tiles mahjong analyze`;
//! - `seed HAND`: the residue-of-three check ([`crate::residue_trace`]) on a one-suit hand of
//!   `3k + 2` tiles, every removal (the command keeps the name the fixtures were written with);
//! - `score HAND --win TILE [options]`: the score report of [`crate::score()`], with the options
//!   of `tiles mahjong score`: `--tsumo --riichi --double-riichi --ippatsu --rinshan --chankan
//!   --haitei --houtei --tenhou --chiihou --renhou`, `--seat W --round W` (E, S, W, N), `--dora T,T`,
//!   `--ura T,T`, `--honba N`, `--sticks N` and `--rule NAME=VALUE` (the rule sets by name are
//!   the game crate's, `mahjong_game::GameRules`);
//!
//! The transcript echoes each query after `> `, then its answer; errors become `error: …`
//! lines. (The game's queries, `game` and `replay`, are `mahjong-game`'s fixtures.)

use std::fmt::Write as _;

use tiles_notation::ParseError;

use crate::analysis::{analyze, analyze_full};
use crate::full_hand::{FullHand, Piece};
use crate::notation::has_melds;
use crate::notation::parse_hand;
use crate::residue::{ResidueTrace, residue_trace};
use crate::score::parse_full_hand;
use crate::score::{ScoringRules, Situation, Wind, score};
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
            Some((command @ ("row" | "seed" | "score"), text)) => (command, text),
            _ => ("report", line),
        };
        let answer = if command == "score" {
            score_query(text)
        } else if has_melds(text) {
            parse_full_hand(text)
                .map_err(|error| error.summary())
                .and_then(|hand| analyze_full(&hand).map_err(|error| error.to_string()))
                .map(|analysis| match command {
                    "row" => format!("{}\n", analysis.tsv_row()),
                    _ => analysis.to_string(),
                })
        } else {
            parse_hand(text)
                .map_err(|error| error.summary())
                .and_then(|hand| match command {
                    "seed" => residue_report(&hand),
                    _ => analyze(&hand)
                        .map(|analysis| match command {
                            "row" => format!("{}\n", analysis.tsv_row()),
                            _ => analysis.to_string(),
                        })
                        .map_err(|error| error.to_string()),
                })
        };
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
fn residue_report(hand: &Hand) -> Result<String, String> {
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
    let trace: ResidueTrace = residue_trace(&hand.suit_counts(suit));
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

/// A `score` query: the hand, then the situation's options.
fn score_query(text: &str) -> Result<String, String> {
    let (hand_text, options) = match text.find(" --") {
        Some(at) => (&text[..at], &text[at + 1..]),
        None => (text, ""),
    };
    let hand: FullHand = hand_text
        .parse()
        .map_err(|error: ParseError| error.summary())?;
    let mut words = options.split_whitespace();
    let mut win: Option<Piece> = None;
    let mut flags: Vec<&str> = Vec::new();
    let mut rules = ScoringRules::default();
    let mut valued: Vec<(&str, &str)> = Vec::new();
    while let Some(word) = words.next() {
        match word {
            "--win" | "--seat" | "--round" | "--dora" | "--ura" | "--honba" | "--sticks"
            | "--rule" => {
                let value = words.next().ok_or(format!("{word} needs a value"))?;
                valued.push((word, value));
            }
            flag => flags.push(flag),
        }
    }
    let pieces = |list: &str| -> Result<Vec<Piece>, String> {
        list.split(',')
            .filter(|tile| !tile.is_empty())
            .map(|tile| tile.parse().map_err(|error: ParseError| error.summary()))
            .collect()
    };
    let mut situation = None;
    for (name, value) in &valued {
        if *name == "--win" {
            win = Some(value.parse().map_err(|error: ParseError| error.summary())?);
        }
    }
    if let Some(win) = win {
        situation = Some(Situation::ron(win));
    }
    let mut situation = situation.ok_or("--win TILE is needed")?;
    for (name, value) in valued {
        let number = || {
            value
                .parse::<u32>()
                .map_err(|_| format!("{name} {value}: not a count"))
        };
        let wind = || value.parse::<Wind>().map_err(|error| error.to_string());
        match name {
            "--seat" => situation.seat_wind = wind()?,
            "--round" => situation.round_wind = wind()?,
            "--dora" => situation.dora_indicators = pieces(value)?,
            "--ura" => situation.ura_indicators = pieces(value)?,
            "--honba" => situation.honba = number()?,
            "--sticks" => situation.riichi_sticks = number()?,
            "--rule" => {
                let (switch, on) = value.split_once('=').ok_or("--rule NAME=VALUE")?;
                rules.set(switch, on).map_err(|error| error.to_string())?;
            }
            _ => {}
        }
    }
    for flag in flags {
        let field = match flag {
            "--tsumo" => &mut situation.tsumo,
            "--riichi" => &mut situation.riichi,
            "--double-riichi" => &mut situation.double_riichi,
            "--ippatsu" => &mut situation.ippatsu,
            "--rinshan" => &mut situation.rinshan,
            "--chankan" => &mut situation.chankan,
            "--haitei" => &mut situation.haitei,
            "--houtei" => &mut situation.houtei,
            "--tenhou" => &mut situation.tenhou,
            "--chiihou" => &mut situation.chiihou,
            "--renhou" => &mut situation.renhou,
            other => return Err(format!("unknown option {other}")),
        };
        *field = true;
    }
    score(&hand, &situation, &rules)
        .map(|score| score.to_string())
        .map_err(|error| error.to_string())
}
