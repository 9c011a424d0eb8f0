//! Tile and group notation.
//!
//! Every form the code-golf seed allows, in any letter case:
//!
//! ```text
//! tile   := colour number | number colour          R9  9R  RED 9  9 red  Red9
//!         | "J" | "JOKER"                          J  joker
//!         | python                                 (9, "RED")  (9,'red')  ("RED", 9)  [9, "RED"]
//!                                                  ("JOKER")  ("JOKER", "RED")  'R9'  "red 9"
//! colour := R | O | B | K | G | Y | RED | ORANGE | BLUE | BLACK | GREEN | YELLOW
//! number := 1 .. 13
//! group  := tile list, spaces and/or commas between, optionally in [ ] or ( )
//!           [(9, "RED"), (9, "ORANGE"), ("JOKER"), (9, "BLACK")]   R9 O9 J K9   RED 9, BLUE 9, JOKER
//! ```
//!
//! `B` is blue and `K` is black. In a Python tuple the joker's colour is ignored, as the challenge
//! allows. Bad text: `P9` (no such colour), `R14` (numbers are 1 to 13), `(9, "RED"` (unclosed),
//! `R9 O9,, K9` (empty item), `("JOKER", 9, 3)` (a tile has a number and a colour).

use itertools::Itertools;
use std::str::FromStr;

use nom::{Err, Parser, branch::alt, character::complete::space0};
use tiles_notation::{
    ParseError, PyLiteral, PyValue,
    grammar::{GrammarError, PResult, digits, expect, keyword_map, list, lists, parse_all},
    python::python_literal,
};

use crate::tile::Color;
use crate::tile::{Number, Tile};

/// Colour words and letters, matched longest first.
const COLOR_WORDS: &[(&str, Color)] = &[
    ("red", Color::Red),
    ("r", Color::Red),
    ("orange", Color::Orange),
    ("o", Color::Orange),
    ("blue", Color::Blue),
    ("b", Color::Blue),
    ("black", Color::Black),
    ("k", Color::Black),
    ("green", Color::Green),
    ("g", Color::Green),
    ("yellow", Color::Yellow),
    ("y", Color::Yellow),
];

const JOKER_WORDS: &[(&str, ())] = &[("joker", ()), ("j", ())];

const TILE_LABEL: &str = "a tile such as R9, 9R, RED 9, (9, \"RED\") or J";

/// A colour word or letter: `R`, `red`, `BLACK`.
fn color(input: &str) -> PResult<'_, Color> {
    keyword_map("a colour (R, O, B, K, G, Y or a colour name)", COLOR_WORDS).parse(input)
}

/// A tile number, 1 to 13 (leading zeros allowed).
fn number(input: &str) -> PResult<'_, Number> {
    let (rest, digits) = digits(input)?;
    let number = digits
        .to_u64()
        .and_then(|n| u8::try_from(n).ok())
        .and_then(Number::new);
    match number {
        Some(number) => Ok((rest, number)),
        None => Err(Err::Error(GrammarError::new(
            input,
            "a tile number from 1 to 13",
        ))),
    }
}

/// `J` or `JOKER`.
fn joker(input: &str) -> PResult<'_, Tile> {
    keyword_map("J or JOKER", JOKER_WORDS)
        .map(|()| Tile::Joker)
        .parse(input)
}

/// A tile in words: `R9`, `9R`, `RED 9`, `9 red`, `J`, `JOKER`.
fn word_tile(input: &str) -> PResult<'_, Tile> {
    alt((
        joker,
        (color, space0, number).map(|(color, _, number)| Tile::Numbered { color, number }),
        (number, space0, color).map(|(number, _, color)| Tile::Numbered { color, number }),
    ))
    .parse(input)
}

/// A tile as a Python value: `(9, "RED")`, `("RED", 9)`, `[9, 'red']`, `("JOKER")`,
/// `("JOKER", "RED")`, or a string holding a word tile: `'R9'`, `"RED 9"`.
fn python_tile(input: &str) -> PResult<'_, Tile> {
    if !input.starts_with(['(', '[', '\'', '"']) {
        return Err(Err::Error(GrammarError::new(input, TILE_LABEL)));
    }
    let (rest, literal) = python_literal(input)?;
    match tile_from_python(&literal) {
        Ok(tile) => Ok((rest, tile)),
        Err(error) => Err(Err::Error(error)),
    }
}

