//! Rows of the puzzle table and what TAKE, PUT and COMBINE do to them.
//!
//! A row is a run (one colour, consecutive values, 3 to 13 tiles) or a set (one value, 3 or 4
//! distinct colours). The joker (part 2) is either inside a run, filling a gap with a fixed
//! value, or free: at the right end of a run, or in a set, where its value is not fixed. Every
//! function here checks one action against one row and returns the row (or the two rows of a
//! split) it leaves, or the rule it breaks.

use std::fmt;

use rummikub::{Color, Tile};

/// The puzzle's colours in display order: blue, green, red, yellow.
pub const COLORS: [Color; 4] = [Color::Blue, Color::Green, Color::Red, Color::Yellow];

/// A puzzle tile in compact form: a plain tile (value 1..13, colour index into [`COLORS`]) or
/// the joker. Ordered by value, then colour, the joker last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Piece {
    /// A numbered tile.
    Plain {
        /// 1..13.
        value: u8,
        /// Index into [`COLORS`].
        color: u8,
    },
    /// The joker.
    Joker,
}

impl Piece {
    /// The piece of a `rummikub` tile, if its colour is one of the puzzle's.
    pub fn from_tile(tile: Tile) -> Option<Piece> {
        match tile {
            Tile::Joker => Some(Piece::Joker),
            Tile::Numbered { color, number } => {
                let color = COLORS.iter().position(|&c| c == color)? as u8;
                Some(Piece::Plain {
                    value: number.get(),
                    color,
                })
            }
        }
    }

    /// The `rummikub` tile of this piece.
    pub fn tile(self) -> Tile {
        match self {
            Piece::Joker => Tile::Joker,
            Piece::Plain { value, color } => {
                Tile::new(COLORS[usize::from(color)], value).expect("pieces hold values 1..13")
            }
        }
    }
}

/// The puzzle notation: value then colour letter (`4G`, `13R`), or `J`.
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Piece::Joker => f.write_str("J"),
            Piece::Plain { value, color } => {
                write!(f, "{value}{}", COLORS[usize::from(color)].letter())
            }
        }
    }
}

/// Where the joker of a run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Joker {
    /// The run has no joker.
    None,
    /// At the right end, its value open (it may stand below or above the plain tiles).
    Free,
    /// Inside the run, standing for this value.
    Gap(u8),
}

/// One row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Row {
    /// A run: plain tiles `low..=high` of one colour, except the value a gap joker fills.
    Run {
        /// Colour index into [`COLORS`].
        color: u8,
        /// Lowest plain value.
        low: u8,
        /// Highest plain value.
        high: u8,
        /// The joker, if any.
        joker: Joker,
    },
    /// A set: one value, colours as bits (bit `i` for `COLORS[i]`), and maybe the joker.
    Set {
        /// The value.
        value: u8,
        /// Colour bits.
        colors: u8,
        /// Whether the joker is in the set.
        joker: bool,
    },
}

/// Why an action cannot be done to a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RowError {
    /// The tile is not in the row.
    #[error("the row does not hold {0}")]
    NotInRow(Piece),
    /// Taking the tile would leave a row of fewer than 3 tiles.
    #[error("taking {0} would leave fewer than 3 tiles")]
    TooShortAfterTake(Piece),
    /// Taking the tile would split the run into a part of fewer than 3 tiles.
    #[error("taking {0} would split the run into a part of fewer than 3 tiles")]
    BadTakeSplit(Piece),
    /// The tile does not fit the row.
    #[error("{0} does not fit the row")]
    DoesNotFit(Piece),
    /// The row would hold more than 4 (set) or 13 (run) tiles.
    #[error("{0} would make the row too long")]
    TooLong(Piece),
    /// A put into the middle of a run would split it into a part of fewer than 3 tiles.
    #[error("putting {0} would split the run into a part of fewer than 3 tiles")]
    BadPutSplit(Piece),
    /// A put splitting a run with a free joker where neither part, or both, could take it.
    #[error("putting {0} would split the run, and the joker could go to neither part or both")]
    JokerUndecided(Piece),
    /// COMBINE of something that is not two runs of one colour meeting end to end.
    #[error("the rows are not two runs of one colour that meet end to end")]
    NotCombinable,
    /// COMBINE would make a run longer than 13 tiles.
    #[error("the combined run would be longer than 13 tiles")]
    CombinedTooLong,
}

