//! mjai events, one JSON object per line: read into hands, and written from a game.
//!
//! Tiles are `1m`…`9m`, `1p`…, `1s`…, `E S W N` the winds, `P F C` the white, green and red
//! dragons, `5mr 5pr 5sr` the red fives. Events: `start_game`, `start_kyoku` (`bakaze`,
//! `dora_marker`, `kyoku` 1-4, `honba`, `kyotaku`, `oya`, `scores`, `tehais`), `tsumo`,
//! `dahai` (`tsumogiri`), `reach`, `reach_accepted`, `chi` `pon` `daiminkan` (`actor`,
//! `target`, `pai`, `consumed`), `ankan`, `kakan`, `dora`, `hora` (`actor`, `target`, `pai`,
//! `deltas`, `ura_markers`), `ryukyoku` (`deltas`), `end_kyoku`, `end_game`.
//!
//! Three players: `kita` (or `nukidora`, as Mortal-derived bots spell it) `{"actor", "pai":
//! "N"}` is a North set aside, followed by the replacement `tsumo`; `kyoku` runs 1-3, and the
//! seat lists (`scores`, `tehais`, `deltas`, `tenpai`) have three entries, or four with an
//! empty fourth seat (`0`, thirteen `?` or none). Both are read; three are written.

use serde_json::{Value, json};
use tiles_core::{Stop, Stopped};

use super::{
    CallLog, GameLog, HandLog, LogError, Logged, LoggedEnd, LoggedWin, Notation, Source, TurnLog,
};
use crate::engine::{Event, GameRules, HandId};
use crate::mjai::wire::{
    dealt, event_json, field, for_players, four, mjai_order, reason_kind, round_of, seat,
    start_game_rules, tile, tile_name, tiles,
};
use mahjong::{MeldKind, Wind};

/// A game's events as mjai lines (each seat's tiles shown: a full record, not a seat's view).
/// `start_game` also carries the rules (`"rules": {"length": "hanchan", "red_fives": [1, 1,
/// 1], "open_tanyao": true}`, and for rules other than a Tenhou lobby's `"preset": "m-league
/// kiriage=false"`), which mjai itself leaves out; a record without them is read under
/// Tenhou's (a hanchan with red fives and open tanyao).
pub fn write(rules: GameRules, events: &[Event], names: &[String]) -> String {
    write_with(rules, events, names, None)
}

/// [`write`], `start_game` also stating how the walls were made (`seed`, and a sealed game's
/// `salt` and `commitment`).
pub fn write_with(
    rules: GameRules,
    events: &[Event],
    names: &[String],
    shuffle: Option<&super::Shuffle>,
) -> String {
    let mut out = String::with_capacity(events.len() * 48);
    let mut line = |value: Value| {
        out.push_str(&value.to_string());
        out.push('\n');
    };
    let game_rules = crate::mjai::rules_json(&rules);
    let mut start = json!({
        "type": "start_game",
        "names": names,
        "rules": game_rules,
    });
    for (key, value) in shuffle.map(super::Shuffle::members).unwrap_or_default() {
        start[key] = value;
    }
    line(start);
    let players = rules.players;
    for event in mjai_order(events) {
        // The events of every turn, written straight as serde_json writes their values (its
        // keys in order); the rest through their values.
        if !draw_or_discard_line(event, &mut out)
            && let Some(value) = event_json(event, None)
        {
            out.push_str(&for_players(value, players).to_string());
            out.push('\n');
        }
    }
    out
}

/// A draw's or a discard's line, as `event_json(event, None)` writes it, straight into `out`
/// (most of a record's lines); false for any other event.
fn draw_or_discard_line(event: &Event, out: &mut String) -> bool {
    use std::fmt::Write as _;
    match event {
        Event::Draw { seat, tile, .. } => {
            let _ = writeln!(
                out,
                "{{\"actor\":{seat},\"pai\":\"{}\",\"type\":\"tsumo\"}}",
                tile_name(*tile)
            );
            true
        }
        Event::Discard {
            seat,
            tile,
            tsumogiri,
        } => {
            let _ = writeln!(
                out,
                "{{\"actor\":{seat},\"pai\":\"{}\",\"tsumogiri\":{tsumogiri},\"type\":\"dahai\"}}",
                tile_name(*tile)
            );
            true
        }
        _ => false,
    }
}

/// Reads mjai events: the hands read, and the error where reading stopped, if it did.
pub fn read(text: &str) -> (GameLog, Option<LogError>) {
    read_until(text, &Stop::never()).expect("never stopped")
}

