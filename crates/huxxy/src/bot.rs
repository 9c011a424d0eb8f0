//! Bots: a greedy bot and a search bot that plans whole turns.
//!
//! Both are pure functions of what the reference interface gives a bot (the history, the
//! player, the hand and the table), so `tiles huxxy eval` and the engine get the same plays. A
//! bot plans its whole turn from the state at the start of the turn: a list of *actions*, each
//! a few plays that take a valid table to a valid table, so the turn can end after any of
//! them. Mid-turn the bot rebuilds the start of its turn by undoing the turn's plays from the
//! history, plans again (plans are deterministic) and returns the next play of the plan.
//!
//! Actions: a hand card added to a group it fits; a new group of hand cards; and, once the
//! player has opened, a new group mixing hand cards with table cards whose groups stay valid
//! without them (a run's end, a member of an N-of-a-kind of four or more, a joker its group
//! does not need). The greedy bot takes the best-scoring action again and again and never
//! touches table cards; the search bot searches sequences of actions within the six plays for
//! the most points shed (jokers count 48, as they do in a hand at the end), fewest plays on a
//! tie. An opening turn uses hand plays only and must reach 24 points (jokers 0). With no plan
//! the bot draws.

use crate::card::{Card, Color, Variant};
use crate::game::{Game, Move, View};
use crate::group::valid_group;
use crate::play::{MAX_PLAYS, OPENING_POINTS, Play, Played, TurnInfo, apply_to, distinct};
use itertools::Itertools;

/// What a bot knows at the start of its turn.
#[derive(Debug, Clone, Copy)]
pub struct TurnStart<'a> {
    /// The game's variant.
    pub variant: Variant,
    /// Whether the player has completed their opening turn.
    pub opened: bool,
    /// The player's hand.
    pub hand: &'a [Card],
    /// The table (every group valid).
    pub table: &'a [Vec<Card>],
}

/// A huxxy bot that plans whole turns. It plays games as a `tiles-core` bot (its
/// [`tiles_core::Bot::choose`] is its plan for the turn, or a draw: see [`choose_by_plan`])
/// and answers the reference interface's stateless calls ([`Bot::play`]). It must only ever
/// return valid plays.
pub trait Bot: tiles_core::Bot<Game> {
    /// The card plays of a whole turn from its start (ending the turn is implied); empty to
    /// draw instead. Must be deterministic: mid-turn the plan is worked out again.
    fn plan_turn(&self, start: &TurnStart<'_>) -> Vec<Play>;

    /// The next play for `active_player`, from what the reference interface gives a bot.
    fn play(
        &self,
        variant: Variant,
        history: &[Played],
        active_player: usize,
        hand: &[Card],
        table: &[Vec<Card>],
    ) -> Play {
        let info = TurnInfo::from_history(history);
        let opened = info.opened.get(active_player).copied().unwrap_or(false);
        let made: Vec<Play> = if info.open_turn == Some(active_player) {
            history[history.len() - info.plays..]
                .iter()
                .map(|played| played.play)
                .collect()
        } else {
            Vec::new()
        };
        if made.len() >= MAX_PLAYS {
            return Play::EndTurn;
        }
        if let Some((start_hand, start_table)) = start_of_turn(hand, table, &made) {
            let plan = self.plan_turn(&TurnStart {
                variant,
                opened,
                hand: &start_hand,
                table: &start_table,
            });
            if plan.len() >= made.len() && plan[..made.len()] == made[..] {
                return match plan.get(made.len()) {
                    Some(&play) => play,
                    None if made.is_empty() => Play::Draw,
                    None => Play::EndTurn,
                };
            }
        }
        // The turn so far is not this bot's plan: finish it from here.
        let points = if made.is_empty() { 0 } else { info.points };
        let mut hand = hand.to_vec();
        hand.sort();
        let finish = Finish {
            variant,
            opened,
            nodes: 0,
        }
        .run(&hand, table, MAX_PLAYS - made.len(), points);
        match finish {
            Some(plan) => plan.first().copied().unwrap_or(Play::EndTurn),
            // Nothing finishes the turn validly: any play the rules allow, ending it last.
            None => crate::play::legal_plays_with(
                variant,
                &info,
                info.stock_left(variant),
                active_player,
                &hand,
                table,
            )
            .first()
            .copied()
            .unwrap_or(Play::EndTurn),
        }
    }
}

/// Finishing a turn the bot did not plan: hand cards added to the invalid groups, one group
/// at a time, until every group is valid; then, if the opening still lacks points, an opening
/// plan on top.
struct Finish {
    variant: Variant,
    opened: bool,
    nodes: usize,
}

impl Finish {
    const LIMIT: usize = 20_000;

