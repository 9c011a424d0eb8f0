//! A reader for Python literals, because two games' reference inputs are Python values.
//!
//! Grammar (whitespace and `#` comments allowed between tokens, as inside Python brackets):
//!
//! ```text
//! value  := int | string | tuple | list | None | True | False
//! int    := [+-]? digit+                     42, -1, 007 (any length: kept as digits)
//! string := '…' | "…"                        'KC', "RED", 'it\'s' (escapes \\ \' \" \n \t \r \0 \xhh \uhhhh)
//! tuple  := ( )  |  ( value , )  |  ( value , value … [,] )
//! list   := [ ]  |  [ value , value … [,] ]
//! ( value )                                   is just the value, as in Python: ("JOKER") is a string
//! ```
//!
//! Bad text: `(1, 2` (no closing bracket), `'abc` (no closing quote), `none` (Python is
//! case-sensitive), `[1 2]` (items need commas).

use std::borrow::Cow;
use std::fmt;

use nom::{
    Err, Parser,
    branch::alt,
    bytes::complete::take_while1,
    character::complete::{char, one_of},
    combinator::opt,
};

use crate::error::{GrammarError, ParseError};
use crate::grammar::{Digits, PResult, digits, expect, parse_all, ws};

/// A Python literal value, borrowing from the text it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PyValue<'a> {
    /// An integer of any length.
    Int {
        /// Whether a `-` sign was written.
        negative: bool,
        /// The digits, as written.
        digits: Digits<'a>,
    },
    /// A string, with escapes resolved.
    Str(Cow<'a, str>),
    /// A tuple: `()`, `(x,)`, `(x, y)`.
    Tuple(Vec<PyLiteral<'a>>),
    /// A list: `[]`, `[x, y]`.
    List(Vec<PyLiteral<'a>>),
    /// `None`.
    None,
    /// `True` or `False`.
    Bool(bool),
}

/// A Python literal together with the exact text it was read from, so that a later check can
/// point an error at it ([`ParseError::at_span`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PyLiteral<'a> {
    /// The value.
    pub value: PyValue<'a>,
    /// The source text of the value (for a parenthesised value, without the parentheses).
    pub text: &'a str,
}

impl<'a> PyLiteral<'a> {
    /// Reads one Python literal making up the whole of `text` (whitespace and comments around
    /// it are allowed).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] at the first place the text stops being a Python literal.
    pub fn parse(text: &'a str) -> Result<PyLiteral<'a>, ParseError> {
        parse_all(text, python_literal)
    }

    /// The items of a tuple or a list; `None` for any other value.
    pub fn items(&self) -> Option<&[PyLiteral<'a>]> {
        match &self.value {
            PyValue::Tuple(items) | PyValue::List(items) => Some(items),
            _ => None,
        }
    }

    /// The string's contents; `None` for any other value.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            PyValue::Str(text) => Some(text),
            _ => None,
        }
    }

    /// The value of a non-negative integer that fits in a `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        match &self.value {
            PyValue::Int {
                negative: false,
                digits,
            } => digits.to_u64(),
            PyValue::Int {
                negative: true,
                digits,
            } if digits.trimmed() == "0" => Some(0),
            _ => None,
        }
    }

    /// A short name of the value's type, for error messages (`int`, `str`, `tuple` …).
    pub fn type_name(&self) -> &'static str {
        match self.value {
            PyValue::Int { .. } => "int",
            PyValue::Str(_) => "str",
            PyValue::Tuple(_) => "tuple",
            PyValue::List(_) => "list",
            PyValue::None => "None",
            PyValue::Bool(_) => "bool",
        }
    }
}

/// Writes `text` as Python's `repr` would: single quotes unless the text holds a single quote
/// and no double quote.
pub fn write_py_str(f: &mut impl fmt::Write, text: &str) -> fmt::Result {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    f.write_char(quote)?;
    for c in text.chars() {
        match c {
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if c == quote => write!(f, "\\{c}")?,
            c if (c as u32) < 0x20 || c as u32 == 0x7f => write!(f, "\\x{:02x}", c as u32)?,
            c => f.write_char(c)?,
        }
    }
    f.write_char(quote)
}

/// Displays the value as Python's `repr` would (`(1,)`, `['a', 'b']`, `None`).
impl fmt::Display for PyValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PyValue::Int { negative, digits } => {
                let digits = digits.trimmed();
                let sign = if *negative && digits != "0" { "-" } else { "" };
                write!(f, "{sign}{digits}")
            }
            PyValue::Str(text) => write_py_str(f, text),
            PyValue::Tuple(items) => {
                f.write_str("(")?;
                write_items(f, items)?;
                if items.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
            PyValue::List(items) => {
                f.write_str("[")?;
                write_items(f, items)?;
                f.write_str("]")
            }
            PyValue::None => f.write_str("None"),
            PyValue::Bool(true) => f.write_str("True"),
            PyValue::Bool(false) => f.write_str("False"),
        }
    }
}

fn write_items(f: &mut fmt::Formatter<'_>, items: &[PyLiteral<'_>]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}", item.value)?;
    }
    Ok(())
}

