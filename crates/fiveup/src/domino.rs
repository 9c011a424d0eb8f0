//! Numbers of any size and dominoes.

use std::cmp::Ordering;
use std::fmt;

/// A non-negative integer of any number of digits (`007` is `7`), so no size overflows.
/// Ordered by value. Numbers that fit in a `u64` are kept as one; larger ones as their
/// decimal digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Number(Digits);

/// A number's value. `Big` only for values above `u64::MAX`, so equal numbers have equal
/// representations.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Digits {
    Small(u64),
    /// Decimal digits without leading zeros.
    Big(Box<str>),
}

impl Number {
    /// The number written with these ASCII digits (leading zeros allowed); `None` if `digits`
    /// is empty or holds anything but digits.
    pub fn new(digits: &str) -> Option<Number> {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let trimmed = digits.trim_start_matches('0');
        Some(Number(match trimmed.parse() {
            Ok(value) => Digits::Small(value),
            Err(_) if trimmed.is_empty() => Digits::Small(0),
            Err(_) => Digits::Big(trimmed.into()),
        }))
    }

    /// The value, if it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        match self.0 {
            Digits::Small(value) => Some(value),
            Digits::Big(_) => None,
        }
    }
}

impl From<u64> for Number {
    fn from(value: u64) -> Number {
        Number(Digits::Small(value))
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        match (&self.0, &other.0) {
            (Digits::Small(a), Digits::Small(b)) => a.cmp(b),
            (Digits::Small(_), Digits::Big(_)) => Ordering::Less,
            (Digits::Big(_), Digits::Small(_)) => Ordering::Greater,
            (Digits::Big(a), Digits::Big(b)) => a.len().cmp(&b.len()).then_with(|| a.cmp(b)),
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Digits::Small(value) => write!(f, "{value}"),
            Digits::Big(digits) => f.write_str(digits),
        }
    }
}

/// A domino as it was written: two numbers, in the order given. `1-6` and `6-1` are the same
/// tile ([`Domino::same_tile`]); the order only matters for display.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Domino {
    /// The first number written.
    pub first: Number,
    /// The second number written.
    pub second: Number,
}

impl Domino {
    /// The domino `first-second`.
    pub fn new(first: impl Into<Number>, second: impl Into<Number>) -> Domino {
        Domino {
            first: first.into(),
            second: second.into(),
        }
    }

    /// Whether both numbers are the same: a double, which in Five Up is a spinner.
    pub fn is_double(&self) -> bool {
        self.first == self.second
    }

    /// The tile regardless of orientation: its numbers, smaller first.
    pub fn tile(&self) -> (&Number, &Number) {
        if self.first <= self.second {
            (&self.first, &self.second)
        } else {
            (&self.second, &self.first)
        }
    }

    /// Whether the two are the same tile (`1-6` and `6-1` are).
    pub fn same_tile(&self, other: &Domino) -> bool {
        self.tile() == other.tile()
    }
}

/// `first-second`: `0-6`, `12-12`.
impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leading_zeros_do_not_change_a_number() {
        assert_eq!(Number::new("007"), Number::new("7"));
        assert_eq!(Number::new("000").map(|n| n.to_string()), Some("0".into()));
        assert_eq!(Number::new(""), None);
        assert_eq!(Number::new("1a"), None);
    }

    #[test]
    fn numbers_of_any_size_order_by_value() {
        let big = Number::new("123456789012345678901234567890").unwrap();
        assert!(Number::from(u64::MAX) < big);
        assert!(Number::from(9) < Number::from(10));
        assert_eq!(big.to_u64(), None);
        let largest = Number::new("0018446744073709551615").unwrap();
        assert_eq!(largest, Number::from(u64::MAX));
        let above = Number::new("18446744073709551616").unwrap();
        assert!(largest < above && above < big);
        assert_eq!(above.to_string(), "18446744073709551616");
    }

    #[test]
    fn orientation_does_not_change_a_tile() {
        assert!(Domino::new(1, 6).same_tile(&Domino::new(6, 1)));
        assert!(!Domino::new(1, 6).same_tile(&Domino::new(1, 5)));
        assert!(Domino::new(4, 4).is_double());
    }
}
