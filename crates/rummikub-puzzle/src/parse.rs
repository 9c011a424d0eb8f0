//! Reading puzzles and answers.
//!
//! A puzzle is the goal tile, the number of rows, then one line per row: its id and its tiles.
//! Tiles are a value and a colour letter (`4G`, `13R`; the letter in either case) or `J`.
//!
//! ```text
//! 3R          goal tile (never the joker)
//! 2           number of rows
//! 1 4R 5R 6R  rowid tiles…  (a valid run or set; ids distinct and positive)
//! 2 4B 4G 4Y
//! ```
//!
//! Blank lines and lines starting with `#` are skipped. Refused, with the line and column: a missing or extra line, a tile such as `4X`, `14R` or
//! `0B`, a row id above 9999, a row that is not a valid run or set (the reason is given), a repeated row id, more
//! than two copies of a tile (the goal included) or more than one joker.
//!
//! An answer is action lines (`TAKE 4B 3`, `PUT 4B 1`, `COMBINE 1 2`), optionally followed by
//! the final rows (`1 4B 4R 4Y`), as the solver prints them.

use nom::{
    IResult, Parser,
    branch::alt,
    bytes::complete::tag_no_case,
    character::complete::{digit1, one_of},
    combinator::{all_consuming, map_res, value},
};
use rummikub::{Group, GroupKind, Rules};
use tiles_notation::ParseError;

use crate::row::{Joker, Piece, Row};
use crate::table::{Action, RowId, Table};

/// Highest row id a puzzle may give: splits number new rows upwards from the highest id, and
/// ids must stay well inside [`RowId`].
pub const MAX_ROW_ID: RowId = 9999;

/// A puzzle: the goal tile and the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The tile to put on the table.
    pub goal: Piece,
    /// The rows, by id.
    pub table: Table,
}

/// An answer to check: its actions, and the final rows if it lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The actions with the line each is on.
    pub actions: Vec<(usize, Action)>,
    /// The final rows as written (id and tiles), with their line.
    pub rows: Vec<(usize, RowId, Vec<Piece>)>,
}

/// One tile token: digits and a colour letter, or `J`.
fn piece_token(input: &str) -> IResult<&str, Piece> {
    alt((
        value(Piece::Joker, tag_no_case("J")),
        map_res(
            (digit1, one_of("BGRYbgry")),
            |(digits, letter): (&str, char)| {
                let value: u8 = digits.parse().map_err(|_| ())?;
                if !(1..=13).contains(&value) {
                    return Err(());
                }
                let color = "BGRY"
                    .find(letter.to_ascii_uppercase())
                    .expect("one of BGRY") as u8;
                Ok::<Piece, ()>(Piece::Plain { value, color })
            },
        ),
    ))
    .parse(input)
}

/// Reads one tile: `4G`, `13R`, `J`.
///
/// # Errors
///
/// A [`ParseError`] saying what a tile looks like.
pub fn parse_piece(text: &str) -> Result<Piece, ParseError> {
    piece_at(text, 1, (0, text))
}

/// The whitespace-separated tokens of a line with their byte offsets in the line.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut start = None;
    for (at, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                found.push((s, &line[s..at]));
                start = None;
            }
            (false, None) => start = Some(at),
            _ => {}
        }
    }
    if let Some(s) = start {
        found.push((s, &line[s..]));
    }
    found
}

/// The error for a token at `offset` of line `number` (1-based).
fn error_at(line: &str, number: usize, offset: usize, expected: &str) -> ParseError {
    ParseError::at(line, offset, expected).on_line(number)
}

/// The lines of a text, without line ends (LF or CRLF) and without a leading BOM.
fn lines(text: &str) -> Vec<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines().collect()
}

fn piece_at(
    line: &str,
    number: usize,
    (offset, token): (usize, &str),
) -> Result<Piece, ParseError> {
    match all_consuming(piece_token).parse(token) {
        Ok((_, piece)) => Ok(piece),
        Err(_) => Err(error_at(
            line,
            number,
            offset,
            "a tile such as 4G, 13R or J (values 1 to 13, colours B G R Y)",
        )),
    }
}

