//! The whole game under the standard rules, for 2 to 4 players, on `tiles-core`'s interface:
//! the seeded deal, turns that play or draw, the initial meld, the two ends and the scores.
//!
//! The rules, in the game's words (the crate README's Rules section says more):
//!
//! - The tiles (106 in the standard set) are shuffled from the seed and dealt one at a time
//!   round the players, 14 each, seat 0 first; the rest is the pool. Seat 0 plays first, then
//!   1, 2 … and round again.
//! - A turn either plays (a legal turn: see [`check_turn`]) or draws one tile from the pool,
//!   which ends the turn. A player may draw even when able to play. With the pool empty, a
//!   draw is a pass.
//! - The game ends when a player empties their rack, or when the pool is empty and a full
//!   round of turns (one per player) passes with no play.
//! - Scores: a rack is worth its tiles' numbers, a joker 30. When a player empties their rack,
//!   each other player scores minus their rack's value and the winner the sum. When the game
//!   is blocked, the lowest rack wins: each other player scores minus the difference between
//!   their rack and the winner's, and the winner the sum (the same rule, with the winner's
//!   rack no longer empty; tied winners share the sum, the odd points to the earliest seats).
//!   Scores always sum to zero.
//! - A player who makes an illegal turn forfeits (the engine refuses the turn; the game loop
//!   ends the game): they rank last and pay their rack's value, shared by the others as a
//!   winner's sum is; the others share first place.

mod bots;
mod log;
mod tournament;
mod turn;

use std::fmt;

use tiles_core::{Outcome, SplitMix, shuffle};

use crate::group::Group;
use crate::rules::Rules;
use crate::tile::{Number, Tile};

pub use bots::{BOT_NAMES, GreedyBot, SolverBot, ValueBot, bot_named};
pub use log::{GameLog, LoggedTurn, MAX_TURNS};
pub use tournament::{TournamentResult, tournament, tournament_range};
pub use turn::{Turn, TurnError, check_turn};

/// Tiles dealt to each player.
pub const RACK_TILES: usize = 14;

/// What a joker left on a rack costs at the end of a game.
pub const JOKER_PENALTY: u32 = 30;

/// The fewest and the most players.
pub const PLAYERS: std::ops::RangeInclusive<usize> = 2..=4;

/// What is fixed for a whole game: the rules and the number of players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOptions {
    rules: Rules,
    players: usize,
}

/// Options a game cannot be played with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameOptionsError {
    /// Not 2 to 4 players.
    #[error("a game has 2 to 4 players, not {players}")]
    Players {
        /// The number given.
        players: usize,
    },
    /// Too few tiles to deal a rack to each player.
    #[error(
        "{players} players need {needed} tiles to be dealt 14 each, but these rules have {tiles}"
    )]
    TooFewTiles {
        /// Players.
        players: usize,
        /// Tiles needed.
        needed: usize,
        /// Tiles in the set.
        tiles: usize,
    },
}

impl GameOptions {
    /// A game of `players` players under `rules`.
    ///
    /// # Errors
    ///
    /// [`GameOptionsError::Players`] outside 2 to 4 players,
    /// [`GameOptionsError::TooFewTiles`] if the rules' set cannot deal 14 tiles to each.
    pub fn new(rules: Rules, players: usize) -> Result<GameOptions, GameOptionsError> {
        if !PLAYERS.contains(&players) {
            return Err(GameOptionsError::Players { players });
        }
        let tiles = full_set(&rules).len();
        let needed = players * RACK_TILES;
        if tiles < needed {
            return Err(GameOptionsError::TooFewTiles {
                players,
                needed,
                tiles,
            });
        }
        Ok(GameOptions { rules, players })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }
}

/// Every tile of the rules' set, unshuffled: each colour in the rules' order, numbers 1 up,
/// each number's copies together; then the jokers.
pub fn full_set(rules: &Rules) -> Vec<Tile> {
    let mut tiles = Vec::new();
    for &color in &rules.colors {
        for number in 1..=rules.highest.get() {
            let number = Number::new(number).unwrap_or(Number::MIN);
            tiles.extend(std::iter::repeat_n(
                Tile::Numbered { color, number },
                usize::from(rules.copies),
            ));
        }
    }
    tiles.extend(std::iter::repeat_n(Tile::Joker, usize::from(rules.jokers)));
    tiles
}

/// What a rack is worth at the end of a game: its tiles' numbers, a joker
/// [`JOKER_PENALTY`].
pub fn rack_value(tiles: &[Tile]) -> u32 {
    tiles
        .iter()
        .map(|tile| tile.number().map_or(JOKER_PENALTY, |n| u32::from(n.get())))
        .sum()
}

/// One turn's move: draw a tile, or play, leaving the table given.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    /// Draw a tile from the pool (with the pool empty: pass).
    Draw,
    /// Play rack tiles: the table after the turn, group by group.
    Play(Vec<Vec<Tile>>),
}

