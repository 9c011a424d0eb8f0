//! tenhou.net/6 JSON: a game as one object whose `log` lists the hands, or one such object
//! per line (a hand each).
//!
//! Each hand is `[[hand, honba, sticks], scores, dora indicators, ura indicators, seat 0's
//! dealt tiles, draws, discards, seat 1's …, result]`. Tiles are 11-19 man, 21-29 pin, 31-39
//! sou, 41-47 East South West North White Green Red, 51-53 the red fives; in the discards 60
//! is the tile just drawn and 0 stands in after an open kan. Calls are strings: `c131415` a
//! chi of 13 (the tile after the letter is the one taken), `p434343` / `45p4545` / `4444p44`
//! a pon from the seat on the left / across / on the right (the letter's place says which),
//! `m…` an open kan likewise, `r24` a riichi discard, `121212a12` a concealed kan,
//! `3636k3636` a tile added to a pon, `f44` (among the discards) a North set aside by a
//! three-player seat (its replacement the next draw). Three-player records keep four seat
//! slots, the fourth empty, and a four-seat table's geometry for the calls. The result is `["和了", changes, [winner, from, liable,
//! "30符4飜7700点", "役牌 發(1飜)", …], …]` (a pair per winner) or a draw's name with its
//! changes.

use std::collections::VecDeque;

use serde_json::Value;
use tiles_core::{Stop, Stopped};

use super::{
    CallLog, GameLog, HandLog, LogError, Logged, LoggedEnd, LoggedWin, Notation, Source, TurnLog,
};
use crate::engine::{DrawKind, GameRules, HandId, Length};
use mahjong::Players;
use mahjong::Tile;
use mahjong::{MeldKind, Piece, Wind};

mod write;
pub use write::{write, write_with};

/// A tile code as a piece: 11-47, 51-53 the red fives.
pub fn piece(code: i64) -> Option<Piece> {
    let (suit, rank, red) = match code {
        51..=53 => (code - 51, 5, true),
        11..=19 | 21..=29 | 31..=39 => (code / 10 - 1, code % 10, false),
        41..=47 => (3, code - 40, false),
        _ => return None,
    };
    let tile = Tile::from_index((suit * 9 + rank - 1) as usize)?;
    Some(Piece { tile, red })
}

/// The code of a piece.
pub fn code(piece: Piece) -> i64 {
    let index = piece.tile.index() as i64;
    if piece.red {
        return 51 + index / 9;
    }
    if index >= 27 {
        return 41 + index - 27;
    }
    (index / 9 + 1) * 10 + index % 9 + 1
}

/// Reads a record: the hands read, and the error where reading stopped, if it did.
pub fn read(text: &str) -> (GameLog, Option<LogError>) {
    read_until(text, &Stop::never()).expect("never stopped")
}

/// [`read`], giving up once `stop` is raised (checked every [`super::STOP_EVERY`] lines and
/// hands).
///
/// # Errors
///
/// [`Stopped`].
pub fn read_until(text: &str, stop: &Stop) -> Result<(GameLog, Option<LogError>), Stopped> {
    let mut log = GameLog::empty(Notation::Tenhou);
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Ok((log, Some(LogError::new("line 1", "the file is empty"))));
    }
    // One object for the game, or one per line.
    let mut documents: Vec<(usize, Value)> = Vec::new();
    match serde_json::from_str::<Value>(trimmed) {
        Ok(value) => documents.push((1, value)),
        Err(_) => {
            for (index, line) in text.lines().enumerate() {
                if index % super::STOP_EVERY == 0 {
                    stop.check()?;
                }
                if line.trim().is_empty() {
                    continue;
                }
                match serde_json::from_str::<Value>(line) {
                    Ok(value) => documents.push((index + 1, value)),
                    Err(error) => {
                        return Ok((
                            log,
                            Some(LogError::new(
                                format!("line {}, column {}", index + 1, error.column()),
                                format!("not JSON: {error}"),
                            )),
                        ));
                    }
                }
            }
        }
    }
    for (index, (line, document)) in documents.into_iter().enumerate() {
        if index % super::STOP_EVERY == 0 {
            stop.check()?;
        }
        if let Err(error) = read_document(&document, line, &mut log) {
            return Ok((log, Some(error)));
        }
    }
    Ok((log, None))
}

