//! The text of a hand with its called melds, and of lists of tiles.
//!
//! ```text
//! hand  := (group | meld)+         345m40677p [678s] {1111z}   (spaces allowed between parts)
//! group := rank+ suit              as in plain mpsz; 0 is a red five
//! meld  := '[' group+ ']'          an open meld: chi (three in a row), pon (three alike)
//!        | '(' group+ ')'            or open kan (four alike), called or added
//!        | '{' group+ '}'          a concealed kan (four alike)
//! ```
//!
//! A kan counts as three tiles toward the hand's size, so a complete hand is fourteen tiles
//! with each kan counted as three. Plain texts are read at once; anything else goes through the
//! grammar, which names the offending place.

use std::str::FromStr;

use tiles_notation::ParseError;
use tiles_notation::grammar::{GrammarError, PResult, parse_all, ws};

use crate::full_hand::{CalledMeld, FullHand, Piece, show_pieces};
use crate::notation::{group, tile_of};
use crate::tile::{COPIES, KINDS, MAX_TILES, Suit, Tile};

/// The pieces one group names: its ranks read in `suit`, each with where it was written.
fn pieces_of<'a>(ranks: &'a str, suit: Suit) -> Result<Vec<(Piece, &'a str)>, GrammarError<'a>> {
    ranks
        .char_indices()
        .map(|(offset, digit)| {
            let at = &ranks[offset..];
            match tile_of(digit, suit) {
                Some(tile) => Ok((
                    Piece {
                        tile,
                        red: digit == '0',
                    },
                    at,
                )),
                None => Err(GrammarError::new(
                    at,
                    "an honour 1z-7z (East South West North White Green Red)",
                )
                .with_found(format!("{digit}z"))),
            }
        })
        .collect()
}

/// One group's pieces (`340m`), each with where it was written.
fn group_pieces(input: &str) -> PResult<'_, Vec<(Piece, &str)>> {
    let (rest, (ranks, letter)) = group(input)?;
    let suit = Suit::from_letter(letter).unwrap_or(Suit::Honor);
    let pieces = pieces_of(ranks, suit).map_err(nom::Err::Failure)?;
    Ok((rest, pieces))
}

/// The piece a rank digit and a suit letter name, if they name one.
fn piece_of(digit: u8, letter: u8) -> Option<Piece> {
    let suit = Suit::from_letter(char::from(letter))?;
    let tile = tile_of(char::from(digit), suit)?;
    Some(Piece {
        tile,
        red: digit == b'0',
    })
}

impl FromStr for Piece {
    type Err = ParseError;

    /// One tile: `5m`, `0p` (a red five), `7z`.
    fn from_str(text: &str) -> Result<Piece, ParseError> {
        // The plain two characters at once; anything else through the grammar, for its errors.
        if let &[digit, letter] = text.as_bytes()
            && let Some(piece) = piece_of(digit, letter)
        {
            return Ok(piece);
        }
        parse_all(text, |input| {
            let (rest, pieces) = group_pieces(input)?;
            match pieces.as_slice() {
                [(piece, _)] => Ok((rest, *piece)),
                _ => Err(nom::Err::Error(
                    GrammarError::new(input, "one tile such as 5m, 0p or 7z")
                        .with_found(input[..input.len() - rest.len()].to_owned()),
                )),
            }
        })
    }
}

/// Counts a piece as it is read, so the first one past a limit is the one named.
fn count_piece<'a>(
    counts: &mut [u8; KINDS],
    piece: Piece,
    at: &'a str,
    size: usize,
) -> Result<(), GrammarError<'a>> {
    counts[piece.tile.index()] += 1;
    if counts[piece.tile.index()] > COPIES {
        return Err(
            GrammarError::new(at, "at most 4 copies of each tile (melds included)")
                .with_found(format!("a fifth {}", piece.tile)),
        );
    }
    if size > MAX_TILES {
        return Err(
            GrammarError::new(at, "at most 14 tiles (a kan counts as 3)")
                .with_found(format!("a tile past the 14th, {piece}")),
        );
    }
    Ok(())
}

/// Pieces in mpsz, in the order written, separated by nothing, spaces or commas: `3m,5z`,
/// `3m 0p`, `35m7z`. The same kind may appear more than four times (a list of indicators, say).
fn piece_list(input: &str) -> PResult<'_, Vec<Piece>> {
    let mut all = Vec::new();
    let mut rest = input;
    loop {
        let (after_space, ()) = ws(rest)?;
        let after_space = after_space.strip_prefix(',').unwrap_or(after_space);
        let (after_space, ()) = ws(after_space)?;
        if after_space.is_empty() {
            return Ok((after_space, all));
        }
        let (after, pieces) = group_pieces(after_space)?;
        all.extend(pieces.into_iter().map(|(piece, _)| piece));
        rest = after;
    }
}

/// Reads pieces in mpsz, in the order written, separated by nothing, spaces or commas: `3m,5z`
/// or `35m7z` (dora indicators, a meld's tiles). The empty text is no piece.
///
/// # Errors
///
/// A [`ParseError`] at the first thing that is not mpsz.
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, ParseError> {
    // Plain groups (`340m`, `5z5z5z`) at once; anything else through the grammar.
    let mut pieces = Vec::with_capacity(4);
    let mut digits = 0;
    for (at, &byte) in text.as_bytes().iter().enumerate() {
        if byte.is_ascii_digit() {
            digits += 1;
            continue;
        }
        let group = &text.as_bytes()[at - digits..at];
        let read = digits > 0
            && group.iter().all(|&digit| match piece_of(digit, byte) {
                Some(piece) => {
                    pieces.push(piece);
                    true
                }
                None => false,
            });
        if !read {
            return parse_all(text, piece_list);
        }
        digits = 0;
    }
    if digits > 0 {
        return parse_all(text, piece_list);
    }
    Ok(pieces)
}

