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

use super::{
    CallLog, GameLog, HandLog, LogError, Logged, LoggedEnd, LoggedWin, Notation, Source, TurnLog,
};
use crate::game::{DrawKind, Event, GameRules, HandId, Length};
use crate::score::{MeldKind, Piece, Wind};
use crate::tile::Tile;

/// A tile in mjai's notation.
pub fn tile_name(piece: Piece) -> String {
    let index = piece.tile.index();
    if index >= 27 {
        return ["E", "S", "W", "N", "P", "F", "C"][index - 27].to_owned();
    }
    let suit = ["m", "p", "s"][index / 9];
    let red = if piece.red { "r" } else { "" };
    format!("{}{suit}{red}", index % 9 + 1)
}

/// A tile from mjai's notation.
pub fn tile_from(text: &str) -> Option<Piece> {
    let honour = ["E", "S", "W", "N", "P", "F", "C"]
        .iter()
        .position(|name| *name == text);
    if let Some(at) = honour {
        return Some(Piece::plain(Tile::from_index(27 + at)?));
    }
    let bytes = text.as_bytes();
    let (rank, suit, red) = match bytes {
        [rank, suit] => (*rank, *suit, false),
        [b'5', suit, b'r'] => (b'5', *suit, true),
        _ => return None,
    };
    let rank = (rank as char).to_digit(10)? as usize;
    let suit = match suit {
        b'm' => 0,
        b'p' => 1,
        b's' => 2,
        _ => return None,
    };
    if !(1..=9).contains(&rank) {
        return None;
    }
    Some(Piece {
        tile: Tile::from_index(suit * 9 + rank - 1)?,
        red,
    })
}

fn wind_name(wind: Wind) -> &'static str {
    ["E", "S", "W", "N"][wind as usize]
}