fn read_document(document: &Value, line: usize, log: &mut GameLog) -> Result<(), LogError> {
    let place = format!("line {line}");
    let object = document
        .as_object()
        .ok_or_else(|| LogError::new(&place, "expected a JSON object with \"log\""))?;
    if let Some(rule) = object.get("rule") {
        log.rules = rules_of(rule).map_err(|message| LogError::new(&place, message))?;
        log.rules_stated = true;
        log.length_stated = rule.get("preset").is_some()
            || rule
                .get("disp")
                .and_then(Value::as_str)
                .is_some_and(|disp| {
                    ['東', '南'].iter().any(|mark| disp.contains(*mark))
                        || disp.contains("East")
                        || disp.contains("South")
                });
    }
    if let Some(names) = object.get("name").and_then(Value::as_array) {
        log.names = super::names_of(names.iter().map(Value::as_str))
            .map_err(|message| LogError::new(&place, format!("name: {message}")))?;
    }
    if let Some(scores) = object.get("sc").and_then(Value::as_array)
        && !scores.is_empty()
    {
        if scores.len() != 8 {
            return Err(LogError::new(
                &place,
                format!(
                    "sc has {} numbers: expected 8 (final points and placement points of four \
                     seats); a chip lobby's records are not supported",
                    scores.len()
                ),
            ));
        }
        let mut final_scores = [0; 4];
        for (seat, slot) in final_scores.iter_mut().enumerate() {
            *slot = scores[2 * seat].as_f64().unwrap_or_default().round() as i32;
        }
        log.final_scores = Some(final_scores);
    }
    let hands = object
        .get("log")
        .and_then(Value::as_array)
        .ok_or_else(|| LogError::new(&place, "expected \"log\": a list of hands"))?;
    for hand in hands {
        let number = log.hands.len() + 1;
        let place = format!("{place}, hand {number}");
        log.hands.push(read_hand(hand, &place, log.rules.players)?);
    }
    Ok(())
}

/// The rules of a `rule` object: `disp` (`鳳南喰赤`: 東 East only, 南 hanchan, 喰 open
/// tanyao, 赤 red fives; English names such as `Gold Room South` give the length only), then
/// `aka` (red fives in every suit) or `aka51`, `aka52`, `aka53` (each suit's), which win over
/// `disp`'s 赤.
///
/// # Errors
///
/// A red five count other than 0 or 1, or a red 5m in a three-player room (三 in `disp`),
/// named as found.
pub fn rules_of(rule: &Value) -> Result<GameRules, String> {
    // Ours: a rule set other than a Tenhou lobby's, named with the fields set otherwise;
    // `disp` and the red fives are then its own.
    if let Some(preset) = rule.get("preset") {
        let text = preset
            .as_str()
            .ok_or_else(|| format!("rule.preset is {preset}: expected text"))?;
        return text
            .parse::<GameRules>()
            .map_err(|error| format!("rule.preset: {error}"));
    }
    let mut rules = GameRules::default();
    let mut three = false;
    if let Some(disp) = rule.get("disp").and_then(Value::as_str) {
        three = disp.contains('三');
        if disp.contains('東') || disp.contains("East") {
            rules.length = Length::East;
        } else if disp.contains('南') || disp.contains("South") {
            rules.length = Length::Hanchan;
        }
        // Tenhou's own names list what the room plays; an English name does not say.
        if !disp.is_ascii() {
            rules.open_tanyao = disp.contains('喰');
            rules.red_fives = GameRules::all_red(disp.contains('赤'));
        }
    }
    let count = |key: &str| -> Result<Option<u8>, String> {
        match rule.get(key) {
            None => Ok(None),
            Some(value) => value
                .as_u64()
                .filter(|&count| count <= 1)
                .map(|count| Some(count as u8))
                .ok_or_else(|| {
                    format!("rule.{key} is {value}: expected 0 or 1 (red fives of a suit)")
                }),
        }
    };
    if let Some(aka) = count("aka")? {
        rules.red_fives = [aka; 3];
    }
    if three {
        rules = rules.with_three_players();
    }
    for (suit, key) in ["aka51", "aka52", "aka53"].into_iter().enumerate() {
        if let Some(aka) = count(key)? {
            rules.red_fives[suit] = aka;
        }
    }
    rules
        .check()
        .map_err(|message| format!("rule: {message}"))?;
    Ok(rules)
}

fn list<'a>(value: &'a Value, place: &str, what: &str) -> Result<&'a Vec<Value>, LogError> {
    value
        .as_array()
        .ok_or_else(|| LogError::new(place, format!("{what}: expected a list, found {value}")))
}

fn number(value: &Value, place: &str, what: &str) -> Result<i64, LogError> {
    value
        .as_i64()
        .ok_or_else(|| LogError::new(place, format!("{what}: expected a number, found {value}")))
}

