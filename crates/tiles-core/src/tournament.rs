//! Tournaments: many seeded games between a line-up of bots, played in parallel (rayon), the
//! line-up turning one seat per game, the results added up as games finish.

use std::fmt;
use std::ops::Range;

use rayon::prelude::*;

use crate::game::{Bot, Game, Outcome};
use crate::play::{PlayError, Played, play};
use crate::random::SplitMix;
use crate::stop::Stop;

/// The seed of game `index` of a tournament seeded `seed`: a fixed function, so results do
/// not depend on how games are spread over threads.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    SplitMix::new(seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407)).next_u64()
}

/// Which line-up entry plays each seat in game `index`: the line-up turns one seat per game,
/// so over a multiple of the number of seats every entry plays every seat equally often.
/// Entry `e` plays seat `e` in game 0.
pub fn seating(index: u64, seats: usize) -> Vec<usize> {
    let shift = (index % seats.max(1) as u64) as usize;
    (0..seats).map(|seat| (seat + shift) % seats).collect()
}

/// Game `index` of a tournament seeded `seed`: dealt from [`game_seed`], seats played as
/// [`seating`] says. Returns the game and, per seat, the line-up entry that played it.
///
/// # Errors
///
/// As [`play`].
pub fn tournament_game<G: Game>(
    options: &G::Options,
    seed: u64,
    index: u64,
    lineup: &[&dyn Bot<G>],
    max_moves: usize,
    stop: &Stop,
) -> Result<(Played<G>, Vec<usize>), PlayError> {
    let entries = seating(index, lineup.len());
    let bots: Vec<&dyn Bot<G>> = entries.iter().map(|&entry| lineup[entry]).collect();
    let played = play(options, game_seed(seed, index), &bots, max_moves, stop)?;
    Ok((played, entries))
}

/// One line-up entry's totals.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games ranked first (shared firsts count for each).
    pub wins: u64,
    /// Sum of ranks.
    pub rank_sum: u64,
    /// Sum of points.
    pub points_sum: i64,
    /// Games forfeited.
    pub forfeits: u64,
}

/// A tournament's results so far: games played and each line-up entry's totals. Games stopped
/// by the cap on moves are counted in `unfinished` and nowhere else; the averages are over the
/// finished games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// The line-up's bot names, in entry order.
    pub bots: Vec<String>,
    /// Games played.
    pub games: u64,
    /// Games stopped by the cap on moves before they ended.
    pub unfinished: u64,
    /// Per entry.
    pub entries: Vec<Totals>,
}

impl Standings {
    /// No games yet for a line-up of `bots`.
    pub fn new(bots: Vec<String>) -> Standings {
        Standings {
            entries: vec![Totals::default(); bots.len()],
            bots,
            games: 0,
            unfinished: 0,
        }
    }

    /// Adds a game whose seat `s` was played by entry `entries[s]` and which came out as
    /// `outcome` (`None`: stopped by the cap on moves).
    pub fn add(&mut self, outcome: Option<&Outcome>, entries: &[usize]) {
        self.games += 1;
        let Some(outcome) = outcome else {
            self.unfinished += 1;
            return;
        };
        for (seat, &entry) in entries.iter().enumerate() {
            let totals = &mut self.entries[entry];
            totals.wins += u64::from(outcome.ranks[seat] == 1);
            totals.rank_sum += outcome.ranks[seat] as u64;
            totals.points_sum += outcome.points[seat];
            totals.forfeits += u64::from(outcome.forfeit == Some(seat));
        }
    }

    /// Both standings' games together (same line-up).
    #[must_use]
    pub fn merge(mut self, other: &Standings) -> Standings {
        self.games += other.games;
        self.unfinished += other.unfinished;
        for (mine, theirs) in self.entries.iter_mut().zip(&other.entries) {
            mine.wins += theirs.wins;
            mine.rank_sum += theirs.rank_sum;
            mine.points_sum += theirs.points_sum;
            mine.forfeits += theirs.forfeits;
        }
        self
    }

    fn finished(&self) -> f64 {
        (self.games - self.unfinished).max(1) as f64
    }

    /// Entry `entry`'s share of the finished games won, in percent.
    pub fn win_percent(&self, entry: usize) -> f64 {
        100.0 * self.entries[entry].wins as f64 / self.finished()
    }

    /// Entry `entry`'s average rank (1 best).
    pub fn average_rank(&self, entry: usize) -> f64 {
        self.entries[entry].rank_sum as f64 / self.finished()
    }

    /// Entry `entry`'s average points.
    pub fn average_points(&self, entry: usize) -> f64 {
        self.entries[entry].points_sum as f64 / self.finished()
    }
}

impl fmt::Display for Standings {
    /// One labelled row per line-up entry, and what `entry` means:
    ///
    /// ```text
    /// entry  bot       wins   win %  avg rank  avg points  forfeits
    /// 0      search       9   90.0%      1.30        11.5         0
    /// …
    /// entry: the bot's place in the line-up, and its seat in game 1; the line-up turns one
    /// seat per game, so every bot plays from every seat equally often
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
                self.entries[entry].wins,
                self.win_percent(entry),
                self.average_rank(entry),
                self.average_points(entry),
                self.entries[entry].forfeits,
            )?;
        }
        if self.unfinished > 0 {
            writeln!(
                f,
                "{} games reached the cap on moves unfinished and count for no one",
                self.unfinished
            )?;
        }
        writeln!(
            f,
            "entry: the bot's place in the line-up, and its seat in game 1; the line-up turns one seat per game, so every bot plays from every seat equally often"
        )
    }
}

