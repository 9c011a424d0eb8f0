//! Groups and tables: which lists of cards are valid runs or N-of-a-kind groups.
//!
//! - A **run** is three or more cards whose values form a continuous sequence (in any order on
//!   the table) and alternate in colour; it cannot wrap from king to ace.
//! - An **N-of-a-kind** group is three or more cards of one value: with four or fewer cards all
//!   suits differ, with more than four all four suits are present.
//! - Two packs are in play, so no card appears more than twice in a group (at most
//!   8-of-a-kind).
//! - In the joker game a group holds at most one joker, which stands for any card that makes
//!   the group valid; which one may stay undecided (`2C 3H XX` is a run with the joker as AH,
//!   AD, 4S or 4C). The card it stands for may appear at most once besides it, so a joker
//!   cannot make a 9-of-a-kind.

use std::fmt;

use crate::card::{Card, Color, Rank, Suit, Variant};

/// The two shapes of a valid group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// Consecutive values, alternating colours.
    Run,
    /// One value, different suits.
    OfAKind,
}

impl fmt::Display for GroupKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GroupKind::Run => "run",
            GroupKind::OfAKind => "N-of-a-kind",
        })
    }
}

/// Why a group is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GroupError {
    /// Fewer than three cards.
    #[error("a group needs at least 3 cards, this one has {len}")]
    TooSmall {
        /// Cards in the group.
        len: usize,
    },
    /// A joker in the basic game.
    #[error("the basic game has no jokers: XX is not a card of it")]
    JokerNotInGame,
    /// More than one joker.
    #[error("a group may hold only one joker, this one has {count}")]
    TooManyJokers {
        /// Jokers in the group.
        count: usize,
    },
    /// A card more often than the two packs hold it.
    #[error("{card} appears {count} times but the two packs hold it only twice")]
    TooManyCopies {
        /// The card.
        card: Card,
        /// How often it appears.
        count: usize,
    },
    /// N-of-a-kind of four or fewer cards with a suit twice.
    #[error("an N-of-a-kind group of 4 or fewer cards needs different suits: {card} appears twice")]
    RepeatedSuit {
        /// A card whose suit appears twice.
        card: Card,
    },
    /// N-of-a-kind of more than four cards without every suit.
    #[error("an N-of-a-kind group of more than 4 cards needs all four suits: it has no {suit}")]
    MissingSuit {
        /// A suit missing.
        suit: SuitName,
    },
    /// A run with a value twice.
    #[error("a run needs different values: {rank} appears twice")]
    RepeatedValue {
        /// The value.
        rank: RankName,
    },
    /// A run whose values are not continuous.
    #[error("a run needs consecutive values: nothing between {low} and {high}")]
    Gap {
        /// The value before the gap.
        low: RankName,
        /// The value after it.
        high: RankName,
    },
    /// A run with two neighbours of one colour.
    #[error("a run needs alternating colours: {low} and {high} are both {color}")]
    SameColor {
        /// The lower card.
        low: Card,
        /// The next card up.
        high: Card,
        /// Their colour.
        color: ColorName,
    },
    /// A group with a joker that no card makes valid.
    #[error("the joker can stand for no card that makes a valid group of {cards}")]
    NoCardForJoker {
        /// The group's other cards, as written.
        cards: String,
    },
}

/// A value as the error messages name it (`A`, `7`, `10`, `K`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankName(pub Rank);

impl fmt::Display for RankName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.value() {
            1 => f.write_str("A"),
            11 => f.write_str("J"),
            12 => f.write_str("Q"),
            13 => f.write_str("K"),
            n => write!(f, "{n}"),
        }
    }
}

/// A suit as the error messages name it (`spades`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SuitName(pub Suit);

impl fmt::Display for SuitName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(["spades", "hearts", "diamonds", "clubs"][self.0.index()])
    }
}

/// A colour as the error messages name it (`red`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColorName(pub Color);

impl fmt::Display for ColorName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Color::Black => "black",
            Color::Red => "red",
        })
    }
}

/// Checks one group under `variant`'s rules: its shape, or why it is not valid.
///
/// # Errors
///
/// A [`GroupError`] naming the first rule the group breaks: its size, jokers, copies, then
/// its shape (judged as N-of-a-kind when all its plain cards share a value, else as a run).
pub fn check_group(cards: &[Card], variant: Variant) -> Result<GroupKind, GroupError> {
    if cards.len() < 3 {
        return Err(GroupError::TooSmall { len: cards.len() });
    }
    let jokers = cards.iter().filter(|card| card.is_joker()).count();
    if jokers > 0 && variant == Variant::Basic {
        return Err(GroupError::JokerNotInGame);
    }
    if jokers > 1 {
        return Err(GroupError::TooManyJokers { count: jokers });
    }
    let mut counts = [0u8; 52];
    for &card in cards {
        if card.is_joker() {
            continue;
        }
        let count = &mut counts[card.index()];
        *count += 1;
        if *count > 2 {
            return Err(GroupError::TooManyCopies {
                card,
                count: cards.iter().filter(|&&c| c == card).count(),
            });
        }
    }
    if jokers == 0 {
        return plain_shape(cards, &counts);
    }
    let plain: Vec<Card> = cards.iter().copied().filter(|c| !c.is_joker()).collect();
    match joker_cards(&plain, &mut counts).next() {
        Some((_, kind)) => Ok(kind),
        None => Err(GroupError::NoCardForJoker {
            cards: crate::notation::show_cards(&plain),
        }),
    }
}

