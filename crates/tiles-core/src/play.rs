//! The game loop: bots play a game from its deal to its end (or to a cap on moves), and the
//! game's record, its seed and its moves, replays to the same game.

use crate::game::{Bot, Game};
use crate::stop::{Stop, Stopped};

/// A game's record: the seed it was dealt from and every move, in order. With the game's
/// options it replays to the same game ([`replay`]). A move that forfeited the game is its
/// last move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<M> {
    /// The deal's seed.
    pub seed: u64,
    /// Every move, in order.
    pub moves: Vec<M>,
}

/// A game played by bots: the game as it stands at the end, and its record.
#[derive(Debug, Clone)]
pub struct Played<G: Game> {
    /// The game, over (or stopped by the cap on moves: then [`Game::outcome`] is `None`).
    pub game: G,
    /// The seed and every move.
    pub record: Record<G::Move>,
}

/// Why bots could not play a game to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The stop signal was raised.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// Not one bot per seat.
    #[error("the game has {players} seats but {bots} bots were given")]
    Seats {
        /// Bots given.
        bots: usize,
        /// Seats in the game.
        players: usize,
    },
}

/// Makes the move of the seat to move; an illegal move forfeits the game for that seat.
/// Returns whether the move was legal.
pub fn apply_or_forfeit<G: Game>(game: &mut G, action: &G::Move) -> bool {
    match game.apply(action) {
        Ok(()) => true,
        Err(error) => {
            if game.to_move().is_some() {
                game.forfeit(error);
            }
            false
        }
    }
}

/// Plays the game dealt from `options` and `seed`, seat `i` played by `bots[i]`, until it ends
/// or `max_moves` moves have been made. Each bot chooses from its seat's view; an illegal
/// move forfeits the game. `stop` is checked before every move.
///
/// # Errors
///
/// [`PlayError::Seats`] if `bots` does not have one bot per seat; [`PlayError::Stopped`] if
/// the stop signal was raised.
pub fn play<G: Game>(
    options: &G::Options,
    seed: u64,
    bots: &[&dyn Bot<G>],
    max_moves: usize,
    stop: &Stop,
) -> Result<Played<G>, PlayError> {
    let mut game = G::deal(options, seed);
    if bots.len() != game.players() {
        return Err(PlayError::Seats {
            bots: bots.len(),
            players: game.players(),
        });
    }
    let mut moves = Vec::new();
    while moves.len() < max_moves {
        let Some(seat) = game.to_move() else {
            break;
        };
        stop.check()?;
        let action = bots[seat].choose(&game.view(seat));
        apply_or_forfeit(&mut game, &action);
        moves.push(action);
    }
    Ok(Played {
        game,
        record: Record { seed, moves },
    })
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError<E> {
    /// A move that is not the record's last was illegal.
    #[error("move {} is illegal: {error}", .index + 1)]
    Illegal {
        /// The move's index (0-based).
        index: usize,
        /// Why.
        error: E,
    },
    /// A move comes after the game ended.
    #[error("move {} comes after the game ended", .index + 1)]
    AfterTheEnd {
        /// The move's index (0-based).
        index: usize,
    },
}

/// The game `record` was played as: dealt from `options` and the record's seed, every move
/// made in order. An illegal last move forfeits the game, as it did when it was played.
///
/// # Errors
///
/// [`ReplayError::Illegal`] for an illegal move before the last, [`ReplayError::AfterTheEnd`]
/// for a move after the end.
pub fn replay<G: Game>(
    options: &G::Options,
    record: &Record<G::Move>,
) -> Result<G, ReplayError<G::Error>> {
    let mut game = G::deal(options, record.seed);
    for (index, action) in record.moves.iter().enumerate() {
        if game.to_move().is_none() {
            return Err(ReplayError::AfterTheEnd { index });
        }
        if let Err(error) = game.apply(action) {
            if index + 1 < record.moves.len() {
                return Err(ReplayError::Illegal { index, error });
            }
            game.forfeit(error);
        }
    }
    Ok(game)
}
