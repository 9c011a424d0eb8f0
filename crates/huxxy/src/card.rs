//! Cards, the two-deck pack, a seeded shuffle and the deal.
//!
//! A card is two characters: its value from `A234567890JQK` (`0` is ten; A = 1, J = 11, Q = 12,
//! K = 13) and its suit from `SHDC`. Spades and clubs are black, hearts and diamonds red. The
//! joker game adds two jokers, written `XX`.

use std::fmt;

/// The four suits, in the notation's order `S H D C`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Spades (black).
    Spades,
    /// Hearts (red).
    Hearts,
    /// Diamonds (red).
    Diamonds,
    /// Clubs (black).
    Clubs,
}

/// A card's colour: spades and clubs are black, hearts and diamonds red.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// Spades and clubs.
    Black,
    /// Hearts and diamonds.
    Red,
}

impl Suit {
    /// Every suit, in the notation's order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit's letter: `S`, `H`, `D` or `C`.
    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self.index()]
    }

    /// The suit of a letter `S`, `H`, `D` or `C` (upper case, as the notation writes it).
    pub fn from_letter(letter: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|suit| suit.letter() == letter)
    }

    /// The suit's colour.
    pub fn color(self) -> Color {
        match self {
            Suit::Spades | Suit::Clubs => Color::Black,
            Suit::Hearts | Suit::Diamonds => Color::Red,
        }
    }

    /// Position in [`Suit::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A card value, 1 (ace) to 13 (king).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The ace, 1.
    pub const ACE: Rank = Rank(1);
    /// The king, 13.
    pub const KING: Rank = Rank(13);

    /// The rank of value `value`, if it is 1..=13.
    pub fn new(value: u8) -> Option<Rank> {
        (1..=13).contains(&value).then_some(Rank(value))
    }

    /// The face value: A = 1, 2..10, J = 11, Q = 12, K = 13.
    pub fn value(self) -> u8 {
        self.0
    }

    /// The rank's character: `A234567890JQK`.
    pub fn letter(self) -> char {
        char::from(RANK_LETTERS[usize::from(self.0 - 1)])
    }

    /// The rank of a character of `A234567890JQK`.
    pub fn from_letter(letter: char) -> Option<Rank> {
        let at = RANK_LETTERS.iter().position(|&l| char::from(l) == letter)?;
        Rank::new(at as u8 + 1)
    }
}

const RANK_LETTERS: &[u8; 13] = b"A234567890JQK";

/// A card: a value and a suit, or a joker (joker game only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    /// A card of the two standard packs.
    Plain {
        /// Its value.
        rank: Rank,
        /// Its suit.
        suit: Suit,
    },
    /// A joker, `XX`: it stands for any card that makes its group valid.
    Joker,
}

impl Card {
    /// The plain card of `rank` and `suit`.
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card::Plain { rank, suit }
    }

    /// The card's value, `None` for a joker.
    pub fn rank(self) -> Option<Rank> {
        match self {
            Card::Plain { rank, .. } => Some(rank),
            Card::Joker => None,
        }
    }

    /// The card's suit, `None` for a joker.
    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Plain { suit, .. } => Some(suit),
            Card::Joker => None,
        }
    }

    /// Whether this is a joker.
    pub fn is_joker(self) -> bool {
        self == Card::Joker
    }

    /// The card's points left in a hand at the end of a game: its face value, 48 for a joker.
    pub fn hand_points(self) -> u32 {
        match self {
            Card::Plain { rank, .. } => u32::from(rank.value()),
            Card::Joker => 48,
        }
    }

    /// The card's points towards an opening turn: its face value, 0 for a joker.
    pub fn opening_points(self) -> u32 {
        self.rank().map_or(0, |rank| u32::from(rank.value()))
    }

    /// A dense index: `0..52` for plain cards (by value, then suit), 52 for the joker.
    pub fn index(self) -> usize {
        match self {
            Card::Plain { rank, suit } => usize::from(rank.value() - 1) * 4 + suit.index(),
            Card::Joker => 52,
        }
    }

    /// The card of a dense index ([`Card::index`]), if it is `0..=52`.
    pub fn from_index(index: usize) -> Option<Card> {
        match index {
            52 => Some(Card::Joker),
            0..52 => Some(Card::new(
                Rank::new((index / 4) as u8 + 1)?,
                Suit::ALL[index % 4],
            )),
            _ => None,
        }
    }

    /// Every plain card once, ace of spades to king of clubs.
    pub fn all_plain() -> impl Iterator<Item = Card> {
        (0..52).filter_map(Card::from_index)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Plain { rank, suit } => write!(f, "{}{}", rank.letter(), suit.letter()),
            Card::Joker => f.write_str("XX"),
        }
    }
}