/// Plays `games` games between `lineup` (one bot per seat), in parallel on rayon's pool, and
/// adds up the results as games finish: memory does not grow with the number of games, and
/// the standings are the same whatever the number of threads. Game `index` is
/// [`tournament_game`]; `stop` is checked between games (and between moves).
///
/// # Errors
///
/// [`PlayError::Seats`] if the line-up does not have one bot per seat. Once the stop signal
/// is raised, the games not yet played are skipped and the standings are those of the games
/// played to their end (fewer than asked for: compare [`Standings::games`]).
pub fn tournament<G: Game>(
    options: &G::Options,
    seed: u64,
    games: u64,
    lineup: &[&dyn Bot<G>],
    max_moves: usize,
    stop: &Stop,
) -> Result<Standings, PlayError> {
    tournament_range(options, seed, 0..games, lineup, max_moves, stop)
}

/// [`tournament`] of the games numbered `games` only (`10..20`: games 10 to 19 of the
/// tournament seeded `seed`, each dealt and seated as in the whole tournament): a shard of a
/// tournament split over machines; the shards' standings merged are the whole tournament's.
///
/// # Errors
///
/// As [`tournament`].
pub fn tournament_range<G: Game>(
    options: &G::Options,
    seed: u64,
    games: Range<u64>,
    lineup: &[&dyn Bot<G>],
    max_moves: usize,
    stop: &Stop,
) -> Result<Standings, PlayError> {
    let names: Vec<String> = lineup.iter().map(|bot| bot.name().to_owned()).collect();
    tournament_range_with(
        options,
        seed,
        games,
        lineup,
        max_moves,
        stop,
        || Standings::new(names.clone()),
        |standings, played, entries| standings.add(played.game.outcome().as_ref(), entries),
        |a, b| a.merge(&b),
    )
}

/// [`tournament`] with the game's own totals: `empty` makes a total, `add` adds one finished
/// game (and, per seat, the line-up entry that played it) to it, `merge` joins two. For
/// figures a game keeps beyond ranks and points (a riichi bot's win and deal-in rates). The
/// totals are the same whatever the number of threads when `merge` is associative and
/// commutative over the games' contributions (sums are).
///
/// # Errors
///
/// As [`tournament`].
#[allow(
    clippy::too_many_arguments,
    reason = "the tournament's five settings and the fold's three parts, each plain"
)]
pub fn tournament_with<G: Game, T: Send>(
    options: &G::Options,
    seed: u64,
    games: u64,
    lineup: &[&dyn Bot<G>],
    max_moves: usize,
    stop: &Stop,
    empty: impl Fn() -> T + Sync + Send,
    add: impl Fn(&mut T, &Played<G>, &[usize]) + Sync + Send,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> Result<T, PlayError> {
    tournament_range_with(
        options,
        seed,
        0..games,
        lineup,
        max_moves,
        stop,
        empty,
        add,
        merge,
    )
}

/// [`tournament_with`] of the games numbered `games` only, as [`tournament_range`].
///
/// # Errors
///
/// As [`tournament`].
#[allow(
    clippy::too_many_arguments,
    reason = "the tournament's five settings and the fold's three parts, each plain"
)]
pub fn tournament_range_with<G: Game, T: Send>(
    options: &G::Options,
    seed: u64,
    games: Range<u64>,
    lineup: &[&dyn Bot<G>],
    max_moves: usize,
    stop: &Stop,
    empty: impl Fn() -> T + Sync + Send,
    add: impl Fn(&mut T, &Played<G>, &[usize]) + Sync + Send,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> Result<T, PlayError> {
    fold_games(
        games,
        stop,
        |index| match tournament_game(options, seed, index, lineup, max_moves, stop) {
            Ok(game) => Ok(Some(game)),
            Err(PlayError::Stopped(_)) => Ok(None),
            Err(error) => Err(error),
        },
        empty,
        |total, (played, entries)| add(total, &played, &entries),
        merge,
    )
}

/// The parallel loop of a tournament, whatever its games: game `index` of `games` is
/// `play(index)` (`Ok(None)`: the stop signal cut it short), each played game is added to a
/// total with `add`, and the threads' totals are joined with `merge`. `stop` counts the games
/// to play and each one played (its progress); once it is raised, the games not begun are
/// skipped (the iteration halts) and one cut short is not counted, so the total is that of
/// the games played to their end.
///
/// # Errors
///
/// The first error `play` returns.
pub fn fold_games<T: Send, R: Send, E: Send>(
    games: Range<u64>,
    stop: &Stop,
    play: impl Fn(u64) -> Result<Option<R>, E> + Sync + Send,
    empty: impl Fn() -> T + Sync + Send,
    add: impl Fn(&mut T, R) + Sync + Send,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> Result<T, E> {
    stop.add_total(games.end.saturating_sub(games.start));
    games
        .into_par_iter()
        .map(|index| (!stop.is_stopped()).then(|| play(index)))
        .while_some()
        .try_fold(&empty, |mut total, game| {
            if let Some(game) = game? {
                add(&mut total, game);
                stop.advance(1);
            }
            Ok(total)
        })
        .try_reduce(&empty, |a, b| Ok(merge(a, b)))
}