impl fmt::Display for PyLiteral<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

/// An integer with an optional sign: `42`, `-1`, `+007`.
fn py_int(input: &str) -> PResult<'_, PyValue<'_>> {
    let (rest, (sign, digits)) = (opt(one_of("+-")), digits).parse(input)?;
    Ok((
        rest,
        PyValue::Int {
            negative: sign == Some('-'),
            digits,
        },
    ))
}

/// A character given by `count` hexadecimal digits (after `\x` or `\u`).
fn hex_char(count: usize, input: &str) -> PResult<'_, Cow<'static, str>> {
    let digits = input
        .get(..count)
        .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()));
    let code = digits.and_then(|d| u32::from_str_radix(d, 16).ok());
    match code.and_then(char::from_u32) {
        Some(c) => Ok((&input[count..], Cow::Owned(c.to_string()))),
        None => Err(Err::Failure(GrammarError::new(
            input,
            "a hexadecimal character code",
        ))),
    }
}

/// One escape sequence after a backslash, resolved; unknown escapes keep the backslash as
/// Python does.
fn py_escape(input: &str) -> PResult<'_, Cow<'static, str>> {
    let Some(c) = input.chars().next() else {
        return Err(Err::Failure(GrammarError::new(
            input,
            "an escaped character",
        )));
    };
    let rest = &input[c.len_utf8()..];
    let simple = |s: &'static str| Ok((rest, Cow::Borrowed(s)));
    match c {
        '\\' => simple("\\"),
        '\'' => simple("'"),
        '"' => simple("\""),
        'n' => simple("\n"),
        't' => simple("\t"),
        'r' => simple("\r"),
        '0' => simple("\0"),
        '\n' => simple(""),
        'x' => hex_char(2, rest),
        'u' => hex_char(4, rest),
        other => Ok((rest, Cow::Owned(format!("\\{other}")))),
    }
}

/// A string in single or double quotes, with escapes.
fn py_string(input: &str) -> PResult<'_, PyValue<'_>> {
    let (body_start, quote) = one_of("'\"").parse(input)?;
    let mut text: Cow<'_, str> = Cow::Borrowed("");
    let mut rest = body_start;
    loop {
        let end = rest.find([quote, '\\', '\n']);
        let Some(end) = end else {
            return Err(Err::Failure(GrammarError::new(
                &rest[rest.len()..],
                format!("a closing {quote}"),
            )));
        };
        let chunk = &rest[..end];
        if text.is_empty() && rest.len() == body_start.len() {
            text = Cow::Borrowed(chunk);
        } else {
            text.to_mut().push_str(chunk);
        }
        rest = &rest[end..];
        match rest.chars().next() {
            Some('\\') => {
                let (after, escaped) = py_escape(&rest[1..])?;
                text.to_mut().push_str(&escaped);
                rest = after;
            }
            Some('\n') => {
                return Err(Err::Failure(GrammarError::new(
                    rest,
                    format!("a closing {quote}"),
                )));
            }
            _ => return Ok((&rest[1..], PyValue::Str(text))),
        }
    }
}

/// Comma-separated literals up to `close`, with an optional trailing comma. Returns the items
/// and whether any comma was written (which makes `(x,)` a tuple but `(x)` a plain value).
fn py_items(close: char, depth: usize, input: &str) -> PResult<'_, (Vec<PyLiteral<'_>>, bool)> {
    let mut items = Vec::new();
    let mut saw_comma = false;
    let (mut rest, ()) = ws(input)?;
    loop {
        if let Ok((after, _)) = char::<_, GrammarError<'_>>(close).parse(rest) {
            return Ok((after, (items, saw_comma)));
        }
        let (after, item) = literal_at(depth, rest)?;
        items.push(item);
        let (after, ()) = ws(after)?;
        match (opt(char(',')), ws).parse(after)? {
            (after, (Some(_), ())) => {
                saw_comma = true;
                rest = after;
            }
            (after, (None, ())) => {
                let label = if close == ']' {
                    "',' or ']'"
                } else {
                    "',' or ')'"
                };
                let (after, _) = nom::combinator::cut(expect(label, char(close))).parse(after)?;
                return Ok((after, (items, saw_comma)));
            }
        }
    }
}

/// How deeply brackets may nest: deeper input is an error, not a stack overflow.
pub const MAX_DEPTH: usize = 100;

/// A tuple, a parenthesised value, or a list, `depth` brackets deep.
fn py_bracketed(depth: usize, input: &str) -> PResult<'_, PyLiteral<'_>> {
    let (inner, open) = one_of("([").parse(input)?;
    if depth >= MAX_DEPTH {
        return Err(Err::Failure(GrammarError::new(
            input,
            "a value at most 100 brackets deep",
        )));
    }
    let close = if open == '(' { ')' } else { ']' };
    let (rest, (items, saw_comma)) = py_items(close, depth + 1, inner)?;
    let text = &input[..input.len() - rest.len()];
    let value = match (open, items.len(), saw_comma) {
        ('(', 1, false) => return Ok((rest, items.into_iter().next().expect("one item"))),
        ('(', _, _) => PyValue::Tuple(items),
        _ => PyValue::List(items),
    };
    Ok((rest, PyLiteral { value, text }))
}