/// Why a move is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The turn breaks a rule.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// The game is over.
    #[error("the game is over")]
    Over,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// The player emptied their rack.
    RackEmptied {
        /// The player.
        player: usize,
    },
    /// The pool is empty and a full round passed with no play.
    Blocked,
    /// The player made an illegal turn.
    Forfeit {
        /// The player.
        player: usize,
        /// Why the turn was refused.
        error: ActionError,
    },
}

/// What one player may see: their own rack, the table, how many tiles each player holds, who
/// has made the initial meld and how many tiles are left in the pool; never another rack or
/// the pool's tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// The player this view is for.
    pub player: usize,
    /// The rules.
    pub rules: Rules,
    /// Their rack, in the rules' tile order.
    pub rack: Vec<Tile>,
    /// The table, group by group.
    pub table: Vec<Vec<Tile>>,
    /// Whether each player has made the initial meld.
    pub opened: Vec<bool>,
    /// Tiles on each player's rack.
    pub rack_sizes: Vec<usize>,
    /// Tiles left in the pool.
    pub pool: usize,
    /// Turns played so far.
    pub turns: usize,
}

impl View {
    /// Whether this player must make the initial meld with this turn's play: they have not
    /// made it and the rules have a threshold.
    pub fn must_open(&self) -> bool {
        !self.opened[self.player] && self.rules.initial_meld.is_some()
    }
}

/// What a legal move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Done {
    /// Drew this tile (none: the pool was empty, a pass).
    Drew(Option<Tile>),
    /// Played this turn.
    Played(Turn),
}

/// A game of Rummikub in progress (or over).
#[derive(Debug, Clone)]
pub struct Game {
    options: GameOptions,
    dealt: Vec<Vec<Tile>>,
    racks: Vec<Vec<Tile>>,
    table: Vec<Group>,
    /// The pool, the next tile drawn last.
    pool: Vec<Tile>,
    opened: Vec<bool>,
    to_move: usize,
    /// Turns in a row with no play, each made with the pool empty.
    passes: usize,
    turns: usize,
    end: Option<End>,
}

impl Game {
    /// The game dealt from `seed`: the rules' full set shuffled (`tiles-core`'s fixed
    /// Fisher-Yates over SplitMix64), then dealt one tile at a time round the players.
    pub fn new(options: &GameOptions, seed: u64) -> Game {
        let mut tiles = full_set(&options.rules);
        shuffle(&mut tiles, &mut SplitMix::new(seed));
        let players = options.players;
        let mut racks = vec![Vec::with_capacity(RACK_TILES); players];
        for (i, &tile) in tiles[..players * RACK_TILES].iter().enumerate() {
            racks[i % players].push(tile);
        }
        let mut pool = tiles[players * RACK_TILES..].to_vec();
        pool.reverse();
        for rack in &mut racks {
            options.rules.sort_tiles(rack);
        }
        Game {
            options: options.clone(),
            dealt: racks.clone(),
            racks,
            table: Vec::new(),
            pool,
            opened: vec![false; players],
            to_move: 0,
            passes: 0,
            turns: 0,
            end: None,
        }
    }