/// Interprets a Python value as a tile.
fn tile_from_python<'a>(literal: &PyLiteral<'a>) -> Result<Tile, GrammarError<'a>> {
    match &literal.value {
        PyValue::Str(text) => match parse_all(text, word_tile) {
            Ok(tile) => Ok(tile),
            Err(_) => Err(GrammarError::new(literal.text, TILE_LABEL)),
        },
        PyValue::Tuple(items) | PyValue::List(items) => match items.as_slice() {
            [only] => tile_from_python(only),
            [first, second] => tile_from_pair(first, second),
            _ => Err(GrammarError::new(
                literal.text,
                "a tile as (number, \"COLOUR\") or (\"JOKER\")",
            )),
        },
        _ => Err(GrammarError::new(literal.text, TILE_LABEL)),
    }
}

/// `(number, colour)`, `(colour, number)` or `("JOKER", colour)`.
fn tile_from_pair<'a>(
    first: &PyLiteral<'a>,
    second: &PyLiteral<'a>,
) -> Result<Tile, GrammarError<'a>> {
    let is_joker = |item: &PyLiteral<'_>| {
        item.as_str()
            .is_some_and(|text| parse_all(text, joker).is_ok())
    };
    let as_color = |item: &PyLiteral<'a>| -> Result<Color, GrammarError<'a>> {
        item.as_str()
            .and_then(|text| parse_all(text, color).ok())
            .ok_or_else(|| GrammarError::new(item.text, "a colour name such as \"RED\""))
    };
    let as_number = |item: &PyLiteral<'a>| -> Result<Number, GrammarError<'a>> {
        match item.value {
            PyValue::Int { .. } => item
                .as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .and_then(Number::new)
                .ok_or_else(|| GrammarError::new(item.text, "a tile number from 1 to 13")),
            _ => Err(GrammarError::new(item.text, "a tile number such as 9")),
        }
    };
    if is_joker(first) {
        as_color(second)?;
        return Ok(Tile::Joker);
    }
    if is_joker(second) {
        as_color(first)?;
        return Ok(Tile::Joker);
    }
    if matches!(first.value, PyValue::Int { .. }) {
        Ok(Tile::Numbered {
            number: as_number(first)?,
            color: as_color(second)?,
        })
    } else {
        Ok(Tile::Numbered {
            color: as_color(first)?,
            number: as_number(second)?,
        })
    }
}

/// One tile in any accepted form.
pub(crate) fn tile(input: &str) -> PResult<'_, Tile> {
    expect(TILE_LABEL, alt((word_tile, python_tile))).parse(input)
}

/// Reads one tile in any accepted form (see the module docs).
///
/// # Errors
///
/// A [`ParseError`] naming the column and what was expected.
pub fn parse_tile(text: &str) -> Result<Tile, ParseError> {
    parse_all(text, tile)
}

/// Tiles in display notation, separated by spaces: `R9 O9 K9 J` (nothing for no tiles).
/// [`parse_tiles`] reads it back.
pub fn show_tiles(tiles: &[Tile]) -> String {
    tiles.iter().join(" ")
}

/// Reads a list of tiles in any accepted form: `R9 O9 J K9`,
/// `[(9, "RED"), (9, "ORANGE"), ("JOKER"), (9, "BLACK")]`, `RED 9, BLUE 9, JOKER`.
///
/// The tiles are plain data: whether they form a valid group is [`crate::Group::new`]'s question.
///
/// # Errors
///
/// A [`ParseError`] at the first tile that cannot be read.
pub fn parse_tiles(text: &str) -> Result<Vec<Tile>, ParseError> {
    parse_all(text, list(tile))
}

/// Reads a colour: a letter (`R O B K G Y`) or a name (`red` …), in any case.
impl FromStr for Color {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Color, ParseError> {
        parse_all(text, color)
    }
}

/// Reads a table: groups of tiles separated by `|`, as `R1 R2 R3 | K4 B4 O4`; each group in
/// any form [`parse_tiles`] reads. The empty text is an empty table.
///
/// # Errors
///
/// A [`ParseError`] at the first tile that cannot be read.
pub fn parse_table(text: &str) -> Result<Vec<Vec<Tile>>, ParseError> {
    parse_all(text, lists(tile))
}

