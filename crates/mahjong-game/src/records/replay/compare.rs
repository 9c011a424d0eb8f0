//! The engine's end of a hand against the record's: the wins (seat, han, fu, points, yaku,
//! liable seat, score changes) or the draw, each side described in full where they differ.

use crate::engine::{DrawKind, Event, Game, Win, hand_changes, seat_list};
use crate::records::{HandLog, LoggedEnd, LoggedWin, Notation};
use mahjong::Yaku;

/// The first difference between the engine's end of the hand and the record's.
pub(super) fn compare(game: &Game, hand: &HandLog, notation: Notation) -> Option<String> {
    let Some(end) = &hand.end else {
        return Some("the record stops before the hand's end".to_owned());
    };
    let got = hand_changes(game.hand_events());
    let wins: Vec<&Win> = game
        .hand_events()
        .iter()
        .filter_map(|event| match event {
            Event::Win(win) => Some(win.as_ref()),
            _ => None,
        })
        .collect();
    let drawn = game.hand_events().iter().find_map(|event| match event {
        Event::Drawn { kind, tenpai, .. } => Some((*kind, *tenpai)),
        _ => None,
    });
    let draw_name = |drawn: Option<(DrawKind, [bool; 4])>| {
        drawn.map_or("no draw".to_owned(), |(kind, _)| kind.name().to_owned())
    };
    // The engine's wins in full, or its draw.
    let ours = || {
        let wins: Vec<String> = wins
            .iter()
            .map(|win| describe_win(win, hand, notation))
            .collect();
        if wins.is_empty() {
            draw_name(drawn)
        } else {
            wins.join("; ")
        }
    };
    match end {
        LoggedEnd::Wins(logged) => {
            if wins.len() != logged.len() {
                return Some(format!(
                    "{}: the record has {} win(s), the engine {}",
                    logged[0].source.place,
                    logged.len(),
                    ours()
                ));
            }
            for (ours, theirs) in wins.iter().zip(logged) {
                if let Some(error) = compare_win(ours, theirs, hand, notation) {
                    return Some(error);
                }
            }
        }
        LoggedEnd::Drawn { kind, source, .. } => {
            let name = kind.map_or("draw", DrawKind::name);
            if !wins.is_empty()
                || drawn.is_none()
                || kind.is_some() && drawn.map(|(kind, _)| kind) != *kind
            {
                return Some(format!(
                    "{}: the record has a {name}, the engine {}",
                    source.place,
                    ours()
                ));
            }
        }
    }
    let expected = end.deltas();
    if got != expected {
        let tenpai = match drawn {
            Some((DrawKind::Exhaustive, tenpai)) => {
                format!(" (the engine's tenpai seats: {})", seat_list(tenpai, ", "))
            }
            _ => String::new(),
        };
        return Some(format!(
            "score changes: the record {expected:?}, the engine {got:?}{tenpai}"
        ));
    }
    None
}

/// `1 honba, 2 sticks` from what a winner collects beyond the hand's value (300 a honba, 1,000
/// a stick), or the amount when it is no such sum.
fn beyond_value(extra: i64, honba: u32) -> String {
    for honba in [i64::from(honba), 0] {
        let rest = extra - 300 * honba;
        if rest >= 0 && rest % 1000 == 0 {
            let sticks = rest / 1000;
            return format!(
                "{honba} honba, {sticks} {}",
                if sticks == 1 { "stick" } else { "sticks" }
            );
        }
    }
    format!("{extra:+} beyond the value")
}

/// The engine's yaku of a win and their han (the counts above 0), as a record lists them.
fn engine_yaku(win: &Win) -> Vec<(Yaku, u32)> {
    win.score
        .yaku
        .iter()
        .filter(|one| one.han > 0)
        .map(|one| (one.yaku, one.han))
        .collect()
}

/// The yaku with the nukidora's han counted among the dora, as mjlog lists them.
fn nukidora_as_dora(yaku: Vec<(Yaku, u32)>) -> Vec<(Yaku, u32)> {
    let kita: u32 = yaku
        .iter()
        .filter(|(one, _)| *one == Yaku::Nukidora)
        .map(|(_, han)| han)
        .sum();
    let mut merged: Vec<(Yaku, u32)> = yaku
        .into_iter()
        .filter(|(one, _)| *one != Yaku::Nukidora)
        .collect();
    if kita > 0 {
        match merged.iter_mut().find(|(one, _)| *one == Yaku::Dora) {
            Some((_, han)) => *han += kita,
            None => merged.push((Yaku::Dora, kita)),
        }
    }
    merged
}