fn tile_of(value: &Value, place: &str, what: &str) -> Result<Piece, LogError> {
    let code = number(value, place, what)?;
    piece(code).ok_or_else(|| LogError::new(place, format!("{what}: no tile has the code {code}")))
}

fn tiles_of(value: &Value, place: &str, what: &str) -> Result<Vec<Piece>, LogError> {
    list(value, place, what)?
        .iter()
        .enumerate()
        .map(|(index, item)| tile_of(item, place, &format!("{what}[{index}]")))
        .collect()
}

/// A call string's tiles and its letter's place among them.
fn call_parts(text: &str, place: &str) -> Result<(char, usize, Vec<Piece>), LogError> {
    let bytes = text.as_bytes();
    let mut tiles = Vec::new();
    let mut marker = None;
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at].is_ascii_alphabetic() {
            if marker.is_some() {
                return Err(LogError::new(
                    place,
                    format!("{text:?}: two letters in one call"),
                ));
            }
            marker = Some((bytes[at] as char, tiles.len()));
            at += 1;
            continue;
        }
        let code = text
            .get(at..at + 2)
            .and_then(|digits| digits.parse::<i64>().ok())
            .and_then(piece)
            .ok_or_else(|| {
                LogError::new(place, format!("{text:?}: not a call (tiles as two digits)"))
            })?;
        tiles.push(code);
        at += 2;
    }
    let (letter, position) =
        marker.ok_or_else(|| LogError::new(place, format!("{text:?}: a call has a letter")))?;
    Ok((letter, position, tiles))
}

fn read_hand(hand: &Value, place: &str, players: Players) -> Result<HandLog, LogError> {
    let items = list(hand, place, "the hand")?;
    if items.len() < 16 {
        return Err(LogError::new(
            place,
            format!(
                "a hand has 17 items (its result last), found {}",
                items.len()
            ),
        ));
    }
    let head = list(&items[0], place, "[hand, honba, sticks]")?;
    if head.len() < 3 {
        return Err(LogError::new(place, "expected [hand, honba, sticks]"));
    }
    let hand_number = number(&head[0], place, "hand")?;
    let honba = number(&head[1], place, "honba")?;
    let sticks = number(&head[2], place, "sticks")?;
    if !(0..16).contains(&hand_number) || honba < 0 || sticks < 0 {
        return Err(LogError::new(
            place,
            format!("no hand is [{hand_number}, {honba}, {sticks}]"),
        ));
    }
    let dealer = (hand_number % 4) as usize;
    let id = HandId {
        wind: Wind::ALL[(hand_number / 4) as usize],
        number: dealer as u8 + 1,
        honba: honba as u32,
    };
    let place = format!("{place} ({id})");
    let place = place.as_str();
    let score_list = list(&items[1], place, "scores")?;
    if score_list.len() != 4 {
        return Err(LogError::new(place, "scores: expected four"));
    }
    let mut scores = [0i32; 4];
    for (seat, score) in score_list.iter().enumerate() {
        scores[seat] = number(score, place, "scores")? as i32;
    }
    let indicators = tiles_of(&items[2], place, "dora indicators")?;
    let ura = tiles_of(&items[3], place, "ura indicators")?;
    let mut hands: [Vec<Piece>; 4] = Default::default();
    let mut draws: [Vec<Piece>; 4] = Default::default();
    let mut turns: [VecDeque<Logged<TurnLog>>; 4] = Default::default();
    let mut calls: [VecDeque<Logged<CallLog>>; 4] = Default::default();
    for seat in 0..4 {
        let base = 4 + 3 * seat;
        hands[seat] = tiles_of(&items[base], place, &format!("seat {seat}'s dealt tiles"))?;
        for (index, take) in list(&items[base + 1], place, "draws")?.iter().enumerate() {
            let what = format!("seat {seat}'s draws, item {}", index + 1);
            match take {
                Value::String(text) => {
                    let mut call = read_call(text, seat, place, &what)?;
                    call.draws_before = Some(draws[seat].len());
                    calls[seat].push_back(Logged::new(call, source(place, &what, take)));
                }
                _ => draws[seat].push(tile_of(take, place, &what)?),
            }
        }
        for (index, out) in list(&items[base + 2], place, "discards")?
            .iter()
            .enumerate()
        {
            let what = format!("seat {seat}'s discards, item {}", index + 1);
            if let Some(turn) = read_turn(out, place, &what, players)? {
                turns[seat].push_back(Logged::new(turn, source(place, &what, out)));
            }
        }
    }
    let three = players.is_three();
    if three != hands[3].is_empty() {
        return Err(LogError::new(
            place,
            if three {
                "seat 3 is dealt tiles in a three-player room"
            } else {
                "seat 3 is dealt no tiles: a three-player record (三 in rule.disp) read as four"
            },
        ));
    }
    let end = items
        .get(16)
        .map(|result| read_result(result, place, players))
        .transpose()?;
    Ok(HandLog {
        id,
        dealer,
        sticks: sticks as u32,
        scores,
        indicators,
        ura,
        hands,
        draws,
        turns,
        calls,
        end,
    })
}

