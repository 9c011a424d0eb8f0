//! Tournaments as the field runs them: seeded games in parallel, our bots and outside (mjai)
//! seats, duplicate play (each wall played four ways, the line-up rotated so every entry sits
//! in every seat once), and per entry the statistics bots are compared by: average rank with
//! its 95% confidence interval, rank points (Tenhou Phoenix's 90/45/0/-135 by default), 1st to
//! 4th rates, and win, deal-in, call, riichi and busting rates, average win and deal-in
//! points.
//!
//! A stopped tournament (its stop signal raised: Ctrl-C, a time limit) gives the statistics
//! of the games played to their end, and says how many of how many those are.

use std::fmt;
use std::ops::Range;

use tiles_core::{Bot, PlayError, Stop, fold_games, game_seed, seating};

use crate::engine::Event;
use crate::engine::GameRules;
use crate::engine::state::Game;
use crate::host::{Connect, HostError, Limits, Seat, play_hosted};

/// Enough decisions for any game (a hanchan takes a few thousand).
pub const MAX_MOVES: usize = 1_000_000;

/// Tenhou's Phoenix room's rank points, 1st to 4th (the uma and oka with the 180-point
/// fourth-place penalty of its top rank, as bot reports quote them).
pub const PHOENIX_RANK_POINTS: [f64; 4] = [90.0, 45.0, 0.0, -135.0];

/// Three players' default rank points, 1st to 3rd (the fourth unused): the placement bonus
/// of Tenhou's three-player final score (+20, 0, -20 thousand), without the oka.
pub const SANMA_RANK_POINTS: [f64; 4] = [20.0, 0.0, -20.0, 0.0];

/// The default rank points of a game of `players`.
pub fn default_rank_points(players: usize) -> [f64; 4] {
    if players == 3 {
        SANMA_RANK_POINTS
    } else {
        PHOENIX_RANK_POINTS
    }
}

/// One line-up entry's results: counts and sums, which add up over games and shards.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntryStats {
    /// The bot's name.
    pub bot: String,
    /// Games played.
    pub games: u64,
    /// Games finished first, second, third and fourth (ties broken by seat, as Tenhou does;
    /// a seat that forfeited is fourth).
    pub placements: [u64; 4],
    /// The sum of final points.
    pub points: i64,
    /// The sum of final results under the game's rules (uma, oka, ties, chombo), in hundreds
    /// of points ([`GameRules::final_score`]).
    pub final_score: i64,
    /// Hands played.
    pub hands: u64,
    /// Hands won.
    pub wins: u64,
    /// The sum of the won hands' values (the scorer's total, before honba and sticks).
    pub win_points: u64,
    /// Hands in which it discarded a winning tile (or had its kan robbed).
    pub deal_ins: u64,
    /// The sum of the values of the hands it dealt into.
    pub deal_in_points: u64,
    /// Hands in which it called a chi, pon or open kan.
    pub calls: u64,
    /// Hands in which it declared riichi.
    pub riichis: u64,
    /// Games it ended below zero points.
    pub busts: u64,
    /// Games forfeited with an illegal action (or an outside bot's failed answer).
    pub forfeits: u64,
}

/// 1.96: the normal distribution's 97.5% point, for a 95% confidence interval.
const Z95: f64 = 1.96;

impl EntryStats {
    /// The average placement (rank), 1 best.
    pub fn average_placement(&self) -> f64 {
        self.mean(&[1.0, 2.0, 3.0, 4.0])
    }

    /// The half-width of the average rank's 95% confidence interval (the games counted as
    /// independent draws).
    pub fn rank_interval(&self) -> f64 {
        self.interval(&[1.0, 2.0, 3.0, 4.0])
    }

    /// Rank points a game, at `values` for 1st to 4th.
    pub fn rank_points(&self, values: &[f64; 4]) -> f64 {
        self.mean(values)
    }

    /// The half-width of the rank points' 95% confidence interval.
    pub fn rank_points_interval(&self, values: &[f64; 4]) -> f64 {
        self.interval(values)
    }

