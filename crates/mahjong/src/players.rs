//! The players at a table: four, or three (Tenhou's sanma). One type for the count, one check
//! of what it may be and one message when it is neither, whatever the count comes in as (a
//! JSON number, a command-line option, a Python argument, a rule switch).

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The players at a table: four (the default), or three (sanma: no 2m-8m, Norths set aside).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Players {
    /// Three players (seat 3 empty).
    Three,
    /// Four players.
    #[default]
    Four,
}

/// A count of players that is neither 3 nor 4: `expected 3 or 4, found 5`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected {}, found {found}", Players::EXPECTED)]
pub struct PlayersError {
    /// What was given, as written.
    pub found: String,
}

impl Players {
    /// What a count of players may be, as messages say it.
    pub const EXPECTED: &'static str = "3 or 4";

    /// The players of a count.
    ///
    /// # Errors
    ///
    /// [`PlayersError`] for a count other than 3 or 4.
    pub fn new(count: impl Into<i128>) -> Result<Players, PlayersError> {
        match count.into() {
            3 => Ok(Players::Three),
            4 => Ok(Players::Four),
            other => Err(PlayersError {
                found: other.to_string(),
            }),
        }
    }

    /// How many: 3 or 4.
    pub const fn count(self) -> usize {
        match self {
            Players::Three => 3,
            Players::Four => 4,
        }
    }

    /// The seats that play: 0..4, or 0..3.
    pub const fn seats(self) -> Range<usize> {
        0..self.count()
    }

    /// The entries of the seats that play, of a four-wide array (seat 3's left out with
    /// three players).
    pub fn of<T>(self, seats: &[T; 4]) -> &[T] {
        &seats[..self.count()]
    }

    /// The count in words, for messages: `three` or `four`.
    pub const fn in_words(self) -> &'static str {
        match self {
            Players::Three => "three",
            Players::Four => "four",
        }
    }

    /// Whether three play.
    pub const fn is_three(self) -> bool {
        matches!(self, Players::Three)
    }
}

impl fmt::Display for Players {
    /// `3` or `4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.count())
    }
}

impl FromStr for Players {
    type Err = PlayersError;

    /// `3` or `4` (spaces around allowed).
    fn from_str(text: &str) -> Result<Players, PlayersError> {
        match text.trim().parse::<i128>() {
            Ok(count) => Players::new(count),
            Err(_) => Err(PlayersError {
                found: format!("{text:?}"),
            }),
        }
    }
}

macro_rules! players_from {
    ($($integer:ty),*) => {$(
        impl TryFrom<$integer> for Players {
            type Error = PlayersError;

            fn try_from(count: $integer) -> Result<Players, PlayersError> {
                Players::new(i128::try_from(count).unwrap_or(i128::MAX))
            }
        }
    )*};
}

players_from!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

impl From<Players> for usize {
    fn from(players: Players) -> usize {
        players.count()
    }
}

impl From<Players> for u8 {
    fn from(players: Players) -> u8 {
        players.count() as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_and_four_are_the_counts_and_everything_else_says_so() {
        assert_eq!(Players::new(3u8), Ok(Players::Three));
        assert_eq!(Players::try_from(4usize), Ok(Players::Four));
        assert_eq!("3".parse::<Players>(), Ok(Players::Three));
        for (given, found) in [(5i64, "5"), (-1, "-1"), (0, "0")] {
            let error = Players::try_from(given).unwrap_err();
            assert_eq!(error.to_string(), format!("expected 3 or 4, found {found}"));
        }
        assert_eq!(
            "three".parse::<Players>().unwrap_err().to_string(),
            "expected 3 or 4, found \"three\""
        );
        assert_eq!(
            Players::try_from(u64::MAX).unwrap_err().to_string(),
            format!("expected 3 or 4, found {}", u64::MAX)
        );
        assert_eq!(Players::Three.of(&[1, 2, 3, 0]), [1, 2, 3]);
        assert_eq!(Players::Four.seats(), 0..4);
        assert_eq!(Players::Three.in_words(), "three");
        assert_eq!(Players::default(), Players::Four);
    }
}
