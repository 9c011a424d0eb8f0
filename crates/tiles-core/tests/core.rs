//! The loop, records, tournaments and the stop signal, on a small game made for testing them:
//! each seat is dealt a hidden card; in turn a seat either passes or bets; the game ends after
//! a bet has gone round; bets are won by the highest card.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use proptest::prelude::*;
use tiles_core::{
    Bot, Game, Outcome, PlayError, Record, ReplayError, SplitMix, Standings, Stop, play, replay,
    seating, shuffled, tournament, tournament_game,
};

#[derive(Debug, Clone)]
struct HighCard {
    cards: Vec<u32>,
    bets: Vec<u32>,
    turn: usize,
    moves: usize,
    forfeit: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct View {
    seat: usize,
    card: u32,
    bets: Vec<u32>,
}

impl Game for HighCard {
    type Options = usize;
    type Move = u32;
    type View = View;
    type Error = String;

    fn deal(players: &usize, seed: u64) -> HighCard {
        let cards = shuffled((1..=10).collect::<Vec<u32>>(), seed);
        HighCard {
            cards: cards[..*players].to_vec(),
            bets: vec![0; *players],
            turn: 0,
            moves: 0,
            forfeit: None,
        }
    }
    fn players(&self) -> usize {
        self.cards.len()
    }
    fn to_move(&self) -> Option<usize> {
        (self.forfeit.is_none() && self.moves < 2 * self.players()).then_some(self.turn)
    }
    fn view(&self, seat: usize) -> View {
        View {
            seat,
            card: self.cards[seat],
            bets: self.bets.clone(),
        }
    }
    fn apply(&mut self, bet: &u32) -> Result<(), String> {
        let seat = self.to_move().ok_or("over")?;
        if *bet > 3 {
            return Err(format!("seat {seat} bet {bet}, at most 3"));
        }
        self.bets[seat] += bet;
        self.turn = (seat + 1) % self.players();
        self.moves += 1;
        Ok(())
    }
    fn forfeit(&mut self, _: String) {
        self.forfeit = Some(self.turn);
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.forfeit {
            let points = vec![0; self.players()];
            let standing: Vec<bool> = (0..self.players()).map(|s| s == loser).collect();
            return Some(Outcome {
                ranks: Outcome::ranks_by(&standing),
                points,
                forfeit: Some(loser),
            });
        }
        if self.to_move().is_some() {
            return None;
        }
        let best = *self.cards.iter().max().unwrap();
        let pot: u32 = self.bets.iter().sum();
        let points: Vec<i64> = (0..self.players())
            .map(|s| {
                if self.cards[s] == best {
                    i64::from(pot - self.bets[s])
                } else {
                    -i64::from(self.bets[s])
                }
            })
            .collect();
        let standing: Vec<i64> = points.iter().map(|p| -p).collect();
        Some(Outcome {
            ranks: Outcome::ranks_by(&standing),
            points,
            forfeit: None,
        })
    }
}

/// Bets its card's tenth, rounded down (0..=1), or 3 with a ten.
struct Careful;
impl Bot<HighCard> for Careful {
    fn name(&self) -> &str {
        "careful"
    }
    fn choose(&self, view: &View) -> u32 {
        if view.card == 10 { 3 } else { view.card / 8 }
    }
}

/// Bets `self.0` whatever it holds (over 3 is illegal).
struct Fixed(u32);
impl Bot<HighCard> for Fixed {
    fn name(&self) -> &str {
        "fixed"
    }
    fn choose(&self, _: &View) -> u32 {
        self.0
    }
}

/// Counts its calls, to see where the loop stops.
struct Counting<'a>(&'a AtomicUsize);
impl Bot<HighCard> for Counting<'_> {
    fn name(&self) -> &str {
        "counting"
    }
    fn choose(&self, _: &View) -> u32 {
        self.0.fetch_add(1, Ordering::Relaxed);
        1
    }
}

#[test]
fn a_record_replays_to_the_same_game() {
    for seed in 0..50 {
        let played = play::<HighCard>(
            &3,
            seed,
            &[&Careful, &Fixed(1), &Fixed(2)],
            100,
            &Stop::never(),
        )
        .unwrap();
        let again: HighCard = replay(&3, &played.record).unwrap();
        assert_eq!(again.outcome(), played.game.outcome());
        assert_eq!(again.cards, played.game.cards);
        assert_eq!(played.record.moves.len(), 6);
    }
}

#[test]
fn an_illegal_move_forfeits_and_replays_as_a_forfeit() {
    let played =
        play::<HighCard>(&3, 1, &[&Careful, &Fixed(9), &Careful], 100, &Stop::never()).unwrap();
    let outcome = played.game.outcome().unwrap();
    assert_eq!(outcome.forfeit, Some(1));
    assert_eq!(outcome.ranks, [1, 3, 1]);
    assert_eq!(
        played.record.moves,
        [Careful.choose(&played.game.view(0)), 9]
    );
    let again: HighCard = replay(&3, &played.record).unwrap();
    assert_eq!(again.outcome(), Some(outcome));
}

#[test]
fn a_record_that_goes_on_after_an_illegal_move_or_the_end_is_refused() {
    let illegal = Record {
        seed: 0,
        moves: vec![1, 7, 1],
    };
    assert_eq!(
        replay::<HighCard>(&2, &illegal).unwrap_err(),
        ReplayError::Illegal {
            index: 1,
            error: "seat 1 bet 7, at most 3".to_owned()
        }
    );
    let long = Record {
        seed: 0,
        moves: vec![1; 5],
    };
    let error = replay::<HighCard>(&2, &long).unwrap_err();
    assert_eq!(error, ReplayError::AfterTheEnd { index: 4 });
    assert_eq!(error.to_string(), "move 5 comes after the game ended");
}