/// A game's events as mjai lines (each seat's tiles shown: a full record, not a seat's view).
/// `start_game` also carries the rules (`"rules": {"length": "hanchan", "red_fives": [1, 1,
/// 1], "open_tanyao": true}`), which mjai itself leaves out; a record without them is read
/// under Tenhou's (a hanchan with red fives and open tanyao).
pub fn write(rules: GameRules, events: &[Event], names: &[String]) -> String {
    let mut out = String::with_capacity(events.len() * 48);
    let mut line = |value: Value| {
        out.push_str(&value.to_string());
        out.push('\n');
    };
    let mut game_rules = json!({
        "length": rules.length.name(),
        "red_fives": rules.red_fives,
        "open_tanyao": rules.open_tanyao,
    });
    if rules.three_player() {
        game_rules["players"] = json!(3);
    }
    line(json!({
        "type": "start_game",
        "names": names,
        "rules": game_rules,
    }));
    let players = usize::from(rules.players);
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

/// An event with its seat lists cut to the players (three entries at a three-player table).
pub fn for_players(mut value: Value, players: usize) -> Value {
    if players < 4 {
        for key in ["scores", "tehais", "deltas", "tenpai"] {
            if let Some(Value::Array(items)) = value.get_mut(key) {
                items.truncate(players);
            }
        }
    }
    value
}

/// The events in the order mjai records give them: an open or added kan's indicator, which
/// the engine shows once the kanning seat's discard is made, comes before that `dahai`
/// (`daiminkan`, `tsumo`, `dora`, `dahai`), as in the records of the field's hosts.
pub fn mjai_order(events: &[Event]) -> Vec<&Event> {
    let mut ordered = Vec::with_capacity(events.len());
    let mut at = 0;
    while at < events.len() {
        if matches!(events[at], Event::Discard { .. }) {
            let doras = events[at + 1..]
                .iter()
                .take_while(|event| matches!(event, Event::Dora { .. }))
                .count();
            ordered.extend(&events[at + 1..at + 1 + doras]);
            ordered.push(&events[at]);
            at += 1 + doras;
        } else {
            ordered.push(&events[at]);
            at += 1;
        }
    }
    ordered
}

/// One event as mjai's JSON; `seen_by`: the seat whose view it is (others' draws and dealt
/// tiles shown as `?`), or `None` for everything.
pub fn event_json(event: &Event, seen_by: Option<usize>) -> Option<Value> {
    let name = |piece: &Piece| tile_name(*piece);
    let names = |pieces: &[Piece]| pieces.iter().map(name).collect::<Vec<_>>();
    let hidden = |seat: usize| seen_by.is_some_and(|viewer| viewer != seat);
    Some(match event {
        Event::StartHand {
            id,
            dealer,
            sticks,
            scores,
            indicator,
            hands,
        } => json!({
            "type": "start_kyoku",
            "bakaze": wind_name(id.wind),
            "dora_marker": name(indicator),
            "kyoku": id.number,
            "honba": id.honba,
            "kyotaku": sticks,
            "oya": dealer,
            "scores": scores,
            "tehais": (0..4).map(|seat| if hidden(seat) {
                vec!["?".to_owned(); 13]
            } else {
                names(&hands[seat])
            }).collect::<Vec<_>>(),
        }),
        Event::Draw { seat, tile, .. } => json!({
            "type": "tsumo",
            "actor": seat,
            "pai": if hidden(*seat) { "?".to_owned() } else { name(tile) },
        }),
        Event::Riichi { seat } => json!({"type": "reach", "actor": seat}),
        Event::Discard {
            seat,
            tile,
            tsumogiri,
        } => json!({"type": "dahai", "actor": seat, "pai": name(tile), "tsumogiri": tsumogiri}),
        Event::RiichiAccepted { seat } => json!({"type": "reach_accepted", "actor": seat}),
        Event::Call {
            seat,
            kind,
            from,
            tile,
            consumed,
        } => json!({
            "type": match kind { MeldKind::Chi => "chi", MeldKind::Pon => "pon", _ => "daiminkan" },
            "actor": seat,
            "target": from,
            "pai": name(tile),
            "consumed": names(consumed),
        }),
        Event::Ankan { seat, consumed } => {
            json!({"type": "ankan", "actor": seat, "consumed": names(consumed)})
        }
        Event::Kakan {
            seat,
            tile,
            consumed,
        } => {
            json!({"type": "kakan", "actor": seat, "pai": name(tile), "consumed": names(consumed)})
        }
        Event::Kita { seat } => json!({"type": "kita", "actor": seat, "pai": "N"}),
        Event::Dora { indicator } => json!({"type": "dora", "dora_marker": name(indicator)}),
        Event::Win(win) => json!({
            "type": "hora",
            "actor": win.seat,
            "target": win.from,
            "pai": name(&win.tile),
            "deltas": win.deltas,
            "ura_markers": names(&win.ura),
            "han": win.score.han,
            "fu": win.score.fu,
            "points": win.score.points.total,
            "yaku": win.score.yaku.iter().map(|one| json!([one.yaku.name(), one.han])).collect::<Vec<_>>(),
            "pao": win.pao,
        }),
        Event::Drawn {
            kind,
            tenpai,
            deltas,
        } => json!({
            "type": "ryukyoku",
            "reason": draw_reason(*kind),
            "tenpai": tenpai,
            "deltas": deltas,
        }),
        Event::EndHand { scores } => json!({"type": "end_kyoku", "scores": scores}),
        Event::EndGame { scores } => json!({"type": "end_game", "scores": scores}),
    })
}

/// The reason a draw is written with (mjai's names where it has them).
fn draw_reason(kind: DrawKind) -> &'static str {
    match kind {
        DrawKind::Exhaustive => "fanpai",
        DrawKind::NagashiMangan => "nagashimangan",
        DrawKind::NineTerminals => "kyushukyuhai",
        DrawKind::FourWinds => "sufonrenda",
        DrawKind::FourRiichi => "suchareach",
        DrawKind::FourKans => "sukaikan",
        DrawKind::TripleRon => "sanchaho",
    }
}