    /// Games finished in each place, in percent.
    pub fn placement_rates(&self) -> [f64; 4] {
        self.placements
            .map(|count| 100.0 * count as f64 / self.games.max(1) as f64)
    }

    /// The mean of a per-game value that depends on the place only.
    fn mean(&self, values: &[f64; 4]) -> f64 {
        let sum: f64 = self
            .placements
            .iter()
            .zip(values)
            .map(|(&count, value)| count as f64 * value)
            .sum();
        sum / self.games.max(1) as f64
    }

    /// 1.96 standard errors of that mean (the sample's variance).
    fn interval(&self, values: &[f64; 4]) -> f64 {
        let n = self.games as f64;
        if self.games < 2 {
            return f64::INFINITY;
        }
        let mean = self.mean(values);
        let squares: f64 = self
            .placements
            .iter()
            .zip(values)
            .map(|(&count, value)| count as f64 * (value - mean) * (value - mean))
            .sum();
        Z95 * (squares / (n - 1.0) / n).sqrt()
    }

    /// The average final points.
    pub fn average_points(&self) -> f64 {
        self.points as f64 / self.games.max(1) as f64
    }

    /// The average final result under the game's rules, in thousands (Tenhou's: its `owari`).
    pub fn average_final_score(&self) -> f64 {
        self.final_score as f64 / 10.0 / self.games.max(1) as f64
    }

    /// Hands won, in percent of hands played.
    pub fn win_rate(&self) -> f64 {
        percent(self.wins, self.hands)
    }

    /// Hands dealt in, in percent of hands played.
    pub fn deal_in_rate(&self) -> f64 {
        percent(self.deal_ins, self.hands)
    }

    /// Hands with a call, in percent of hands played.
    pub fn call_rate(&self) -> f64 {
        percent(self.calls, self.hands)
    }

    /// Hands with a riichi, in percent of hands played.
    pub fn riichi_rate(&self) -> f64 {
        percent(self.riichis, self.hands)
    }

    /// Games ended below zero, in percent of games.
    pub fn bust_rate(&self) -> f64 {
        percent(self.busts, self.games)
    }

    /// The average value of a won hand.
    pub fn average_win_points(&self) -> f64 {
        self.win_points as f64 / self.wins.max(1) as f64
    }

    /// The average value of a hand dealt into.
    pub fn average_deal_in_points(&self) -> f64 {
        self.deal_in_points as f64 / self.deal_ins.max(1) as f64
    }

    /// Adds another shard's results of the same entry.
    pub fn add(&mut self, other: &EntryStats) {
        self.games += other.games;
        for (mine, theirs) in self.placements.iter_mut().zip(other.placements) {
            *mine += theirs;
        }
        self.points += other.points;
        self.final_score += other.final_score;
        self.hands += other.hands;
        self.wins += other.wins;
        self.win_points += other.win_points;
        self.deal_ins += other.deal_ins;
        self.deal_in_points += other.deal_in_points;
        self.calls += other.calls;
        self.riichis += other.riichis;
        self.busts += other.busts;
        self.forfeits += other.forfeits;
    }
}

fn percent(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// How a tournament is played.
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    /// The rules of every game.
    pub rules: GameRules,
    /// The tournament's seed: every wall follows from it.
    pub seed: u64,
    /// The games to play, by number (`0..n` for a whole tournament, a part of it for a shard).
    pub games: Range<u64>,
    /// Duplicate play: games `4k` to `4k + 3` (`3k` to `3k + 2` with three players) are
    /// dealt the same walls, the line-up rotated one seat each game. Otherwise each game has
    /// walls of its own (the line-up still turns one seat a game).
    pub duplicate: bool,
    /// Time limits of outside seats.
    pub limits: Limits,
    /// Rank points for 1st to 4th (for the table; the counts do not depend on them; the
    /// fourth is unused with three players).
    pub rank_points: [f64; 4],
}

