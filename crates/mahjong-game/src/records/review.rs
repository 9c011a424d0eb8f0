//! Each decision a record's seat made, against a bot's: the shape every choice leaves (shanten,
//! and the tiles that bring it nearer, with the copies the seat cannot see), the bot's choice in
//! the same position, and what the `value` bot expects each to be worth. Every decision is
//! judged: by value where the value bot estimates both the seat's choice and the bot's (flagged
//! when the estimated loss is more than a threshold), else by the hand it leaves against the
//! best any legal choice leaves (flagged on a step back in shanten, or at the same shanten at
//! least a quarter of the best's tiles, and at least four, gone); a decision the bot would have
//! made too is never flagged.
//!
//! The record is replayed hand by hand ([`replay_hand_moves`]), and the game is dealt again and
//! played from the replay's decisions ([`play_again`]), so every position is the engine's own; the bot is asked
//! exactly as it is at the table (`Bot::choose` on the seat's view). A decision is one where
//! the seat had a choice: a turn (unless its only legal action is one discard) or a tile it
//! could claim.

use mahjong::{Hand, KINDS, MeldKind, Piece, Tile};
use tiles_core::{Bot, Stop, Stopped};

use super::GameLog;
use super::replay::{play_again, replay_hand_moves};
use crate::bots::{ValueBot, visible};
use crate::engine::{Action, Event, Game, HandId, View};

/// What a choice leaves the hand for the seat's next draw: how far from ready, and the tiles
/// that bring it nearer (when ready: the waits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// Shanten (0: ready).
    pub shanten: i8,
    /// Each kind a draw of which brings the hand nearer (when ready: completes it), with the
    /// copies of it the seat cannot see, in tile order.
    pub effective: Vec<(Tile, u8)>,
}

impl Shape {
    /// The unseen copies of the effective kinds together.
    pub fn count(&self) -> u32 {
        self.effective
            .iter()
            .map(|(_, unseen)| u32::from(*unseen))
            .sum()
    }
}

/// Which measure judged a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Judge {
    /// The value bot's estimates: the seat's choice and the bot's both valued.
    Value,
    /// Where the estimates do not reach (a hand far from ready): the shanten and the tiles
    /// that bring the hand nearer, the seat's choice against the best choice's.
    Shape,
    /// Neither: a decision that leaves no hand to measure (a win, a kan, a North, nine
    /// terminals) the value bot does not value.
    Neither,
}

impl Judge {
    /// `value`, `shape` or `none`.
    pub fn name(self) -> &'static str {
        match self {
            Judge::Value => "value",
            Judge::Shape => "shape",
            Judge::Neither => "none",
        }
    }
}

/// How much worse the hand a choice leaves is than the best any legal choice leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ShapeLoss {
    /// Steps further from ready (0: as near as the best).
    pub shanten: i8,
    /// At the best's shanten, the tiles fewer that bring it nearer (their unseen copies); 0
    /// when the shanten is worse.
    pub tiles: u32,
}

impl ShapeLoss {
    /// The loss of `shape` against `best`.
    pub fn of(shape: &Shape, best: &Shape) -> ShapeLoss {
        let shanten = (shape.shanten - best.shanten).max(0);
        ShapeLoss {
            shanten,
            tiles: if shanten == 0 {
                best.count().saturating_sub(shape.count())
            } else {
                0
            },
        }
    }

    /// Whether it is flagged: a step back in shanten, or at the same shanten at least a
    /// quarter of the best's tiles (and at least four) gone.
    pub fn flagged(&self, best: &Shape) -> bool {
        self.shanten > 0 || (self.tiles >= 4 && self.tiles * 4 >= best.count())
    }
}

/// One legal discard at a turn.
#[derive(Debug, Clone, PartialEq)]
pub struct DiscardReview {
    /// The tile (a red five apart from a plain one).
    pub tile: Piece,
    /// The hand it leaves.
    pub shape: Shape,
    /// The value bot's estimate of discarding it without riichi, if it has one.
    pub value: Option<f32>,
    /// Whether a riichi discard of it is legal.
    pub riichi: bool,
    /// The value bot's estimate of discarding it with riichi, if it has one.
    pub riichi_value: Option<f32>,
}

