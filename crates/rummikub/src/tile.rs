//! Tiles: a number in a colour, or a joker; the colours.

use std::fmt;

/// A tile colour. Every Rummikub edition uses four of these six; [`crate::Rules::colors`] says which.
///
/// Letters: `R` red, `O` orange, `B` blue, `K` black, `G` green, `Y` yellow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// Red, `R`.
    Red,
    /// Orange, `O`.
    Orange,
    /// Blue, `B`.
    Blue,
    /// Black, `K`.
    Black,
    /// Green, `G`.
    Green,
    /// Yellow, `Y`.
    Yellow,
}

impl Color {
    /// Every colour, in declaration order.
    pub const ALL: [Color; 6] = [
        Color::Red,
        Color::Orange,
        Color::Blue,
        Color::Black,
        Color::Green,
        Color::Yellow,
    ];

    /// The one-letter abbreviation: `R O B K G Y`.
    pub fn letter(self) -> char {
        match self {
            Color::Red => 'R',
            Color::Orange => 'O',
            Color::Blue => 'B',
            Color::Black => 'K',
            Color::Green => 'G',
            Color::Yellow => 'Y',
        }
    }

    /// The colour of a letter, in either case.
    pub fn from_letter(letter: char) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|color| color.letter() == letter.to_ascii_uppercase())
    }

    /// The lowercase English name: `red`, `orange` …
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Orange => "orange",
            Color::Blue => "blue",
            Color::Black => "black",
            Color::Green => "green",
            Color::Yellow => "yellow",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A tile number, 1 to 13.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Number(u8);

impl Number {
    /// The lowest number, 1.
    pub const MIN: Number = Number(1);
    /// The highest number any edition uses, 13.
    pub const MAX: Number = Number(13);

    /// The number `n`, if it is 1 to 13.
    pub fn new(n: u8) -> Option<Number> {
        (Number::MIN.0..=Number::MAX.0)
            .contains(&n)
            .then_some(Number(n))
    }

    /// The number as an integer.
    pub fn get(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<Number> for u8 {
    fn from(number: Number) -> u8 {
        number.0
    }
}

/// A number outside 1..13.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("tile numbers are 1 to 13, not {0}")]
pub struct NumberOutOfRange(pub u8);

impl TryFrom<u8> for Number {
    type Error = NumberOutOfRange;

    fn try_from(n: u8) -> Result<Number, NumberOutOfRange> {
        Number::new(n).ok_or(NumberOutOfRange(n))
    }
}

/// A Rummikub tile: a number in a colour, or a joker (which has neither).
///
/// Written `R9` (colour letter, then number) or `J`; [`std::str::FromStr`] also reads `9R`,
/// `RED 9`, `9 red`, `(9, "RED")`, `("JOKER")`, `("JOKER", "RED")` and more (see
/// [`crate::parse_tiles`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tile {
    /// A numbered tile.
    Numbered {
        /// Its colour.
        color: Color,
        /// Its number.
        number: Number,
    },
    /// A joker: stands for any tile its group needs.
    Joker,
}

impl Tile {
    /// The numbered tile `color` `number`; `None` if the number is not 1..13.
    pub fn new(color: Color, number: u8) -> Option<Tile> {
        Number::new(number).map(|number| Tile::Numbered { color, number })
    }

    /// Whether this is a joker.
    pub fn is_joker(self) -> bool {
        self == Tile::Joker
    }

    /// The colour of a numbered tile.
    pub fn color(self) -> Option<Color> {
        match self {
            Tile::Numbered { color, .. } => Some(color),
            Tile::Joker => None,
        }
    }

    /// The number of a numbered tile.
    pub fn number(self) -> Option<Number> {
        match self {
            Tile::Numbered { number, .. } => Some(number),
            Tile::Joker => None,
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tile::Numbered { color, number } => write!(f, "{}{number}", color.letter()),
            Tile::Joker => f.write_str("J"),
        }
    }
}