/// [`read`], giving up once `stop` is raised (checked every [`super::STOP_EVERY`] lines).
///
/// # Errors
///
/// [`Stopped`].
pub fn read_until(text: &str, stop: &Stop) -> Result<(GameLog, Option<LogError>), Stopped> {
    let mut log = GameLog::empty(Notation::Mjai);
    let mut current: Option<HandLog> = None;
    let mut reading = Reading::default();
    for (index, line) in text.lines().enumerate() {
        if index % super::STOP_EVERY == 0 {
            stop.check()?;
        }
        if line.trim().is_empty() {
            continue;
        }
        let place = format!("line {}", index + 1);
        let source = Source::new(place.clone(), line.trim());
        let result = serde_json::from_str::<Value>(line)
            .map_err(|error| format!("not JSON (column {}): {error}", error.column()))
            .and_then(|event| read_event(&event, &source, &mut log, &mut current, &mut reading));
        if let Err(message) = result {
            if let Some(hand) = current.take() {
                log.hands.push(hand);
            }
            return Ok((log, Some(LogError::new(place, message))));
        }
    }
    let cut = current.as_ref().is_some_and(|hand| hand.end.is_none());
    if let Some(hand) = current.take() {
        log.hands.push(hand);
    }
    let error = if log.hands.is_empty() {
        Some(LogError::new(
            "the end",
            "no hand in the record (no start_kyoku)",
        ))
    } else if cut {
        Some(LogError::new(
            "the end",
            "the record stops before the last hand's result",
        ))
    } else if !reading.ended {
        Some(LogError::new(
            "the end",
            "the record stops before the game's end (no end_game)",
        ))
    } else {
        None
    };
    Ok((log, error))
}

/// What reading keeps between events.
#[derive(Default)]
struct Reading {
    /// A `reach` seen: the seat's next `dahai` declares riichi.
    riichi_next: [bool; 4],
    /// Discards each seat has made in the hand (a call names the discard it took by this
    /// count).
    discards: [usize; 4],
    /// `end_game` seen.
    ended: bool,
}

