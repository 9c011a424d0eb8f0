//! Feeding a record through the engine, hand by hand: each decision must be legal at its
//! moment, and the hand's wins (han, fu, yaku, points) and score changes must be the record's.

use super::{CallLog, GameLog, HandLog, LoggedEnd, LoggedWin, TurnLog};
use crate::game::{
    Action, DrawKind, Event, Game, GameRules, HandId, IllegalAction, Wall, Win, hand_changes,
};
use crate::score::{MeldKind, Piece, Yaku};

/// The verdict on one hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandVerdict {
    /// Which hand.
    pub id: HandId,
    /// Every decision was legal, and the result and score changes are the record's.
    pub agree: bool,
    /// The record's score changes (none if the record is cut before the result).
    pub expected: Option<[i32; 4]>,
    /// The engine's (none if it did not reach the end).
    pub got: Option<[i32; 4]>,
    /// The first disagreement.
    pub error: Option<String>,
}

/// The verdict on a whole record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameVerdict {
    /// Each hand's.
    pub hands: Vec<HandVerdict>,
    /// The engine's final points after the last hand (leftover sticks given to the first),
    /// if the engine ended the game there.
    pub final_scores: Option<[i32; 4]>,
    /// Whether the final points agree with the record's (`None` if the record has none).
    pub final_agree: Option<bool>,
}

/// Replays every hand of `log`.
pub fn replay(log: &GameLog) -> GameVerdict {
    let mut hands = Vec::new();
    let mut final_scores = None;
    for (index, hand) in log.hands.iter().enumerate() {
        let (verdict, game) = replay_hand(log.rules, hand);
        if index + 1 == log.hands.len()
            && let Some(game) = game
            && game.is_over()
            && matches!(game.events().last(), Some(Event::EndGame { .. }))
        {
            final_scores = Some(game.scores());
        }
        hands.push(verdict);
    }
    let final_agree = log
        .final_scores
        .map(|expected| final_scores == Some(expected));
    GameVerdict {
        hands,
        final_scores,
        final_agree,
    }
}

/// Replays one hand: the verdict, and the engine's game after it (if it was dealt).
pub fn replay_hand(rules: GameRules, hand: &HandLog) -> (HandVerdict, Option<Game>) {
    let expected = hand.end.as_ref().map(LoggedEnd::deltas);
    let mut verdict = HandVerdict {
        id: hand.id,
        agree: false,
        expected,
        got: None,
        error: None,
    };
    let Some(indicator) = hand.indicators.first().copied() else {
        verdict.error = Some("the record shows no dora indicator".to_owned());
        return (verdict, None);
    };
    let mut game = Game::for_replay(rules, hand.id, hand.dealer, hand.sticks, hand.scores);
    let wall = Wall::given(
        hand.draws.clone(),
        hand.indicators.clone(),
        hand.ura.clone(),
    );
    let mut driver = Driver {
        hand,
        turns: hand.turns.clone(),
        calls: hand.calls.clone(),
        budget: 100_000,
    };
    let result = game
        .deal_replayed(hand.hands.clone(), wall, indicator)
        .map_err(|error| error.to_string())
        .and_then(|()| driver.run(&mut game));
    match result {
        Err(error) if hand.end.is_none() => {
            verdict.error = Some(format!(
                "the record stops part-way through the hand ({error})"
            ));
        }
        Err(error) => verdict.error = Some(error),
        Ok(()) => {
            let got = hand_changes(game.hand_events());
            verdict.got = Some(got);
            verdict.error = compare(&game, hand, got);
            verdict.agree = verdict.error.is_none();
        }
    }
    (verdict, Some(game))
}