/// The row(s) an action leaves: the row itself (keeping its id), and the upper part of a
/// split (which gets a new id).
pub type Rows = (Row, Option<Row>);

impl Row {
    /// A run, if it is valid.
    pub fn run(color: u8, low: u8, high: u8, joker: Joker) -> Option<Row> {
        let row = Row::Run {
            color,
            low,
            high,
            joker,
        };
        row.valid().then_some(row)
    }

    /// Number of tiles, the joker included.
    pub fn len(&self) -> usize {
        match *self {
            Row::Run {
                low, high, joker, ..
            } => {
                let span = usize::from(high - low + 1);
                match joker {
                    Joker::None | Joker::Gap(_) => span,
                    Joker::Free => span + 1,
                }
            }
            Row::Set { colors, joker, .. } => colors.count_ones() as usize + usize::from(joker),
        }
    }

    /// Never true: a row holds at least one tile.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the joker is in this row.
    pub fn has_joker(&self) -> bool {
        match *self {
            Row::Run { joker, .. } => joker != Joker::None,
            Row::Set { joker, .. } => joker,
        }
    }

    /// Whether this is a run.
    pub fn is_run(&self) -> bool {
        matches!(self, Row::Run { .. })
    }

    /// Whether the row is a valid group: a run of 3..13 tiles within 1..13 (a free joker needs
    /// room), a set of 3..4 tiles.
    pub fn valid(&self) -> bool {
        match *self {
            Row::Run {
                low, high, joker, ..
            } => {
                let gap_ok = match joker {
                    Joker::Gap(g) => low < g && g < high,
                    Joker::Free => high - low < 12,
                    Joker::None => true,
                };
                (1..=13).contains(&low)
                    && (low..=13).contains(&high)
                    && gap_ok
                    && (3..=13).contains(&self.len())
            }
            Row::Set {
                value,
                colors,
                joker,
            } => {
                (1..=13).contains(&value)
                    && colors < 16
                    && colors != 0
                    && (3..=4).contains(&self.len())
                    && (!joker || colors.count_ones() >= 2)
            }
        }
    }

    /// The tiles in display order: runs low to high with an inside joker in its place and a
    /// free joker at the right end; sets in colour order B G R Y, the joker last.
    pub fn pieces(&self) -> Vec<Piece> {
        let mut pieces = Vec::with_capacity(self.len());
        match *self {
            Row::Run {
                color,
                low,
                high,
                joker,
            } => {
                for value in low..=high {
                    pieces.push(if joker == Joker::Gap(value) {
                        Piece::Joker
                    } else {
                        Piece::Plain { value, color }
                    });
                }
                if joker == Joker::Free {
                    pieces.push(Piece::Joker);
                }
            }
            Row::Set {
                value,
                colors,
                joker,
            } => {
                for color in 0..4u8 {
                    if colors >> color & 1 == 1 {
                        pieces.push(Piece::Plain { value, color });
                    }
                }
                if joker {
                    pieces.push(Piece::Joker);
                }
            }
        }
        pieces
    }

    /// Whether the piece is of this row's kind: the run's colour, the set's value, or the
    /// joker. Only such a piece can ever be put into the row; a cheap test before [`Row::put`].
    pub fn matches(&self, piece: Piece) -> bool {
        match (*self, piece) {
            (_, Piece::Joker) => true,
            (Row::Run { color, .. }, Piece::Plain { color: c, .. }) => color == c,
            (Row::Set { value, .. }, Piece::Plain { value: v, .. }) => value == v,
        }
    }

