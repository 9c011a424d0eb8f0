//! Plays and the rules of a turn: which play is valid, given the history of the game.
//!
//! A turn is either one draw from the stock, or one to six plays (a card from the hand to a
//! group, or a card moved between groups on the table) followed by ending the turn. The first
//! play of such a turn is from the hand. The table may be invalid during a turn; when the turn
//! ends every group must be valid. A player's first turn that plays to the table is their
//! opening: the cards played from the hand in it must be worth at least 24 points (jokers 0).
//!
//! Where the rules are silent we follow the crate's documented choices: moving table cards
//! only after one's opening turn is complete; a move may empty a group, which keeps its index
//! until the turn ends and is then removed; no draw after plays in the same turn, none from an
//! empty stock; a 7th play is invalid.

use std::fmt;

use crate::card::{Card, HAND_SIZE, PLAYERS, Variant};
use crate::group::{GroupError, check_group};

/// The most plays (from the hand or between groups) in one turn.
pub const MAX_PLAYS: usize = 6;
/// The points the cards played from the hand in an opening turn must reach.
pub const OPENING_POINTS: u32 = 24;

/// One play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Play {
    /// Take the top card of the stock; this is the whole turn (type 0).
    Draw,
    /// Put a card from the hand on group `to` of the table; `to` equal to the number of groups
    /// starts a new group (type 1).
    FromHand {
        /// The card.
        card: Card,
        /// The group it goes to.
        to: usize,
    },
    /// Move a card from group `from` of the table to group `to` (a new group if `to` is the
    /// number of groups) (type 2).
    Move {
        /// The card.
        card: Card,
        /// The group it leaves.
        from: usize,
        /// The group it joins.
        to: usize,
    },
    /// End a turn of plays (type 3).
    EndTurn,
}

impl Play {
    /// The play's type number in the reference interface: 0 draw, 1 from the hand, 2 move,
    /// 3 end the turn.
    pub fn type_number(self) -> u8 {
        match self {
            Play::Draw => 0,
            Play::FromHand { .. } => 1,
            Play::Move { .. } => 2,
            Play::EndTurn => 3,
        }
    }

    /// Whether the play puts or moves a card (types 1 and 2), counting towards the six.
    pub fn is_card_play(self) -> bool {
        matches!(self, Play::FromHand { .. } | Play::Move { .. })
    }
}

/// A play made by a player: one entry of a game's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Played {
    /// The player, 0..4.
    pub player: usize,
    /// The play.
    pub play: Play,
}

impl fmt::Display for Played {
    /// The reference interface's tuple: `(0, 1, ('KC', 0))`, `(2, 3, None)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (player, kind) = (self.player, self.play.type_number());
        match self.play {
            Play::Draw | Play::EndTurn => write!(f, "({player}, {kind}, None)"),
            Play::FromHand { card, to } => write!(f, "({player}, {kind}, ('{card}', {to}))"),
            Play::Move { card, from, to } => {
                write!(f, "({player}, {kind}, ('{card}', {from}, {to}))")
            }
        }
    }
}

/// Why a play is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The play names another player than the one whose turn it is.
    #[error("player {player} cannot play: it is player {active}'s turn")]
    WrongPlayer {
        /// The player the play names.
        player: usize,
        /// The active player.
        active: usize,
    },
    /// The history shows another player in the middle of a turn.
    #[error("player {player} is in the middle of a turn: it must end before player {active} plays")]
    TurnNotOver {
        /// The player whose turn is open.
        player: usize,
        /// The active player.
        active: usize,
    },
    /// A draw after plays in the same turn.
    #[error("a draw is a whole turn: this turn already has {plays} plays")]
    DrawAfterPlays {
        /// Plays made this turn.
        plays: usize,
    },
    /// A draw from an empty stock.
    #[error("the stock is empty")]
    StockEmpty,
    /// A card not in the hand.
    #[error("{card} is not in the hand")]
    NotInHand {
        /// The card.
        card: Card,
    },
    /// A group index beyond the table.
    #[error("there is no group {index}: the table has {groups} groups (a new group is {groups})")]
    NoSuchGroup {
        /// The index given.
        index: usize,
        /// Groups on the table.
        groups: usize,
    },
    /// A move of a card that is not in the group it leaves.
    #[error("{card} is not in group {group}")]
    NotInGroup {
        /// The card.
        card: Card,
        /// The group.
        group: usize,
    },
    /// A move to the group the card is already in.
    #[error("a move must take {card} to another group than {group}")]
    SameGroup {
        /// The card.
        card: Card,
        /// The group.
        group: usize,
    },
    /// A move before the player's opening turn is complete.
    #[error("table cards may be moved only after the player's opening turn")]
    MoveBeforeOpening,
    /// A move as the first play of a turn.
    #[error("the first play of a turn must be a card from the hand")]
    MoveFirst,
    /// A seventh play.
    #[error("a turn has at most {MAX_PLAYS} plays: only ending the turn is left")]
    TooManyPlays,
    /// Ending a turn with no play.
    #[error("a turn can only be ended after playing a card from the hand")]
    EndWithoutPlay,
    /// A draw or an end of turn among a whole turn's card plays ([`crate::Move::Plays`]).
    #[error(
        "a turn's plays are cards from the hand or moves: a draw is a turn of its own and the end of the turn comes after the plays"
    )]
    NotACardPlay,
    /// Ending a turn with an invalid group on the table.
    #[error("the turn cannot end: group {index} is not valid: {error}")]
    InvalidTable {
        /// The group's index on the table (empty groups are removed first).
        index: usize,
        /// Why it is not valid.
        error: GroupError,
    },
    /// Ending an opening turn worth too little.
    #[error("an opening turn needs {OPENING_POINTS} points from the hand, this one has {points}")]
    OpeningTooLow {
        /// Points played from the hand this turn.
        points: u32,
    },
    /// A play after the game has ended.
    #[error("the game is over")]
    GameOver,
    /// An active player outside 0..4.
    #[error("there is no player {player}: players are 0 to 3")]
    NoSuchPlayer {
        /// The player.
        player: usize,
    },
}