impl Tournament {
    /// `games` games seeded `seed` under `rules`, not duplicate, the players' default rank
    /// points (Phoenix's for four).
    pub fn new(rules: GameRules, seed: u64, games: u64) -> Tournament {
        Tournament {
            rules,
            seed,
            games: 0..games,
            duplicate: false,
            limits: Limits::default(),
            rank_points: default_rank_points(usize::from(rules.players)),
        }
    }

    /// Game `index`'s walls' seed and, per seat, the line-up entry playing it.
    pub fn game(&self, index: u64) -> (u64, Vec<usize>) {
        let players = self.rules.players.count() as u64;
        if self.duplicate {
            (
                game_seed(self.seed, index / players),
                seating(index % players, players as usize),
            )
        } else {
            (
                game_seed(self.seed, index),
                seating(index, players as usize),
            )
        }
    }
}

/// Whether a line-up is one challenger against the others all of a kind (three, or two with
/// three players; duplicate play's default).
pub fn is_challenge(names: &[String]) -> bool {
    let seats = names.len();
    (3..=4).contains(&seats)
        && (0..seats).any(|odd| {
            let others: Vec<&String> = (0..seats)
                .filter(|&i| i != odd)
                .map(|i| &names[i])
                .collect();
            others.iter().all(|name| *name == others[0]) && names[odd] != *others[0]
        })
}

/// A tournament's results.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentResult {
    /// Games asked for.
    pub games: u64,
    /// Games played to their end (fewer than asked when the tournament was stopped).
    pub played: u64,
    /// The tournament's seed.
    pub seed: u64,
    /// Whether it was played duplicate.
    pub duplicate: bool,
    /// The players of each game (3 or 4).
    pub players: usize,
    /// The rank points the table shows.
    pub rank_points: [f64; 4],
    /// Per line-up entry, in line-up order.
    pub entries: Vec<EntryStats>,
    /// What went wrong with outside seats' answers (each forfeited its game), the first ten.
    pub failures: Vec<String>,
}

impl TournamentResult {
    /// Whether it stopped before playing every game.
    pub fn stopped(&self) -> bool {
        self.played < self.games
    }
}