    /// Whether the row holds this piece.
    pub fn holds(&self, piece: Piece) -> bool {
        match (*self, piece) {
            (row, Piece::Joker) => row.has_joker(),
            (
                Row::Run {
                    color,
                    low,
                    high,
                    joker,
                },
                Piece::Plain { value, color: c },
            ) => c == color && low <= value && value <= high && joker != Joker::Gap(value),
            (
                Row::Set {
                    value: v, colors, ..
                },
                Piece::Plain { value, color },
            ) => v == value && colors >> color & 1 == 1,
        }
    }

    /// TAKE `piece` from this row: the row left, and the upper part if the take splits a run.
    ///
    /// The row(s) left must be valid. Taking an inner tile splits a run in two parts of 3+
    /// tiles; an inside joker stays, with its value, in the part that holds its gap (at a
    /// part's end it becomes free); with a free joker both parts need 3+ plain tiles and the
    /// joker stays in the lower part. The joker may be taken from a 4-tile set, from a run
    /// that keeps 3+ tiles, or from its gap, which splits the run there.
    ///
    /// # Errors
    ///
    /// The rule the take breaks.
    pub fn take(&self, piece: Piece) -> Result<Rows, RowError> {
        if !self.holds(piece) {
            return Err(RowError::NotInRow(piece));
        }
        match (*self, piece) {
            (
                Row::Set {
                    value,
                    colors,
                    joker,
                },
                piece,
            ) => {
                let row = match piece {
                    Piece::Joker => Row::Set {
                        value,
                        colors,
                        joker: false,
                    },
                    Piece::Plain { color, .. } => Row::Set {
                        value,
                        colors: colors & !(1 << color),
                        joker,
                    },
                };
                if row.len() < 3 {
                    return Err(RowError::TooShortAfterTake(piece));
                }
                Ok((row, None))
            }
            (
                Row::Run {
                    color,
                    low,
                    high,
                    joker,
                },
                Piece::Joker,
            ) => match joker {
                Joker::Gap(g) => {
                    let lower = Row::run(color, low, g - 1, Joker::None);
                    let upper = Row::run(color, g + 1, high, Joker::None);
                    match (lower, upper) {
                        (Some(lower), Some(upper)) => Ok((lower, Some(upper))),
                        _ => Err(RowError::BadTakeSplit(piece)),
                    }
                }
                _ => Row::run(color, low, high, Joker::None)
                    .map(|row| (row, None))
                    .ok_or(RowError::TooShortAfterTake(piece)),
            },
            (
                Row::Run {
                    color,
                    low,
                    high,
                    joker,
                },
                Piece::Plain { value, .. },
            ) => {
                if value == low || value == high {
                    let (mut new_low, mut new_high) = if value == low {
                        (low + 1, high)
                    } else {
                        (low, high - 1)
                    };
                    let mut new_joker = joker;
                    if let Joker::Gap(g) = joker {
                        // A joker left at an end of the run is free again.
                        if g == new_low {
                            new_low += 1;
                            new_joker = Joker::Free;
                        } else if g == new_high {
                            new_high -= 1;
                            new_joker = Joker::Free;
                        }
                    }
                    if new_low > new_high {
                        return Err(RowError::TooShortAfterTake(piece));
                    }
                    return Row::run(color, new_low, new_high, new_joker)
                        .map(|row| (row, None))
                        .ok_or(RowError::TooShortAfterTake(piece));
                }
                let (lower, upper) = match joker {
                    Joker::None => (
                        Row::run(color, low, value - 1, Joker::None),
                        Row::run(color, value + 1, high, Joker::None),
                    ),
                    Joker::Free => {
                        if value - low < 3 || high - value < 3 {
                            return Err(RowError::BadTakeSplit(piece));
                        }
                        (
                            Row::run(color, low, value - 1, Joker::Free),
                            Row::run(color, value + 1, high, Joker::None),
                        )
                    }
                    Joker::Gap(g) if g < value => (
                        part_with_joker(color, low, value - 1, g),
                        Row::run(color, value + 1, high, Joker::None),
                    ),
                    Joker::Gap(g) => (
                        Row::run(color, low, value - 1, Joker::None),
                        part_with_joker(color, value + 1, high, g),
                    ),
                };
                match (lower, upper) {
                    (Some(lower), Some(upper)) => Ok((lower, Some(upper))),
                    _ => Err(RowError::BadTakeSplit(piece)),
                }
            }
        }
    }