#[test]
fn the_cap_on_moves_leaves_the_game_unfinished() {
    let played = play::<HighCard>(&2, 3, &[&Careful, &Careful], 3, &Stop::never()).unwrap();
    assert_eq!(played.record.moves.len(), 3);
    assert_eq!(played.game.outcome(), None);
    let mut standings = Standings::new(vec!["a".into(), "b".into()]);
    standings.add(None, &[0, 1]);
    assert_eq!((standings.games, standings.unfinished), (1, 1));
    assert!(standings.to_string().contains("1 games reached the cap"));
}

#[test]
fn one_bot_per_seat() {
    let error = play::<HighCard>(&3, 0, &[&Careful, &Careful], 10, &Stop::never()).unwrap_err();
    assert_eq!(
        error,
        PlayError::Seats {
            bots: 2,
            players: 3
        }
    );
}

#[test]
fn the_line_up_turns_one_seat_per_game() {
    assert_eq!(seating(0, 3), [0, 1, 2]);
    assert_eq!(seating(1, 3), [1, 2, 0]);
    assert_eq!(seating(5, 3), [2, 0, 1]);
    // Over three games every entry sits in every seat once.
    for entry in 0..3 {
        let mut seats: Vec<usize> = (0..3)
            .map(|index| seating(index, 3).iter().position(|&e| e == entry).unwrap())
            .collect();
        seats.sort_unstable();
        assert_eq!(seats, [0, 1, 2]);
    }
    let lineup: [&dyn Bot<HighCard>; 3] = [&Careful, &Fixed(0), &Fixed(1)];
    let (played, entries) = tournament_game(&3, 9, 2, &lineup, 100, &Stop::never()).unwrap();
    assert_eq!(entries, [2, 0, 1]);
    assert_eq!(
        played.record.moves[0], 1,
        "seat 0 is played by entry 2, Fixed(1)"
    );
}

/// The standings added up game by game, in order, on one thread.
fn sequential(games: u64, lineup: &[&dyn Bot<HighCard>]) -> Standings {
    let mut standings = Standings::new(lineup.iter().map(|bot| bot.name().to_owned()).collect());
    for index in 0..games {
        let (played, entries) =
            tournament_game(&4, 11, index, lineup, 100, &Stop::never()).unwrap();
        standings.add(played.game.outcome().as_ref(), &entries);
    }
    standings
}

#[test]
fn a_tournament_adds_up_the_same_whatever_the_threads() {
    let lineup: [&dyn Bot<HighCard>; 4] = [&Careful, &Fixed(1), &Fixed(4), &Fixed(3)];
    let expected = sequential(203, &lineup);
    assert_eq!(
        expected.entries[2].forfeits, 203,
        "Fixed(4) forfeits every game it plays"
    );
    for threads in [1, 2, 5] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let standings = pool
            .install(|| tournament::<HighCard>(&4, 11, 203, &lineup, 100, &Stop::never()))
            .unwrap();
        assert_eq!(standings, expected, "{threads} threads");
    }
    let wins: u64 = expected.entries.iter().map(|t| t.wins).sum();
    assert!(
        wins >= 203 * 3,
        "every game has three winners (the forfeit) at least"
    );
}

#[test]
fn a_raised_stop_ends_a_tournament_between_games_and_a_game_between_moves() {
    let calls = AtomicUsize::new(0);
    let counting = Counting(&calls);
    let lineup: [&dyn Bot<HighCard>; 2] = [&counting, &counting];
    let (stop, flag) = Stop::flag();
    flag.raise();
    // A stopped tournament gives the standings of the games played to their end: none.
    let standings = tournament::<HighCard>(&2, 1, 1_000_000, &lineup, 100, &stop).unwrap();
    assert_eq!(standings.games, 0);
    assert_eq!(
        calls.load(Ordering::Relaxed),
        0,
        "no move is made once the signal is raised"
    );
    let late = Stop::after(Duration::from_millis(50));
    let started = std::time::Instant::now();
    let progress = std::sync::Arc::new(tiles_core::Progress::default());
    let late = late.with_progress(std::sync::Arc::clone(&progress));
    let result = tournament::<HighCard>(&2, 1, u64::MAX, &lineup, 100, &late).unwrap();
    assert!(
        result.games > 0 && result.games < u64::MAX,
        "{}",
        result.games
    );
    assert_eq!(
        progress.done(),
        result.games,
        "every game counted is one played"
    );
    assert_eq!(progress.total(), u64::MAX);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "stopped soon after its deadline"
    );
    assert!(play::<HighCard>(&2, 1, &lineup, 100, &stop).is_err());
}

proptest! {
    /// The seeded shuffle is the fixed Fisher-Yates over SplitMix64, written out again here.
    #[test]
    fn the_shuffle_is_fisher_yates_over_splitmix(seed in any::<u64>(), n in 0usize..60) {
        let items: Vec<usize> = (0..n).collect();
        let mut expected = items.clone();
        let mut random = SplitMix::new(seed);
        let mut i = n;
        while i > 1 {
            i -= 1;
            let j = random.below(i + 1);
            expected.swap(i, j);
        }
        prop_assert_eq!(shuffled(items, seed), expected);
    }
}