fn reason_kind(reason: &str) -> Option<DrawKind> {
    Some(match reason {
        // This engine's names, Tenhou mjlog's, and RiichiEnv's.
        "fanpai" | "ryukyoku" | "exhaustive" | "exhaustive_draw" => DrawKind::Exhaustive,
        "nagashimangan" | "nm" | "nagashi_mangan" => DrawKind::NagashiMangan,
        "kyushukyuhai" | "yao9" | "kyushu_kyuhai" => DrawKind::NineTerminals,
        "sufonrenda" | "kaze4" | "sufuurenta" => DrawKind::FourWinds,
        "suchareach" | "reach4" | "suucha_riichi" => DrawKind::FourRiichi,
        "sukaikan" | "kan4" | "suukansansen" => DrawKind::FourKans,
        "sanchaho" | "ron3" => DrawKind::TripleRon,
        _ => return None,
    })
}

/// Reads mjai events: the hands read, and the error where reading stopped, if it did.
pub fn read(text: &str) -> (GameLog, Option<LogError>) {
    let mut log = GameLog::empty(Notation::Mjai);
    let mut current: Option<HandLog> = None;
    let mut reading = Reading::default();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let place = format!("line {}", index + 1);
        let source = Source {
            place: place.clone(),
            text: line.trim().to_owned(),
        };
        let result = serde_json::from_str::<Value>(line)
            .map_err(|error| format!("not JSON (column {}): {error}", error.column()))
            .and_then(|event| read_event(&event, &source, &mut log, &mut current, &mut reading));
        if let Err(message) = result {
            if let Some(hand) = current.take() {
                log.hands.push(hand);
            }
            return (log, Some(LogError::new(place, message)));
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
    (log, error)
}

/// A `start_kyoku`'s round: its wind (0 East … 3 North, from `bakaze`) and its hand's number
/// (1 to 4, `kyoku`).
pub(crate) fn round_of(event: &Value) -> Result<(usize, u64), String> {
    let wind = field(event, "bakaze")?
        .as_str()
        .and_then(|text| ["E", "S", "W", "N"].iter().position(|name| *name == text))
        .ok_or("\"bakaze\": expected E, S, W or N")?;
    let number = field(event, "kyoku")?
        .as_u64()
        .filter(|number| (1..=4).contains(number))
        .ok_or("\"kyoku\": expected 1 to 4")?;
    Ok((wind, number))
}

pub(crate) fn field<'a>(event: &'a Value, key: &str) -> Result<&'a Value, String> {
    event.get(key).ok_or_else(|| format!("no \"{key}\""))
}

pub(crate) fn seat(event: &Value, key: &str) -> Result<usize, String> {
    field(event, key)?
        .as_u64()
        .filter(|&seat| seat < 4)
        .map(|seat| seat as usize)
        .ok_or_else(|| format!("\"{key}\": expected a seat 0-3"))
}

pub(crate) fn tile(value: &Value, key: &str) -> Result<Piece, String> {
    let text = value
        .as_str()
        .ok_or_else(|| format!("\"{key}\": expected a tile"))?;
    if text == "?" {
        return Err(format!(
            "\"{key}\": a hidden tile (?): a seat's view is not a record"
        ));
    }
    tile_from(text).ok_or_else(|| format!("\"{key}\": {text:?} is no tile"))
}

pub(crate) fn tiles(value: &Value, key: &str) -> Result<Vec<Piece>, String> {
    value
        .as_array()
        .ok_or_else(|| format!("\"{key}\": expected a list of tiles"))?
        .iter()
        .map(|item| tile(item, key))
        .collect()
}

/// A seat list of numbers: four, or three at a three-player table (the fourth then 0).
pub(crate) fn four(value: &Value, key: &str) -> Result<[i32; 4], String> {
    let items = value
        .as_array()
        .filter(|items| items.len() == 4 || items.len() == 3)
        .ok_or_else(|| format!("\"{key}\": expected four numbers (three with three players)"))?;
    let mut out = [0; 4];
    for (slot, item) in out.iter_mut().zip(items) {
        *slot = item
            .as_i64()
            .ok_or_else(|| format!("\"{key}\": expected four numbers"))? as i32;
    }
    Ok(out)
}

