//! Feeding a record through the engine, hand by hand: each decision must be legal at its
//! moment, and the hand's wins (han, fu, yaku, points) and score changes must be the record's.

use std::collections::VecDeque;

mod compare;

use compare::compare;

use super::{CallLog, GameLog, HandLog, Logged, LoggedEnd, Notation, Source, TurnLog};
use crate::engine::{
    Action, DrawKind, Event, Game, GameRules, HandId, IllegalAction, Wall, hand_changes,
};
use mahjong::{MeldKind, Piece};
use tiles_core::{Stop, Stopped};

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
    replay_with_events(log).0
}

/// [`replay`], giving up once `stop` is raised (checked before each hand).
///
/// # Errors
///
/// [`Stopped`].
pub fn replay_until(log: &GameLog, stop: &Stop) -> Result<GameVerdict, Stopped> {
    replay_with_events_until(log, stop).map(|(verdict, _)| verdict)
}

/// [`replay`], with the engine's events of every hand in order (each hand's as far as the
/// engine played it).
pub fn replay_with_events(log: &GameLog) -> (GameVerdict, Vec<Event>) {
    replay_with_events_until(log, &Stop::never()).expect("never stopped")
}

/// [`replay_with_events`], giving up once `stop` is raised (checked before each hand: a hand
/// is a few hundred decisions at most).
///
/// # Errors
///
/// [`Stopped`].
pub fn replay_with_events_until(
    log: &GameLog,
    stop: &Stop,
) -> Result<(GameVerdict, Vec<Event>), Stopped> {
    let mut hands = Vec::new();
    let mut events = Vec::new();
    let mut final_scores = None;
    for (index, hand) in log.hands.iter().enumerate() {
        stop.check()?;
        let (mut verdict, game) = replay_hand(log.rules, log.notation, hand);
        if let Some(game) = &game {
            events.extend_from_slice(game.hand_events());
        }
        let ended = game
            .as_ref()
            .is_some_and(|game| matches!(game.events().last(), Some(Event::EndGame { .. })));
        let next = log.hands.get(index + 1);
        if let Some(game) = &game
            && next.is_none()
        {
            if ended {
                final_scores = Some(game.scores());
            } else if !log.length_stated && game.is_over() {
                // A record that does not say its length ends where it ends.
                final_scores = Some(game.scores_if_ended());
            }
        }
        if let (Some(game), true) = (&game, verdict.agree)
            && let Some(error) = what_follows(game, ended, next, log)
        {
            verdict.agree = false;
            verdict.error = Some(error);
        }
        hands.push(verdict);
    }
    let final_agree = log
        .final_scores
        .map(|expected| final_scores == Some(expected));
    let verdict = GameVerdict {
        hands,
        final_scores,
        final_agree,
    };
    Ok((verdict, events))
}

/// After a hand that agrees: whether the game goes on as the record does, the next hand being
/// the one the engine would deal (its round, honba, dealer, sticks and points), or the game
/// ending where the record ends it (judged only when the record says its length).
fn what_follows(game: &Game, ended: bool, next: Option<&HandLog>, log: &GameLog) -> Option<String> {
    // Where a record does not say its length, where the game ends is not judged.
    let record_ends = log.final_scores.is_some() && log.length_stated;
    match next {
        Some(_) if ended && !log.length_stated => None,
        Some(next) if ended => Some(format!(
            "the engine ends the game after this hand (the rules' end: {:?}), the record plays \
             on with {}",
            game.scores(),
            next.id
        )),
        Some(next) => {
            let ours = (game.hand_id(), game.dealer(), game.sticks(), game.scores());
            let theirs = (next.id, next.dealer, next.sticks, next.scores);
            (ours != theirs).then(|| {
                format!(
                    "the next hand: the record's is {} (dealer seat {}, {} sticks, {:?}), the \
                     engine's {} (dealer seat {}, {} sticks, {:?})",
                    theirs.0, theirs.1, theirs.2, theirs.3, ours.0, ours.1, ours.2, ours.3
                )
            })
        }
        None if record_ends && !ended => Some(format!(
            "the record ends the game here, the engine plays on with {}",
            game.hand_id()
        )),
        None => None,
    }
}

/// Replays one hand under `rules`, naming tiles in `notation` in its verdict: the verdict, and
/// the engine's game after it (if it was dealt).
pub fn replay_hand(
    rules: GameRules,
    notation: Notation,
    hand: &HandLog,
) -> (HandVerdict, Option<Game>) {
    let (verdict, game, _) = replay_hand_moves(rules, notation, hand);
    (verdict, game)
}

