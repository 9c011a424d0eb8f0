//! mjai's wire form, one place for the records and the bots alike: its tile names, an
//! engine event as mjai's JSON (a seat's view, or everything), the order mjai puts events
//! in, and the fields of an event read.
//!
//! Tiles are `1m`…`9m`, `1p`…, `1s`…, `E S W N` the winds, `P F C` the white, green and red
//! dragons, `5mr 5pr 5sr` the red fives.

use serde_json::{Value, json};

use crate::engine::{DrawKind, Event, GameRules, Length};
use mahjong::{MeldKind, Piece, Players, Tile, Wind};

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

/// An event with its seat lists cut to the players (three entries at a three-player table).
pub fn for_players(mut value: Value, players: Players) -> Value {
    if players.is_three() {
        for key in ["scores", "tehais", "deltas", "tenpai"] {
            if let Some(Value::Array(items)) = value.get_mut(key) {
                items.truncate(players.count());
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
        // Not one of mjai's own events: a referee's ruling, as the hand's result.
        Event::Chombo { seat, deltas } => json!({
            "type": "chombo",
            "actor": seat,
            "deltas": deltas,
        }),
        Event::EndHand { scores } => json!({"type": "end_kyoku", "scores": scores}),
        Event::EndGame { scores } => json!({"type": "end_game", "scores": scores}),
    })
}

/// The reason a draw is written with (mjai's names where it has them).
pub(crate) fn draw_reason(kind: DrawKind) -> &'static str {
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

pub(crate) fn reason_kind(reason: &str) -> Option<DrawKind> {
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

/// The rules as `start_game` carries them: `{"length", "red_fives" (each suit's count),
/// "open_tanyao", "players" (3 only)}`, and for rules other than a Tenhou lobby's the preset
/// with the fields set otherwise (`"preset": "m-league kiriage=false"`).
pub fn rules_json(rules: &GameRules) -> Value {
    let mut given = json!({
        "length": rules.length.name(),
        "red_fives": rules.red_fives,
        "open_tanyao": rules.open_tanyao,
    });
    if rules.three_player() {
        given["players"] = json!(3);
    }
    if !rules.is_tenhou_lobby() {
        given["preset"] = json!(rules.describe());
    }
    given
}

/// The rules a `start_game` event carries, over `rules`: ours (`"rules": {"preset" (a preset
/// and the fields set otherwise, read first), "length", "red_fives" as true, false or each
/// suit's count, "open_tanyao", "players"}`), or Akagi's and mjai.app's `aka_flag` (whether
/// there are red fives). True if it states the game's length.
pub(crate) fn start_game_rules(event: &Value, rules: &mut GameRules) -> Result<bool, String> {
    let mut length_stated = false;
    if let Some(given) = event.get("rules") {
        if let Some(preset) = given.get("preset") {
            let text = preset
                .as_str()
                .ok_or_else(|| format!("rules.preset is {preset}: expected text"))?;
            *rules = text
                .parse()
                .map_err(|error| format!("rules.preset: {error}"))?;
            length_stated = true;
        }
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
            let players = players
                .as_u64()
                .ok_or_else(|| format!("rules.players is {players}: not a count"))
                .and_then(|count| {
                    mahjong::Players::try_from(count)
                        .map_err(|error| format!("rules.players: {error}"))
                })?;
            *rules = rules.with_players(players);
        }
    }
    if let Some(red) = event.get("aka_flag").and_then(Value::as_bool) {
        rules.red_fives = GameRules::all_red(red);
    }
    Ok(length_stated)
}
