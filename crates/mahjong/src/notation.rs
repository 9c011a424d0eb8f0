//! mpsz notation: ranks followed by their suit letter.
//!
//! ```text
//! hand  := group+               123m456p789s11122z   (spaces between groups are allowed)
//! group := rank+ suit
//! rank  := 0..9                 0 is a red five: 0m reads as 5m
//! suit  := m | p | s | z        characters, dots, bamboo, honours (1z..7z: E S W N, White Green Red)
//! tile  := rank suit            5m  0p  7z
//! ```
//!
//! Bad: `123` (no suit letter), `m123` (a letter before its ranks), `8z` (honours are 1z..7z),
//! `55555m` (a fifth copy), fifteen tiles or more.

use std::str::FromStr;

use nom::Parser;
use nom::character::complete::{digit1, one_of};
use nom::combinator::cut;
use tiles_notation::ParseError;
use tiles_notation::grammar::{GrammarError, PResult, expect, parse_all, ws};

use crate::tile::{COPIES, Hand, Suit, Tile};

/// One group: rank digits and the suit letter they belong to, both as written. Once the
/// digits are read, the suit letter is certain to be needed.
pub(crate) fn group(input: &str) -> PResult<'_, (&str, char)> {
    (
        expect(
            "rank digits 1-9 (0 for a red five) then a suit letter",
            digit1,
        ),
        cut(expect(
            "a suit letter m, p, s or z after the ranks",
            one_of("mpsz"),
        )),
    )
        .parse(input)
}

/// A whole hand: groups with optional spaces between them, up to the end of the text. Tiles
/// go into the hand as they are read, so the first tile past a limit (a fifth copy, a
/// fifteenth tile) stops the reading, however long the text.
fn hand(input: &str) -> PResult<'_, Hand> {
    let mut hand = Hand::EMPTY;
    let mut rest = input;
    loop {
        let (after_space, ()) = ws(rest)?;
        if after_space.is_empty() && !hand.is_empty() {
            return Ok((after_space, hand));
        }
        let (after, (ranks, letter)) = group(after_space)?;
        let suit = Suit::from_letter(letter).unwrap_or(Suit::Honor);
        for (offset, digit) in ranks.char_indices() {
            let at = &ranks[offset..];
            let fail = |expected: &'static str, found: String| {
                nom::Err::Failure(GrammarError::new(at, expected).with_found(found))
            };
            let Some(tile) = tile_of(digit, suit) else {
                return Err(fail(
                    "an honour 1z-7z (East South West North White Green Red)",
                    format!("{digit}z"),
                ));
            };
            hand = match hand.with(tile) {
                Some(more) => more,
                None if hand.count(tile) == COPIES => {
                    return Err(fail(
                        "at most 4 copies of each tile",
                        format!("a fifth {tile}"),
                    ));
                }
                None => {
                    return Err(fail("at most 14 tiles", format!("a fifteenth tile {tile}")));
                }
            };
        }
        rest = after;
    }
}

/// The tile a rank digit names in `suit`: a red five `0` is a five; honours are 1..7.
pub(crate) fn tile_of(digit: char, suit: Suit) -> Option<Tile> {
    let rank = match digit.to_digit(10)? {
        0 if suit != Suit::Honor => 5,
        rank => rank as u8,
    };
    Tile::new(suit, rank)
}

/// Reads a hand in mpsz notation: `123m456p789s11122z`, red fives as `0m`, `0p`, `0s`.
///
/// # Errors
///
/// A [`ParseError`] at the offending character: text that is not mpsz, an honour other than
/// 1z..7z, a fifth copy of a kind, or a fifteenth tile.
pub fn parse_hand(text: &str) -> Result<Hand, ParseError> {
    parse_all(text, hand)
}

/// One tile: a rank digit and a suit letter.
fn tile(input: &str) -> PResult<'_, Tile> {
    let (rest, (ranks, letter)) = group(input)?;
    let suit = Suit::from_letter(letter).unwrap_or(Suit::Honor);
    let mut digits = ranks.chars();
    match (
        digits.next().and_then(|digit| tile_of(digit, suit)),
        digits.next(),
    ) {
        (Some(tile), None) => Ok((rest, tile)),
        _ => Err(nom::Err::Error(
            GrammarError::new(input, "one tile such as 5m, 0p or 7z")
                .with_found(format!("{ranks}{letter}")),
        )),
    }
}

impl FromStr for Tile {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Tile, ParseError> {
        parse_all(text, tile)
    }
}

impl FromStr for Hand {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Hand, ParseError> {
        parse_hand(text)
    }
}

/// Whether a hand text has called melds (a bracket), so it is read by
/// [`crate::score::parse_full_hand`] rather than [`parse_hand`].
pub fn has_melds(text: &str) -> bool {
    text.contains(['[', '(', '{'])
}
