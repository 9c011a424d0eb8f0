//! tenhou.net/6 JSON written from a game's events.

use serde_json::Value;

use super::code;
use crate::engine::{DrawKind, GameRules};
use mahjong::{MeldKind, Piece, Wind};

/// The value text of a win: `30符4飜7700点`, `満貫2000-4000点`, `30符2飜1300点∀`.
fn value_text(win: &crate::engine::Win, dealer: bool) -> String {
    let score = &win.score;
    let prefix = match score.limit {
        Some(mahjong::Limit::Mangan) => "満貫".to_owned(),
        Some(mahjong::Limit::Haneman) => "跳満".to_owned(),
        Some(mahjong::Limit::Baiman) => "倍満".to_owned(),
        Some(mahjong::Limit::Sanbaiman) => "三倍満".to_owned(),
        Some(mahjong::Limit::Yakuman) => "役満".to_owned(),
        None => format!("{}符{}飜", score.fu, score.han),
    };
    let points = &score.points;
    let paid = match (points.ron, points.dealer, points.non_dealer) {
        (Some(ron), _, _) => format!("{ron}点"),
        (None, Some(by_dealer), Some(each)) => format!("{each}-{by_dealer}点"),
        (None, _, Some(each)) if dealer => format!("{each}点∀"),
        _ => format!("{}点", points.total),
    };
    format!("{prefix}{paid}")
}

/// A call string: the letter before the tile taken, placed by the seat it came from.
fn call_text(letter: char, tile: Piece, consumed: &[Piece], relative: usize) -> String {
    let codes: Vec<String> = consumed
        .iter()
        .map(|piece| code(*piece).to_string())
        .collect();
    let taken = format!("{letter}{}", code(tile));
    // From the left the letter comes first, from across after one tile, from the right last.
    let at = match relative {
        3 => 0,
        2 => 1,
        _ => codes.len(),
    };
    let mut parts = codes;
    parts.insert(at, taken);
    parts.concat()
}

/// A game's events as tenhou.net/6 JSON (one object, a hand per item of `log`).
pub fn write(rules: GameRules, events: &[crate::engine::Event], names: &[String]) -> String {
    write_with(rules, events, names, None)
}