fn number_at(
    line: &str,
    number: usize,
    (offset, token): (usize, &str),
    what: &str,
) -> Result<u16, ParseError> {
    match token.parse::<u16>() {
        Ok(n) if n >= 1 && token.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(error_at(line, number, offset, what)),
    }
}

/// The one token of a line that must hold exactly one; else an error at the second token.
fn lone_token<'a>(
    line: &'a str,
    number: usize,
    expected: &str,
) -> Result<(usize, &'a str), ParseError> {
    match tokens(line)[..] {
        [token] => Ok(token),
        ref found => {
            let at = found.get(1).map_or(0, |&(offset, _)| offset);
            Err(error_at(line, number, at, expected))
        }
    }
}

/// The row `pieces` form, or why not (the `rummikub` group rules under the puzzle preset).
///
/// # Errors
///
/// The group rule the tiles break, in words.
pub fn row_of(pieces: &[Piece]) -> Result<Row, String> {
    let tiles: Vec<_> = pieces.iter().map(|piece| piece.tile()).collect();
    let group = Group::new(&tiles, &Rules::puzzle()).map_err(|error| error.to_string())?;
    let plain: Vec<(u8, u8)> = pieces
        .iter()
        .filter_map(|piece| match *piece {
            Piece::Plain { value, color } => Some((value, color)),
            Piece::Joker => None,
        })
        .collect();
    let joker = plain.len() < pieces.len();
    let row = match group.kind() {
        GroupKind::Set => Row::Set {
            value: plain[0].0,
            colors: plain.iter().fold(0, |bits, &(_, color)| bits | 1 << color),
            joker,
        },
        GroupKind::Run => {
            let low = plain.iter().map(|&(value, _)| value).min().unwrap_or(1);
            let high = plain.iter().map(|&(value, _)| value).max().unwrap_or(1);
            let gap = (low..=high).find(|v| !plain.iter().any(|&(value, _)| value == *v));
            Row::Run {
                color: plain[0].1,
                low,
                high,
                joker: match (joker, gap) {
                    (false, _) => Joker::None,
                    (true, Some(gap)) => Joker::Gap(gap),
                    (true, None) => Joker::Free,
                },
            }
        }
    };
    if row.valid() {
        Ok(row)
    } else {
        Err("not a valid run or set".to_string())
    }
}

/// Reads a puzzle.
///
/// # Errors
///
/// A [`ParseError`] at the first problem, with its line and column.
pub fn parse_puzzle(text: &str) -> Result<Puzzle, ParseError> {
    let all = lines(text);
    let mut numbered = all
        .iter()
        .enumerate()
        .map(|(i, line)| (i + 1, *line))
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'));
    let last_line = all.len().max(1);
    let end = |expected: &str| ParseError {
        line: last_line,
        column: all.last().map_or(0, |line| line.chars().count()) + 1,
        expected: expected.to_string(),
        found: "end of input".to_string(),
        line_text: all.last().unwrap_or(&"").to_string(),
    };
    let (goal_line, goal_text) = numbered.next().ok_or_else(|| end("the goal tile"))?;
    let goal_token = lone_token(goal_text, goal_line, "one goal tile on the first line")?;
    let goal = piece_at(goal_text, goal_line, goal_token)?;
    if goal == Piece::Joker {
        return Err(error_at(
            goal_text,
            goal_line,
            goal_token.0,
            "a numbered goal tile (the goal is never the joker)",
        ));
    }
    let (count_line, count_text) = numbered.next().ok_or_else(|| end("the number of rows"))?;
    let count_token = lone_token(
        count_text,
        count_line,
        "the number of rows alone on the second line",
    )?;
    let count = number_at(
        count_text,
        count_line,
        count_token,
        "the number of rows (1 or more)",
    )?;
    let mut rows: Vec<(RowId, Row)> = Vec::new();
    let mut copies: Copies = Copies::default();
    copies.add(goal);
    for index in 0..count {
        let (number, line) = numbered
            .next()
            .ok_or_else(|| end(&format!("row {} of {count}", index + 1)))?;
        let row_tokens = tokens(line);
        let id = number_at(line, number, row_tokens[0], "a row id from 1 to 9999")?;
        if id > MAX_ROW_ID {
            return Err(error_at(
                line,
                number,
                row_tokens[0].0,
                "a row id from 1 to 9999",
            ));
        }
        if rows.iter().any(|&(known, _)| known == id) {
            return Err(error_at(
                line,
                number,
                row_tokens[0].0,
                &format!("a row id not used before (row {id} is repeated)"),
            ));
        }
        let mut pieces = Vec::new();
        for &token in &row_tokens[1..] {
            let piece = piece_at(line, number, token)?;
            if let Some(problem) = copies.add(piece) {
                return Err(error_at(line, number, token.0, &problem));
            }
            pieces.push(piece);
        }
        if pieces.is_empty() {
            return Err(error_at(
                line,
                number,
                line.len(),
                "the row's tiles after its id",
            ));
        }
        let row = row_of(&pieces).map_err(|reason| {
            error_at(
                line,
                number,
                row_tokens[1].0,
                &format!("a valid run or set ({reason})"),
            )
        })?;
        rows.push((id, row));
    }
    if let Some((number, line)) = numbered.next() {
        return Err(error_at(
            line,
            number,
            0,
            &format!("the end of the puzzle after {count} rows"),
        ));
    }
    Ok(Puzzle {
        goal,
        table: Table::new(rows),
    })
}