    /// The options the game was dealt with.
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.options.rules
    }

    /// Each player's dealt tiles, in the rules' tile order.
    pub fn dealt(&self) -> &[Vec<Tile>] {
        &self.dealt
    }

    /// A player's rack, in the rules' tile order.
    pub fn rack(&self, player: usize) -> &[Tile] {
        &self.racks[player]
    }

    /// The table, group by group.
    pub fn table(&self) -> &[Group] {
        &self.table
    }

    /// The pool, the next tile drawn first.
    pub fn pool(&self) -> Vec<Tile> {
        self.pool.iter().rev().copied().collect()
    }

    /// Tiles left in the pool.
    pub fn pool_len(&self) -> usize {
        self.pool.len()
    }

    /// Whether each player has made the initial meld.
    pub fn opened(&self) -> &[bool] {
        &self.opened
    }

    /// Turns played so far.
    pub fn turns(&self) -> usize {
        self.turns
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    /// The player to move, `None` once the game is over.
    pub fn to_move(&self) -> Option<usize> {
        self.end.is_none().then_some(self.to_move)
    }

    /// The table as tiles, group by group.
    pub fn table_tiles(&self) -> Vec<Vec<Tile>> {
        self.table
            .iter()
            .map(|group| group.tiles().to_vec())
            .collect()
    }

    /// What `player` may see.
    pub fn view(&self, player: usize) -> View {
        View {
            player,
            rules: self.options.rules.clone(),
            rack: self.racks[player].clone(),
            table: self.table_tiles(),
            opened: self.opened.clone(),
            rack_sizes: self.racks.iter().map(Vec::len).collect(),
            pool: self.pool.len(),
            turns: self.turns,
        }
    }

    /// Makes the move of the player to move. A refused move changes nothing.
    ///
    /// # Errors
    ///
    /// [`ActionError::Turn`] for a play that breaks a rule (see [`check_turn`]);
    /// [`ActionError::Over`] once the game is over.
    pub fn play_turn(&mut self, action: &Action) -> Result<Done, ActionError> {
        if self.end.is_some() {
            return Err(ActionError::Over);
        }
        let player = self.to_move;
        let done = match action {
            Action::Draw => {
                let tile = self.pool.pop();
                if let Some(tile) = tile {
                    self.racks[player].push(tile);
                    self.options.rules.sort_tiles(&mut self.racks[player]);
                } else {
                    self.passes += 1;
                    if self.passes >= self.options.players {
                        self.end = Some(End::Blocked);
                    }
                }
                Done::Drew(tile)
            }
            Action::Play(after) => {
                let turn = check_turn(
                    &self.table_tiles(),
                    &self.racks[player],
                    after,
                    self.opened[player],
                    &self.options.rules,
                )?;
                self.racks[player] = turn.left.clone();
                self.table = turn.table.clone();
                self.opened[player] = true;
                self.passes = 0;
                if self.racks[player].is_empty() {
                    self.end = Some(End::RackEmptied { player });
                }
                Done::Played(turn)
            }
        };
        self.turns += 1;
        self.to_move = (player + 1) % self.options.players;
        Ok(done)
    }

    /// Each player's rack value ([`rack_value`]).
    pub fn rack_values(&self) -> Vec<u32> {
        self.racks.iter().map(|rack| rack_value(rack)).collect()
    }

    /// Each player's score once the game is over (see the module's rules); they sum to zero.
    pub fn scores(&self) -> Option<Vec<i64>> {
        let values: Vec<i64> = self.rack_values().into_iter().map(i64::from).collect();
        let players = values.len();
        let (payments, winners): (Vec<i64>, Vec<usize>) = match self.end.as_ref()? {
            End::RackEmptied { player } => (values.clone(), vec![*player]),
            End::Blocked => {
                let lowest = values.iter().copied().min().unwrap_or(0);
                let winners = (0..players).filter(|&p| values[p] == lowest).collect();
                (values.iter().map(|v| v - lowest).collect(), winners)
            }
            End::Forfeit { player, .. } => (
                (0..players)
                    .map(|p| if p == *player { values[p] } else { 0 })
                    .collect(),
                (0..players).filter(|p| p != player).collect(),
            ),
        };
        let mut scores: Vec<i64> = (0..players)
            .map(|p| {
                if winners.contains(&p) {
                    0
                } else {
                    -payments[p]
                }
            })
            .collect();
        let pot: i64 = (0..players)
            .filter(|p| !winners.contains(p))
            .map(|p| payments[p])
            .sum();
        let share = pot / winners.len() as i64;
        let odd = (pot % winners.len() as i64) as usize;
        for (i, &winner) in winners.iter().enumerate() {
            scores[winner] = share + i64::from(i < odd);
        }
        Some(scores)
    }

    /// Each player's rank once the game is over: by rack value, lowest first (the player who
    /// emptied their rack first), equal values sharing a rank; after a forfeit the offender is
    /// last and the others share first place.
    pub fn ranks(&self) -> Option<Vec<usize>> {
        Some(match self.end.as_ref()? {
            End::Forfeit { player, .. } => Outcome::ranks_by(
                &(0..self.options.players)
                    .map(|p| p == *player)
                    .collect::<Vec<_>>(),
            ),
            End::RackEmptied { .. } | End::Blocked => Outcome::ranks_by(&self.rack_values()),
        })
    }
}

impl tiles_core::Game for Game {
    type Options = GameOptions;
    type Move = Action;
    type View = View;
    type Error = ActionError;

    fn deal(options: &GameOptions, seed: u64) -> Game {
        Game::new(options, seed)
    }

    fn players(&self) -> usize {
        self.options.players
    }

    fn to_move(&self) -> Option<usize> {
        Game::to_move(self)
    }

    fn view(&self, player: usize) -> View {
        Game::view(self, player)
    }

    fn apply(&mut self, action: &Action) -> Result<(), ActionError> {
        self.play_turn(action).map(|_| ())
    }

    fn forfeit(&mut self, error: ActionError) {
        if self.end.is_none() {
            self.end = Some(End::Forfeit {
                player: self.to_move,
                error,
            });
        }
    }

    /// Ranks as [`Game::ranks`]; points are the scores ([`Game::scores`]: more is better).
    fn outcome(&self) -> Option<Outcome> {
        Some(Outcome {
            ranks: self.ranks()?,
            points: self.scores()?,
            forfeit: match self.end {
                Some(End::Forfeit { player, .. }) => Some(player),
                _ => None,
            },
        })
    }
}

impl fmt::Display for Action {
    /// `draw`, or `play K9 B9 O9 | R1 R2 R3 R4` (the table after).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Draw => f.write_str("draw"),
            Action::Play(table) => {
                f.write_str("play")?;
                for (i, group) in table.iter().enumerate() {
                    f.write_str(if i == 0 { " " } else { " | " })?;
                    f.write_str(&crate::notation::show_tiles(group))?;
                }
                Ok(())
            }
        }
    }
}