/// What the history says about the turn being played, for the rules of the next play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TurnInfo {
    /// The player whose turn is open (plays made, not yet ended), if any.
    pub open_turn: Option<usize>,
    /// Card plays (types 1 and 2) made in the open turn.
    pub plays: usize,
    /// Points of the cards played from the hand in the open turn (jokers 0).
    pub points: u32,
    /// Per player: whether their opening turn is complete.
    pub opened: [bool; PLAYERS],
    /// Draws made in the whole game.
    pub draws: usize,
}

impl TurnInfo {
    /// Reads the history.
    pub fn from_history(history: &[Played]) -> TurnInfo {
        let mut info = TurnInfo::default();
        for &played in history {
            info.record(played);
        }
        info
    }

    /// Takes one more play into account.
    pub fn record(&mut self, played: Played) {
        match played.play {
            Play::Draw => {
                self.draws += 1;
                self.end_turn();
            }
            Play::EndTurn => {
                if let Some(opened) = self.opened.get_mut(played.player) {
                    *opened = true;
                }
                self.end_turn();
            }
            Play::FromHand { card, .. } => {
                self.open_turn = Some(played.player);
                self.plays += 1;
                self.points += card.opening_points();
            }
            Play::Move { .. } => {
                self.open_turn = Some(played.player);
                self.plays += 1;
            }
        }
    }

    fn end_turn(&mut self) {
        self.open_turn = None;
        self.plays = 0;
        self.points = 0;
    }

    /// Cards left in the stock: the pack, less the 48 dealt, less the draws.
    pub fn stock_left(&self, variant: Variant) -> usize {
        (variant.pack_size() - PLAYERS * HAND_SIZE).saturating_sub(self.draws)
    }
}

/// Checks `played` for `active_player` holding `hand`, with `table` as it is before the play
/// and `info` read from the history ([`TurnInfo::from_history`]); `stock_left` cards remain.
///
/// # Errors
///
/// The first rule the play breaks, as a [`PlayError`].
pub fn check_play_with(
    variant: Variant,
    played: Played,
    info: &TurnInfo,
    stock_left: usize,
    active_player: usize,
    hand: &[Card],
    table: &[Vec<Card>],
) -> Result<(), PlayError> {
    if active_player >= PLAYERS {
        return Err(PlayError::NoSuchPlayer {
            player: active_player,
        });
    }
    if played.player != active_player {
        return Err(PlayError::WrongPlayer {
            player: played.player,
            active: active_player,
        });
    }
    if let Some(player) = info.open_turn
        && player != active_player
    {
        return Err(PlayError::TurnNotOver {
            player,
            active: active_player,
        });
    }
    let groups = table.len();
    let new_group_ok = |to: usize| {
        if to > groups {
            Err(PlayError::NoSuchGroup { index: to, groups })
        } else {
            Ok(())
        }
    };
    match played.play {
        Play::Draw if info.plays > 0 => Err(PlayError::DrawAfterPlays { plays: info.plays }),
        Play::Draw if stock_left == 0 => Err(PlayError::StockEmpty),
        Play::Draw => Ok(()),
        Play::FromHand { .. } | Play::Move { .. } if info.plays >= MAX_PLAYS => {
            Err(PlayError::TooManyPlays)
        }
        Play::FromHand { card, to } => {
            if !hand.contains(&card) {
                return Err(PlayError::NotInHand { card });
            }
            new_group_ok(to)
        }
        Play::Move { card, from, to } => {
            if !info.opened[active_player] {
                return Err(PlayError::MoveBeforeOpening);
            }
            if info.plays == 0 {
                return Err(PlayError::MoveFirst);
            }
            let Some(group) = table.get(from) else {
                return Err(PlayError::NoSuchGroup {
                    index: from,
                    groups,
                });
            };
            if !group.contains(&card) {
                return Err(PlayError::NotInGroup { card, group: from });
            }
            if from == to {
                return Err(PlayError::SameGroup { card, group: from });
            }
            new_group_ok(to)
        }
        Play::EndTurn => {
            if info.plays == 0 {
                return Err(PlayError::EndWithoutPlay);
            }
            for (index, group) in table.iter().filter(|g| !g.is_empty()).enumerate() {
                check_group(group, variant)
                    .map_err(|error| PlayError::InvalidTable { index, error })?;
            }
            if !info.opened[active_player] && info.points < OPENING_POINTS {
                return Err(PlayError::OpeningTooLow {
                    points: info.points,
                });
            }
            Ok(())
        }
    }
}