    /// PUT `piece` into this row: the row it makes, and the upper part if the put splits a run.
    ///
    /// A set takes a missing colour of its value (or the joker) up to 4 tiles. A run takes the
    /// value below or above it; the value of its inside joker (which then goes free to the
    /// right end); with a free joker also the value two below or above (the joker then fills
    /// the gap between); the joker itself at the right end. A second copy of a value the run
    /// holds splits it: the lower part ends with one copy, the upper part starts with the
    /// other, both 3+ tiles; an inside joker stays in its part, a free joker goes to the one
    /// part that needs it.
    ///
    /// # Errors
    ///
    /// The rule the put breaks.
    pub fn put(&self, piece: Piece) -> Result<Rows, RowError> {
        match (*self, piece) {
            (
                Row::Set {
                    value,
                    colors,
                    joker,
                },
                piece,
            ) => {
                let row = match piece {
                    Piece::Joker if !joker => Row::Set {
                        value,
                        colors,
                        joker: true,
                    },
                    Piece::Plain { value: v, color } if v == value && colors >> color & 1 == 0 => {
                        Row::Set {
                            value,
                            colors: colors | 1 << color,
                            joker,
                        }
                    }
                    _ => return Err(RowError::DoesNotFit(piece)),
                };
                if row.len() > 4 {
                    return Err(RowError::TooLong(piece));
                }
                Ok((row, None))
            }
            (
                Row::Run {
                    color,
                    low,
                    high,
                    joker,
                },
                Piece::Joker,
            ) => {
                if joker != Joker::None {
                    return Err(RowError::DoesNotFit(piece));
                }
                Row::run(color, low, high, Joker::Free)
                    .map(|row| (row, None))
                    .ok_or(RowError::TooLong(piece))
            }
            (
                Row::Run {
                    color,
                    low,
                    high,
                    joker,
                },
                Piece::Plain { value, color: c },
            ) => {
                if c != color {
                    return Err(RowError::DoesNotFit(piece));
                }
                let too_long =
                    |row: Option<Row>| row.map(|row| (row, None)).ok_or(RowError::TooLong(piece));
                if value + 1 == low || value == high + 1 {
                    return too_long(Row::run(color, value.min(low), value.max(high), joker));
                }
                if joker == Joker::Gap(value) {
                    return too_long(Row::run(color, low, high, Joker::Free));
                }
                if joker == Joker::Free && (value + 2 == low || value == high + 2) {
                    let gap = if value < low { low - 1 } else { high + 1 };
                    return too_long(Row::run(
                        color,
                        value.min(low),
                        value.max(high),
                        Joker::Gap(gap),
                    ));
                }
                if value < low || value > high {
                    return Err(RowError::DoesNotFit(piece));
                }
                // A second copy of a value the run holds: split there.
                let (lower, upper) = match joker {
                    Joker::None => (
                        Row::run(color, low, value, Joker::None),
                        Row::run(color, value, high, Joker::None),
                    ),
                    Joker::Gap(g) if g < value => (
                        Row::run(color, low, value, Joker::Gap(g)),
                        Row::run(color, value, high, Joker::None),
                    ),
                    Joker::Gap(g) => (
                        Row::run(color, low, value, Joker::None),
                        Row::run(color, value, high, Joker::Gap(g)),
                    ),
                    Joker::Free => {
                        let (below, above) = (value - low + 1, high - value + 1);
                        match (below, above) {
                            (2, 3..) => (
                                Row::run(color, low, value, Joker::Free),
                                Row::run(color, value, high, Joker::None),
                            ),
                            (3.., 2) => (
                                Row::run(color, low, value, Joker::None),
                                Row::run(color, value, high, Joker::Free),
                            ),
                            (3.., 3..) | (2, 2) => {
                                return Err(RowError::JokerUndecided(piece));
                            }
                            _ => return Err(RowError::BadPutSplit(piece)),
                        }
                    }
                };
                match (lower, upper) {
                    (Some(lower), Some(upper)) => Ok((lower, Some(upper))),
                    _ => Err(RowError::BadPutSplit(piece)),
                }
            }
        }
    }

