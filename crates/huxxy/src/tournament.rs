//! Playing whole games between bots: the engine checks every play, and an invalid one
//! forfeits the game.

use crate::bot::{Bot, TurnStart};
use crate::card::{PLAYERS, Variant};
use crate::game::{End, Game};
use crate::play::Play;

/// A finished game between bots.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The game, over.
    pub game: Game,
    /// Each seat's rank (1 is best).
    pub ranks: [usize; PLAYERS],
    /// Each seat's points left in hand.
    pub points: [u32; PLAYERS],
    /// The seat that forfeited, if any.
    pub forfeit: Option<usize>,
}

/// Longest game allowed, in plays: a safety net (a game has at most 56 draws and each turn
/// at most seven plays, so real games stay far below it).
const MAX_GAME_PLAYS: usize = 10_000;

/// Plays a game of `variant` dealt from `seed`, seat `i` played by `bots[i]`. Each bot plans
/// its turn once at the start of the turn (the same plan its stateless
/// [`Bot::play`] works out again at every play) and the engine checks every play.
pub fn play_game(variant: Variant, seed: u64, bots: [&dyn Bot; PLAYERS]) -> GameRecord {
    let mut game = Game::new(variant, seed);
    while game.end().is_none() && game.history().len() < MAX_GAME_PLAYS {
        let player = game.active_player();
        let plan = bots[player].plan_turn(&TurnStart {
            variant,
            opened: game.turn_info().opened[player],
            hand: game.hand(player),
            table: game.table(),
        });
        if plan.is_empty() {
            game.play_or_forfeit(Play::Draw);
            continue;
        }
        let valid = plan.iter().all(|&play| game.play_or_forfeit(play));
        if valid {
            game.play_or_forfeit(Play::EndTurn);
        }
    }
    let ranks = game.ranking().unwrap_or([1; PLAYERS]);
    let forfeit = match game.end() {
        Some(End::Forfeit { player, .. }) => Some(*player),
        _ => None,
    };
    GameRecord {
        points: game.points(),
        ranks,
        forfeit,
        game,
    }
}

/// The seed of game `index` of a tournament seeded `seed`: a fixed function, so results do
/// not depend on how games are spread over threads.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    crate::card::SplitMix::new(seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407)).next_u64()
}

/// Game `index` of a tournament: the line-up turns round by one seat per game, so every bot
/// plays first equally often. Returns the record and, per seat, the line-up entry playing it.
pub fn tournament_game(
    variant: Variant,
    seed: u64,
    index: u64,
    lineup: [&dyn Bot; PLAYERS],
) -> (GameRecord, [usize; PLAYERS]) {
    let shift = (index % PLAYERS as u64) as usize;
    let entries: [usize; PLAYERS] = std::array::from_fn(|seat| (seat + shift) % PLAYERS);
    let bots: [&dyn Bot; PLAYERS] = std::array::from_fn(|seat| lineup[entries[seat]]);
    (play_game(variant, game_seed(seed, index), bots), entries)
}

/// Totals per line-up entry over many games.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Standings {
    /// Games played.
    pub games: usize,
    /// Per entry: games ranked first (shared firsts count for each).
    pub wins: [usize; PLAYERS],
    /// Per entry: sum of ranks.
    pub rank_sum: [usize; PLAYERS],
    /// Per entry: sum of points left in hand.
    pub points_sum: [u64; PLAYERS],
    /// Per entry: games forfeited.
    pub forfeits: [usize; PLAYERS],
}

impl Standings {
    /// Adds a game whose seat `s` was played by entry `entries[s]`.
    pub fn add(&mut self, record: &GameRecord, entries: &[usize; PLAYERS]) {
        self.games += 1;
        for (seat, &entry) in entries.iter().enumerate() {
            self.wins[entry] += usize::from(record.ranks[seat] == 1);
            self.rank_sum[entry] += record.ranks[seat];
            self.points_sum[entry] += u64::from(record.points[seat]);
            self.forfeits[entry] += usize::from(record.forfeit == Some(seat));
        }
    }
}
