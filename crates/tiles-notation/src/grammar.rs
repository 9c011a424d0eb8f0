//! The nom 8 building blocks every game grammar is made of.
//!
//! These functions are for grammar authors inside the workspace; they speak nom. Game crates
//! expose only `FromStr`, plain parse functions and [`ParseError`], never these.
//!
//! Pieces and what they accept:
//!
//! - [`ws`]: any whitespace and `#` comments to the end of a line (`  # note\n  `), possibly none.
//! - [`keyword`]: a word, case-insensitive, not followed by a letter: `red`, `RED`, `Red`
//!   (but not the `red` of `reddish`). A digit may follow: `R9` is the keyword `R`, then `9`.
//! - [`keyword_map`]: the longest of several keywords, mapped to a value (`BLACK` before `B`).
//! - [`digits`]: an integer of any length as its digit string: `7`, `007`,
//!   `123456789012345678901234567890` (see [`Digits`]).
//! - [`list`]: items separated by spaces and/or commas, optionally inside `[ ]` or `( )`, with
//!   an optional trailing comma: `a b c`, `a, b,c`, `[a, b]`, `(a b,)`, `[]`. Without brackets
//!   the items run to the end, a closing bracket or a `|`.
//! - [`lists`]: lists separated by `|`: `a b | c d`, `[a, b] | [c]`.
//! - [`expect`]: names what a parser accepts, for the error message.
//! - [`parse_all`]: runs a grammar over a whole text (surrounding whitespace and comments allowed)
//!   and turns any failure into a [`ParseError`].

use std::borrow::Cow;

use nom::{
    Err, IResult, Parser,
    branch::alt,
    bytes::complete::{take_till, take_while1},
    character::complete::char,
    combinator::{recognize, value},
};

pub use crate::error::GrammarError;
use crate::error::ParseError;

/// The result type of every grammar function: nom's, with [`GrammarError`].
pub type PResult<'a, O> = IResult<&'a str, O, GrammarError<'a>>;

/// A `#` comment up to (not including) the end of the line.
pub fn comment(input: &str) -> PResult<'_, &str> {
    recognize((char('#'), take_till(|c| c == '\n'))).parse(input)
}

/// Any whitespace (including line ends) and `#` comments; possibly nothing.
///
/// Whitespace is what nom's `multispace1` takes (space, tab, `\r`, `\n`); a comment is what
/// [`comment`] takes. Scanned by hand: every grammar calls this between tokens.
pub fn ws(input: &str) -> PResult<'_, ()> {
    let mut rest = input;
    loop {
        rest = rest.trim_start_matches([' ', '\t', '\r', '\n']);
        match rest.strip_prefix('#') {
            Some(comment) => rest = comment.find('\n').map_or("", |end| &comment[end..]),
            None => return Ok((rest, ())),
        }
    }
}

/// Whitespace or comments, at least one character of it.
pub fn ws1(input: &str) -> PResult<'_, ()> {
    let (rest, ()) = ws(input)?;
    if rest.len() == input.len() {
        return Err(Err::Error(GrammarError::new(input, "a space")));
    }
    Ok((rest, ()))
}

/// Whether `c` continues a word, so a keyword must not stop before it.
fn continues_word(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

/// The keyword `word`, in any letter case, not followed by a letter or `_`.
pub fn keyword<'a>(
    word: &'static str,
) -> impl Parser<&'a str, Output = &'a str, Error = GrammarError<'a>> {
    move |input: &'a str| {
        let matches = input
            .get(..word.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(word));
        let boundary = input
            .get(word.len()..)
            .and_then(|rest| rest.chars().next())
            .is_none_or(|c| !continues_word(c));
        if matches && boundary {
            Ok((&input[word.len()..], &input[..word.len()]))
        } else {
            Err(Err::Error(GrammarError::new(input, word)))
        }
    }
}

/// The longest keyword of `table` found at the input (case-insensitive, as [`keyword`]),
/// mapped to its value. `label` names the whole class for the error message.
pub fn keyword_map<'a, T: Copy>(
    label: &'static str,
    table: &'static [(&'static str, T)],
) -> impl Parser<&'a str, Output = T, Error = GrammarError<'a>> {
    move |input: &'a str| {
        let mut best: Option<(usize, T)> = None;
        for &(word, item) in table {
            if best.is_some_and(|(len, _)| len >= word.len()) {
                continue;
            }
            if keyword(word).parse(input).is_ok() {
                best = Some((word.len(), item));
            }
        }
        match best {
            Some((len, item)) => Ok((&input[len..], item)),
            None => Err(Err::Error(GrammarError::new(input, label))),
        }
    }
}

/// A non-negative integer of any length, kept as its digit string so nothing overflows.
///
/// `007` and `7` are the same number: compare with [`Digits::trimmed`] or convert with
/// [`Digits::to_u64`], which says `None` instead of overflowing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digits<'a>(&'a str);