    fn run(
        &mut self,
        hand: &[Card],
        table: &[Vec<Card>],
        budget: usize,
        points: u32,
    ) -> Option<Vec<Play>> {
        let invalid = table
            .iter()
            .position(|group| !group.is_empty() && !valid_group(group, self.variant));
        let Some(to) = invalid else {
            if self.opened || points >= OPENING_POINTS {
                return Some(Vec::new());
            }
            let mut planner = Planner::new(self.variant, false, false);
            planner.opening_start = points;
            let plan = planner.plan(hand, table, budget);
            return (!plan.is_empty()).then_some(plan);
        };
        if budget == 0 {
            return None;
        }
        for card in distinct(hand) {
            self.nodes += 1;
            if self.nodes > Self::LIMIT {
                return None;
            }
            let play = Play::FromHand { card, to };
            let (mut next_hand, mut next_table) = (hand.to_vec(), table.to_vec());
            apply_to(play, &mut next_hand, &mut next_table);
            if !could_become_valid(&next_table[to], budget - 1) {
                continue;
            }
            let more = points + card.opening_points();
            if let Some(rest) = self.run(&next_hand, &next_table, budget - 1, more) {
                return Some([play].into_iter().chain(rest).collect());
            }
        }
        None
    }
}

/// Whether `group` could still become valid with at most `more` cards added: one value (an
/// N-of-a-kind), or distinct values whose gaps `more` cards (or its joker) can fill, with
/// colours that alternate with the values.
fn could_become_valid(group: &[Card], more: usize) -> bool {
    let plain: Vec<(u8, Color)> = group
        .iter()
        .filter_map(|card| Some((card.rank()?.value(), card.suit()?.color())))
        .collect();
    let jokers = group.len() - plain.len();
    let Some(&(first, _)) = plain.first() else {
        return true;
    };
    if plain.iter().all(|&(value, _)| value == first) {
        return true;
    }
    let low = plain.iter().map(|&(value, _)| value).min().unwrap_or(first);
    let high = plain.iter().map(|&(value, _)| value).max().unwrap_or(first);
    let span = usize::from(high - low) + 1;
    let distinct = plain.iter().map(|&(value, _)| value).all_unique();
    let alternating = plain
        .iter()
        .all(|a| plain.iter().all(|b| ((a.0 + b.0) % 2 == 0) == (a.1 == b.1)));
    distinct && alternating && span <= plain.len() + jokers + more
}

/// The greedy bot: the best-scoring action, again and again, hand cards only.
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyBot;

impl tiles_core::Bot<Game> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&self, view: &View) -> Move {
        choose_by_plan(self, view)
    }
}

impl Bot for GreedyBot {
    fn plan_turn(&self, start: &TurnStart<'_>) -> Vec<Play> {
        let mut planner = Planner::new(start.variant, start.opened, false);
        planner.greedy = true;
        planner.plan(start.hand, start.table, MAX_PLAYS)
    }
}

/// The search bot: sequences of actions, table rearrangements included, for the most points.
#[derive(Debug, Clone, Copy, Default)]
pub struct SearchBot;