/// A Python identifier-like word, to read `None`, `True` and `False`.
fn py_name(input: &str) -> PResult<'_, PyValue<'_>> {
    let (rest, name) = take_while1(|c: char| c.is_alphanumeric() || c == '_').parse(input)?;
    match name {
        "None" => Ok((rest, PyValue::None)),
        "True" => Ok((rest, PyValue::Bool(true))),
        "False" => Ok((rest, PyValue::Bool(false))),
        _ => Err(Err::Error(GrammarError::new(input, "a Python literal"))),
    }
}

/// One Python literal: an int, a string, a tuple, a list, `None`, `True` or `False`.
pub fn python_literal(input: &str) -> PResult<'_, PyLiteral<'_>> {
    literal_at(0, input)
}

/// One Python literal inside `depth` brackets.
fn literal_at(depth: usize, input: &str) -> PResult<'_, PyLiteral<'_>> {
    if input.starts_with(['(', '[']) {
        return py_bracketed(depth, input);
    }
    let (rest, value) =
        expect("a Python literal", alt((py_string, py_int, py_name))).parse(input)?;
    let text = &input[..input.len() - rest.len()];
    Ok((rest, PyLiteral { value, text }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repr(text: &str) -> String {
        match PyLiteral::parse(text) {
            Ok(literal) => literal.to_string(),
            Err(error) => format!("error: {}", error.summary()),
        }
    }

    #[test]
    fn reads_every_kind_of_literal() {
        assert_eq!(repr("42"), "42");
        assert_eq!(repr("-007"), "-7");
        assert_eq!(
            repr("123456789012345678901234567890"),
            "123456789012345678901234567890"
        );
        assert_eq!(repr(r#""RED""#), "'RED'");
        assert_eq!(repr(r"'it\'s'"), r#""it's""#);
        assert_eq!(repr(r"'a\tb\x41\u00e9'"), r"'a\tbAé'");
        assert_eq!(repr("()"), "()");
        assert_eq!(repr("(1,)"), "(1,)");
        assert_eq!(repr("(1)"), "1");
        assert_eq!(repr(r#"("JOKER")"#), "'JOKER'");
        assert_eq!(repr(r#"(9, "RED")"#), "(9, 'RED')");
        assert_eq!(repr("[ ]"), "[]");
        assert_eq!(
            repr("[1, [2, (3, None)], True, False,]"),
            "[1, [2, (3, None)], True, False]"
        );
        assert_eq!(repr("[\n 1, # one\n 2\n]"), "[1, 2]");
    }

    #[test]
    fn spans_point_at_the_source() {
        let text = r#"[(9, "RED"), ('JOKER')]"#;
        let literal = PyLiteral::parse(text).unwrap();
        let items = literal.items().unwrap();
        assert_eq!(items[0].text, r#"(9, "RED")"#);
        assert_eq!(items[1].text, "'JOKER'");
        assert_eq!(items[0].items().unwrap()[1].text, r#""RED""#);
        let error = ParseError::at_span(text, items[1].text, "a tile");
        assert_eq!(error.column, 15);
    }

    #[test]
    fn errors_say_what_is_missing() {
        assert_eq!(
            repr("(1, 2"),
            "error: line 1, column 6: expected ',' or ')', found end of input"
        );
        assert_eq!(
            repr("'abc"),
            "error: line 1, column 5: expected a closing ', found end of input"
        );
        assert_eq!(
            repr("[1 2]"),
            "error: line 1, column 4: expected ',' or ']', found \"2\""
        );
        assert_eq!(
            repr("none"),
            "error: line 1, column 1: expected a Python literal, found \"none\""
        );
        assert_eq!(
            repr("[1,,2]"),
            "error: line 1, column 4: expected a Python literal, found \",\""
        );
        assert_eq!(
            repr("1 2"),
            "error: line 1, column 3: expected end of input, found \"2\""
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = "(".repeat(100_000);
        assert!(repr(&deep).contains("at most 100 brackets deep"));
        let fine = format!("{}1{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(PyLiteral::parse(&fine).is_ok());
    }

    #[test]
    fn accessors() {
        let literal = PyLiteral::parse("(3, 'x', -0)").unwrap();
        let items = literal.items().unwrap();
        assert_eq!(items[0].as_u64(), Some(3));
        assert_eq!(items[1].as_str(), Some("x"));
        assert_eq!(items[2].as_u64(), Some(0));
        assert_eq!(items[0].type_name(), "int");
        assert_eq!(literal.type_name(), "tuple");
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,40}") {
            let _ = PyLiteral::parse(&text);
        }

        #[test]
        fn literal_like_text_never_panics(text in "[\\[\\]() ,'\"\\\\0-9a-zNTF#\n-]{0,30}") {
            if let Ok(literal) = PyLiteral::parse(&text) {
                // What it displays reads back as the same value.
                let shown = literal.to_string();
                let again = PyLiteral::parse(&shown).map(|l| l.to_string());
                prop_assert_eq!(again, Ok(shown));
            }
        }
    }
}