fn read_event(
    event: &Value,
    source: &Source,
    log: &mut GameLog,
    current: &mut Option<HandLog>,
    reading: &mut Reading,
) -> Result<(), String> {
    let kind = field(event, "type")?
        .as_str()
        .ok_or("\"type\": expected text")?;
    match kind {
        "start_game" => {
            log.length_stated |= start_game_rules(event, &mut log.rules)?;
            log.rules_stated |= event.get("rules").is_some() || event.get("aka_flag").is_some();
            if let Some(names) = event.get("names").and_then(Value::as_array) {
                log.names = super::names_of(names.iter().map(Value::as_str))
                    .map_err(|message| format!("names: {message}"))?;
            }
        }
        "start_kyoku" => {
            if let Some(hand) = current.take() {
                let ended = hand.end.is_some();
                log.hands.push(hand);
                if !ended {
                    return Err("a new hand before the last one's result".to_owned());
                }
            }
            let (wind, number) = round_of(event)?;
            let honba = field(event, "honba")?
                .as_u64()
                .ok_or("\"honba\": expected a number")?;
            let sticks = field(event, "kyotaku")?
                .as_u64()
                .ok_or("\"kyotaku\": expected a number")?;
            let dealer = seat(event, "oya")?;
            let scores = four(field(event, "scores")?, "scores")?;
            let (hands, three) = dealt(event)?;
            if three && !log.rules.three_player() {
                if !log.hands.is_empty() {
                    return Err("a three-player hand in a four-player game".to_owned());
                }
                // A record that deals three hands is a three-player game.
                log.rules = log.rules.with_three_players();
            }
            reading.riichi_next = [false; 4];
            reading.discards = [0; 4];
            *current = Some(HandLog {
                id: HandId {
                    wind: Wind::ALL[wind],
                    number: number as u8,
                    honba: honba as u32,
                },
                dealer,
                sticks: sticks as u32,
                scores,
                indicators: vec![tile(field(event, "dora_marker")?, "dora_marker")?],
                ura: Vec::new(),
                hands,
                draws: Default::default(),
                turns: Default::default(),
                calls: Default::default(),
                end: None,
            });
        }
        "end_game" => {
            reading.ended = true;
            if let Some(scores) = event.get("scores") {
                log.final_scores = Some(four(scores, "scores")?);
            }
        }
        "end_kyoku" | "none" | "reach_accepted" => {}
        _ => {
            let hand = current
                .as_mut()
                .ok_or_else(|| format!("a {kind} outside a hand"))?;
            match kind {
                "tsumo" => {
                    let actor = seat(event, "actor")?;
                    hand.draws[actor].push(tile(field(event, "pai")?, "pai")?);
                }
                "dahai" => {
                    let actor = seat(event, "actor")?;
                    let piece = tile(field(event, "pai")?, "pai")?;
                    let tsumogiri = event
                        .get("tsumogiri")
                        .and_then(Value::as_bool)
                        .unwrap_or(false);
                    reading.discards[actor] += 1;
                    let turn = TurnLog::Discard {
                        tile: Some(piece),
                        tsumogiri,
                        riichi: std::mem::take(&mut reading.riichi_next[actor]),
                    };
                    hand.turns[actor].push_back(Logged::new(turn, source.clone()));
                }
                "reach" => reading.riichi_next[seat(event, "actor")?] = true,
                "chi" | "pon" | "daiminkan" => {
                    let actor = seat(event, "actor")?;
                    let from = seat(event, "target")?;
                    let call = CallLog {
                        kind: match kind {
                            "chi" => MeldKind::Chi,
                            "pon" => MeldKind::Pon,
                            _ => MeldKind::Kan,
                        },
                        from,
                        tile: tile(field(event, "pai")?, "pai")?,
                        consumed: tiles(field(event, "consumed")?, "consumed")?,
                        discard: Some(reading.discards[from]),
                        draws_before: Some(hand.draws[actor].len()),
                    };
                    hand.calls[actor].push_back(Logged::new(call, source.clone()));
                }
                "ankan" => {
                    let actor = seat(event, "actor")?;
                    let consumed = tiles(field(event, "consumed")?, "consumed")?;
                    let first = consumed.first().ok_or("\"consumed\": four tiles")?;
                    let turn = TurnLog::Ankan(first.tile);
                    hand.turns[actor].push_back(Logged::new(turn, source.clone()));
                }
                "kakan" => {
                    let actor = seat(event, "actor")?;
                    let turn = TurnLog::Kakan(tile(field(event, "pai")?, "pai")?);
                    hand.turns[actor].push_back(Logged::new(turn, source.clone()));
                }
                "kita" | "nukidora" => {
                    let actor = seat(event, "actor")?;
                    if let Some(pai) = event.get("pai") {
                        let north = tile(pai, "pai")?;
                        if north.tile.index() != 30 {
                            return Err(format!("a {kind} of {}, not a North", tile_name(north)));
                        }
                    }
                    hand.turns[actor].push_back(Logged::new(TurnLog::Kita, source.clone()));
                }
                "dora" => hand
                    .indicators
                    .push(tile(field(event, "dora_marker")?, "dora_marker")?),
                "hora" => {
                    // `han`, `fu`, `points` and `yaku` ([name, han] pairs) are this engine's own
                    // additions; other writers leave them out.
                    let count =
                        |key: &str| event.get(key).and_then(Value::as_u64).map(|n| n as u32);
                    let yaku = event.get("yaku").and_then(Value::as_array).map(|list| {
                        list.iter()
                            .filter_map(|pair| {
                                let name = pair.get(0)?.as_str()?;
                                let han = pair.get(1)?.as_u64()? as u32;
                                let yaku = mahjong::Yaku::ALL
                                    .into_iter()
                                    .find(|yaku| yaku.name() == name)?;
                                (han > 0).then_some((yaku, han))
                            })
                            .collect()
                    });
                    let win = LoggedWin {
                        seat: seat(event, "actor")?,
                        from: seat(event, "target")?,
                        pao: event
                            .get("pao")
                            .and_then(Value::as_u64)
                            .map(|seat| seat as usize),
                        han: count("han"),
                        fu: count("fu"),
                        points: count("points"),
                        yaku,
                        deltas: four(field(event, "deltas")?, "deltas")?,
                        source: source.clone(),
                    };
                    // The hand's ura indicators are the first list given: some writers give a
                    // winner not in riichi an empty one, which says nothing of the hand's.
                    if let Some(ura) = event.get("ura_markers") {
                        let ura = tiles(ura, "ura_markers")?;
                        if hand.ura.is_empty() {
                            hand.ura = ura;
                        }
                    }
                    match &mut hand.end {
                        Some(LoggedEnd::Wins(wins)) => wins.push(win),
                        _ => hand.end = Some(LoggedEnd::Wins(vec![win])),
                    }
                }
                "ryukyoku" => {
                    let deltas = match event.get("deltas") {
                        Some(deltas) => four(deltas, "deltas")?,
                        None => [0; 4],
                    };
                    let kind = event
                        .get("reason")
                        .and_then(Value::as_str)
                        .and_then(reason_kind);
                    hand.end = Some(LoggedEnd::Drawn {
                        kind,
                        deltas,
                        source: source.clone(),
                    });
                }
                other => return Err(format!("unknown event type {other:?}")),
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    /// The lines written straight are the lines of the events' values, byte for byte.
    #[test]
    fn draws_and_discards_written_straight_are_their_values_lines() {
        let mut written = 0;
        for seed in 0..4 {
            let mut game = Game::new(GameRules::default(), seed);
            while let Some(seat) = game.to_move() {
                let action = tiles_core::Bot::choose(&crate::EfficiencyBot, &game.view(seat));
                game.act(seat, action).unwrap();
            }
            for event in game.events() {
                let mut line = String::new();
                if draw_or_discard_line(event, &mut line) {
                    let value = event_json(event, None).unwrap();
                    assert_eq!(line, format!("{value}\n"));
                    written += 1;
                }
            }
        }
        assert!(written > 1000, "{written}");
    }
}