/// [`replay_hand`], with every decision the engine was given, in order (each seat's pass on a
/// tile it might have claimed among them): dealt again with [`Game::for_replay`] and
/// [`Game::deal_replayed`] from the record's wall, and these decisions made in turn, the game
/// passes through every state the replay did.
pub fn replay_hand_moves(
    rules: GameRules,
    notation: Notation,
    hand: &HandLog,
) -> (HandVerdict, Option<Game>, Vec<(usize, Action)>) {
    replay_hand_inner(rules, notation, hand, None)
}

/// What watches a replay's decisions: [`replay_hand_observed`] calls it before each decision,
/// and around a call the replay tries both ways (a tenhou.net/6 record does not say which of
/// a seat's discards a call took) it marks where it was and goes back there for the second
/// way, so that what it saw is the way the replay kept.
pub trait Observer {
    /// `seat` is about to make `action` in `game`.
    fn observe(&mut self, game: &Game, seat: usize, action: Action);
    /// Remember the present (marks nest).
    fn mark(&mut self);
    /// Back to the last mark, forgetting it.
    fn rollback(&mut self);
    /// Forget the last mark, keeping what was seen since.
    fn commit(&mut self);
}

/// [`replay_hand_moves`], with `observer` told each decision as it is about to be made (as
/// [`play_again`] calls its `before`), along the way the replay keeps when it agrees.
pub fn replay_hand_observed(
    rules: GameRules,
    notation: Notation,
    hand: &HandLog,
    observer: &mut dyn Observer,
) -> (HandVerdict, Option<Game>, Vec<(usize, Action)>) {
    let observer = std::cell::RefCell::new(observer);
    replay_hand_inner(rules, notation, hand, Some(&observer))
}

/// The observer a replay tells its decisions.
type Watching<'o, 'f> = &'o std::cell::RefCell<&'f mut dyn Observer>;

fn replay_hand_inner(
    rules: GameRules,
    notation: Notation,
    hand: &HandLog,
    observer: Option<Watching<'_, '_>>,
) -> (HandVerdict, Option<Game>, Vec<(usize, Action)>) {
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
        return (verdict, None, Vec::new());
    };
    let (mut game, dealt) = deal(rules, hand, indicator);
    let mut driver = Driver {
        hand,
        notation,
        turns: hand.turns.each_ref().map(Queue::new),
        calls: hand.calls.each_ref().map(Queue::new),
        budget: 100_000,
        used: 0,
        last: None,
        moves: Vec::new(),
        observer,
    };
    let result = dealt
        .map_err(|error| Failure {
            message: error.to_string(),
            progress: 0,
        })
        .and_then(|()| driver.run(&mut game));
    if game.is_over() {
        verdict.got = Some(hand_changes(game.hand_events()));
    }
    match result {
        Ok(()) => verdict.agree = true,
        Err(failure) if hand.end.is_none() => {
            verdict.got = None;
            verdict.error = Some(format!(
                "the record stops part-way through the hand ({})",
                failure.message
            ));
        }
        Err(failure) => verdict.error = Some(failure.message),
    }
    (verdict, Some(game), driver.moves)
}

/// `hand` dealt as the record deals it (its wall, draws and indicators, `indicator` the first),
/// before any decision: the game, and whether the rules allow the deal.
fn deal(rules: GameRules, hand: &HandLog, indicator: Piece) -> (Game, Result<(), IllegalAction>) {
    let mut game = Game::for_replay(rules, hand.id, hand.dealer, hand.sticks, hand.scores);
    let wall = Wall::given_for(
        &rules,
        hand.draws.clone(),
        hand.indicators.clone(),
        hand.ura.clone(),
    );
    let dealt = game.deal_replayed(hand.hands.clone(), wall, indicator);
    (game, dealt)
}

/// `hand` dealt again as [`replay_hand`] deals it and played from `moves` (as
/// [`replay_hand_moves`] gives them), `before(game, seat, action)` called as each is about to
/// be made: the game after the last one the engine took (it stops at the first it refuses),
/// and how many it took; `None` if the record shows no indicator or the rules refuse the deal.
pub fn play_again(
    rules: GameRules,
    hand: &HandLog,
    moves: &[(usize, Action)],
    mut before: impl FnMut(&Game, usize, Action),
) -> Option<(Game, usize)> {
    let (mut game, dealt) = deal(rules, hand, *hand.indicators.first()?);
    dealt.ok()?;
    let mut taken = 0;
    for &(seat, action) in moves {
        before(&game, seat, action);
        if game.act(seat, action).is_err() {
            break;
        }
        taken += 1;
    }
    Some((game, taken))
}