/// Plays the tournament on every core: game `i` as [`Tournament::game`] says, our bots
/// choosing from their views and outside seats answering over the wires `connect` gives them.
/// The results do not depend on the threads. Once `stop` is raised, the games not begun are
/// skipped and one cut short is not counted; `stop` counts each game played (its progress).
///
/// # Errors
///
/// [`HostError::Spawn`] if an outside seat's command cannot be started;
/// [`HostError::NoCommands`] for an outside seat with no `connect`.
///
/// # Panics
///
/// A line-up of other than one entry per player of the rules.
pub fn run(
    tournament: &Tournament,
    lineup: &[Seat<'_>],
    connect: Option<&dyn Connect>,
    stop: &Stop,
) -> Result<TournamentResult, HostError> {
    assert_eq!(
        lineup.len(),
        usize::from(tournament.rules.players),
        "one line-up entry per player"
    );
    let names: Vec<String> = lineup.iter().map(|seat| format!("{seat:?}")).collect();
    let empty = || Totals {
        entries: names
            .iter()
            .map(|name| EntryStats {
                bot: name.clone(),
                ..EntryStats::default()
            })
            .collect(),
        failures: Vec::new(),
    };
    let totals = fold_games(
        tournament.games.clone(),
        stop,
        |index| play_one(tournament, lineup, index, connect, stop),
        empty,
        |totals, (game, entries, failure)| {
            add_game(&mut totals.entries, &game, &entries);
            if let Some(failure) = failure
                && totals.failures.len() < 10
            {
                totals.failures.push(failure);
            }
        },
        |mut a, b| {
            for (mine, theirs) in a.entries.iter_mut().zip(&b.entries) {
                mine.add(theirs);
            }
            a.failures.extend(b.failures);
            a.failures.truncate(10);
            a
        },
    )?;
    let played = totals.entries.first().map_or(0, |entry| entry.games);
    Ok(TournamentResult {
        games: tournament.games.end.saturating_sub(tournament.games.start),
        played,
        seed: tournament.seed,
        duplicate: tournament.duplicate,
        players: lineup.len(),
        rank_points: tournament.rank_points,
        entries: totals.entries,
        failures: totals.failures,
    })
}

/// What the games add up to.
struct Totals {
    entries: Vec<EntryStats>,
    failures: Vec<String>,
}

/// Game `index`: the game, its seats' entries and an outside seat's failure, or `None` if the
/// stop signal cut it short.
type OneGame = Option<(Game, Vec<usize>, Option<String>)>;

fn play_one(
    tournament: &Tournament,
    lineup: &[Seat<'_>],
    index: u64,
    connect: Option<&dyn Connect>,
    stop: &Stop,
) -> Result<OneGame, HostError> {
    let (seed, entries) = tournament.game(index);
    let seats: Vec<Seat<'_>> = entries.iter().map(|&entry| lineup[entry]).collect();
    if let Some(bots) = ours(&seats) {
        return match tiles_core::play(&tournament.rules, seed, &bots, MAX_MOVES, stop) {
            Ok(played) => Ok(Some((played.game, entries, None))),
            Err(PlayError::Stopped(_)) => Ok(None),
            Err(PlayError::Seats { .. }) => unreachable!("a seat per player"),
        };
    }
    let names: Vec<String> = seats.iter().map(|seat| format!("{seat:?}")).collect();
    let hosted = match play_hosted(
        tournament.rules,
        seed,
        &seats,
        &names,
        tournament.limits,
        MAX_MOVES,
        connect,
        stop,
    ) {
        Ok(hosted) => hosted,
        Err(HostError::Stopped(_)) => return Ok(None),
        Err(error) => return Err(error),
    };
    let failure = hosted
        .failure
        .map(|(seat, why)| format!("game {index}, seat {seat} ({}): {why}", names[seat]));
    Ok(Some((hosted.game, entries, failure)))
}

/// The seats' bots, if all are ours.
fn ours<'a>(seats: &[Seat<'a>]) -> Option<Vec<&'a dyn Bot<Game>>> {
    seats
        .iter()
        .map(|seat| match seat {
            Seat::Ours(bot) => Some(*bot as &dyn Bot<Game>),
            Seat::Outside { .. } => None,
        })
        .collect()
}

/// [`run`] of our own bots: `games` games, not duplicate.
///
/// # Errors
///
/// None in practice (our bots start no process); the type is [`run`]'s.
pub fn tournament(
    rules: GameRules,
    seed: u64,
    games: u64,
    lineup: &[&dyn Bot<Game>],
    stop: &Stop,
) -> Result<TournamentResult, HostError> {
    tournament_range(rules, seed, 0..games, lineup, stop)
}

/// [`tournament`] of the games numbered `games` only (a shard of a tournament split over
/// machines); `games` in the result counts these.
///
/// # Errors
///
/// As [`tournament`].
pub fn tournament_range(
    rules: GameRules,
    seed: u64,
    games: Range<u64>,
    lineup: &[&dyn Bot<Game>],
    stop: &Stop,
) -> Result<TournamentResult, HostError> {
    let setup = Tournament {
        games,
        ..Tournament::new(rules, seed, 0)
    };
    let seats: Vec<Seat<'_>> = lineup.iter().map(|bot| Seat::Ours(*bot)).collect();
    run(&setup, &seats, None, stop)
}