impl<'a> Digits<'a> {
    /// Wraps a string of ASCII digits; `None` if it is empty or holds anything else.
    pub fn new(text: &'a str) -> Option<Digits<'a>> {
        (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then_some(Digits(text))
    }

    /// The digits as written.
    pub fn as_str(&self) -> &'a str {
        self.0
    }

    /// The digits without leading zeros (`"0"` for zero): equal numbers give equal strings.
    pub fn trimmed(&self) -> &'a str {
        let trimmed = self.0.trim_start_matches('0');
        if trimmed.is_empty() {
            &self.0[self.0.len() - 1..]
        } else {
            trimmed
        }
    }

    /// The value, or `None` if it does not fit in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        self.trimmed().parse().ok()
    }
}

/// An integer of any length: one or more ASCII digits.
pub fn digits(input: &str) -> PResult<'_, Digits<'_>> {
    take_while1(|c: char| c.is_ascii_digit())
        .map(Digits)
        .parse(input)
        .map_err(|e| e.map(|e: GrammarError<'_>| GrammarError::new(e.input, "a number")))
}

/// Names what `parser` accepts: a failure right where it started is reported as expecting
/// `label`; a failure further in keeps its own, more precise message.
pub fn expect<'a, O, P>(
    label: &'static str,
    mut parser: P,
) -> impl Parser<&'a str, Output = O, Error = GrammarError<'a>>
where
    P: Parser<&'a str, Output = O, Error = GrammarError<'a>>,
{
    move |input: &'a str| {
        parser.parse(input).map_err(|error| {
            error.map(|mut e| {
                if e.input.len() == input.len() {
                    e.expected = vec![Cow::Borrowed(label)];
                    e.found = None;
                }
                e
            })
        })
    }
}

/// The separator between list items: a comma with optional whitespace around it, or
/// whitespace alone.
fn separator(input: &str) -> PResult<'_, ()> {
    alt((value((), (ws, char(','), ws)), ws1)).parse(input)
}

/// Items without brackets, separated by [`separator`], with an optional trailing comma. The
/// items run to the end of the input, a closing bracket or a `|` (which separates lists of
/// lists): anything else after a separator must be another item.
fn bare_items<'a, O, P>(item: &mut P, input: &'a str) -> PResult<'a, Vec<O>>
where
    P: Parser<&'a str, Output = O, Error = GrammarError<'a>>,
{
    let at_end = |text: &str| text.is_empty() || text.starts_with([')', ']', '|']);
    let mut items = Vec::new();
    let (mut rest, ()) = ws(input)?;
    if at_end(rest) {
        return Ok((rest, items));
    }
    loop {
        let (after, next) = item.parse(rest)?;
        items.push(next);
        rest = after;
        let Ok((after_separator, ())) = separator(rest) else {
            return Ok((rest, items));
        };
        if at_end(after_separator) {
            return Ok((after_separator, items));
        }
        rest = after_separator;
    }
}

/// A list of `item`s: separated by spaces and/or commas, optionally inside `[ ]` or `( )`,
/// with an optional trailing comma. `[]` and the empty text are empty lists.
pub fn list<'a, O, P>(
    mut item: P,
) -> impl Parser<&'a str, Output = Vec<O>, Error = GrammarError<'a>>
where
    P: Parser<&'a str, Output = O, Error = GrammarError<'a>>,
{
    move |input: &'a str| {
        let mut bracketed = |open: char, close: char, input: &'a str| -> PResult<'a, Vec<O>> {
            let (rest, _) = (char(open), ws).parse(input)?;
            let (rest, items) = bare_items(&mut item, rest)?;
            let (rest, _) = (
                ws,
                expect(if close == ']' { "']'" } else { "')'" }, char(close)),
            )
                .parse(rest)?;
            Ok((rest, items))
        };
        // A bracketed reading is tried only where the bracket is.
        let mut bracketed_error: Option<GrammarError<'a>> = None;
        for (open, close) in [('[', ']'), ('(', ')')] {
            if !input.starts_with(open) {
                continue;
            }
            match bracketed(open, close, input) {
                Err(Err::Error(error)) => bracketed_error = Some(error),
                other => return other,
            }
        }
        let Some(bracketed_error) = bracketed_error else {
            return bare_items(&mut item, input);
        };
        match bare_items(&mut item, input) {
            Err(Err::Error(bare_error)) => Err(Err::Error(nom::error::ParseError::or(
                bracketed_error,
                bare_error,
            ))),
            // A bracketed reading that broke further in than a bare reading got means the text
            // was meant as a bracketed list: its error is the one to show.
            Ok((rest, _)) if bracketed_error.input.len() < rest.len() => {
                Err(Err::Error(bracketed_error))
            }
            other => other,
        }
    }
}