/// The yaku and their han, `riichi 1, pinfu 1, dora 2`.
fn yaku_list(yaku: &[(Yaku, u32)]) -> String {
    yaku.iter()
        .map(|(yaku, han)| format!("{} {han}", yaku.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `seat 2 ron on 5p from seat 0` / `seat 1 tsumo`.
fn who(seat: usize, from: usize) -> String {
    if seat == from {
        format!("seat {seat} tsumo")
    } else {
        format!("seat {seat} ron from seat {from}")
    }
}

/// The engine's win, all of it: `seat 2 ron from seat 0: 7700 (30 fu 4 han: riichi 1, …), 1
/// honba, 0 sticks`.
fn describe_win(win: &Win, hand: &HandLog, notation: Notation) -> String {
    let score = &win.score;
    let yaku = engine_yaku(win);
    let value = if score.yakuman > 0 {
        format!("yakuman x{}", score.yakuman)
    } else {
        format!("{} fu {} han", score.fu, score.han)
    };
    let pao = win
        .pao
        .map_or(String::new(), |seat| format!(", seat {seat} liable"));
    let extra = i64::from(win.deltas[win.seat]) - i64::from(score.points.total);
    format!(
        "{} on {}: {} ({value}: {}){pao}, {}",
        who(win.seat, win.from),
        notation.tile(win.tile),
        score.points.total,
        yaku_list(&yaku),
        beyond_value(extra, hand.id.honba)
    )
}

/// The record's win, as much as it says.
fn describe_logged(win: &LoggedWin, hand: &HandLog) -> String {
    let mut value: Vec<String> = Vec::new();
    if let Some(fu) = win.fu
        && fu > 0
    {
        value.push(format!("{fu} fu"));
    }
    if let Some(han) = win.han {
        value.push(format!("{han} han"));
    }
    let mut detail = value.join(" ");
    if let Some(yaku) = &win.yaku {
        detail = format!("{detail}: {}", yaku_list(yaku));
    }
    let pao = win
        .pao
        .map_or(String::new(), |seat| format!(", seat {seat} liable"));
    let gain = i64::from(win.deltas[win.seat]);
    match win.points {
        Some(points) => format!(
            "{}: {points} ({detail}){pao}, {}",
            who(win.seat, win.from),
            beyond_value(gain - i64::from(points), hand.id.honba)
        ),
        None => format!(
            "{}: {gain:+} to the winner (the record gives no value){pao}",
            who(win.seat, win.from)
        ),
    }
}

/// Whether the engine's win is the record's; if not, both in full.
fn compare_win(
    ours: &Win,
    theirs: &LoggedWin,
    hand: &HandLog,
    notation: Notation,
) -> Option<String> {
    let score = &ours.score;
    let mut same = ours.seat == theirs.seat
        && ours.from == theirs.from
        && theirs.han.is_none_or(|han| han == score.han)
        && theirs
            .fu
            .is_none_or(|fu| score.yakuman > 0 || fu == score.fu)
        && theirs
            .points
            .is_none_or(|points| points == score.points.total)
        && ours.pao == theirs.pao
        && ours.deltas == theirs.deltas;
    if let Some(yaku) = &theirs.yaku {
        let mut expected: Vec<(Yaku, u32)> = yaku.clone();
        let mut got = engine_yaku(ours);
        // mjlog counts the Norths set aside among the dora (no yaku of their own).
        if !expected.iter().any(|(yaku, _)| *yaku == Yaku::Nukidora) {
            got = nukidora_as_dora(got);
        }
        expected.sort();
        got.sort();
        same &= expected == got;
    }
    (!same).then(|| {
        format!(
            "{}: the win disagrees: the record: {}; the engine: {}",
            theirs.source.place,
            describe_logged(theirs, hand),
            describe_win(ours, hand, notation)
        )
    })
}