impl tiles_core::Bot<Game> for SearchBot {
    fn name(&self) -> &str {
        "search"
    }

    fn choose(&self, view: &View) -> Move {
        choose_by_plan(self, view)
    }
}

impl Bot for SearchBot {
    fn plan_turn(&self, start: &TurnStart<'_>) -> Vec<Play> {
        Planner::new(start.variant, start.opened, start.opened).plan(
            start.hand,
            start.table,
            MAX_PLAYS,
        )
    }
}

/// A planning bot's move from `view`: its plan for the turn from the turn's start, or a draw
/// when it plans nothing.
pub fn choose_by_plan(bot: &(impl Bot + ?Sized), view: &View) -> Move {
    let plan = bot.plan_turn(&TurnStart {
        variant: view.variant,
        opened: view.opened[view.player],
        hand: &view.hand,
        table: &view.table,
    });
    if plan.is_empty() {
        Move::Draw
    } else {
        Move::Plays(plan)
    }
}

/// The bot of a name: `greedy` or `search`.
pub fn bot_named(name: &str) -> Option<&'static dyn Bot> {
    match name {
        "greedy" => Some(&GreedyBot),
        "search" => Some(&SearchBot),
        _ => None,
    }
}

/// The state at the start of the turn whose card plays so far are `made`: each undone, last
/// first; the groups the turn started are then empty and dropped. `None` if the plays do not
/// fit the hand and table.
fn start_of_turn(
    hand: &[Card],
    table: &[Vec<Card>],
    made: &[Play],
) -> Option<(Vec<Card>, Vec<Vec<Card>>)> {
    let mut hand = hand.to_vec();
    let mut table = table.to_vec();
    for &play in made.iter().rev() {
        let take = |table: &mut Vec<Vec<Card>>, card: Card, at: usize| -> Option<()> {
            let group = table.get_mut(at)?;
            let position = group.iter().rposition(|&c| c == card)?;
            group.remove(position);
            Some(())
        };
        match play {
            Play::FromHand { card, to } => {
                take(&mut table, card, to)?;
                hand.push(card);
            }
            Play::Move { card, from, to } => {
                take(&mut table, card, to)?;
                table.get_mut(from)?.push(card);
            }
            Play::Draw | Play::EndTurn => return None,
        }
    }
    while table.last().is_some_and(Vec::is_empty) {
        table.pop();
    }
    if table.iter().any(Vec::is_empty) {
        return None;
    }
    Some((hand, table))
}

/// A few plays taking a valid table to a valid table.
#[derive(Debug, Clone)]
struct Action {
    plays: Vec<Play>,
    /// Hand points shed (jokers 48).
    points: u32,
    /// Points towards an opening (jokers 0).
    opening: u32,
}

/// A card of the pool new groups are made from: from the hand, or from a table group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Item {
    card: Card,
    from: Option<usize>,
}

/// The turn planner shared by the bots.
struct Planner {
    variant: Variant,
    opened: bool,
    /// Whether table cards may be used.
    moves: bool,
    /// Only the best action at each step.
    greedy: bool,
    /// Actions tried so far, against [`Planner::limit`].
    nodes: usize,
    limit: usize,
    /// Opening points already played this turn.
    opening_start: u32,
    /// The best plan so far and the points it sheds.
    best: (u32, Vec<Play>),
}

impl Planner {
    fn new(variant: Variant, opened: bool, moves: bool) -> Planner {
        Planner {
            variant,
            opened,
            moves: moves && opened,
            greedy: false,
            nodes: 0,
            limit: 400,
            opening_start: 0,
            best: (0, Vec::new()),
        }
    }

