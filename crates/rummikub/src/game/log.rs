//! A game turn by turn, for reading: the deal, every turn (a draw, or the tiles played with
//! the steps that make the new table), the ending and the scores. Its `Display` is the log
//! `tiles rummikub game` prints.

use itertools::Itertools;
use std::fmt;

use tiles_core::{Bot, PlayError, Stop};

use super::{Action, ActionError, Done, End, Game, GameOptions};
use crate::group::Group;
use crate::notation::show_tiles;
use crate::tile::Tile;

/// The most turns a game may take: a safety net. A game cannot last longer anyway: every turn
/// plays a tile or draws one, and once the pool is empty a full round with no play ends it.
pub const MAX_TURNS: usize = 1_000;

/// One turn of a game, and the game as it stands after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedTurn {
    /// 1-based turn number.
    pub number: usize,
    /// The player.
    pub player: usize,
    /// What they did.
    pub action: Done,
    /// The player's rack after the turn.
    pub rack: Vec<Tile>,
    /// The table after the turn.
    pub table: Vec<Group>,
    /// Tiles left in the pool after the turn.
    pub pool: usize,
}

/// A whole game (or its start), turn by turn.
#[derive(Debug, Clone)]
pub struct GameLog {
    /// The deal's seed.
    pub seed: u64,
    /// Who plays each seat (bot names, or another word for a person).
    pub players: Vec<String>,
    /// Each player's dealt tiles.
    pub dealt: Vec<Vec<Tile>>,
    /// The pool after the deal, the next tile drawn first.
    pub pool: Vec<Tile>,
    /// Every turn so far, in order.
    pub turns: Vec<LoggedTurn>,
    /// The game as it stands after the last turn.
    pub game: Game,
}

impl GameLog {
    /// The log of a game just dealt from `seed`, its seats played by `players`.
    pub fn new(options: &GameOptions, seed: u64, players: Vec<String>) -> GameLog {
        let game = Game::new(options, seed);
        GameLog {
            seed,
            players,
            dealt: game.dealt().to_vec(),
            pool: game.pool(),
            turns: Vec::new(),
            game,
        }
    }

    /// Makes the move of the player to move and logs it; a refused move changes nothing.
    ///
    /// # Errors
    ///
    /// As [`Game::play_turn`].
    pub fn play(&mut self, action: &Action) -> Result<(), ActionError> {
        let player = self.game.to_move().ok_or(ActionError::Over)?;
        let action = self.game.play_turn(action)?;
        self.turns.push(LoggedTurn {
            number: self.turns.len() + 1,
            player,
            action,
            rack: self.game.rack(player).to_vec(),
            table: self.game.table().to_vec(),
            pool: self.game.pool_len(),
        });
        Ok(())
    }

    /// Plays a whole game between `bots` (seat order; one per player) with `tiles-core`'s game
    /// loop (an illegal turn forfeits; at most [`MAX_TURNS`] turns), and logs it: the record is
    /// played again here, move by move.
    ///
    /// # Errors
    ///
    /// [`PlayError::Seats`] unless there is one bot per player; [`PlayError::Stopped`] if
    /// `stop` is raised (it is checked before every turn).
    pub fn bots(
        options: &GameOptions,
        seed: u64,
        bots: &[&dyn Bot<Game>],
        stop: &Stop,
    ) -> Result<GameLog, PlayError> {
        let played = tiles_core::play(options, seed, bots, MAX_TURNS, stop)?;
        let names = bots.iter().map(|bot| bot.name().to_owned()).collect();
        let mut log = GameLog::new(options, seed, names);
        for action in &played.record.moves {
            if let Err(error) = log.play(action) {
                tiles_core::Game::forfeit(&mut log.game, error);
            }
        }
        Ok(log)
    }

    /// `player 2 (greedy)`.
    fn name(&self, player: usize) -> String {
        match self.players.get(player) {
            Some(name) => format!("player {player} ({name})"),
            None => format!("player {player}"),
        }
    }

