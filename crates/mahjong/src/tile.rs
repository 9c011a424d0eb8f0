//! Tile kinds and hands: 34 kinds (nine ranks in each of three suits, seven honours), a hand
//! as a count of each kind.
//!
//! Every library in the field indexes the kinds the same way: 0..8 are 1m..9m, 9..17 are
//! 1p..9p, 18..26 are 1s..9s and 27..33 are the honours 1z..7z (East, South, West, North,
//! White, Green, Red).

use std::fmt;

/// The number of tile kinds.
pub const KINDS: usize = 34;
/// The copies of each kind in the set.
pub const COPIES: u8 = 4;
/// The most tiles a hand may hold: thirteen plus a drawn tile.
pub const MAX_TILES: usize = 14;

/// A suit: the three numbered suits and the honours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Characters, `m`.
    Man,
    /// Dots, `p`.
    Pin,
    /// Bamboo, `s`.
    Sou,
    /// Winds and dragons, `z`: ranks 1..7 are East, South, West, North, White, Green, Red.
    Honor,
}

impl Suit {
    /// Every suit in display order: m, p, s, z.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The suit's letter in mpsz notation.
    pub fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// The suit a letter names, if any.
    pub fn from_letter(letter: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|suit| suit.letter() == letter)
    }

    /// How many ranks the suit has: 9, or 7 for the honours.
    pub fn ranks(self) -> u8 {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    /// The index of the suit's rank-1 tile.
    pub fn first_index(self) -> usize {
        self as usize * 9
    }
}

/// A tile kind, such as `5m` or `7z`. A red five is a five of its suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// The kind with this index (0..34 in the usual order), if any.
    pub fn from_index(index: usize) -> Option<Tile> {
        (index < KINDS).then_some(Tile(index as u8))
    }

    /// The tile of this suit and rank (1..9, or 1..7 for honours), if it exists.
    pub fn new(suit: Suit, rank: u8) -> Option<Tile> {
        (1..=suit.ranks())
            .contains(&rank)
            .then(|| Tile((suit.first_index() + usize::from(rank) - 1) as u8))
    }

    /// The kind with this index, which the caller knows is below 34 (the fast form of
    /// [`Tile::from_index`]).
    ///
    /// # Panics
    ///
    /// If `index` is 34 or more.
    #[inline]
    pub fn at(index: usize) -> Tile {
        assert!(index < KINDS, "no tile kind {index}: 0 to 33");
        Tile(index as u8)
    }

    /// [`Tile::at`] for this crate's loops over the kinds, whose indexes are below 34 by
    /// construction: checked in debug builds only (the check cost scoring 3%).
    pub(crate) fn kind(index: usize) -> Tile {
        debug_assert!(index < KINDS, "no tile kind {index}: 0 to 33");
        Tile(index as u8)
    }

    /// Every kind, in index order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..KINDS as u8).map(Tile)
    }

    /// The index 0..34.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The suit.
    pub fn suit(self) -> Suit {
        Suit::ALL[self.index() / 9]
    }

    /// The rank: 1..9, or 1..7 for honours.
    pub fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// A terminal (a 1 or a 9 of a numbered suit) or an honour: the thirteen orphans.
    pub fn is_terminal_or_honor(self) -> bool {
        self.suit() == Suit::Honor || self.rank() == 1 || self.rank() == 9
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit().letter())
    }
}

/// A hand: how many of each kind it holds, at most four of each and at most fourteen tiles.
///
/// Built by parsing mpsz notation or by [`Hand::from_counts`]; the fields are private so every
/// hand obeys those limits. `Display` writes the canonical mpsz form: suits in the order m, p,
/// s, z, ranks ascending, each suit letter once, red fives written as 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; KINDS],
    len: u8,
}

/// Why counts are not a hand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HandError {
    /// More than four copies of a kind.
    #[error("{count} copies of {tile}: the set has only 4")]
    TooManyCopies {
        /// The kind.
        tile: Tile,
        /// How many copies were given.
        count: u8,
    },
    /// More than fourteen tiles.
    #[error("{count} tiles: a hand holds at most 14")]
    TooManyTiles {
        /// How many tiles were given.
        count: usize,
    },
}

impl Hand {
    /// The hand with no tiles. It displays as an empty string, which [`crate::parse_hand`]
    /// rejects: no mpsz text names it.
    pub const EMPTY: Hand = Hand {
        counts: [0; KINDS],
        len: 0,
    };

    /// The hand holding `counts[i]` tiles of kind `i`.
    ///
    /// # Errors
    ///
    /// [`HandError`] for a fifth copy of a kind or more than fourteen tiles.
    pub fn from_counts(counts: [u8; KINDS]) -> Result<Hand, HandError> {
        if let Some(index) = counts.iter().position(|&count| count > COPIES) {
            return Err(HandError::TooManyCopies {
                tile: Tile(index as u8),
                count: counts[index],
            });
        }
        let len = tiles_in(&counts);
        if len > MAX_TILES {
            return Err(HandError::TooManyTiles { count: len });
        }
        Ok(Hand {
            counts,
            len: len as u8,
        })
    }

