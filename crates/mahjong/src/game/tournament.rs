//! Tournaments of bots: tiles-core's seeded games, turning line-up and parallel runner, with
//! what riichi players look at per entry: placements, average points, win rate and deal-in
//! rate.

use std::fmt;

use tiles_core::{Bot, PlayError, Stop, tournament_range_with};

use super::event::Event;
use super::rules::GameRules;
use super::state::Game;

/// Enough decisions for any game (a hanchan takes a few thousand).
pub const MAX_MOVES: usize = 1_000_000;

/// One line-up entry's results.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntryStats {
    /// The bot's name.
    pub bot: String,
    /// Games played.
    pub games: u64,
    /// Games finished first, second, third and fourth (ties broken by seat, as Tenhou does).
    pub placements: [u64; 4],
    /// The sum of final points.
    pub points: i64,
    /// Hands played.
    pub hands: u64,
    /// Hands won.
    pub wins: u64,
    /// Hands in which it discarded a winning tile (or had its kan robbed).
    pub deal_ins: u64,
    /// Games forfeited with an illegal action.
    pub forfeits: u64,
}

impl EntryStats {
    /// The average placement, 1 best.
    pub fn average_placement(&self) -> f64 {
        let sum: u64 = self
            .placements
            .iter()
            .enumerate()
            .map(|(place, count)| (place as u64 + 1) * count)
            .sum();
        sum as f64 / self.games.max(1) as f64
    }

    /// The average final points.
    pub fn average_points(&self) -> f64 {
        self.points as f64 / self.games.max(1) as f64
    }

    /// Hands won, in percent of hands played.
    pub fn win_rate(&self) -> f64 {
        100.0 * self.wins as f64 / self.hands.max(1) as f64
    }

    /// Hands dealt in, in percent of hands played.
    pub fn deal_in_rate(&self) -> f64 {
        100.0 * self.deal_ins as f64 / self.hands.max(1) as f64
    }

    /// Adds another shard's results of the same entry.
    pub fn add(&mut self, other: &EntryStats) {
        self.games += other.games;
        for (mine, theirs) in self.placements.iter_mut().zip(other.placements) {
            *mine += theirs;
        }
        self.points += other.points;
        self.hands += other.hands;
        self.wins += other.wins;
        self.deal_ins += other.deal_ins;
        self.forfeits += other.forfeits;
    }
}

/// A tournament's results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentResult {
    /// Games played.
    pub games: u64,
    /// The tournament's seed.
    pub seed: u64,
    /// Per line-up entry, in line-up order.
    pub entries: Vec<EntryStats>,
}

/// Plays `games` games between the four bots of `lineup` on every core: game `i` is dealt
/// from tiles-core's `game_seed(seed, i)` and the line-up turns one seat per game, so the
/// results do not depend on the threads.
///
/// # Errors
///
/// [`PlayError::Stopped`] when `stop` is raised (checked between games and moves).
pub fn tournament(
    rules: GameRules,
    seed: u64,
    games: u64,
    lineup: [&dyn Bot<Game>; 4],
    stop: &Stop,
) -> Result<TournamentResult, PlayError> {
    tournament_range(rules, seed, 0..games, lineup, stop)
}

/// [`tournament`] of the games numbered `games` only (a shard of a tournament split over
/// machines; see `tiles_core::tournament_range`); `games` in the result counts these.
///
/// # Errors
///
/// As [`tournament`].
pub fn tournament_range(
    rules: GameRules,
    seed: u64,
    games: std::ops::Range<u64>,
    lineup: [&dyn Bot<Game>; 4],
    stop: &Stop,
) -> Result<TournamentResult, PlayError> {
    let count = games.end.saturating_sub(games.start);
    let empty = || -> Vec<EntryStats> {
        lineup
            .iter()
            .map(|bot| EntryStats {
                bot: bot.name().to_owned(),
                ..EntryStats::default()
            })
            .collect()
    };
    let entries = tournament_range_with(
        &rules,
        seed,
        games,
        &lineup,
        MAX_MOVES,
        stop,
        empty,
        |totals, played, entries| add_game(totals, &played.game, entries),
        |mut a, b| {
            for (mine, theirs) in a.iter_mut().zip(&b) {
                mine.add(theirs);
            }
            a
        },
    )?;
    Ok(TournamentResult {
        games: count,
        seed,
        entries,
    })
}

/// Adds one finished game to the totals; `entries[seat]` is the line-up entry at `seat`.
fn add_game(totals: &mut [EntryStats], game: &Game, entries: &[usize]) {
    let hands = game
        .events()
        .iter()
        .filter(|event| matches!(event, Event::StartHand { .. }))
        .count() as u64;
    let ranking = game.ranking();
    for (seat, &entry) in entries.iter().enumerate() {
        let stats = &mut totals[entry];
        stats.games += 1;
        stats.hands += hands;
        stats.points += i64::from(game.scores()[seat]);
        let place = ranking
            .iter()
            .position(|&ranked| ranked == seat)
            .unwrap_or(3);
        stats.placements[place] += 1;
        if game.forfeited() == Some(seat) {
            stats.forfeits += 1;
        }
    }
    for event in game.events() {
        if let Event::Win(win) = event {
            totals[entries[win.seat]].wins += 1;
            if win.from != win.seat {
                totals[entries[win.from]].deal_ins += 1;
            }
        }
    }
}

impl fmt::Display for TournamentResult {
    /// A table: one line per entry.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} games, seed {}", self.games, self.seed)?;
        writeln!(
            f,
            "entry  bot         1st   2nd   3rd   4th  avg place  avg points  win %  deal-in %  forfeits"
        )?;
        for (entry, stats) in self.entries.iter().enumerate() {
            writeln!(
                f,
                "{entry:>5}  {:<10} {:>5} {:>5} {:>5} {:>5}  {:>9.2}  {:>10.0}  {:>5.1}  {:>9.1}  {:>8}",
                stats.bot,
                stats.placements[0],
                stats.placements[1],
                stats.placements[2],
                stats.placements[3],
                stats.average_placement(),
                stats.average_points(),
                stats.win_rate(),
                stats.deal_in_rate(),
                stats.forfeits
            )?;
        }
        Ok(())
    }
}