/// Adds one finished game to the totals; `entries[seat]` is the line-up entry at `seat`.
fn add_game(totals: &mut [EntryStats], game: &Game, entries: &[usize]) {
    let ranking = game.ranking();
    let results = game.final_score();
    for (seat, &entry) in entries.iter().enumerate() {
        let stats = &mut totals[entry];
        stats.games += 1;
        stats.points += i64::from(game.scores()[seat]);
        stats.final_score += i64::from(results[seat]);
        let place = ranking
            .iter()
            .position(|&ranked| ranked == seat)
            .unwrap_or(3);
        stats.placements[place] += 1;
        stats.forfeits += u64::from(game.forfeited() == Some(seat));
        stats.busts += u64::from(game.scores()[seat] < 0);
    }
    // Per hand: who called, who declared riichi (counted once a hand each).
    let mut called = [false; 4];
    let mut riichi = [false; 4];
    let flush = |called: &mut [bool; 4], riichi: &mut [bool; 4], totals: &mut [EntryStats]| {
        for seat in 0..entries.len() {
            totals[entries[seat]].calls += u64::from(std::mem::take(&mut called[seat]));
            totals[entries[seat]].riichis += u64::from(std::mem::take(&mut riichi[seat]));
        }
    };
    for event in game.events() {
        match event {
            Event::StartHand { .. } => {
                flush(&mut called, &mut riichi, totals);
                for &entry in entries {
                    totals[entry].hands += 1;
                }
            }
            Event::Call { seat, .. } => called[*seat] = true,
            Event::Riichi { seat } => riichi[*seat] = true,
            Event::Win(win) => {
                let value = u64::from(win.score.points.total);
                let winner = &mut totals[entries[win.seat]];
                winner.wins += 1;
                winner.win_points += value;
                if win.from != win.seat {
                    let payer = &mut totals[entries[win.from]];
                    payer.deal_ins += 1;
                    payer.deal_in_points += value;
                }
            }
            _ => {}
        }
    }
    flush(&mut called, &mut riichi, totals);
}

impl fmt::Display for TournamentResult {
    /// A table: one line per entry, then what stopped it and the outside seats' failures.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ways = if self.players == 3 { "three" } else { "four" };
        if self.duplicate {
            writeln!(
                f,
                "{} games, seed {}, duplicate (each wall played {ways} ways, every entry in every seat)",
                self.played, self.seed
            )?;
        } else {
            writeln!(f, "{} games, seed {}", self.played, self.seed)?;
        }
        let places = self.players.clamp(3, 4);
        let points: Vec<String> = self.rank_points[..places]
            .iter()
            .map(|value| format!("{value}"))
            .collect();
        let fourth = if places == 4 { "  4th %" } else { "" };
        writeln!(
            f,
            "entry  bot         avg rank ± 95%   rank pts ± 95%  avg final   1st %  2nd %  3rd %{fourth}  win %  deal-in %  call %  riichi %  bust %  avg win  avg deal-in  forfeits"
        )?;
        for (entry, stats) in self.entries.iter().enumerate() {
            let rates = stats.placement_rates();
            let fourth = if places == 4 {
                format!("  {:>5.1}", rates[3])
            } else {
                String::new()
            };
            writeln!(
                f,
                "{entry:>5}  {:<10}  {:>5.3} ± {:<5.3}  {:>+7.2} ± {:<7.2}  {:>+9.2} {:>5.1}  {:>5.1}  {:>5.1}{fourth}  {:>5.1}  {:>9.1}  {:>6.1}  {:>8.1}  {:>6.1}  {:>7.0}  {:>11.0}  {:>8}",
                stats.bot,
                stats.average_placement(),
                stats.rank_interval(),
                stats.rank_points(&self.rank_points),
                stats.rank_points_interval(&self.rank_points),
                stats.average_final_score(),
                rates[0],
                rates[1],
                rates[2],
                stats.win_rate(),
                stats.deal_in_rate(),
                stats.call_rate(),
                stats.riichi_rate(),
                stats.bust_rate(),
                stats.average_win_points(),
                stats.average_deal_in_points(),
                stats.forfeits
            )?;
        }
        writeln!(
            f,
            "rank points {} for 1st to {}; avg final: the final score under the game's rules (uma, oka), in thousands; intervals count games as independent; rates per hand (bust % per game); win and deal-in points are the hands' values",
            points.join("/"),
            if places == 4 { "4th" } else { "3rd" }
        )?;
        if self.stopped() {
            writeln!(f, "stopped after {} of {} games", self.played, self.games)?;
        }
        for failure in &self.failures {
            writeln!(f, "forfeit: {failure}")?;
        }
        Ok(())
    }
}