/// One decision of the seat.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The hand's place in the record (0 the first).
    pub hand: usize,
    /// Which hand.
    pub id: HandId,
    /// How many of the hand's events came before the decision (its deal the first).
    pub event: usize,
    /// The seat's draws so far this hand (replacement tiles not counted): its turn.
    pub turn: u32,
    /// The seat.
    pub seat: usize,
    /// What the seat saw.
    pub view: View,
    /// What it did.
    pub played: Action,
    /// What the bot does in its place.
    pub bot: Action,
    /// The hand `played` leaves (none for a win, a kan, a North, nine terminals).
    pub played_shape: Option<Shape>,
    /// The hand the bot's choice leaves.
    pub bot_shape: Option<Shape>,
    /// The value bot's estimate of `played`, if it has one.
    pub played_value: Option<f32>,
    /// Its estimate of the bot's choice.
    pub bot_value: Option<f32>,
    /// On a turn: every legal discard (one row a tile), in tile order.
    pub discards: Vec<DiscardReview>,
    /// Every legal decision the value bot values, with its estimate.
    pub values: Vec<(Action, f32)>,
    /// The estimated loss of `played` against the bot's choice (none unless both are valued;
    /// 0 when they are the same decision).
    pub loss: Option<f32>,
    /// The measure that judged it: the value bot's estimates where both choices are valued,
    /// else the shapes they leave.
    pub judge: Judge,
    /// The hand the seat's choice leaves against the best any legal choice leaves (none for
    /// a choice that leaves no hand to measure).
    pub shape_loss: Option<ShapeLoss>,
    /// The choices differ and, judged by value, the loss is more than the threshold; judged
    /// by shape, [`ShapeLoss::flagged`].
    pub flagged: bool,
}

impl Decision {
    /// Whether the seat made the bot's decision (a discard of the same tile, with or without
    /// riichi alike, counts whichever copy it was).
    pub fn matched(&self) -> bool {
        same(self.played, self.bot)
    }
}

/// One seat's decisions together.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The seat.
    pub seat: usize,
    /// Its decisions.
    pub decisions: usize,
    /// Those where it made the bot's decision.
    pub matched: usize,
    /// Those flagged.
    pub flagged: usize,
    /// The estimated loss over every decision the value bot values both ways.
    pub loss: f32,
    /// Those judged by value.
    pub judged_by_value: usize,
    /// Those judged by shape.
    pub judged_by_shape: usize,
    /// Those flagged by shape.
    pub flagged_by_shape: usize,
    /// The steps back in shanten over the decisions judged by shape.
    pub shanten_lost: u32,
    /// The tiles lost at the same shanten over the decisions judged by shape.
    pub tiles_lost: u32,
}

/// A hand the engine could not follow to its end: its decisions are reviewed up to where the
/// replay stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfollowed {
    /// The hand's place in the record (0 the first).
    pub hand: usize,
    /// Which hand.
    pub id: HandId,
    /// Why, as the replay says it.
    pub error: String,
}

/// A record's review.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// Every decision of the seats reviewed, in the order made.
    pub decisions: Vec<Decision>,
    /// Each seat's summary.
    pub summaries: Vec<Summary>,
    /// The hands the engine could not follow to their end (a decision it refused, a record
    /// cut short, a deal it could not make), in order.
    pub unfollowed: Vec<Unfollowed>,
    /// Whether every decision was reviewed (false: [`review_at_most`] stopped at its most).
    pub complete: bool,
}

/// The estimated loss (in points) above which a decision is flagged unless given.
pub const DEFAULT_THRESHOLD: f32 = 1000.0;

/// Reviews the decisions of `seats` in every hand of `log` the engine can deal, against `bot`,
/// flagging a loss above `threshold` points. Hands the engine cannot follow to their end are
/// reviewed up to where it stops and listed in [`Review::unfollowed`] with the replay's error;
/// a hand followed to its end whose result disagrees is reviewed whole.
///
/// # Errors
///
/// [`Stopped`] if `stop` is raised (checked at every decision).
pub fn review(
    log: &GameLog,
    seats: &[usize],
    bot: &dyn Bot<Game>,
    threshold: f32,
    stop: &Stop,
) -> Result<Review, Stopped> {
    review_at_most(log, seats, bot, threshold, stop, usize::MAX)
}