    /// COMBINE this row with `other`: two runs of one colour where one ends just below where
    /// the other starts (a free joker does not fill the junction; it ends up at the right end
    /// of the merged run). The merged run may hold at most 13 tiles.
    ///
    /// # Errors
    ///
    /// [`RowError::NotCombinable`] or [`RowError::CombinedTooLong`].
    pub fn combine(&self, other: &Row) -> Result<Row, RowError> {
        let (
            Row::Run {
                color: a_color,
                low: a_low,
                high: a_high,
                joker: a_joker,
            },
            Row::Run {
                color: b_color,
                low: b_low,
                high: b_high,
                joker: b_joker,
            },
        ) = (*self, *other)
        else {
            return Err(RowError::NotCombinable);
        };
        if a_color != b_color {
            return Err(RowError::NotCombinable);
        }
        let (low, high) = if a_high + 1 == b_low {
            (a_low, b_high)
        } else if b_high + 1 == a_low {
            (b_low, a_high)
        } else {
            return Err(RowError::NotCombinable);
        };
        let joker = if a_joker != Joker::None {
            a_joker
        } else {
            b_joker
        };
        Row::run(a_color, low, high, joker).ok_or(RowError::CombinedTooLong)
    }
}

/// The part `low..=high` of a run that holds the inside joker at `gap`: still inside, or free
/// if the split left it at the part's end.
fn part_with_joker(color: u8, low: u8, high: u8, gap: u8) -> Option<Row> {
    if gap == low {
        (low < high).then(|| Row::run(color, low + 1, high, Joker::Free))?
    } else if gap == high {
        (low < high).then(|| Row::run(color, low, high - 1, Joker::Free))?
    } else {
        Row::run(color, low, high, Joker::Gap(gap))
    }
}