/// Counts tiles to refuse a third copy or a second joker.
#[derive(Default)]
struct Copies {
    plain: [[u8; 14]; 4],
    jokers: u8,
}

impl Copies {
    /// Counts `piece`; the problem if it is one copy too many.
    fn add(&mut self, piece: Piece) -> Option<String> {
        match piece {
            Piece::Joker => {
                self.jokers += 1;
                (self.jokers > 1).then(|| "at most one joker in the puzzle".to_string())
            }
            Piece::Plain { value, color } => {
                let count = &mut self.plain[usize::from(color)][usize::from(value)];
                *count += 1;
                (*count > 2)
                    .then(|| format!("at most two copies of {piece}, the goal tile included"))
            }
        }
    }
}

/// Reads an answer: action lines, then optionally the final rows.
///
/// # Errors
///
/// A [`ParseError`] at the first line that is neither.
pub fn parse_answer(text: &str) -> Result<Answer, ParseError> {
    let mut answer = Answer {
        actions: Vec::new(),
        rows: Vec::new(),
    };
    for (index, line) in lines(text).into_iter().enumerate() {
        let number = index + 1;
        let found = tokens(line);
        let Some(&(offset, first)) = found.first() else {
            continue;
        };
        let keyword = first.to_ascii_uppercase();
        let action = match keyword.as_str() {
            "TAKE" | "PUT" => {
                if found.len() != 3 {
                    return Err(error_at(
                        line,
                        number,
                        offset,
                        &format!("{keyword} tile rowid"),
                    ));
                }
                let piece = piece_at(line, number, found[1])?;
                let row = number_at(line, number, found[2], "a row id (1 or more)")?;
                if keyword == "TAKE" {
                    Action::Take(piece, row)
                } else {
                    Action::Put(piece, row)
                }
            }
            "COMBINE" => {
                if found.len() != 3 {
                    return Err(error_at(line, number, offset, "COMBINE rowid1 rowid2"));
                }
                let a = number_at(line, number, found[1], "a row id (1 or more)")?;
                let b = number_at(line, number, found[2], "a row id (1 or more)")?;
                Action::Combine(a, b)
            }
            _ if first.bytes().all(|b| b.is_ascii_digit()) => {
                let id = number_at(line, number, found[0], "a row id (1 or more)")?;
                let pieces = found[1..]
                    .iter()
                    .map(|&token| piece_at(line, number, token))
                    .collect::<Result<Vec<_>, _>>()?;
                answer.rows.push((number, id, pieces));
                continue;
            }
            _ => {
                return Err(error_at(
                    line,
                    number,
                    offset,
                    "TAKE, PUT, COMBINE or a final row (rowid tiles…)",
                ));
            }
        };
        if !answer.rows.is_empty() {
            return Err(error_at(
                line,
                number,
                offset,
                "no action after the final rows",
            ));
        }
        answer.actions.push((number, action));
    }
    Ok(answer)
}