/// Lists of `item`s (see [`list`]) separated by `|`: `a b | c d`. An empty text is no list;
/// an empty list between two bars (`a | | b`) is kept, for the caller to judge.
pub fn lists<'a, O, P>(
    item: P,
) -> impl Parser<&'a str, Output = Vec<Vec<O>>, Error = GrammarError<'a>>
where
    P: Parser<&'a str, Output = O, Error = GrammarError<'a>>,
{
    let mut one = list(item);
    move |input: &'a str| {
        let (mut rest, ()) = ws(input)?;
        let mut all = Vec::new();
        if rest.is_empty() {
            return Ok((rest, all));
        }
        loop {
            let (after, items) = one.parse(rest)?;
            all.push(items);
            let (after, ()) = ws(after)?;
            match after.strip_prefix('|') {
                Some(next) => (rest, ()) = ws(next)?,
                None => return Ok((after, all)),
            }
        }
    }
}

/// Runs `parser` over the whole of `source`, allowing whitespace and comments around it, and
/// converts any failure into a [`ParseError`] located in `source`.
///
/// # Errors
///
/// A [`ParseError`] at the furthest place the grammar could not continue, or at the first
/// character left over after a complete parse.
pub fn parse_all<'a, O, P>(source: &'a str, mut parser: P) -> Result<O, ParseError>
where
    P: Parser<&'a str, Output = O, Error = GrammarError<'a>>,
{
    let result = (ws, |input| parser.parse(input), ws).parse(source);
    match result {
        Ok(("", ((), output, ()))) => Ok(output),
        Ok((rest, _)) => Err(GrammarError::new(rest, "end of input").into_parse_error(source)),
        Err(Err::Error(error) | Err::Failure(error)) => Err(error.into_parse_error(source)),
        Err(Err::Incomplete(_)) => {
            Err(GrammarError::new(&source[source.len()..], "more input").into_parse_error(source))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(input: &str) -> Result<Vec<&str>, ParseError> {
        parse_all(
            input,
            list(expect("a word", take_while1(|c: char| c.is_alphanumeric()))),
        )
    }

    #[test]
    fn whitespace_and_comments() {
        assert_eq!(ws("  # note\n\t x"), Ok(("x", ())));
        assert_eq!(ws("x"), Ok(("x", ())));
        assert!(ws1("x").is_err());
    }

    #[test]
    fn keywords_are_case_insensitive_and_whole() {
        assert_eq!(keyword("red").parse("RED 9"), Ok((" 9", "RED")));
        assert_eq!(keyword("r").parse("r9"), Ok(("9", "r")));
        assert!(keyword("red").parse("reddish").is_err());
        assert!(keyword("red").parse("re").is_err());
        const COLORS: &[(&str, u8)] = &[("b", 1), ("black", 2), ("blue", 3)];
        assert_eq!(
            keyword_map("a colour", COLORS).parse("Black9"),
            Ok(("9", 2))
        );
        assert_eq!(keyword_map("a colour", COLORS).parse("b9"), Ok(("9", 1)));
        assert!(keyword_map("a colour", COLORS).parse("bl9").is_err());
    }

    #[test]
    fn digits_of_any_length() {
        let (_, big) = digits("000123456789012345678901234567890x").unwrap();
        assert_eq!(big.trimmed(), "123456789012345678901234567890");
        assert_eq!(big.to_u64(), None);
        let (_, zero) = digits("000").unwrap();
        assert_eq!((zero.trimmed(), zero.to_u64()), ("0", Some(0)));
        assert_eq!(Digits::new("007").and_then(|d| d.to_u64()), Some(7));
        assert_eq!(Digits::new(""), None);
        assert_eq!(Digits::new("1a"), None);
    }

    #[test]
    fn lists_with_flexible_separators() {
        for text in [
            "a b c",
            "a,b,c",
            "a , b,c,",
            "[a b c]",
            "( a, b, c, )",
            " [a,\n b # x\n c] ",
        ] {
            assert_eq!(words(text), Ok(vec!["a", "b", "c"]), "{text:?}");
        }
        assert_eq!(words("[]"), Ok(vec![]));
        assert_eq!(words(""), Ok(vec![]));
        assert_eq!(words("()"), Ok(vec![]));
    }

    #[test]
    fn lists_of_lists() {
        let word = || expect("a word", take_while1(|c: char| c.is_alphanumeric()));
        let parse = |text| parse_all(text, lists(word()));
        assert_eq!(parse("a b | c"), Ok(vec![vec!["a", "b"], vec!["c"]]));
        assert_eq!(parse("[a, b] | (c)"), Ok(vec![vec!["a", "b"], vec!["c"]]));
        assert_eq!(parse(""), Ok(vec![]));
        assert_eq!(parse("a | | b"), Ok(vec![vec!["a"], vec![], vec!["b"]]));
        assert_eq!(parse("a | b ;").unwrap_err().column, 7);
    }

    #[test]
    fn list_errors_point_at_the_mistake() {
        let error = words("[a, b c").unwrap_err();
        assert_eq!((error.column, error.expected.as_str()), (8, "']'"));
        let error = words("a, b, ;").unwrap_err();
        assert_eq!(error.column, 7);
        let error = words("a,,b").unwrap_err();
        assert_eq!(error.column, 3);
    }
}