    /// The best plan within `budget` plays: card plays only, empty if none is worth playing.
    fn plan(mut self, hand: &[Card], table: &[Vec<Card>], budget: usize) -> Vec<Play> {
        // Plans depend on the cards, not the order they are held in.
        let mut hand = hand.to_vec();
        hand.sort();
        let table: Vec<Vec<Card>> = table
            .iter()
            .map(|group| {
                let mut group = group.clone();
                group.sort();
                group
            })
            .collect();
        let mut path = Vec::new();
        let opening = self.opening_start;
        self.search(&hand, &table, budget, 0, opening, &mut path);
        self.best.1
    }

    fn search(
        &mut self,
        hand: &[Card],
        table: &[Vec<Card>],
        budget: usize,
        points: u32,
        opening: u32,
        path: &mut Vec<Play>,
    ) {
        if !path.is_empty()
            && (self.opened || opening >= OPENING_POINTS)
            && (points, std::cmp::Reverse(path.len()))
                > (self.best.0, std::cmp::Reverse(self.best.1.len()))
        {
            self.best = (points, path.clone());
        }
        if budget == 0 || self.nodes >= self.limit {
            return;
        }
        // Even the best cards of the hand, one per play, cannot beat the best plan: stop.
        let mut values: Vec<u32> = hand.iter().map(|card| card.hand_points()).collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        let most: u32 = values.iter().take(budget).sum();
        if self.opened && points + most <= self.best.0 {
            return;
        }
        let mut actions = self.actions(hand, table, budget);
        // Best first; ties keep the order they were found in, so plans are deterministic.
        actions.sort_by(|a, b| (b.points, a.plays.len()).cmp(&(a.points, b.plays.len())));
        if self.greedy {
            actions.truncate(1);
        }
        for action in actions {
            self.nodes += 1;
            if self.nodes > self.limit {
                return;
            }
            let mut next_hand = hand.to_vec();
            let mut next_table = table.to_vec();
            for &play in &action.plays {
                apply_to(play, &mut next_hand, &mut next_table);
            }
            let depth = path.len();
            path.extend(&action.plays);
            self.search(
                &next_hand,
                &next_table,
                budget - action.plays.len(),
                points + action.points,
                opening + action.opening,
                path,
            );
            path.truncate(depth);
        }
    }

    /// Every action within `budget` plays from a valid table.
    fn actions(&self, hand: &[Card], table: &[Vec<Card>], budget: usize) -> Vec<Action> {
        let mut actions = Vec::new();
        // A hand card onto a group it fits.
        for card in distinct(hand) {
            for (to, group) in table.iter().enumerate() {
                let mut grown = group.clone();
                grown.push(card);
                if valid_group(&grown, self.variant) {
                    actions.push(Action {
                        plays: vec![Play::FromHand { card, to }],
                        points: card.hand_points(),
                        opening: card.opening_points(),
                    });
                }
            }
        }
        if budget < 3 {
            return actions;
        }
        // New groups from the pool: the hand, and table cards their groups can spare.
        let mut pool: Vec<Item> = hand.iter().map(|&card| Item { card, from: None }).collect();
        if self.moves {
            for (from, group) in table.iter().enumerate() {
                if group.len() < 4 {
                    continue;
                }
                for card in distinct(group) {
                    let mut rest = group.clone();
                    let at = rest
                        .iter()
                        .position(|&c| c == card)
                        .expect("a card of the group");
                    rest.remove(at);
                    if valid_group(&rest, self.variant) {
                        pool.push(Item {
                            card,
                            from: Some(from),
                        });
                    }
                }
            }
        }
        let mut found: Vec<Vec<Item>> = Vec::new();
        self.new_groups(&pool, budget, &mut found);
        for items in found {
            if let Some(action) = self.new_group_action(&items, table) {
                actions.push(action);
            }
        }
        actions
    }