impl FromStr for Tile {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Tile, ParseError> {
        parse_tile(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(text: &str) -> String {
        match parse_tiles(text) {
            Ok(tiles) => tiles.iter().join(" "),
            Err(error) => format!("error: {}", error.summary()),
        }
    }

    #[test]
    fn every_tile_form() {
        for text in [
            "R9",
            "r9",
            "9R",
            "9r",
            "RED 9",
            "red9",
            "9 RED",
            "9red",
            "(9, \"RED\")",
            "(9,'red')",
            "('RED', 9)",
            "[9, \"Red\"]",
            "'R9'",
            "\"red 9\"",
            "(\"R9\")",
            "R09",
        ] {
            assert_eq!(tiles(text), "R9", "{text:?}");
        }
        for text in [
            "J",
            "j",
            "JOKER",
            "Joker",
            "(\"JOKER\")",
            "(\"JOKER\", \"RED\")",
            "('red', 'joker')",
            "'J'",
        ] {
            assert_eq!(tiles(text), "J", "{text:?}");
        }
        assert_eq!(
            tiles("B1 K13 O5 G7 Y2 BLUE 3 BLACK 4"),
            "B1 K13 O5 G7 Y2 B3 K4"
        );
    }

    #[test]
    fn every_group_form() {
        let expected = "R9 O9 J K9";
        for text in [
            "[(9, \"RED\"), (9, \"ORANGE\"), (\"JOKER\"), (9, \"BLACK\")]",
            "R9 O9 J K9",
            "R9,O9,J,K9",
            "[R9, O9, J, K9]",
            "(R9 O9 J K9)",
            "RED 9, ORANGE 9, JOKER, BLACK 9",
            "9 RED 9 ORANGE JOKER 9 BLACK",
            "['R9', 'O9', 'J', 'K9']",
            "[[9, 'red'], [9, 'orange'], ['joker'], [9, 'black']]",
            "((9, 'RED'), (9, 'ORANGE'), ('JOKER', 'BLUE'), (9, 'BLACK'))",
        ] {
            assert_eq!(tiles(text), expected, "{text:?}");
        }
        assert_eq!(tiles("(9, \"RED\")"), "R9");
        assert_eq!(tiles("(\"JOKER\", \"RED\")"), "J");
        assert_eq!(tiles(""), "");
        assert_eq!(tiles("[]"), "");
    }

    #[test]
    fn errors_name_the_place() {
        assert_eq!(
            tiles("R9 O9 P9"),
            "error: line 1, column 7: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"P9\""
        );
        assert_eq!(
            tiles("R9 R14"),
            "error: line 1, column 5: expected a tile number from 1 to 13, found \"14\""
        );
        assert_eq!(
            tiles("[(9, \"RED\"), (9, \"PURPLE\")]"),
            "error: line 1, column 18: expected a colour name such as \"RED\", found \"\\\"PURPLE\\\"\""
        );
        assert_eq!(
            tiles("[(9, \"RED\"), (6,\"BLACK)]"),
            "error: line 1, column 25: expected a closing \", found end of input"
        );
        assert_eq!(
            tiles("[(9, \"RED\"), (9, \"RED\"]"),
            "error: line 1, column 23: expected ',' or ')', found \"]\""
        );
    }

    #[test]
    fn tables() {
        let table =
            parse_table("R1 R2 R3 | [(4, 'BLACK'), (4, 'BLUE'), (4, 'ORANGE')] | J R5 R6").unwrap();
        let shown: Vec<String> = table.iter().map(|g| g.iter().join(" ")).collect();
        assert_eq!(shown, ["R1 R2 R3", "K4 B4 O4", "J R5 R6"]);
        assert_eq!(parse_table(""), Ok(vec![]));
        assert_eq!(parse_table("R1 R2 | R3 X").unwrap_err().column, 12);
    }

    #[test]
    fn display_round_trips() {
        for color in Color::ALL {
            for n in 1..=13 {
                let tile = Tile::new(color, n).unwrap();
                assert_eq!(tile.to_string().parse::<Tile>(), Ok(tile));
            }
        }
        assert_eq!("J".parse::<Tile>(), Ok(Tile::Joker));
        for color in Color::ALL {
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
            assert_eq!(color.letter().to_string().parse::<Color>(), Ok(color));
        }
        assert!("purple".parse::<Color>().is_err());
    }
}