/// The tiles `seat` has drawn this hand (replacement tiles included).
fn drawn_by(game: &Game, seat: usize) -> usize {
    game.hand_events()
        .iter()
        .filter(|event| matches!(event, Event::Draw { seat: by, .. } if *by == seat))
        .count()
}

/// A seat's record items not used yet: the record's own, and how many are used.
#[derive(Debug)]
struct Queue<'a, T> {
    items: &'a VecDeque<Logged<T>>,
    used: usize,
}

impl<T> Clone for Queue<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Queue<'_, T> {}

impl<'a, T> Queue<'a, T> {
    fn new(items: &'a VecDeque<Logged<T>>) -> Self {
        Queue { items, used: 0 }
    }

    fn front(&self) -> Option<&'a Logged<T>> {
        self.items.get(self.used)
    }

    fn pop_front(&mut self) -> Option<&'a Logged<T>> {
        let item = self.items.get(self.used)?;
        self.used += 1;
        Some(item)
    }

    fn is_empty(&self) -> bool {
        self.used >= self.items.len()
    }
}

/// A branch of the replay that failed: why, and how far it got (record items used; a hand
/// played to its end whose result disagrees counts as furthest).
#[derive(Debug, Clone)]
struct Failure {
    message: String,
    progress: usize,
}

/// Progress of a branch that played the whole hand.
const FINISHED: usize = usize::MAX;