    /// How the game ended, in words (`None` while it goes on): `the game ends: player 1
    /// (solver) has played all their tiles`.
    pub fn ending(&self) -> Option<String> {
        Some(match self.game.end()? {
            End::RackEmptied { player } => format!(
                "the game ends: {} has played all their tiles",
                self.name(*player)
            ),
            End::Blocked => {
                "the game ends: the pool is empty and a full round passed with no play".to_owned()
            }
            End::Forfeit { player, error } => {
                format!("the game ends: {} forfeits: {error}", self.name(*player))
            }
        })
    }

    /// One turn in words: `draws R5 (63 left in the pool)`, or `plays K9 B9 O9 (value 27)` and
    /// its steps, the table and the rack left on the lines after. With `seen` false, as another
    /// player sees it: the tile drawn and the rack left are not shown.
    pub fn turn_text(&self, turn: &LoggedTurn, seen: bool) -> String {
        let mut text = format!("turn {}: {} ", turn.number, self.name(turn.player));
        match &turn.action {
            Done::Drew(Some(tile)) if seen => {
                text += &format!("draws {tile} ({} left in the pool)", turn.pool);
            }
            Done::Drew(Some(_)) => {
                text += &format!("draws a tile ({} left in the pool)", turn.pool);
            }
            Done::Drew(None) => text += "passes (the pool is empty)",
            Done::Played(played) => {
                text += &format!(
                    "plays {} (value {})",
                    show_tiles(played.placed()),
                    played.value()
                );
                for (n, step) in played.steps().iter().enumerate() {
                    text += &format!("\n  step {}: {step}", n + 1);
                }
                text += &format!("\n  table: {}", turn.table.iter().join(" | "));
                text += &if turn.rack.is_empty() {
                    "\n  rack: empty".to_owned()
                } else if seen {
                    format!("\n  rack: {}", show_tiles(&turn.rack))
                } else {
                    format!("\n  rack: {} tiles", turn.rack.len())
                };
            }
        }
        text
    }
}

impl GameLog {
    /// The log as the players `seats` see it: the other players' dealt tiles, the tiles they
    /// draw and their racks are not shown until the end, when every rack is shown with its
    /// value.
    pub fn seen_by(&self, seats: &[usize]) -> String {
        let mut text = String::new();
        let _ = self.write(&mut text, &|player| seats.contains(&player));
        text
    }

    /// The log, with the tiles of players `seen` says no to hidden.
    fn write(&self, f: &mut dyn fmt::Write, seen: &dyn Fn(usize) -> bool) -> fmt::Result {
        let options = self.game.options();
        writeln!(
            f,
            "rummikub, {} players, seed {}",
            options.players(),
            self.seed
        )?;
        for (player, tiles) in self.dealt.iter().enumerate() {
            if seen(player) {
                writeln!(f, "{} is dealt {}", self.name(player), show_tiles(tiles))?;
            } else {
                writeln!(f, "{} is dealt {} tiles", self.name(player), tiles.len())?;
            }
        }
        for turn in &self.turns {
            writeln!(f, "{}", self.turn_text(turn, seen(turn.player)))?;
        }
        let Some(ending) = self.ending() else {
            let player = self.game.to_move().unwrap_or(0);
            return writeln!(f, "the game goes on: {} to move", self.name(player));
        };
        writeln!(f, "{ending}")?;
        let (Some(ranks), Some(scores)) = (self.game.ranks(), self.game.scores()) else {
            return Ok(());
        };
        let mut order: Vec<usize> = (0..ranks.len()).collect();
        order.sort_by_key(|&p| (ranks[p], p));
        for player in order {
            let rack = self.game.rack(player);
            writeln!(
                f,
                "{}. {}: {:+} ({})",
                ranks[player],
                self.name(player),
                scores[player],
                if rack.is_empty() {
                    "rack empty".to_owned()
                } else {
                    format!("{}, worth {}", show_tiles(rack), super::rack_value(rack))
                }
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for GameLog {
    /// The log: the deal, one entry per turn, then the ending, and each player's rank, score
    /// and rack.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, &|_| true)
    }
}