/// The whole hand text: groups and bracketed melds, spaces allowed between them.
fn full_hand(input: &str) -> PResult<'_, FullHand> {
    let mut concealed: Vec<Piece> = Vec::new();
    let mut melds: Vec<CalledMeld> = Vec::new();
    let mut counts = [0u8; KINDS];
    let mut rest = input;
    loop {
        let (after_space, ()) = ws(rest)?;
        if after_space.is_empty() && !(concealed.is_empty() && melds.is_empty()) {
            let hand = FullHand::new(&concealed, melds).map_err(|error| {
                nom::Err::Failure(
                    GrammarError::new(after_space, "a hand").with_found(error.to_string()),
                )
            })?;
            return Ok((after_space, hand));
        }
        let open = after_space
            .chars()
            .next()
            .filter(|c| matches!(c, '[' | '(' | '{'));
        if let Some(bracket) = open {
            let inside = &after_space[1..];
            let close = match bracket {
                '[' => ']',
                '(' => ')',
                _ => '}',
            };
            let mut pieces: Vec<(Piece, &str)> = Vec::new();
            let mut at = inside;
            loop {
                let (after, ()) = ws(at)?;
                if let Some(after_close) = after.strip_prefix(close) {
                    at = after_close;
                    break;
                }
                let (after, more) = group_pieces(after).map_err(|error| {
                    error.map(|e| {
                        if e.input.len() == after.len() && !pieces.is_empty() {
                            GrammarError::new(e.input, format!("tiles or '{close}'"))
                        } else {
                            e
                        }
                    })
                })?;
                pieces.extend(more);
                at = after;
            }
            let just: Vec<Piece> = pieces.iter().map(|(piece, _)| *piece).collect();
            let meld = CalledMeld::from_pieces(&just, bracket == '{').map_err(|_| {
                let expected = if bracket == '{' {
                    "a concealed kan: four alike"
                } else {
                    "a meld: three in a row of one suit (chi), three alike (pon) or four alike (kan)"
                };
                nom::Err::Failure(
                    GrammarError::new(after_space, expected).with_found(show_pieces(&just)),
                )
            })?;
            let size = concealed.len() + 3 * (melds.len() + 1);
            for (piece, where_) in &pieces {
                count_piece(&mut counts, *piece, where_, size).map_err(nom::Err::Failure)?;
            }
            if melds.len() == 4 {
                return Err(nom::Err::Failure(
                    GrammarError::new(after_space, "at most 4 melds")
                        .with_found("a fifth meld".to_owned()),
                ));
            }
            melds.push(meld);
            rest = at;
            continue;
        }
        let (after, pieces) = group_pieces(after_space)?;
        for (piece, where_) in pieces {
            let size = concealed.len() + 1 + 3 * melds.len();
            count_piece(&mut counts, piece, where_, size).map_err(nom::Err::Failure)?;
            concealed.push(piece);
        }
        rest = after;
    }
}

/// Reads a hand with its called melds: `345m40677p [678s] {1111z}` (see the module docs).
///
/// # Errors
///
/// A [`ParseError`] at the offending place: text that is not mpsz, a bracket that is no meld,
/// a fifth copy (melds included), more than four melds or more than fourteen tiles.
pub fn parse_full_hand(text: &str) -> Result<FullHand, ParseError> {
    quick_full_hand(text).map_or_else(|| parse_all(text, full_hand), Ok)
}

/// The hand of a plain text (groups, bracketed melds, single spaces) read at once, or `None`
/// for anything else, which the grammar then reads for its precise errors. Both readings
/// agree on every text this one reads.
fn quick_full_hand(text: &str) -> Option<FullHand> {
    // Pieces gathered on the stack: more than fit is for the grammar to name.
    fn push(pieces: &mut [Piece], len: &mut usize, piece: Piece) -> Option<()> {
        *pieces.get_mut(*len)? = piece;
        *len += 1;
        Some(())
    }
    let blank = Piece::plain(Tile::kind(0));
    let mut concealed = [blank; MAX_TILES];
    let mut held = 0;
    let mut melds: Vec<CalledMeld> = Vec::new();
    let mut meld: Option<(u8, [Piece; 4], usize)> = None;
    let mut digits = 0;
    let bytes = text.as_bytes();
    for (at, &byte) in bytes.iter().enumerate() {
        match byte {
            b'0'..=b'9' => digits += 1,
            b'm' | b'p' | b's' | b'z' if digits > 0 => {
                for &digit in &bytes[at - digits..at] {
                    let piece = piece_of(digit, byte)?;
                    match &mut meld {
                        Some((_, pieces, len)) => push(pieces, len, piece)?,
                        None => push(&mut concealed, &mut held, piece)?,
                    }
                }
                digits = 0;
            }
            b' ' if digits == 0 => {}
            b'[' | b'(' | b'{' if digits == 0 && meld.is_none() => {
                meld = Some((byte, [blank; 4], 0));
            }
            b']' | b')' | b'}' if digits == 0 => {
                let (open, pieces, len) = meld.take()?;
                let concealed_kan = match (open, byte) {
                    (b'[', b']') | (b'(', b')') => false,
                    (b'{', b'}') => true,
                    _ => return None,
                };
                melds.push(CalledMeld::from_pieces(&pieces[..len], concealed_kan).ok()?);
            }
            _ => return None,
        }
    }
    if digits > 0 || meld.is_some() || (held == 0 && melds.is_empty()) {
        return None;
    }
    FullHand::new(&concealed[..held], melds).ok()
}

impl FromStr for FullHand {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<FullHand, ParseError> {
        parse_full_hand(text)
    }
}