/// The row's tiles in display order, separated by spaces.
impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, piece) in self.pieces().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{piece}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! Every joker behaviour of the crate README's Rules section, one row at a time.

    use super::*;
    use crate::parse::row_of;

    fn row(text: &str) -> Row {
        let pieces: Vec<Piece> = text
            .split_whitespace()
            .map(|token| crate::parse::parse_piece(token).unwrap())
            .collect();
        row_of(&pieces).unwrap()
    }

    fn piece(text: &str) -> Piece {
        crate::parse::parse_piece(text).unwrap()
    }

    fn shown((row, upper): Rows) -> String {
        match upper {
            Some(upper) => format!("{row} | {upper}"),
            None => row.to_string(),
        }
    }

    #[test]
    fn display_puts_a_free_joker_right_and_an_inside_one_in_its_gap() {
        assert_eq!(row("J 3R 4R").to_string(), "3R 4R J");
        assert_eq!(row("3R J 5R").to_string(), "3R J 5R");
        assert_eq!(row("4R J 4G").to_string(), "4G 4R J");
        assert_eq!(row("4Y 4R 4G 4B").to_string(), "4B 4G 4R 4Y");
    }

    #[test]
    fn putting_the_jokers_value_frees_it() {
        assert_eq!(
            shown(row("7R J 9R").put(piece("8R")).unwrap()),
            "7R 8R 9R J"
        );
        // 5R into 3R 4R J 6R 7R fills the gap: no split.
        assert_eq!(
            shown(row("3R 4R J 6R 7R").put(piece("5R")).unwrap()),
            "3R 4R 5R 6R 7R J"
        );
    }

    #[test]
    fn taking_the_joker() {
        assert_eq!(
            shown(row("4B 4G 4R J").take(Piece::Joker).unwrap()),
            "4B 4G 4R"
        );
        assert_eq!(
            shown(row("7R 8R 9R J").take(Piece::Joker).unwrap()),
            "7R 8R 9R"
        );
        assert!(row("4B 4G J").take(Piece::Joker).is_err());
        assert!(row("7R 8R J").take(Piece::Joker).is_err());
        assert_eq!(
            shown(
                row("5B 6B 7B 8B J 10B 11B 12B 13B")
                    .take(Piece::Joker)
                    .unwrap()
            ),
            "5B 6B 7B 8B | 10B 11B 12B 13B"
        );
        assert!(row("5B 6B J 8B 9B 10B").take(Piece::Joker).is_err());
    }

    #[test]
    fn a_put_can_turn_a_free_joker_into_an_inside_one() {
        assert_eq!(
            shown(row("5B 6B 7B J").put(piece("3B")).unwrap()),
            "3B J 5B 6B 7B"
        );
        assert_eq!(
            shown(row("5B 6B 7B J").put(piece("9B")).unwrap()),
            "5B 6B 7B J 9B"
        );
        assert_eq!(
            shown(row("5B 6B 7B J").put(piece("4B")).unwrap()),
            "4B 5B 6B 7B J"
        );
    }

    #[test]
    fn combining_with_a_free_joker() {
        assert_eq!(
            row("3R 4R J")
                .combine(&row("5R 6R 7R"))
                .unwrap()
                .to_string(),
            "3R 4R 5R 6R 7R J"
        );
        assert_eq!(
            row("5R 6R 7R")
                .combine(&row("3R 4R J"))
                .unwrap()
                .to_string(),
            "3R 4R 5R 6R 7R J"
        );
        assert_eq!(
            row("3R 4R J").combine(&row("6R 7R 8R")),
            Err(RowError::NotCombinable)
        );
        assert!(row("4B 4G 4R").combine(&row("5R 6R 7R")).is_err());
    }

    #[test]
    fn put_split_gives_a_free_joker_to_the_part_that_needs_it() {
        assert_eq!(
            shown(row("4B 5B 6B 7B J").put(piece("5B")).unwrap()),
            "4B 5B J | 5B 6B 7B"
        );
        assert_eq!(
            row("4B 5B 6B 7B 8B 9B J").put(piece("6B")),
            Err(RowError::JokerUndecided(piece("6B")))
        );
        assert_eq!(
            row("4B 5B 6B J").put(piece("5B")),
            Err(RowError::JokerUndecided(piece("5B")))
        );
    }

    #[test]
    fn put_split_without_joker_shares_the_value() {
        assert_eq!(
            shown(row("1G 2G 3G 4G 5G 6G").put(piece("3G")).unwrap()),
            "1G 2G 3G | 3G 4G 5G 6G"
        );
        assert!(row("1G 2G 3G 4G 5G").put(piece("2G")).is_err());
    }

    #[test]
    fn an_inside_joker_keeps_its_value_when_another_tile_splits_the_run() {
        assert_eq!(
            shown(row("1R J 3R 4R 5R 6R 7R 8R").take(piece("5R")).unwrap()),
            "1R J 3R 4R | 6R 7R 8R"
        );
        // Left at the end of its part, the joker is free again.
        assert_eq!(
            shown(row("1R 2R 3R J 5R 6R 7R 8R").take(piece("5R")).unwrap()),
            "1R 2R 3R J | 6R 7R 8R"
        );
        assert_eq!(
            shown(row("3R J 5R 6R").take(piece("3R")).unwrap()),
            "5R 6R J"
        );
    }

    #[test]
    fn taking_an_inner_tile_beside_a_free_joker_needs_three_plain_tiles_each_side() {
        assert_eq!(
            shown(row("1R 2R 3R 4R 5R 6R 7R J").take(piece("4R")).unwrap()),
            "1R 2R 3R J | 5R 6R 7R"
        );
        assert!(row("1R 2R 3R 4R 5R 6R 7R J").take(piece("3R")).is_err());
    }

    #[test]
    fn lengths_are_capped() {
        assert_eq!(
            row("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R")
                .put(Piece::Joker)
                .map(shown),
            Ok("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R J".to_string())
        );
        assert!(
            row("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R 13R")
                .put(Piece::Joker)
                .is_err()
        );
        assert!(row("4B 4G 4R 4Y").put(Piece::Joker).is_err());
    }
}