/// [`write`], the object also stating how the walls were made (`seed`, and a sealed game's
/// `salt` and `commitment`).
pub fn write_with(
    rules: GameRules,
    events: &[crate::engine::Event],
    names: &[String],
    shuffle: Option<&crate::records::Shuffle>,
) -> String {
    use crate::engine::Event;
    let mut hands: Vec<Value> = Vec::new();
    let mut final_scores: Option<[i32; 4]> = None;
    let mut at = 0;
    while at < events.len() {
        let Event::StartHand {
            id,
            dealer,
            sticks,
            scores,
            indicator,
            hands: dealt,
        } = &events[at]
        else {
            if let Event::EndGame { scores } = &events[at] {
                final_scores = Some(*scores);
            }
            at += 1;
            continue;
        };
        let mut indicators = vec![code(*indicator)];
        let mut ura: Vec<i64> = Vec::new();
        let mut takes: [Vec<Value>; 4] = Default::default();
        let mut discards: [Vec<Value>; 4] = Default::default();
        let mut riichi_next = [false; 4];
        let mut result: Vec<Value> = Vec::new();
        let mut pons: [Vec<(mahjong::Tile, String)>; 4] = Default::default();
        at += 1;
        while at < events.len() && !matches!(events[at], Event::StartHand { .. }) {
            match &events[at] {
                Event::Draw { seat, tile, .. } => takes[*seat].push(Value::from(code(*tile))),
                Event::Riichi { seat } => riichi_next[*seat] = true,
                Event::Discard {
                    seat,
                    tile,
                    tsumogiri,
                } => {
                    let value = if *tsumogiri { 60 } else { code(*tile) };
                    if std::mem::take(&mut riichi_next[*seat]) {
                        discards[*seat].push(Value::from(format!("r{value}")));
                    } else {
                        discards[*seat].push(Value::from(value));
                    }
                }
                Event::Call {
                    seat,
                    kind,
                    from,
                    tile,
                    consumed,
                } => {
                    let relative = (from + 4 - seat) % 4;
                    let text = match kind {
                        MeldKind::Chi => {
                            let mut sorted = consumed.clone();
                            sorted.sort_by_key(|piece| piece.tile);
                            call_text('c', *tile, &sorted, 3)
                        }
                        MeldKind::Pon => call_text('p', *tile, consumed, relative),
                        _ => call_text('m', *tile, consumed, relative),
                    };
                    if *kind == MeldKind::Pon {
                        pons[*seat].push((tile.tile, text.clone()));
                    }
                    takes[*seat].push(Value::from(text));
                    if *kind == MeldKind::Kan {
                        discards[*seat].push(Value::from(0));
                    }
                }
                Event::Ankan { seat, consumed } => {
                    let codes: Vec<String> = consumed
                        .iter()
                        .map(|piece| code(*piece).to_string())
                        .collect();
                    discards[*seat].push(Value::from(format!(
                        "{}{}{}a{}",
                        codes[0], codes[1], codes[2], codes[3]
                    )));
                }
                Event::Kakan { seat, tile, .. } => {
                    let pon = pons[*seat]
                        .iter()
                        .find(|(kind, _)| *kind == tile.tile)
                        .map(|(_, text)| text.clone())
                        .unwrap_or_default();
                    let text = pon.replacen('p', &format!("k{}", code(*tile)), 1);
                    discards[*seat].push(Value::from(text));
                }
                Event::Dora { indicator } => indicators.push(code(*indicator)),
                // A North set aside, as converters write it; the replacement is the next draw.
                Event::Kita { seat } => discards[*seat].push(Value::from("f44")),
                Event::Win(win) => {
                    if result.is_empty() {
                        result.push(Value::from("和了"));
                    }
                    if ura.is_empty() {
                        ura = win.ura.iter().map(|piece| code(*piece)).collect();
                    }
                    let players = usize::from(rules.players);
                    let seat_wind = Wind::ALL[(win.seat + players - dealer) % players];
                    let mut info = vec![
                        Value::from(win.seat),
                        Value::from(win.from),
                        Value::from(win.pao.unwrap_or(win.seat)),
                        Value::from(value_text(win, win.seat == *dealer)),
                    ];
                    for one in &win.score.yaku {
                        let name =
                            crate::records::names::japanese_name(one.yaku, seat_wind, id.wind);
                        let han = if one.yaku.is_yakuman() {
                            "役満".to_owned()
                        } else {
                            format!("{}飜", one.han)
                        };
                        info.push(Value::from(format!("{name}({han})")));
                    }
                    result.push(Value::from(win.deltas.to_vec()));
                    result.push(Value::from(info));
                }
                Event::Drawn { kind, deltas, .. } => {
                    let name = match kind {
                        DrawKind::Exhaustive => "流局",
                        DrawKind::NagashiMangan => "流し満貫",
                        DrawKind::NineTerminals => "九種九牌",
                        DrawKind::FourWinds => "四風連打",
                        DrawKind::FourRiichi => "四家立直",
                        DrawKind::FourKans => "四槓散了",
                        DrawKind::TripleRon => "三家和了",
                    };
                    result.push(Value::from(name));
                    if !kind.is_abortive() {
                        result.push(Value::from(deltas.to_vec()));
                    }
                }
                // Not one of Tenhou's results: a referee's ruling, with its changes.
                Event::Chombo { deltas, .. } => {
                    result.push(Value::from("チョンボ"));
                    result.push(Value::from(deltas.to_vec()));
                }
                Event::EndGame { scores } => final_scores = Some(*scores),
                Event::RiichiAccepted { .. } | Event::EndHand { .. } | Event::StartHand { .. } => {}
            }
            at += 1;
        }
        let mut hand = vec![
            Value::from(vec![
                (id.wind as i64) * 4 + i64::from(id.number) - 1,
                i64::from(id.honba),
                i64::from(*sticks),
            ]),
            Value::from(scores.to_vec()),
            Value::from(indicators),
            Value::from(ura),
        ];
        for seat in 0..4 {
            hand.push(Value::from(
                dealt[seat]
                    .iter()
                    .map(|piece| code(*piece))
                    .collect::<Vec<_>>(),
            ));
            hand.push(Value::from(std::mem::take(&mut takes[seat])));
            hand.push(Value::from(std::mem::take(&mut discards[seat])));
        }
        hand.push(Value::from(result));
        hands.push(Value::from(hand));
    }
    // Four seat slots, the fourth empty with three players.
    let mut names = names.to_vec();
    if rules.three_player() && names.len() == 3 {
        names.push(String::new());
    }
    let mut object = serde_json::json!({
        "title": ["", ""],
        "name": names,
        "rule": {
            "disp": rules.tenhou_name(),
            "aka51": rules.red_fives[0],
            "aka52": rules.red_fives[1],
            "aka53": rules.red_fives[2],
        },
        "log": hands,
    });
    // A rule set other than a Tenhou lobby's is named (with the fields set otherwise).
    if !rules.is_tenhou_lobby() {
        object["rule"]["preset"] = Value::from(rules.describe());
    }
    if let Some(scores) = final_scores {
        // Each seat's points and final result (in thousands, as Tenhou's own records).
        let result = rules.final_score(scores, crate::engine::chombos(events));
        let placing: Vec<Value> = scores
            .iter()
            .zip(result)
            .flat_map(|(score, hundreds)| {
                [Value::from(*score), Value::from(f64::from(hundreds) / 10.0)]
            })
            .collect();
        object["sc"] = Value::from(placing);
    }
    for (key, value) in shuffle
        .map(crate::records::Shuffle::members)
        .unwrap_or_default()
    {
        object[key] = value;
    }
    object.to_string()
}