    /// The hand holding these tiles.
    ///
    /// # Errors
    ///
    /// [`HandError`] for a fifth copy of a kind or more than fourteen tiles.
    pub fn from_tiles(tiles: impl IntoIterator<Item = Tile>) -> Result<Hand, HandError> {
        let mut counts = [0u8; KINDS];
        for tile in tiles {
            counts[tile.index()] = counts[tile.index()].saturating_add(1);
        }
        Hand::from_counts(counts)
    }

    /// How many of each kind, by index.
    pub fn counts(&self) -> &[u8; KINDS] {
        &self.counts
    }

    /// How many copies of `tile` the hand holds.
    pub fn count(&self, tile: Tile) -> u8 {
        self.counts[tile.index()]
    }

    /// The number of tiles.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the hand holds no tile.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The tiles in canonical order, each copy once.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().flat_map(|tile| std::iter::repeat_n(tile, usize::from(self.count(tile))))
    }

    /// The hand with one more `tile`, or `None` past four copies or fourteen tiles.
    pub fn with(&self, tile: Tile) -> Option<Hand> {
        if self.count(tile) == COPIES || self.len() == MAX_TILES {
            return None;
        }
        let mut hand = *self;
        hand.counts[tile.index()] += 1;
        hand.len += 1;
        Some(hand)
    }

    /// The hand with one `tile` fewer, or `None` if it holds none.
    pub fn without(&self, tile: Tile) -> Option<Hand> {
        let mut hand = *self;
        let count = &mut hand.counts[tile.index()];
        *count = count.checked_sub(1)?;
        hand.len -= 1;
        Some(hand)
    }

    /// The counts of the three numbered suits (m, p, s), by rank, borrowed from the hand.
    pub fn numbered_suits(&self) -> [&[u8; 9]; 3] {
        [0, 9, 18].map(|first| {
            self.counts[first..first + 9]
                .try_into()
                .expect("a numbered suit has nine ranks")
        })
    }

    /// The counts of one suit, by rank (honours fill the first seven places).
    pub fn suit_counts(&self, suit: Suit) -> [u8; 9] {
        let mut ranks = [0u8; 9];
        let first = suit.first_index();
        let n = usize::from(suit.ranks());
        ranks[..n].copy_from_slice(&self.counts[first..first + n]);
        ranks
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_kinds(f, Tile::all().map(|tile| (tile, self.count(tile))))
    }
}

/// How many tiles `counts` holds (a count per kind).
#[inline]
pub fn tiles_in(counts: &[u8]) -> usize {
    counts.iter().map(|&count| usize::from(count)).sum()
}

/// Writes tile kinds with their counts in canonical mpsz: `123m11z`. Nothing for no tile.
pub(crate) fn write_kinds(
    out: &mut impl fmt::Write,
    kinds: impl IntoIterator<Item = (Tile, u8)>,
) -> fmt::Result {
    let mut open_suit: Option<Suit> = None;
    for (tile, count) in kinds {
        if count == 0 {
            continue;
        }
        if let Some(suit) = open_suit
            && suit != tile.suit()
        {
            out.write_char(suit.letter())?;
        }
        open_suit = Some(tile.suit());
        for _ in 0..count {
            write!(out, "{}", tile.rank())?;
        }
    }
    match open_suit {
        Some(suit) => out.write_char(suit.letter()),
        None => Ok(()),
    }
}

/// Tile kinds in canonical mpsz, each once: `19m19p19s1234567z`.
pub fn show_tiles(tiles: &[Tile]) -> String {
    let mut sorted = tiles.to_vec();
    sorted.sort_unstable();
    let mut text = String::new();
    let _ = write_kinds(&mut text, sorted.into_iter().map(|tile| (tile, 1)));
    text
}

/// A short text built on the stack, byte by byte, and written out at once: the displays of
/// hands and melds are written this way, as their texts are ASCII and short.
pub(crate) struct Text {
    bytes: [u8; 96],
    len: usize,
}

impl Text {
    /// The empty text.
    pub(crate) fn new() -> Text {
        Text {
            bytes: [0; 96],
            len: 0,
        }
    }

    /// Appends an ASCII byte (past 96 bytes, nothing).
    pub(crate) fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    /// Appends ASCII text (what does not fit is dropped).
    pub(crate) fn push_str(&mut self, text: &str) {
        let end = (self.len + text.len()).min(self.bytes.len());
        let take = end - self.len;
        self.bytes[self.len..end].copy_from_slice(&text.as_bytes()[..take]);
        self.len = end;
    }

    /// Appends a rank digit.
    pub(crate) fn digit(&mut self, rank: u8) {
        self.push(b'0' + rank);
    }

    /// The text.
    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}
