//! The notation of cards, hands and tables.
//!
//! ```text
//! card  := value suit | "XX"          KC  0H  AS  XX   (upper or lower case: kc reads KC)
//! value := A 2 3 4 5 6 7 8 9 0 J Q K  (0 is ten)
//! suit  := S H D C
//! cards := list of card, separated by spaces and/or commas, optionally in [ ] or ( )
//! table := cards ("|" cards)*         AC 2H 3S | 4D 4S 4C
//! ```
//!
//! Bad: `10C` (ten is written `0`), `KX` (no such suit), `1S` (an ace is `A`), `K` (a suit
//! must follow).

use itertools::Itertools;
use std::str::FromStr;

use nom::Parser;
use nom::bytes::complete::take_while1;
use tiles_notation::ParseError;
use tiles_notation::grammar::{GrammarError, PResult, list, lists, parse_all};

use crate::card::{Card, Rank, Suit};

const EXPECTED_CARD: &str = "a card such as KC, 0H, AS or XX";

/// One card: a value character and a suit character, or `XX`.
pub(crate) fn card(input: &str) -> PResult<'_, Card> {
    let (rest, word) = take_while1(|c: char| c.is_ascii_alphanumeric())
        .parse(input)
        .map_err(|e: nom::Err<GrammarError<'_>>| {
            e.map(|_| GrammarError::new(input, EXPECTED_CARD))
        })?;
    match card_of(word) {
        Ok(card) => Ok((rest, card)),
        Err(hint) => Err(nom::Err::Error(
            GrammarError::new(input, hint).with_found(format!("{word:?}")),
        )),
    }
}

/// The card a word names, or what was expected instead.
fn card_of(word: &str) -> Result<Card, &'static str> {
    let upper = word.to_ascii_uppercase();
    if upper == "XX" {
        return Ok(Card::Joker);
    }
    let mut chars = upper.chars();
    let (Some(value), Some(suit), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(if upper.starts_with("10") {
            "a card such as 0C (ten is written 0)"
        } else {
            EXPECTED_CARD
        });
    };
    let Some(rank) = Rank::from_letter(value) else {
        return Err(if value == '1' {
            "a card value A234567890JQK (an ace is A, a ten 0)"
        } else {
            "a card value A234567890JQK"
        });
    };
    let suit = Suit::from_letter(suit).ok_or("a suit S, H, D or C after the value")?;
    Ok(Card::new(rank, suit))
}

impl FromStr for Card {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Card, ParseError> {
        parse_all(text, card)
    }
}

/// Reads cards separated by spaces and/or commas, optionally in brackets: `KC 0H XX`.
///
/// # Errors
///
/// A [`ParseError`] at the first text that is not a card.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseError> {
    parse_all(text, list(card))
}

/// Reads a table: groups of cards separated by `|`: `AC 2H 3S | 4D 4S 4C`.
///
/// # Errors
///
/// A [`ParseError`] at the first text that is not a card.
pub fn parse_table(text: &str) -> Result<Vec<Vec<Card>>, ParseError> {
    parse_all(text, lists(card))
}

/// Cards written as the notation writes them, separated by spaces.
pub fn show_cards(cards: &[Card]) -> String {
    cards.iter().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_reads_back_its_display() {
        for index in 0..=52 {
            let card = Card::from_index(index).unwrap();
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(card.to_string().to_lowercase().parse::<Card>(), Ok(card));
        }
    }

    #[test]
    fn bad_cards_say_what_was_expected() {
        for (text, expected) in [
            ("10C", "ten is written 0"),
            ("1S", "an ace is A"),
            ("KX", "a suit S, H, D or C"),
            ("K", "a card such as"),
            ("", "a card such as"),
        ] {
            let error = text.parse::<Card>().unwrap_err();
            assert!(error.to_string().contains(expected), "{text}: {error}");
        }
        let error = parse_cards("KC 0H ZZ").unwrap_err();
        assert_eq!(error.column, 7);
        assert_eq!(parse_table("AC 2H 3S | 4D 4S 4C").unwrap().len(), 2);
    }
}