/// [`review`], stopping once `most` decisions are reviewed (then [`Review::complete`] is
/// false): a bound on the work and the answer for a record of any size.
///
/// # Errors
///
/// [`Stopped`] if `stop` is raised (checked at every decision).
pub fn review_at_most(
    log: &GameLog,
    seats: &[usize],
    bot: &dyn Bot<Game>,
    threshold: f32,
    stop: &Stop,
    most: usize,
) -> Result<Review, Stopped> {
    let mut decisions = Vec::new();
    let mut complete = true;
    let mut unfollowed = Vec::new();
    for (index, hand) in log.hands.iter().enumerate() {
        stop.check()?;
        if decisions.len() >= most {
            complete = false;
            break;
        }
        let (verdict, game, moves) = replay_hand_moves(log.rules, log.notation, hand);
        if !game.as_ref().is_some_and(Game::is_over) {
            unfollowed.push(Unfollowed {
                hand: index,
                id: hand.id,
                error: verdict
                    .error
                    .unwrap_or_else(|| "the engine did not reach the hand's end".to_owned()),
            });
        }
        if game.is_none() {
            continue;
        }
        let mut stopped = Ok(());
        play_again(log.rules, hand, &moves, |game, seat, played| {
            if stopped.is_err() || !seats.contains(&seat) {
                return;
            }
            stopped = stop.check();
            if stopped.is_ok()
                && let Some(mut decision) = decision(game, seat, played, bot, threshold)
            {
                decision.hand = index;
                decisions.push(decision);
            }
        });
        stopped?;
    }
    let summaries = seats
        .iter()
        .map(|&seat| {
            let mine = decisions.iter().filter(|decision| decision.seat == seat);
            let by_shape = mine
                .clone()
                .filter(|decision| decision.judge == Judge::Shape);
            let shape_losses = by_shape.clone().filter_map(|decision| decision.shape_loss);
            Summary {
                seat,
                decisions: mine.clone().count(),
                matched: mine.clone().filter(|decision| decision.matched()).count(),
                flagged: mine.clone().filter(|decision| decision.flagged).count(),
                loss: mine
                    .clone()
                    .filter(|decision| decision.judge == Judge::Value)
                    .filter_map(|decision| decision.loss)
                    .sum(),
                judged_by_value: mine
                    .clone()
                    .filter(|decision| decision.judge == Judge::Value)
                    .count(),
                judged_by_shape: by_shape.clone().count(),
                flagged_by_shape: by_shape.filter(|decision| decision.flagged).count(),
                shanten_lost: shape_losses
                    .clone()
                    .map(|loss| u32::from(loss.shanten.unsigned_abs()))
                    .sum(),
                tiles_lost: shape_losses.map(|loss| loss.tiles).sum(),
            }
        })
        .collect();
    Ok(Review {
        decisions,
        summaries,
        unfollowed,
        complete,
    })
}

/// Two decisions alike: a discard of the same tile (riichi alike) whichever copy, or equal.
fn same(one: Action, other: Action) -> bool {
    match (one, other) {
        (
            Action::Discard {
                tile,
                riichi: first,
                ..
            },
            Action::Discard {
                tile: second_tile,
                riichi: second,
                ..
            },
        ) => tile == second_tile && first == second,
        _ => one == other,
    }
}