    /// Valid new groups of 3..=`budget` items from `pool`, holding at least one hand card.
    fn new_groups(&self, pool: &[Item], budget: usize, found: &mut Vec<Vec<Item>>) {
        let most = budget.min(MAX_PLAYS);
        let jokers: Vec<Item> = pool
            .iter()
            .copied()
            .filter(|item| item.card.is_joker())
            .take(1)
            .collect();
        // N-of-a-kind: distinct suits of one value (3 or 4 cards), maybe a joker.
        for value in 1..=13u8 {
            // One item per suit: the pool lists the hand first, so a hand copy wins.
            let mut by_suit: Vec<Item> = Vec::new();
            for item in pool {
                if item.card.rank().map(|r| r.value()) == Some(value)
                    && !by_suit
                        .iter()
                        .any(|other| other.card.suit() == item.card.suit())
                {
                    by_suit.push(*item);
                }
            }
            for subset in 1u32..(1 << by_suit.len()) {
                let chosen: Vec<Item> = (0..by_suit.len())
                    .filter(|&i| subset >> i & 1 == 1)
                    .map(|i| by_suit[i])
                    .collect();
                for extra in [&[][..], &jokers[..]] {
                    let mut group = chosen.clone();
                    group.extend_from_slice(extra);
                    if (3..=4.min(most)).contains(&group.len()) {
                        found.push(group);
                    }
                }
            }
        }
        // Runs: values up from `start`, colours alternating from `first`, a joker anywhere.
        for start in 1..=11u8 {
            for first in [Color::Black, Color::Red] {
                let mut run = Vec::new();
                self.extend_run(pool, &jokers, start, first, most, &mut run, found);
            }
        }
        found.retain(|group| {
            group.iter().any(|item| item.from.is_none())
                && valid_group(
                    &group.iter().map(|item| item.card).collect::<Vec<_>>(),
                    self.variant,
                )
        });
    }

    #[allow(clippy::too_many_arguments)]
    fn extend_run(
        &self,
        pool: &[Item],
        jokers: &[Item],
        value: u8,
        color: Color,
        most: usize,
        run: &mut Vec<Item>,
        found: &mut Vec<Vec<Item>>,
    ) {
        if run.len() >= 3 {
            found.push(run.clone());
        }
        if run.len() == most || value > 13 {
            return;
        }
        let next_color = match color {
            Color::Black => Color::Red,
            Color::Red => Color::Black,
        };
        let mut options: Vec<Item> = Vec::new();
        for item in pool {
            let fits = item.card.rank().map(|r| r.value()) == Some(value)
                && item.card.suit().map(|s| s.color()) == Some(color);
            if fits && !options.iter().any(|o| o.card == item.card) {
                options.push(*item);
            }
        }
        if !run.iter().any(|item| item.card.is_joker()) {
            options.extend_from_slice(jokers);
        }
        for item in options {
            run.push(item);
            self.extend_run(pool, jokers, value + 1, next_color, most, run, found);
            run.pop();
        }
    }

    /// The plays making a new group of `items` (hand cards first), if the groups the table
    /// cards leave stay valid.
    fn new_group_action(&self, items: &[Item], table: &[Vec<Card>]) -> Option<Action> {
        let mut rest = table.to_vec();
        for item in items {
            if let Some(from) = item.from {
                let at = rest[from].iter().position(|&c| c == item.card)?;
                rest[from].remove(at);
            }
        }
        let touched = items.iter().filter_map(|item| item.from);
        for from in touched {
            if !valid_group(&rest[from], self.variant) {
                return None;
            }
        }
        let to = table.len();
        let mut plays: Vec<Play> = items
            .iter()
            .filter(|item| item.from.is_none())
            .map(|item| Play::FromHand {
                card: item.card,
                to,
            })
            .collect();
        plays.extend(items.iter().filter_map(|item| {
            item.from.map(|from| Play::Move {
                card: item.card,
                from,
                to,
            })
        }));
        let hand_cards = items.iter().filter(|item| item.from.is_none());
        Some(Action {
            plays,
            points: hand_cards.clone().map(|item| item.card.hand_points()).sum(),
            opening: hand_cards.map(|item| item.card.opening_points()).sum(),
        })
    }
}