/// Answers the engine's questions from the record.
///
/// mjlog and mjai records say which discard each call took; a tenhou.net/6 record says which
/// tile each call took and from whom, but not which of that seat's discards of the tile it
/// was. There, when a seat could make its next recorded call now, the replay tries the call
/// and, if the rest of the hand then fails (an action becomes illegal, or the result is not
/// the record's), lets the tile pass instead; when both fail, the one that got further is
/// reported.
#[derive(Clone)]
struct Driver<'a, 'o, 'f> {
    hand: &'a HandLog,
    notation: Notation,
    turns: [Queue<'a, TurnLog>; 4],
    calls: [Queue<'a, CallLog>; 4],
    /// Decisions made across every branch tried, bounded.
    budget: usize,
    /// Record items used in this branch.
    used: usize,
    /// Where the last record item used is.
    last: Option<&'a Source>,
    /// The decisions made in this branch, in order.
    moves: Vec<(usize, Action)>,
    /// Told each decision.
    observer: Option<Watching<'o, 'f>>,
}

impl<'a> Driver<'a, '_, '_> {
    fn fail(&self, message: String) -> Failure {
        Failure {
            message,
            progress: self.used,
        }
    }

    /// ` (after line 12)`: where the record was when something went wrong.
    fn after(&self) -> String {
        self.last
            .as_ref()
            .map_or(String::new(), |source| format!(" (after {})", source.place))
    }

    fn run(&mut self, game: &mut Game) -> Result<(), Failure> {
        while !game.is_over() {
            if self.budget == 0 {
                return Err(self.fail(
                    "the record's calls fit no order of play (search abandoned)".to_owned(),
                ));
            }
            self.budget -= 1;
            let deciding = game.deciding();
            let Some(&first) = deciding.first() else {
                return Err(self.fail("nobody is to act".to_owned()));
            };
            if let Some(claim) = game.claim_on_table() {
                // Every seat that may claim decides; the record's claim, or a pass.
                for seat in deciding {
                    let (action, source, placed) = self.claim(game, seat, claim)?;
                    if matches!(
                        action,
                        Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan
                    ) {
                        if placed {
                            self.make_call(game, seat, action, source)?;
                            break;
                        }
                        return self.branch(game, seat, action, source);
                    }
                    self.act(game, seat, action, source)?;
                    if game.is_over() || game.claim_on_table() != Some(claim) {
                        break;
                    }
                }
            } else {
                self.check_missed_calls(game)?;
                let (action, source) = self.turn(game, first)?;
                self.act(game, first, action, source)?;
                if source.is_some() {
                    self.last = source;
                }
            }
        }
        // Every decision the record has was made.
        let left = (0..4).find_map(|seat| {
            let turn = self.turns[seat].front().map(|logged| &logged.source);
            turn.or(self.calls[seat].front().map(|logged| &logged.source))
                .map(|source| (seat, source))
        });
        if let Some((seat, source)) = left {
            return Err(self.fail(format!(
                "the hand ended, but the record has more of seat {seat}'s decisions: {source}"
            )));
        }
        match compare(game, self.hand, self.notation) {
            None => Ok(()),
            Some(message) => Err(Failure {
                message,
                progress: FINISHED,
            }),
        }
    }

    /// A call the record places on a discard that has passed without it (the engine offered
    /// the seat no such claim) is a disagreement, named where the record has it.
    fn check_missed_calls(&self, game: &Game) -> Result<(), Failure> {
        for seat in 0..4 {
            if let Some(Logged { item: call, source }) = self.calls[seat].front()
                && let Some(discard) = call.discard
                && game.river(call.from).len() >= discard
            {
                let consumed: Vec<String> = call
                    .consumed
                    .iter()
                    .map(|piece| self.notation.tile(*piece))
                    .collect();
                return Err(self.fail(format!(
                    "{}: seat {seat}'s {} of {} with {} ({}) is not legal on that discard",
                    source.place,
                    call.kind.name(),
                    self.notation.tile(call.tile),
                    consumed.join(" "),
                    source.text
                )));
            }
        }
        Ok(())
    }

    /// Plays the rest of the hand with `seat` making its next recorded call now, or, if that
    /// fails, letting the tile pass; when both fail, the branch that got further is kept.
    fn branch(
        &mut self,
        game: &mut Game,
        seat: usize,
        call: Action,
        source: Option<&'a Source>,
    ) -> Result<(), Failure> {
        if let Some(observer) = self.observer {
            observer.borrow_mut().mark();
        }
        let mut called = game.clone();
        let mut with_call = self.clone();
        let first = with_call
            .make_call(&mut called, seat, call, source)
            .and_then(|()| with_call.run(&mut called));
        self.budget = with_call.budget;
        if let Some(observer) = self.observer {
            let mut observer = observer.borrow_mut();
            if first.is_ok() {
                observer.commit();
            } else {
                observer.rollback();
            }
        }
        let Err(first) = first else {
            *game = called;
            *self = with_call;
            return Ok(());
        };
        let mut passed = game.clone();
        let mut without = self.clone();
        let second = without
            .act(&mut passed, seat, Action::Pass, None)
            .and_then(|()| without.run(&mut passed));
        self.budget = without.budget;
        match second {
            Ok(()) => {
                *game = passed;
                *self = without;
                Ok(())
            }
            Err(second) if second.progress > first.progress => {
                *game = passed;
                self.moves = without.moves;
                Err(second)
            }
            Err(_) => {
                *game = called;
                self.moves = with_call.moves;
                Err(first)
            }
        }
    }

    /// Makes the seat's next recorded call, `action`, from the record's item at `source`.
    fn make_call(
        &mut self,
        game: &mut Game,
        seat: usize,
        action: Action,
        source: Option<&'a Source>,
    ) -> Result<(), Failure> {
        self.calls[seat].pop_front();
        self.used += 1;
        self.act(game, seat, action, source)?;
        self.last = source;
        Ok(())
    }

    /// Makes the seat's decision; a refusal names the record's item and what was legal.
    fn act(
        &mut self,
        game: &mut Game,
        seat: usize,
        action: Action,
        source: Option<&Source>,
    ) -> Result<(), Failure> {
        if let Some(observer) = self.observer {
            observer.borrow_mut().observe(game, seat, action);
        }
        let result = game.act(seat, action);
        if result.is_ok() {
            self.moves.push((seat, action));
        }
        result.map_err(|error| {
            let notation = self.notation;
            let message = match (&error, source) {
                (IllegalAction::NotLegal { .. }, Some(source)) => {
                    let legal: Vec<String> = game
                        .legal_actions(seat)
                        .iter()
                        .map(|action| notation.action(action))
                        .collect();
                    format!(
                        "{}: seat {seat}'s {} ({}) is not legal now; legal: {}",
                        source.place,
                        notation.action(&action),
                        source.text,
                        if legal.is_empty() {
                            "nothing".to_owned()
                        } else {
                            legal.join(", ")
                        }
                    )
                }
                (IllegalAction::NotLegal { .. }, None) => {
                    let why = game
                        .why_no_win(seat)
                        .filter(|_| matches!(action, Action::Tsumo | Action::Ron))
                        .map_or(String::new(), |why| format!(": {why}"));
                    format!(
                        "seat {seat}'s {} is not legal now{why}{}",
                        notation.action(&action),
                        self.after()
                    )
                }
                (_, Some(source)) => format!("{source}: {error}"),
                (_, None) => format!("{error}{}", self.after()),
            };
            self.fail(message)
        })
    }

    fn turn(&mut self, game: &Game, seat: usize) -> Result<(Action, Option<&'a Source>), Failure> {
        let Some(&Logged {
            item: turn,
            ref source,
        }) = self.turns[seat].pop_front()
        else {
            // No decision left: the hand ends on this turn.
            return match &self.hand.end {
                Some(LoggedEnd::Wins(wins))
                    if wins.iter().any(|win| win.seat == seat && win.from == seat) =>
                {
                    if let Some(why) = game.why_no_win(seat) {
                        let win = wins.iter().find(|win| win.seat == seat);
                        let place =
                            win.map_or(String::new(), |win| format!("{}: ", win.source.place));
                        return Err(self.fail(format!(
                            "{place}the record's tsumo by seat {seat} is not legal: {why}"
                        )));
                    }
                    Ok((Action::Tsumo, None))
                }
                Some(LoggedEnd::Drawn {
                    kind: Some(DrawKind::NineTerminals) | None,
                    ..
                }) if game.legal_actions(seat).contains(&Action::NineTerminals) => {
                    Ok((Action::NineTerminals, None))
                }
                Some(_) => Err(self.fail(format!(
                    "seat {seat} is to act, but the record has no more of its decisions{}",
                    self.after()
                ))),
                None => Err(self.fail(format!("the record stops here{}", self.after()))),
            };
        };
        self.used += 1;
        let action = match turn {
            TurnLog::Discard {
                tile,
                tsumogiri,
                riichi,
            } => {
                let drawn = game.drawn();
                let tile = match tile {
                    Some(tile) => tile,
                    None => drawn.ok_or_else(|| {
                        self.fail(format!(
                            "{source}: seat {seat} discards the tile drawn, but it drew none"
                        ))
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
                let legal = game.legal_actions(seat);
                if !legal.contains(&wanted) && legal.contains(&other) {
                    other
                } else {
                    wanted
                }
            }
            TurnLog::Ankan(tile) => Action::Ankan { tile },
            TurnLog::Kakan(tile) => Action::Kakan { tile },
            TurnLog::Kita => Action::Kita,
        };
        Ok((action, Some(source)))
    }

    /// The seat's decision on the tile on the table: the record's ron, its next call (and
    /// whether the record places the call here), or a pass.
    fn claim(
        &mut self,
        game: &Game,
        seat: usize,
        (tile, from): (Piece, usize),
    ) -> Result<(Action, Option<&'a Source>, bool), Failure> {
        // The record's ron: the winner on the hand's last tile from this seat, once that
        // seat has no decision left; or each of three, for the triple ron that ends a hand
        // drawn, on the hand's last tile, once nobody has a decision left (the seat that
        // discarded before the last may have none either, when the last discarder called).
        let hand: &'a HandLog = self.hand;
        let ron = match &hand.end {
            Some(LoggedEnd::Wins(wins)) => wins
                .iter()
                .find(|win| win.seat == seat && win.from == from && from != seat)
                .filter(|_| self.turns[from].is_empty())
                .map(|win| &win.source),
            Some(LoggedEnd::Drawn {
                kind: Some(DrawKind::TripleRon),
                source,
                ..
            }) if self.turns.iter().all(Queue::is_empty)
                && self.calls.iter().all(Queue::is_empty) =>
            {
                Some(source)
            }
            _ => None,
        };
        if let Some(source) = ron {
            if game.legal_actions(seat).contains(&Action::Ron) {
                return Ok((Action::Ron, Some(source), true));
            }
            let why = game.why_no_win(seat).unwrap_or_default();
            return Err(self.fail(format!(
                "{}: the record's ron by seat {seat} on {} from seat {from} is not legal: {why}",
                source.place,
                self.notation.tile(tile)
            )));
        }
        let Some(Logged { item: call, source }) = self.calls[seat].front() else {
            return Ok((Action::Pass, None, false));
        };
        // The exact tile: a red five and a plain one are different tiles.
        if call.from != from || call.tile != tile || game.claim_is_kan_tile() {
            return Ok((Action::Pass, None, false));
        }
        // Between the caller's draws the record puts it.
        if let Some(before) = call.draws_before
            && before != drawn_by(game, seat)
        {
            return Ok((Action::Pass, None, false));
        }
        let placed = match call.discard {
            Some(discard) if discard != game.river(from).len() => {
                return Ok((Action::Pass, None, false));
            }
            Some(_) => true,
            None => false,
        };
        let mut consumed = call.consumed.clone();
        consumed.sort_by_key(|piece| (!piece.red, piece.tile));
        let action = match call.kind {
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
        };
        Ok((action, Some(source), placed))
    }
}
