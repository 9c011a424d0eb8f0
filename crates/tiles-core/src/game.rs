//! The game interface every turn-based game implements, its outcome, and the bot interface.
//!
//! After OpenSpiel's `Game`/`State`: a game is dealt from options and a seed; at each moment one
//! seat is to move; a player sees only its [`Game::View`]; a move is applied or refused with a
//! typed error (a refused move changes nothing); and a finished game has an [`Outcome`].

use std::fmt;

/// A turn-based game for two or more seats, dealt from a seed.
///
/// A *move* is everything a player does in one turn (a draw, or a whole play), so each call
/// of [`Game::apply`] passes the turn on or ends the game.
pub trait Game: Clone + Send + Sized {
    /// What is fixed for a whole game: the rules, the number of players.
    type Options: Clone + Send + Sync;
    /// One turn's move.
    type Move: Clone + Send + Sync;
    /// What one player may see: never another player's hidden tiles or the undealt ones.
    type View;
    /// Why a move is illegal.
    type Error: Clone + fmt::Display + Send;

    /// The game dealt from `seed`: the same options and seed always deal the same game.
    fn deal(options: &Self::Options, seed: u64) -> Self;

    /// The number of seats (players), numbered from 0.
    fn players(&self) -> usize;

    /// The seat to move, or `None` once the game is over.
    fn to_move(&self) -> Option<usize>;

    /// What `player` may see now.
    fn view(&self, player: usize) -> Self::View;

    /// Makes the move of the seat to move.
    ///
    /// # Errors
    ///
    /// Why the move is illegal (or that the game is over); the game is then unchanged.
    fn apply(&mut self, action: &Self::Move) -> Result<(), Self::Error>;

    /// Ends the game because the seat to move made the illegal move refused with `error`:
    /// that seat forfeits.
    fn forfeit(&mut self, error: Self::Error);

    /// How the game ended, once it is over.
    fn outcome(&self) -> Option<Outcome>;
}

/// How a finished game came out for each seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Each seat's rank: 1 is best; seats that tie share a rank (two firsts, then a third).
    pub ranks: Vec<usize>,
    /// Each seat's points, in the game's own terms (the game's documentation says whether more
    /// is better: points won, or points left in hand).
    pub points: Vec<i64>,
    /// The seat that forfeited the game with an illegal move, if any.
    pub forfeit: Option<usize>,
}

impl Outcome {
    /// Ranks from each seat's standing, where a smaller standing is better: a seat's rank is
    /// one more than the number of seats strictly better.
    ///
    /// ```
    /// assert_eq!(tiles_core::Outcome::ranks_by(&[5, 0, 5, 9]), [2, 1, 2, 4]);
    /// ```
    pub fn ranks_by<T: PartialOrd>(standing: &[T]) -> Vec<usize> {
        standing
            .iter()
            .map(|mine| 1 + standing.iter().filter(|other| *other < mine).count())
            .collect()
    }

    /// The seats ranked first.
    pub fn winners(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.ranks.len()).filter(|&seat| self.ranks[seat] == 1)
    }
}

/// A player program: it chooses a move from what its seat may see.
///
/// A bot must be deterministic (the same view, the same move), so that a game's record
/// replays and a tournament's results do not depend on threads. A bot that returns an illegal
/// move forfeits the game.
pub trait Bot<G: Game>: Sync {
    /// A short name for logs and tables.
    fn name(&self) -> &str;

    /// The move to make from `view`.
    fn choose(&self, view: &G::View) -> G::Move;
}