/// Where an item of a hand is, and its JSON.
fn source(place: &str, what: &str, item: &Value) -> Source {
    Source::new(format!("{place}, {what}"), &item.to_string())
}

fn read_call(text: &str, seat: usize, place: &str, what: &str) -> Result<CallLog, LogError> {
    let place = format!("{place}, {what}");
    let (letter, position, tiles) = call_parts(text, &place)?;
    let (kind, from) = match (letter, tiles.len()) {
        ('c', 3) => (MeldKind::Chi, 3),
        ('p', 3) => (MeldKind::Pon, [3, 2, 1][position.min(2)]),
        ('m', 4) => (MeldKind::Kan, [3, 2, 2, 1][position.min(3)]),
        _ => {
            return Err(LogError::new(
                &place,
                format!("{text:?}: expected a chi (c), pon (p) or open kan (m) among the draws"),
            ));
        }
    };
    let tile = tiles[position];
    let mut consumed = tiles.clone();
    consumed.remove(position);
    Ok(CallLog {
        kind,
        from: (seat + from) % 4,
        tile,
        consumed,
        discard: None,
        draws_before: None,
    })
}

fn read_turn(
    out: &Value,
    place: &str,
    what: &str,
    players: Players,
) -> Result<Option<TurnLog>, LogError> {
    let place = format!("{place}, {what}");
    match out {
        Value::String(text) => {
            if let Some(rest) = text.strip_prefix('r') {
                let code: i64 = rest.parse().map_err(|_| {
                    LogError::new(&place, format!("{text:?}: not a riichi discard"))
                })?;
                return Ok(Some(TurnLog::Discard {
                    tile: if code == 60 {
                        None
                    } else {
                        Some(tile_code(code, &place)?)
                    },
                    tsumogiri: code == 60,
                    riichi: true,
                }));
            }
            let (letter, position, tiles) = call_parts(text, &place)?;
            match (letter, tiles.len()) {
                ('a', 4) => Ok(Some(TurnLog::Ankan(tiles[0].tile))),
                ('k', 4) => Ok(Some(TurnLog::Kakan(tiles[position]))),
                ('f', 1) if players.is_three() && tiles[0].tile.index() == 30 => {
                    Ok(Some(TurnLog::Kita))
                }
                ('f', 1) => Err(LogError::new(
                    &place,
                    format!(
                        "{text:?}: a North set aside, in a four-player game or of another tile"
                    ),
                )),
                _ => Err(LogError::new(
                    &place,
                    format!("{text:?}: expected a riichi (r), concealed kan (a) or added kan (k)"),
                )),
            }
        }
        _ => {
            let code = number(out, &place, "a discard")?;
            Ok(match code {
                0 => None,
                60 => Some(TurnLog::Discard {
                    tile: None,
                    tsumogiri: true,
                    riichi: false,
                }),
                _ => Some(TurnLog::Discard {
                    tile: Some(tile_code(code, &place)?),
                    tsumogiri: false,
                    riichi: false,
                }),
            })
        }
    }
}

fn tile_code(code: i64, place: &str) -> Result<Piece, LogError> {
    piece(code).ok_or_else(|| LogError::new(place, format!("no tile has the code {code}")))
}

fn deltas_of(value: Option<&Value>, place: &str) -> Result<[i32; 4], LogError> {
    let mut deltas = [0; 4];
    if let Some(value) = value {
        let items = list(value, place, "score changes")?;
        if items.len() != 4 {
            return Err(LogError::new(place, "score changes: expected four"));
        }
        for (seat, item) in items.iter().enumerate() {
            deltas[seat] = number(item, place, "score changes")? as i32;
        }
    }
    Ok(deltas)
}

