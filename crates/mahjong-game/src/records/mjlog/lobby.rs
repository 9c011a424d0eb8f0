//! A record's room: the rules of a `GO type`, the `GO type` of rules, and why a custom
//! lobby's record is refused.

use super::{Tag, numbers};
use crate::engine::{GameRules, Length};

/// Why a custom lobby's record (`GO csrule`) is refused, naming the settings the record states
/// where they differ from the engine's: the starting points of its first hand (`INIT ten`),
/// and the room's rules its `GO type` says (the engine plays those); the others a custom lobby
/// sets (the points to end, the placement bonus) the record does not state.
pub(super) fn custom_lobby(rule: &str, rules: &GameRules, tags: &[Tag<'_>]) -> String {
    let mut differ = Vec::new();
    let start = tags
        .iter()
        .find(|tag| tag.name == "INIT")
        .and_then(|tag| tag.get("ten"))
        .and_then(|ten| numbers(ten).ok());
    if let Some(start) = start {
        let points: Vec<i64> = start
            .iter()
            .take(usize::from(rules.players))
            .map(|hundreds| hundreds * 100)
            .collect();
        let engine = i64::from(rules.start_points());
        if points.iter().any(|&points| points != engine) {
            let first = points.first().copied().unwrap_or_default();
            let stated = if points.iter().all(|&each| each == first) {
                format!("{} each", thousands(first))
            } else {
                points
                    .iter()
                    .map(|&points| thousands(points))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            differ.push(format!(
                "starting points {stated} (the engine's: {})",
                thousands(engine)
            ));
        }
    }
    let room = format!(
        "{}, {}, {}, {} players",
        rules.length.name(),
        if rules.has_red_fives() {
            "red fives"
        } else {
            "no red fives"
        },
        if rules.open_tanyao {
            "open tanyao"
        } else {
            "no open tanyao"
        },
        rules.players
    );
    let stated = if differ.is_empty() {
        format!(
            "the settings it states (its GO type's room: {room}; the starting points) are the \
             engine's, but a custom lobby's others (the points to end, the placement bonus) are \
             not stated"
        )
    } else {
        format!(
            "it differs from the engine's rules in {} (its GO type's room: {room})",
            differ.join("; ")
        )
    };
    format!("csrule=\"{rule}\": a custom lobby's own rules are not supported: {stated}")
}

/// `30,000`.
fn thousands(points: i64) -> String {
    let sign = if points < 0 { "-" } else { "" };
    let points = points.unsigned_abs();
    if points >= 1000 {
        format!("{sign}{},{:03}", points / 1000, points % 1000)
    } else {
        format!("{sign}{points}")
    }
}

/// The rules of a lobby by its `GO type` bits (0x10: three players, whose set has red fives
/// of pin and sou only).
///
/// # Errors
///
/// None now (every room's bits name rules the engine plays); kept for rules it may not.
pub fn lobby_rules(kind: u32) -> Result<GameRules, String> {
    let three = kind & 0x10 != 0;
    let red = kind & 0x02 == 0;
    let base = if three {
        GameRules::TENHOU_SANMA
    } else {
        GameRules::TENHOU
    };
    Ok(GameRules {
        length: if kind & 0x08 != 0 {
            Length::Hanchan
        } else {
            Length::East
        },
        red_fives: if three {
            [0, u8::from(red), u8::from(red)]
        } else {
            GameRules::all_red(red)
        },
        open_tanyao: kind & 0x04 == 0,
        ..base
    })
}

/// The `GO type` of a lobby with these rules (a Phoenix room against people: 0x01, 0x20 and
/// 0x80 set), as the writer puts it.
pub fn lobby_type(rules: &GameRules) -> u32 {
    let mut kind = 0x01 | 0x20 | 0x80;
    if !rules.has_red_fives() {
        kind |= 0x02;
    }
    if !rules.open_tanyao {
        kind |= 0x04;
    }
    if rules.length == Length::Hanchan {
        kind |= 0x08;
    }
    if rules.three_player() {
        kind |= 0x10;
    }
    kind
}
