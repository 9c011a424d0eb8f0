//! Playing whole games between bots: the engine checks every play, and an invalid one
//! forfeits the game.

use std::fmt;

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
pub const MAX_GAME_PLAYS: usize = 10_000;

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

/// A tournament's outcome, for reading: the games played and each line-up entry's totals.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentResult {
    /// The game played.
    pub variant: Variant,
    /// The tournament's seed.
    pub seed: u64,
    /// The line-up's bot names, in entry order (entry `e` sits in seat `e` in game 0).
    pub bots: [&'static str; PLAYERS],
    /// The totals per entry.
    pub standings: Standings,
}

impl TournamentResult {
    /// Entry `entry`'s share of games won, in percent.
    pub fn win_percent(&self, entry: usize) -> f64 {
        100.0 * self.standings.wins[entry] as f64 / self.standings.games.max(1) as f64
    }

    /// Entry `entry`'s average rank (1 best).
    pub fn average_rank(&self, entry: usize) -> f64 {
        self.standings.rank_sum[entry] as f64 / self.standings.games.max(1) as f64
    }

    /// Entry `entry`'s average points left in hand at the end.
    pub fn average_points(&self, entry: usize) -> f64 {
        self.standings.points_sum[entry] as f64 / self.standings.games.max(1) as f64
    }
}

impl fmt::Display for TournamentResult {
    /// A heading, one labelled row per line-up entry, and what `entry` means:
    ///
    /// ```text
    /// 10 basic games, seed 1
    /// entry  bot       wins   win %  avg rank  avg points  forfeits
    /// 0      search       9   90.0%      1.30        11.5         0
    /// …
    /// entry: the bot's place in the line-up, and its seat in game 1; the line-up turns one
    /// seat per game, so every bot plays from every seat equally often
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.variant == Variant::Jokers {
            "joker"
        } else {
            "basic"
        };
        writeln!(
            f,
            "{} {kind} games, seed {}",
            self.standings.games, self.seed
        )?;
        writeln!(
            f,
            "{:<6} {:<8} {:>5} {:>7} {:>9} {:>11} {:>9}",
            "entry", "bot", "wins", "win %", "avg rank", "avg points", "forfeits"
        )?;
        for (entry, bot) in self.bots.iter().enumerate() {
            writeln!(
                f,
                "{:<6} {:<8} {:>5} {:>6.1}% {:>9.2} {:>11.1} {:>9}",
                entry,
                bot,
                self.standings.wins[entry],
                self.win_percent(entry),
                self.average_rank(entry),
                self.average_points(entry),
                self.standings.forfeits[entry],
            )?;
        }
        writeln!(
            f,
            "entry: the bot's place in the line-up, and its seat in game 1; the line-up turns one seat per game, so every bot plays from every seat equally often"
        )
    }
}