fn read_result(result: &Value, place: &str, players: Players) -> Result<LoggedEnd, LogError> {
    let place = format!("{place}, result");
    let items = list(result, &place, "the result")?;
    let name = items
        .first()
        .and_then(Value::as_str)
        .ok_or_else(|| LogError::new(&place, "the result starts with its name"))?;
    let source = Source::new(place.clone(), &result.to_string());
    let drawn = |kind| -> Result<LoggedEnd, LogError> {
        Ok(LoggedEnd::Drawn {
            kind: Some(kind),
            deltas: deltas_of(items.get(1), &place)?,
            source: source.clone(),
        })
    };
    match name {
        "和了" => {
            let mut wins = Vec::new();
            for pair in items[1..].chunks(2) {
                let deltas = deltas_of(pair.first(), &place)?;
                let info = list(
                    pair.get(1)
                        .ok_or_else(|| LogError::new(&place, "a win's details are missing"))?,
                    &place,
                    "a win's details",
                )?;
                let mut win = read_win(info, deltas, &place, players)?;
                win.source = source.clone();
                wins.push(win);
            }
            Ok(LoggedEnd::Wins(wins))
        }
        "流局" | "全員聴牌" | "全員不聴" => drawn(DrawKind::Exhaustive),
        "流し満貫" => drawn(DrawKind::NagashiMangan),
        "九種九牌" => drawn(DrawKind::NineTerminals),
        "四風連打" => drawn(DrawKind::FourWinds),
        "四家立直" => drawn(DrawKind::FourRiichi),
        "四槓散了" => drawn(DrawKind::FourKans),
        "三家和了" => drawn(DrawKind::TripleRon),
        other => Err(LogError::new(&place, format!("unknown result {other:?}"))),
    }
}

fn read_win(
    info: &[Value],
    deltas: [i32; 4],
    place: &str,
    players: Players,
) -> Result<LoggedWin, LogError> {
    if info.len() < 3 {
        return Err(LogError::new(
            place,
            "a win's details: [winner, from, liable, …]",
        ));
    }
    let seat = number(&info[0], place, "winner")? as usize;
    let from = number(&info[1], place, "from")? as usize;
    let liable = number(&info[2], place, "liable")? as usize;
    if seat > 3 || from > 3 || liable > 3 {
        return Err(LogError::new(place, "a win's seats are 0 to 3"));
    }
    let mut win = LoggedWin {
        seat,
        from,
        pao: (liable != seat).then_some(liable),
        han: None,
        fu: None,
        points: None,
        yaku: None,
        deltas,
        source: Source::default(),
    };
    if let Some(text) = info.get(3).and_then(Value::as_str) {
        let (fu, points) = read_value(text, players);
        win.fu = fu;
        win.points = points;
        let mut yaku = Vec::new();
        let mut han = 0;
        for item in &info[4..] {
            let text = item.as_str().ok_or_else(|| {
                LogError::new(place, format!("a yaku: expected text, found {item}"))
            })?;
            let (name, value) = text
                .rsplit_once('(')
                .ok_or_else(|| LogError::new(place, format!("{text:?}: expected name(N飜)")))?;
            let value = value.trim_end_matches(')');
            let count = if value == "役満" {
                13
            } else {
                value
                    .trim_end_matches('飜')
                    .parse::<u32>()
                    .map_err(|_| LogError::new(place, format!("{text:?}: expected name(N飜)")))?
            };
            han += count;
            if count == 0 {
                continue;
            }
            let known = crate::records::names::yaku_named(name.trim())
                .ok_or_else(|| LogError::new(place, format!("unknown yaku {name:?}")))?;
            yaku.push((known, count));
        }
        win.han = Some(han);
        win.yaku = Some(yaku);
    }
    Ok(win)
}

/// The fu and the value of `30符4飜7700点`, `満貫2000-4000点`, `30符4飜3900点∀` (a tsumo's
/// per-payer amounts times the payers: two with three players).
fn read_value(text: &str, players: Players) -> (Option<u32>, Option<u32>) {
    let others = players.count() as u32 - 1;
    let fu = text
        .split_once('符')
        .and_then(|(fu, _)| fu.parse::<u32>().ok());
    let all = text.ends_with('∀');
    let body = text.trim_end_matches('∀').trim_end_matches('点');
    let digits_start = body
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit() || *c == '-')
        .last()
        .map(|(at, _)| at);
    let points = digits_start.and_then(|start| {
        let numbers: Vec<u32> = body[start..]
            .split('-')
            .filter_map(|part| part.parse().ok())
            .collect();
        match numbers.as_slice() {
            [one] if all => Some(others * one),
            [one] => Some(*one),
            [non_dealer, dealer] => Some((others - 1) * non_dealer + dealer),
            _ => None,
        }
    });
    (fu, points)
}