/// The first difference between the engine's end of the hand and the record's.
fn compare(game: &Game, hand: &HandLog, got: [i32; 4]) -> Option<String> {
    let Some(end) = &hand.end else {
        return Some("the record stops before the hand's end".to_owned());
    };
    let wins: Vec<&Win> = game
        .hand_events()
        .iter()
        .filter_map(|event| match event {
            Event::Win(win) => Some(win.as_ref()),
            _ => None,
        })
        .collect();
    let drawn = game.hand_events().iter().find_map(|event| match event {
        Event::Drawn { kind, .. } => Some(*kind),
        _ => None,
    });
    match end {
        LoggedEnd::Wins(logged) => {
            if wins.len() != logged.len() {
                return Some(format!(
                    "the record has {} win(s), the engine {} ({})",
                    logged.len(),
                    wins.len(),
                    drawn.map_or("no draw", DrawKind::name)
                ));
            }
            for (ours, theirs) in wins.iter().zip(logged) {
                if let Some(error) = compare_win(ours, theirs) {
                    return Some(error);
                }
            }
        }
        LoggedEnd::Drawn { kind, .. } => {
            let name = kind.map_or("draw", DrawKind::name);
            if !wins.is_empty() {
                return Some(format!("the record has a {name}, the engine a win"));
            }
            if drawn.is_none() || kind.is_some() && drawn != *kind {
                return Some(format!(
                    "the record has a {name}, the engine {}",
                    drawn.map_or("no draw", DrawKind::name)
                ));
            }
        }
    }
    let expected = end.deltas();
    if got != expected {
        return Some(format!(
            "score changes: the record {expected:?}, the engine {got:?}"
        ));
    }
    None
}

fn compare_win(ours: &Win, theirs: &LoggedWin) -> Option<String> {
    let who = format!("seat {}'s win from seat {}", theirs.seat, theirs.from);
    if ours.seat != theirs.seat || ours.from != theirs.from {
        return Some(format!(
            "the record has {who}, the engine seat {}'s from seat {}",
            ours.seat, ours.from
        ));
    }
    let score = &ours.score;
    if let Some(han) = theirs.han
        && han != score.han
    {
        return Some(format!(
            "{who}: the record {han} han, the engine {} ({score})",
            score.han
        ));
    }
    if let Some(fu) = theirs.fu
        && score.yakuman == 0
        && fu != score.fu
    {
        return Some(format!(
            "{who}: the record {fu} fu, the engine {} ({score})",
            score.fu
        ));
    }
    if let Some(points) = theirs.points
        && points != score.points.total
    {
        return Some(format!(
            "{who}: the record {points} points, the engine {} ({score})",
            score.points.total
        ));
    }
    if let Some(yaku) = &theirs.yaku {
        let mut expected: Vec<(Yaku, u32)> = yaku.clone();
        let mut got: Vec<(Yaku, u32)> = score
            .yaku
            .iter()
            .filter(|one| one.han > 0)
            .map(|one| (one.yaku, one.han))
            .collect();
        expected.sort();
        got.sort();
        if expected != got {
            let show = |list: &[(Yaku, u32)]| {
                list.iter()
                    .map(|(yaku, han)| format!("{} {han}", yaku.name()))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Some(format!(
                "{who}: the record's yaku {}, the engine's {}",
                show(&expected),
                show(&got)
            ));
        }
    }
    if ours.pao != theirs.pao {
        return Some(format!(
            "{who}: the record's liable seat {:?}, the engine's {:?}",
            theirs.pao, ours.pao
        ));
    }
    None
}

/// Answers the engine's questions from the record.
///
/// A tenhou.net/6 record says which tile each call took and from whom, but not which of that
/// seat's discards of the kind it was: when a seat could make its next recorded call now,
/// the replay tries the call and, if the rest of the hand then disagrees, lets the tile pass
/// instead (and keeps the first branch's error if both fail).
#[derive(Clone)]
struct Driver<'a> {
    hand: &'a HandLog,
    turns: [std::collections::VecDeque<TurnLog>; 4],
    calls: [std::collections::VecDeque<CallLog>; 4],
    /// Decisions made across every branch tried, bounded.
    budget: usize,
}

