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
//!   --haitei --houtei --tenhou --chiihou`, `--seat W --round W` (E, S, W, N), `--dora T,T`,
//!   `--ura T,T`, `--honba N`, `--sticks N`, `--rules tenhou|majsoul|wrc` and `--rule NAME=VALUE`;
//! - `game SEED [--sanma] [--east] [--no-red] [--red M,P,S] [--no-open-tanyao] [--bots B,B,B,B]`: a seeded game of bots (four players, or three with `--sanma`)
//!   (`efficiency` unless named), every event of it (a golden playthrough);
//! - `replay RECORD`: a game record on one line (an mjlog, or tenhou.net/6 JSON; a real
//!   record's hand cut out of it, or one made for a rule no real record shows) replayed
//!   through the engine: what could not be read (a hand cut out of an mjlog has no `owari`),
//!   then each hand's events as the engine plays them and its verdict.
//!
//! The transcript echoes each query after `> ` (a `replay` query by its format and size,
//! not the record), then its answer; errors become `error: …` lines.

use std::fmt::Write as _;

use tiles_notation::ParseError;

use crate::analysis::{analyze, analyze_full};
use crate::notation::has_melds;
use crate::notation::parse_hand;
use crate::residue::{ResidueTrace, residue_trace};
use crate::score::parse_full_hand;
use crate::score::{FullHand, Piece, ScoringRules, Situation, Wind, score};
use crate::tile::{Hand, Suit};

/// Runs a fixture and returns its transcript. Never panics: every error becomes a line.
pub fn run_fixture(input: &str) -> String {
    let mut transcript = String::new();
    for line in input.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (command, text) = match line.split_once(' ') {
            Some((command @ ("row" | "seed" | "score" | "game" | "replay"), text)) => {
                (command, text)
            }
            _ => ("report", line),
        };
        if command == "replay" {
            let format = crate::log::format_of(text);
            let _ = writeln!(transcript, "> replay ({format}, {} bytes)", text.len());
        } else {
            let _ = writeln!(transcript, "> {line}");
        }
        let answer = if command == "score" {
            score_query(text)
        } else if command == "replay" {
            Ok(replay_query(text))
        } else if command == "game" {
            game_query(text)
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
            | "--rules" | "--rule" => {
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
            "--rules" => rules = value.parse().map_err(|error| format!("{error}"))?,
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
            other => return Err(format!("unknown option {other}")),
        };
        *field = true;
    }
    score(&hand, &situation, &rules)
        .map(|score| score.to_string())
        .map_err(|error| error.to_string())
}

/// `replay RECORD`: what could not be read, then each hand's events and verdict.
fn replay_query(text: &str) -> String {
    let (log, error) = crate::log::read(text);
    let mut out = String::new();
    if let Some(error) = error {
        let _ = writeln!(out, "read: {error}");
    }
    for hand in &log.hands {
        let (verdict, game) = crate::log::replay::replay_hand(log.rules, log.notation, hand);
        if let Some(game) = game {
            for event in game.hand_events() {
                let _ = writeln!(out, "{event}");
            }
        }
        match &verdict.error {
            None => {
                let _ = writeln!(out, "{}: agrees", verdict.id);
            }
            Some(error) => {
                let _ = writeln!(out, "{}: disagrees: {error}", verdict.id);
            }
        }
    }
    out
}

/// `game SEED [--sanma] [--east] [--no-red] [--red M,P,S] [--no-open-tanyao] [--bots B,B,B,B]`:
/// every event of a seeded bot game (`--sanma`: three players, red 5p and 5s unless `--red`
/// or `--no-red` says otherwise, three bots).
fn game_query(text: &str) -> Result<String, String> {
    use crate::game::{Game, GameRules, Length, bot_named};
    let mut words = text.split_whitespace();
    let seed: u64 = words
        .next()
        .and_then(|word| word.parse().ok())
        .ok_or("game: expected a seed")?;
    let mut rules = GameRules::default();
    let mut names = Vec::new();
    let mut red_given = false;
    while let Some(word) = words.next() {
        match word {
            "--sanma" => rules.players = 3,
            "--east" => rules.length = Length::East,
            "--no-red" => {
                rules.red_fives = [0; 3];
                red_given = true;
            }
            "--no-open-tanyao" => rules.open_tanyao = false,
            "--red" => {
                let counts: Vec<u8> = words
                    .next()
                    .ok_or("--red: expected M,P,S")?
                    .split(',')
                    .map(|count| count.parse().map_err(|_| "--red: expected M,P,S of 0 or 1"))
                    .collect::<Result<_, _>>()?;
                rules.red_fives = counts
                    .try_into()
                    .map_err(|_| "--red: expected three counts")?;
                red_given = true;
            }
            "--bots" => {
                names = words
                    .next()
                    .ok_or("--bots: expected four names")?
                    .split(',')
                    .collect()
            }
            other => return Err(format!("game: unknown option {other:?}")),
        }
    }
    if rules.three_player() && !red_given {
        rules.red_fives[0] = 0;
    }
    rules.check()?;
    let players = usize::from(rules.players);
    if names.is_empty() {
        names = vec!["efficiency"; players];
    }
    let bots = names
        .iter()
        .map(|name| bot_named(name).ok_or_else(|| format!("--bots: unknown bot {name:?}")))
        .collect::<Result<Vec<_>, _>>()?;
    if bots.len() != players {
        return Err(format!("--bots: {players} bots"));
    }
    let mut game = Game::new(rules, seed);
    while let Some(seat) = game.to_move() {
        let action = bots[seat].choose(&game.view(seat));
        game.act(seat, action).map_err(|error| error.to_string())?;
    }
    let mut out = String::new();
    for event in game.events() {
        let _ = writeln!(out, "{event}");
    }
    Ok(out)
}