/// A `start_kyoku`'s dealt hands: four, or three (three players; also four whose fourth is
/// empty or thirteen `?`). The hands, and whether three play.
pub(crate) fn dealt(event: &Value) -> Result<([Vec<Piece>; 4], bool), String> {
    let tehais = field(event, "tehais")?
        .as_array()
        .filter(|hands| hands.len() == 4 || hands.len() == 3)
        .ok_or("\"tehais\": expected four hands (three with three players)")?;
    let empty_fourth = tehais.len() == 3
        || tehais[3]
            .as_array()
            .is_some_and(|tiles| tiles.iter().all(|tile| tile.as_str() == Some("?")));
    let mut hands: [Vec<Piece>; 4] = Default::default();
    for (seat, hand) in hands.iter_mut().enumerate().take(tehais.len()) {
        if seat == 3 && empty_fourth {
            continue;
        }
        *hand = tiles(&tehais[seat], "tehais")?;
    }
    Ok((hands, empty_fourth))
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

/// The rules a `start_game` event carries, over `rules`: ours (`"rules": {"length",
/// "red_fives" as true, false or each suit's count, "open_tanyao"}`), or Akagi's and
/// mjai.app's `aka_flag` (whether there are red fives). True if it states the game's length.
pub(crate) fn start_game_rules(event: &Value, rules: &mut GameRules) -> Result<bool, String> {
    let mut length_stated = false;
    if let Some(given) = event.get("rules") {
        if let Some(name) = given.get("length").and_then(Value::as_str) {
            rules.length = Length::named(name)
                .ok_or_else(|| format!("rules.length: {name:?} is not east or hanchan"))?;
            length_stated = true;
        }
        match given.get("red_fives") {
            None => {}
            Some(Value::Bool(red)) => rules.red_fives = GameRules::all_red(*red),
            Some(value) => {
                let counts = value
                    .as_array()
                    .filter(|counts| counts.len() == 3)
                    .and_then(|counts| {
                        counts
                            .iter()
                            .map(|count| {
                                count.as_u64().filter(|&count| count <= 1).map(|c| c as u8)
                            })
                            .collect::<Option<Vec<u8>>>()
                    })
                    .ok_or_else(|| {
                        format!(
                            "rules.red_fives is {value}: expected true, false or [m, p, s] of 0 or 1"
                        )
                    })?;
                rules.red_fives = [counts[0], counts[1], counts[2]];
            }
        }
        if let Some(open) = given.get("open_tanyao") {
            rules.open_tanyao = open
                .as_bool()
                .ok_or_else(|| format!("rules.open_tanyao is {open}: expected true or false"))?;
        }
        if let Some(players) = given.get("players") {
            rules.players = players
                .as_u64()
                .filter(|players| (3..=4).contains(players))
                .ok_or_else(|| format!("rules.players is {players}: expected 3 or 4"))?
                as u8;
        }
    }
    if let Some(red) = event.get("aka_flag").and_then(Value::as_bool) {
        rules.red_fives = GameRules::all_red(red);
    }
    Ok(length_stated)
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
            if let Some(names) = event.get("names").and_then(Value::as_array) {
                log.names = names
                    .iter()
                    .map(|name| name.as_str().unwrap_or_default().to_owned())
                    .collect();
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
                                let yaku = crate::score::Yaku::ALL
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
    use crate::game::Game;

    /// The lines written straight are the lines of the events' values, byte for byte.
    #[test]
    fn draws_and_discards_written_straight_are_their_values_lines() {
        let mut written = 0;
        for seed in 0..4 {
            let mut game = Game::new(GameRules::default(), seed);
            while let Some(seat) = game.to_move() {
                let action = tiles_core::Bot::choose(&crate::game::EfficiencyBot, &game.view(seat));
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