impl Driver<'_> {
    fn run(&mut self, game: &mut Game) -> Result<(), String> {
        while !game.is_over() {
            if self.budget == 0 {
                return Err("the record's calls fit no order of play (search abandoned)".to_owned());
            }
            self.budget -= 1;
            let deciding = game.deciding();
            let Some(&first) = deciding.first() else {
                return Err("nobody is to act".to_owned());
            };
            if let Some(claim) = game.claim_on_table() {
                // Every seat that may claim decides; the record's claim, or a pass.
                for seat in deciding {
                    let action = self.claim(game, seat, claim)?;
                    if matches!(
                        action,
                        Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan
                    ) {
                        return self.branch(game, seat, action);
                    }
                    act(game, seat, action)?;
                    if game.is_over() || game.claim_on_table() != Some(claim) {
                        break;
                    }
                }
            } else {
                let action = self.turn(game, first)?;
                act(game, first, action)?;
            }
        }
        Ok(())
    }

    /// Plays the rest of the hand with `seat` making its next recorded call now, or, if that
    /// fails, letting the tile pass.
    fn branch(&mut self, game: &mut Game, seat: usize, call: Action) -> Result<(), String> {
        let mut called = game.clone();
        let mut with_call = self.clone();
        with_call.calls[seat].pop_front();
        let first = act(&mut called, seat, call).and_then(|()| with_call.run(&mut called));
        self.budget = with_call.budget;
        if first.is_ok() {
            *game = called;
            *self = with_call;
            return Ok(());
        }
        let mut passed = game.clone();
        let mut without = self.clone();
        let second = act(&mut passed, seat, Action::Pass).and_then(|()| without.run(&mut passed));
        self.budget = without.budget;
        match second {
            Ok(()) => {
                *game = passed;
                *self = without;
                Ok(())
            }
            Err(_) => {
                *game = called;
                first
            }
        }
    }

    fn turn(&mut self, game: &Game, seat: usize) -> Result<Action, String> {
        let legal = game.legal_actions(seat);
        let Some(turn) = self.turns[seat].pop_front() else {
            // No decision left: the hand ends on this turn.
            return match &self.hand.end {
                Some(LoggedEnd::Wins(wins))
                    if wins.iter().any(|win| win.seat == seat && win.from == seat) =>
                {
                    Ok(Action::Tsumo)
                }
                Some(LoggedEnd::Drawn {
                    kind: Some(DrawKind::NineTerminals) | None,
                    ..
                }) if legal.contains(&Action::NineTerminals) => Ok(Action::NineTerminals),
                Some(_) => Err(format!(
                    "seat {seat} is to act, but the record has no more of its decisions"
                )),
                None => Err("the record stops here".to_owned()),
            };
        };
        Ok(match turn {
            TurnLog::Discard {
                tile,
                tsumogiri,
                riichi,
            } => {
                let drawn = game.drawn();
                let tile = match tile {
                    Some(tile) => tile,
                    None => drawn.ok_or_else(|| {
                        format!("seat {seat} discards the tile drawn, but it drew none")
                    })?,
                };
                let wanted = Action::Discard {
                    tile,
                    tsumogiri,
                    riichi,
                };
                // A tile written out that is the one just drawn, with no other copy in hand,
                // was let go as drawn.
                let other = Action::Discard {
                    tile,
                    tsumogiri: !tsumogiri,
                    riichi,
                };
                if !legal.contains(&wanted) && legal.contains(&other) {
                    other
                } else {
                    wanted
                }
            }
            TurnLog::Ankan(tile) => Action::Ankan { tile },
            TurnLog::Kakan(tile) => Action::Kakan { tile },
        })
    }

    fn claim(
        &mut self,
        game: &Game,
        seat: usize,
        (tile, from): (Piece, usize),
    ) -> Result<Action, String> {
        // The record's ron: the winner on the hand's last tile from this seat (or each of
        // three, for the triple ron that ends a hand drawn).
        let rons = match &self.hand.end {
            Some(LoggedEnd::Wins(wins)) => wins
                .iter()
                .any(|win| win.seat == seat && win.from == from && from != seat),
            Some(LoggedEnd::Drawn {
                kind: Some(DrawKind::TripleRon),
                ..
            }) => true,
            _ => false,
        };
        if rons && self.turns[from].is_empty() && game.legal_actions(seat).contains(&Action::Ron) {
            return Ok(Action::Ron);
        }
        let Some(call) = self.calls[seat].front() else {
            return Ok(Action::Pass);
        };
        if call.from != from || call.tile.tile != tile.tile || game.claim_is_kan_tile() {
            return Ok(Action::Pass);
        }
        let mut consumed = call.consumed.clone();
        consumed.sort_by_key(|piece| (!piece.red, piece.tile));
        Ok(match call.kind {
            MeldKind::Chi => {
                consumed.sort_by_key(|piece| piece.tile);
                Action::Chi {
                    tiles: [consumed[0], consumed[1]],
                }
            }
            MeldKind::Pon => Action::Pon {
                tiles: [consumed[0], consumed[1]],
            },
            _ => Action::Daiminkan,
        })
    }
}

fn act(game: &mut Game, seat: usize, action: Action) -> Result<(), String> {
    game.act(seat, action).map_err(|error| match error {
        IllegalAction::NotLegal { .. } => format!("the record's {action} by seat {seat}: {error}"),
        other => other.to_string(),
    })
}