/// Whether `cards` form a valid group under `variant`'s rules.
pub fn valid_group(cards: &[Card], variant: Variant) -> bool {
    check_group(cards, variant).is_ok()
}

/// Whether every group of `table` is valid (an empty table is; an empty group is not).
pub fn valid_table(table: &[Vec<Card>], variant: Variant) -> bool {
    table.iter().all(|group| valid_group(group, variant))
}

/// The cards a joker added to the plain cards `plain` could stand for, making a valid group:
/// every such card, with the group's shape. Empty if there is none.
pub fn joker_options(plain: &[Card]) -> Vec<(Card, GroupKind)> {
    let mut counts = [0u8; 52];
    for card in plain.iter().filter(|card| !card.is_joker()) {
        counts[card.index()] = counts[card.index()].saturating_add(1);
    }
    if plain.len() < 2 || plain.iter().any(|card| card.is_joker()) || counts.iter().any(|&n| n > 2)
    {
        return Vec::new();
    }
    joker_cards(plain, &mut counts).collect()
}

/// The cards that, added to the plain cards `plain` (counted in `counts`), make a valid group.
fn joker_cards<'a>(
    plain: &'a [Card],
    counts: &'a mut [u8; 52],
) -> impl Iterator<Item = (Card, GroupKind)> + 'a {
    let ranks: Vec<u8> = plain
        .iter()
        .filter_map(|c| c.rank())
        .map(Rank::value)
        .collect();
    let low = ranks
        .iter()
        .min()
        .map_or(1, |&r| r.saturating_sub(1).max(1));
    let high = ranks.iter().max().map_or(13, |&r| (r + 1).min(13));
    let mut with = plain.to_vec();
    with.push(Card::Joker);
    let last = with.len() - 1;
    (low..=high)
        .flat_map(|value| Suit::ALL.map(|suit| Card::new(Rank::new(value).expect("1..=13"), suit)))
        .filter_map(move |candidate| {
            if counts[candidate.index()] >= 2 {
                return None;
            }
            with[last] = candidate;
            counts[candidate.index()] += 1;
            let shape = plain_shape(&with, counts).ok();
            counts[candidate.index()] -= 1;
            shape.map(|kind| (candidate, kind))
        })
}

/// The shape of a group of at least three plain cards, each at most twice (`counts`).
fn plain_shape(cards: &[Card], counts: &[u8; 52]) -> Result<GroupKind, GroupError> {
    let first = cards[0].rank().expect("plain cards");
    if cards.iter().all(|card| card.rank() == Some(first)) {
        if cards.len() <= 4 {
            let mut seen = 0u8;
            for &card in cards {
                let bit = 1 << card.suit().expect("plain card").index();
                if seen & bit != 0 {
                    return Err(GroupError::RepeatedSuit { card });
                }
                seen |= bit;
            }
        } else if let Some(suit) = Suit::ALL
            .into_iter()
            .find(|&suit| counts[Card::new(first, suit).index()] == 0)
        {
            return Err(GroupError::MissingSuit {
                suit: SuitName(suit),
            });
        }
        return Ok(GroupKind::OfAKind);
    }
    let mut by_rank: [Option<Card>; 14] = [None; 14];
    for &card in cards {
        let rank = card.rank().expect("plain card");
        if by_rank[usize::from(rank.value())].replace(card).is_some() {
            return Err(GroupError::RepeatedValue {
                rank: RankName(rank),
            });
        }
    }
    let mut previous: Option<Card> = None;
    for card in by_rank.into_iter().flatten() {
        if let Some(low) = previous {
            let (low_rank, high_rank) = (low.rank().expect("plain"), card.rank().expect("plain"));
            if high_rank.value() != low_rank.value() + 1 {
                return Err(GroupError::Gap {
                    low: RankName(low_rank),
                    high: RankName(high_rank),
                });
            }
            let color = low.suit().expect("plain").color();
            if card.suit().expect("plain").color() == color {
                return Err(GroupError::SameColor {
                    low,
                    high: card,
                    color: ColorName(color),
                });
            }
        }
        previous = Some(card);
    }
    Ok(GroupKind::Run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_cards;

    fn check(text: &str) -> Result<GroupKind, String> {
        check_group(&parse_cards(text).unwrap(), Variant::Jokers).map_err(|e| e.to_string())
    }

    #[test]
    fn the_notes_examples() {
        assert_eq!(check("3C AS 2H"), Ok(GroupKind::Run));
        assert_eq!(check("2C 2H 2S 2D 2S"), Ok(GroupKind::OfAKind));
        assert!(check("2C 2H 2S 2C").is_err());
        assert_eq!(check("2C 3H XX"), Ok(GroupKind::Run));
        assert_eq!(check("3C 3H XX"), Ok(GroupKind::OfAKind));
        assert_eq!(check("2C 4S 5H XX"), Ok(GroupKind::Run));
        assert!(check("QS KH AS").is_err());
        assert!(check("2C 2C 2H 2H 2S 2S 2D 2D XX").is_err());
        assert_eq!(check("2C 2C 2H 2H 2S 2S 2D 2D"), Ok(GroupKind::OfAKind));
        let options: Vec<String> = joker_options(&parse_cards("2C 3H").unwrap())
            .iter()
            .map(|(card, _)| card.to_string())
            .collect();
        assert_eq!(options, ["AH", "AD", "4S", "4C"]);
    }
}