/// Which game: the basic one, or the bonus version with two jokers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Two packs of 52 cards: 104 cards.
    #[default]
    Basic,
    /// Two packs and two jokers: 106 cards.
    Jokers,
}

impl Variant {
    /// How many cards the pack holds: 104, or 106 with the jokers.
    pub fn pack_size(self) -> usize {
        match self {
            Variant::Basic => 104,
            Variant::Jokers => 106,
        }
    }

    /// The unshuffled pack: every plain card twice (ace of spades to king of clubs, twice), then
    /// the jokers.
    pub fn pack(self) -> Vec<Card> {
        let mut pack: Vec<Card> = Card::all_plain().chain(Card::all_plain()).collect();
        if self == Variant::Jokers {
            pack.extend([Card::Joker, Card::Joker]);
        }
        pack
    }

    /// Whether `card` exists in this game.
    pub fn has(self, card: Card) -> bool {
        !card.is_joker() || self == Variant::Jokers
    }
}

/// Players in a game.
pub const PLAYERS: usize = 4;
/// Cards dealt to each player.
pub const HAND_SIZE: usize = 12;

/// The pack of `variant` shuffled from `seed`: `tiles-core`'s fixed Fisher-Yates shuffle over
/// SplitMix64, so a seed deals the same game on every platform and in every version.
pub fn shuffled_pack(variant: Variant, seed: u64) -> Vec<Card> {
    tiles_core::shuffled(variant.pack(), seed)
}

/// The deal: the shuffled pack's first 48 cards go round the four players one at a time
/// (player 0 first); the other cards are the stock, whose top card is its first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// Each player's hand, in the order dealt.
    pub hands: [Vec<Card>; PLAYERS],
    /// The stock, top card first.
    pub stock: Vec<Card>,
}

/// Shuffles the pack of `variant` from `seed` and deals it.
pub fn deal(variant: Variant, seed: u64) -> Deal {
    let pack = shuffled_pack(variant, seed);
    let mut hands: [Vec<Card>; PLAYERS] = Default::default();
    for (i, &card) in pack[..PLAYERS * HAND_SIZE].iter().enumerate() {
        hands[i % PLAYERS].push(card);
    }
    Deal {
        hands,
        stock: pack[PLAYERS * HAND_SIZE..].to_vec(),
    }
}

/// The points a hand holds at the end of a game: face values, 48 per joker.
pub fn score(cards: &[Card]) -> u32 {
    cards.iter().map(|card| card.hand_points()).sum()
}

/// The points cards count towards an opening turn: face values, 0 per joker.
pub fn opening_value(cards: &[Card]) -> u32 {
    cards.iter().map(|card| card.opening_points()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_round_trip() {
        for index in 0..=52 {
            assert_eq!(Card::from_index(index).unwrap().index(), index);
        }
        assert_eq!(Card::from_index(53), None);
    }

    #[test]
    fn the_deal_uses_every_card_once() {
        for variant in [Variant::Basic, Variant::Jokers] {
            let dealt = deal(variant, 7);
            let mut all: Vec<Card> = dealt.hands.concat();
            all.extend(&dealt.stock);
            all.sort();
            let mut pack = variant.pack();
            pack.sort();
            assert_eq!(all, pack);
            assert!(dealt.hands.iter().all(|hand| hand.len() == HAND_SIZE));
            assert_ne!(deal(variant, 7).stock, deal(variant, 8).stock);
        }
    }
}