/// `seat`'s decision `played` in `game` as it stands (the seat to decide now), against `bot`,
/// flagging a loss above `threshold` (its `hand` is 0); `None` if the seat had no choice.
pub fn decision(
    game: &Game,
    seat: usize,
    played: Action,
    bot: &dyn Bot<Game>,
    threshold: f32,
) -> Option<Decision> {
    let view = &game.view(seat);
    let hand = 0;
    let discards: Vec<Action> = view
        .legal
        .iter()
        .copied()
        .filter(|action| matches!(action, Action::Discard { .. }))
        .collect();
    let only_one_discard = discards.len() == view.legal.len()
        && discards.iter().all(|action| same(*action, discards[0]));
    if view.legal.len() < 2 || only_one_discard {
        return None;
    }
    let chosen = bot.choose(view);
    let values = ValueBot::estimates(view);
    let value_of = |action: Action| {
        values
            .iter()
            .filter(|(valued, _)| same(*valued, action))
            .map(|(_, value)| *value)
            .reduce(f32::max)
    };
    let seen = visible(view);
    let scoring = view.rules.scoring();
    let unseen: [u8; KINDS] = std::array::from_fn(|kind| {
        if scoring.has_kind(Tile::at(kind)) {
            4 - seen[kind].min(4)
        } else {
            0
        }
    });
    let exists: [bool; KINDS] = std::array::from_fn(|kind| scoring.has_kind(Tile::at(kind)));
    let shape_of = |action: Action| shape_after(view, action, &unseen, &exists);
    let mut rows: Vec<DiscardReview> = Vec::new();
    for action in &discards {
        let Action::Discard { tile, riichi, .. } = *action else {
            continue;
        };
        let value = value_of(*action);
        let row = match rows.iter_mut().find(|row| row.tile == tile) {
            Some(row) => row,
            None => {
                rows.push(DiscardReview {
                    tile,
                    shape: shape_of(*action)?,
                    value: None,
                    riichi: false,
                    riichi_value: None,
                });
                rows.last_mut().expect("just pushed")
            }
        };
        if riichi {
            row.riichi = true;
            row.riichi_value = value;
        } else {
            row.value = value;
        }
    }
    rows.sort_by_key(|row| (row.tile.tile, row.tile.red));
    let played_value = value_of(played);
    let bot_value = value_of(chosen);
    let valued = played_value.is_some() && bot_value.is_some();
    let loss = if same(played, chosen) {
        Some(0.0)
    } else {
        played_value
            .zip(bot_value)
            .map(|(played, bot)| (bot - played).max(0.0))
    };
    // A choice's shape: a discard's is its row's (worked out once above), another's now.
    let shape_for = |action: Action| match action {
        Action::Discard { tile, .. } => rows
            .iter()
            .find(|row| row.tile == tile)
            .map(|row| row.shape.clone()),
        _ => shape_of(action),
    };
    // The best hand any legal choice leaves, and the seat's against it.
    let played_shape = shape_for(played);
    let best = rows
        .iter()
        .map(|row| row.shape.clone())
        .chain(
            view.legal
                .iter()
                .filter(|action| !matches!(action, Action::Discard { .. }))
                .filter_map(|action| shape_of(*action)),
        )
        .min_by_key(|shape| (shape.shanten, std::cmp::Reverse(shape.count())));
    let shape_loss = played_shape
        .as_ref()
        .zip(best.as_ref())
        .map(|(shape, best)| ShapeLoss::of(shape, best));
    let judge = if valued {
        Judge::Value
    } else if shape_loss.is_some() {
        Judge::Shape
    } else {
        Judge::Neither
    };
    let flagged = match judge {
        Judge::Value => loss.is_some_and(|loss| loss > threshold),
        Judge::Shape => {
            !same(played, chosen)
                && shape_loss
                    .zip(best.as_ref())
                    .is_some_and(|(loss, best)| loss.flagged(best))
        }
        Judge::Neither => false,
    };
    let turn = game
        .hand_events()
        .iter()
        .filter(|event| {
            matches!(event, Event::Draw { seat, replacement: false, .. } if *seat == view.seat)
        })
        .count() as u32;
    Some(Decision {
        hand,
        id: view.hand_id,
        event: game.hand_events().len(),
        turn,
        seat: view.seat,
        view: view.clone(),
        played,
        bot: chosen,
        played_shape,
        bot_shape: shape_for(chosen),
        played_value,
        bot_value,
        discards: rows,
        values,
        loss,
        judge,
        shape_loss,
        flagged,
    })
}

/// The hand `action` leaves for the seat's next draw: a discard's; a pass's (the hand as it
/// is); a chi's or pon's after the call and its best discard that kuikae allows. None for other decisions.
fn shape_after(
    view: &View,
    action: Action,
    unseen: &[u8; KINDS],
    exists: &[bool; KINDS],
) -> Option<Shape> {
    let mut counts = [0u8; KINDS];
    for piece in &view.hand {
        counts[piece.tile.index()] += 1;
    }
    match action {
        Action::Discard { tile, .. } => {
            counts[tile.tile.index()] -= 1;
            Some(shape(&counts, unseen, exists))
        }
        Action::Pass => Some(shape(&counts, unseen, exists)),
        Action::Chi { tiles } | Action::Pon { tiles } => {
            for piece in tiles {
                counts[piece.tile.index()] -= 1;
            }
            let claimed = view.claimable?.0.tile;
            let kind = if matches!(action, Action::Pon { .. }) {
                MeldKind::Pon
            } else {
                MeldKind::Chi
            };
            // The best of the discards kuikae leaves it.
            let run = [tiles[0], tiles[1], Piece::plain(claimed)];
            let forbidden = crate::engine::legal::kuikae(view.rules.kuikae, kind, claimed, &run);
            (0..KINDS)
                .filter(|&kind| counts[kind] > 0 && forbidden & (1 << kind) == 0)
                .map(|kind| {
                    let mut kept = counts;
                    kept[kind] -= 1;
                    shape(&kept, unseen, exists)
                })
                .min_by_key(|shape| (shape.shanten, std::cmp::Reverse(shape.count())))
        }
        _ => None,
    }
}

/// The shape of `counts` (`3k + 1` tiles).
fn shape(counts: &[u8; KINDS], unseen: &[u8; KINDS], exists: &[bool; KINDS]) -> Shape {
    let hand = Hand::from_counts(*counts).expect("a seat holds at most four of a kind");
    let shanten = mahjong::counts_shanten(counts, hand.len());
    // The hand crate's effective tiles, with the copies this seat cannot see and the kinds
    // the set has.
    let effective = mahjong::effective_tiles(&hand)
        .expect("3k + 1 tiles")
        .into_iter()
        .filter(|effective| exists[effective.tile.index()])
        .map(|effective| (effective.tile, unseen[effective.tile.index()]))
        .collect();
    Shape { shanten, effective }
}
