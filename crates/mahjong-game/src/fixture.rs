//! The data-driven fixture format of this crate, run by `cargo xtask verify`: each line that
//! is not blank or a `#` comment is one query (the first comment describes the fixture in its
//! snapshot):
//!
//! - `game SEED [--sanma] [--east] [--no-red] [--red M,P,S] [--no-open-tanyao] [--bots
//!   B,B,B,B]`: a seeded game of bots (four players, or three with `--sanma`; `efficiency`
//!   unless named), every event of it (a golden playthrough);
//! - `replay RECORD`: a game record on one line (an mjlog, tenhou.net/6 JSON, or mjai events
//!   one object after another; a real record's hand cut out of it) replayed through the
//!   engine: what could not be read (a hand cut out of an mjlog has no `owari`), then each
//!   hand's events as the engine plays them and its verdict.
//!
//! The transcript echoes each query after `> ` (a `replay` query by its format and size, not
//! the record), then its answer; errors become `error: …` lines.

use std::fmt::Write as _;

/// Runs a fixture and returns its transcript. Never panics: every error becomes a line.
pub fn run_fixture(input: &str) -> String {
    let mut transcript = String::new();
    for line in input.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let answer = match line.split_once(' ') {
            Some(("replay", text)) => {
                let format = crate::records::format_of(text);
                let _ = writeln!(transcript, "> replay ({format}, {} bytes)", text.len());
                Ok(replay_query(text))
            }
            Some(("game", text)) => {
                let _ = writeln!(transcript, "> {line}");
                game_query(text)
            }
            _ => {
                let _ = writeln!(transcript, "> {line}");
                Err(format!(
                    "unknown query {line:?}: `game SEED …` or `replay RECORD`"
                ))
            }
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

/// `replay RECORD`: what could not be read, then each hand's events and verdict.
fn replay_query(text: &str) -> String {
    let lines;
    let text = if crate::records::format_of(text) == "mjai" {
        lines = mjai_lines(text);
        &lines
    } else {
        text
    };
    let (log, error) = crate::records::read(text);
    let mut out = String::new();
    if let Some(error) = error {
        let _ = writeln!(out, "read: {error}");
    }
    for hand in &log.hands {
        let (verdict, game) = crate::records::replay::replay_hand(log.rules, log.notation, hand);
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

/// mjai events written one after another on one line, as mjai writes them: a line each
/// (what is not JSON is left where it is, for the reader to name).
fn mjai_lines(text: &str) -> String {
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<serde_json::Value>();
    let mut lines = String::new();
    let mut start = 0;
    while let Some(Ok(_)) = stream.next() {
        let end = stream.byte_offset();
        lines.push_str(text[start..end].trim());
        lines.push('\n');
        start = end;
    }
    lines.push_str(&text[start..]);
    lines
}

/// `game SEED [--sanma] [--east] [--no-red] [--red M,P,S] [--no-open-tanyao] [--bots B,B,B,B]`:
/// every event of a seeded bot game (`--sanma`: three players, red 5p and 5s unless `--red`
/// or `--no-red` says otherwise, three bots).
fn game_query(text: &str) -> Result<String, String> {
    use crate::{Game, GameRules, Length, bot_named};
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
            "--sanma" => rules = rules.with_three_players(),
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