/// Checks `played` against every rule, given the game's `history` (every play so far, by every
/// player), the `active_player`, their `hand` and the `table` before the play.
///
/// # Errors
///
/// The first rule the play breaks, as a [`PlayError`].
pub fn check_play(
    variant: Variant,
    played: Played,
    history: &[Played],
    active_player: usize,
    hand: &[Card],
    table: &[Vec<Card>],
) -> Result<(), PlayError> {
    let info = TurnInfo::from_history(history);
    check_play_with(
        variant,
        played,
        &info,
        info.stock_left(variant),
        active_player,
        hand,
        table,
    )
}

/// Whether `played` is valid: [`check_play`] without the reason.
pub fn valid_play(
    variant: Variant,
    played: Played,
    history: &[Played],
    active_player: usize,
    hand: &[Card],
    table: &[Vec<Card>],
) -> bool {
    check_play(variant, played, history, active_player, hand, table).is_ok()
}

/// Carries out a card play or an end of turn on `hand` and `table`, assuming it is valid: the
/// card leaves the hand (or its group) and joins group `to`, a new group at the end if `to` is
/// the number of groups; ending the turn removes the empty groups. A draw changes neither (the
/// drawn card comes from the stock: see [`crate::Game`]).
pub fn apply_to(play: Play, hand: &mut Vec<Card>, table: &mut Vec<Vec<Card>>) {
    match play {
        Play::FromHand { card, to } => {
            if let Some(at) = hand.iter().position(|&c| c == card) {
                hand.remove(at);
            }
            put(table, card, to);
        }
        Play::Move { card, from, to } => {
            if let Some(at) = table[from].iter().position(|&c| c == card) {
                table[from].remove(at);
            }
            put(table, card, to);
        }
        Play::EndTurn => table.retain(|group| !group.is_empty()),
        Play::Draw => {}
    }
}

/// Puts `card` on group `to`, or on a new group at the end if `to` is the number of groups.
fn put(table: &mut Vec<Vec<Card>>, card: Card, to: usize) {
    match table.get_mut(to) {
        Some(group) => group.push(card),
        None => table.push(vec![card]),
    }
}

/// Each card of `cards` once, in the order of its first copy.
pub(crate) fn distinct(cards: &[Card]) -> impl Iterator<Item = Card> + '_ {
    let mut seen = [false; 53];
    cards
        .iter()
        .copied()
        .filter(move |card| !std::mem::replace(&mut seen[card.index()], true))
}

/// Every valid next play for `active_player` holding `hand` with `table`, given `info` and
/// `stock_left` ([`check_play_with`] accepts exactly these): the draw, each distinct card of
/// the hand to each group or a new one, each distinct table card to each other group or a new
/// one, and ending the turn.
pub fn legal_plays_with(
    variant: Variant,
    info: &TurnInfo,
    stock_left: usize,
    active_player: usize,
    hand: &[Card],
    table: &[Vec<Card>],
) -> Vec<Play> {
    let mut candidates = vec![Play::Draw];
    for card in distinct(hand) {
        candidates.extend((0..=table.len()).map(|to| Play::FromHand { card, to }));
    }
    for (from, group) in table.iter().enumerate() {
        for card in distinct(group) {
            candidates.extend(
                (0..=table.len())
                    .filter(|&to| to != from)
                    .map(|to| Play::Move { card, from, to }),
            );
        }
    }
    candidates.push(Play::EndTurn);
    candidates.retain(|&play| {
        let played = Played {
            player: active_player,
            play,
        };
        check_play_with(
            variant,
            played,
            info,
            stock_left,
            active_player,
            hand,
            table,
        )
        .is_ok()
    });
    candidates
}
