//! The one owned parse error of the workspace, and the nom error type grammars build it from.

use itertools::Itertools;
use std::borrow::Cow;
use std::fmt;

use nom::Offset;

/// A parse failure: where it happened, what the grammar expected there and what it found.
///
/// `line` and `column` are 1-based; `column` counts characters, not bytes. `line_text` is the
/// whole offending line, so `Display` can show it with a caret under the column:
///
/// ```text
/// line 1, column 7: expected a tile such as R9, found "P9"
///   R9 O9 P9
///         ^
/// ```
///
/// [`ParseError::summary`] gives the first line alone, for one-line-per-input batch output.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// 1-based line of the offending text.
    pub line: usize,
    /// 1-based character column of the offending text.
    pub column: usize,
    /// What the grammar expected at that place, in words (`a tile such as R9`).
    pub expected: String,
    /// What was there instead: a short quote of the text, or `end of input`.
    pub found: String,
    /// The whole offending line, without its line end.
    pub line_text: String,
}

impl ParseError {
    /// Builds the error for byte `offset` of `source`, quoting the token found there.
    ///
    /// An offset past the end or inside a character is clamped to the nearest character boundary
    /// before it, so this never panics.
    pub fn at(source: &str, offset: usize, expected: impl Into<String>) -> ParseError {
        let offset = floor_char_boundary(source, offset.min(source.len()));
        let found = describe_found(&source[offset..]);
        ParseError::at_with_found(source, offset, expected, found)
    }

    /// Like [`ParseError::at`], with an explicit description of what was found.
    pub fn at_with_found(
        source: &str,
        offset: usize,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> ParseError {
        let offset = floor_char_boundary(source, offset.min(source.len()));
        let before = &source[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[offset..]
            .find('\n')
            .map_or(source.len(), |i| offset + i);
        let line_text = source[line_start..line_end].trim_end_matches('\r');
        ParseError {
            line: before.matches('\n').count() + 1,
            column: source[line_start..offset].chars().count() + 1,
            expected: expected.into(),
            found: found.into(),
            line_text: line_text.to_owned(),
        }
    }

    /// Builds the error for a place inside `source` given as a subslice of it (a span kept by
    /// the grammar, such as [`crate::PyLiteral::text`]).
    ///
    /// A `span` that is not inside `source` is reported at the end of `source`.
    pub fn at_span(source: &str, span: &str, expected: impl Into<String>) -> ParseError {
        ParseError::at_with_found(source, span_offset(source, span), expected, quote(span))
    }

    /// The same error renumbered as if its text were line `line` of a larger input: batch modes
    /// parse one line at a time and report the line number of the whole stream.
    #[must_use]
    pub fn on_line(mut self, line: usize) -> ParseError {
        self.line = self.line + line - 1;
        self
    }

    /// The first line of the message: `line L, column C: expected E, found F`.
    pub fn summary(&self) -> String {
        format!(
            "line {}, column {}: expected {}, found {}",
            self.line, self.column, self.expected, self.found
        )
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.summary())?;
        let shown: String = self
            .line_text
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        writeln!(f, "  {shown}")?;
        write!(f, "  {}^", " ".repeat(self.column - 1))
    }
}

/// The byte offset of `span` inside `source`, or `source.len()` if it is not a subslice.
pub fn span_offset(source: &str, span: &str) -> usize {
    let start = source.as_ptr() as usize;
    let at = span.as_ptr() as usize;
    if at >= start && at + span.len() <= start + source.len() {
        source.offset(span)
    } else {
        source.len()
    }
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// How many characters of the offending text an error quotes at most.
const QUOTE_LIMIT: usize = 24;

/// Describes the token at the start of `rest`, quoted: a lone comma or bracket, or the text up
/// to the next space, comma or bracket; or `end of input`.
fn describe_found(rest: &str) -> String {
    let rest = rest.split(['\n', '\r']).next().unwrap_or("");
    if rest.is_empty() {
        return "end of input".to_owned();
    }
    let first = rest.chars().next().map_or(0, char::len_utf8);
    if rest.starts_with([',', '(', ')', '[', ']']) {
        return quote(&rest[..first]);
    }
    let end = rest
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c.is_whitespace() || ",()[]".contains(c))
        .map_or(rest.len(), |(i, _)| i)
        .max(first);
    quote(&rest[..end])
}

/// Quotes `text` for an error message, shortening it past 24 characters (`QUOTE_LIMIT`).
pub fn quote(text: &str) -> String {
    if text.is_empty() {
        return "end of input".to_owned();
    }
    let shown: String = text.chars().take(QUOTE_LIMIT).collect();
    if shown.len() < text.len() {
        format!("{:?}", format!("{shown}…"))
    } else {
        format!("{shown:?}")
    }
}

/// The nom error type every grammar in the workspace uses.
///
/// It remembers the remaining input where the failure happened and what was expected there.
/// When alternatives fail, [`nom::error::ParseError::or`] keeps the failure that got furthest,
/// merging the expectations of failures at the same place, so the final message points at the
/// real mistake. Convert it with [`crate::grammar::parse_all`], never show it directly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrammarError<'a> {
    /// The input left when the failure happened.
    pub input: &'a str,
    /// What was expected there; several alternatives are joined with "or".
    pub expected: Vec<Cow<'static, str>>,
    /// What was found, if the grammar knows better than the text at `input`.
    pub found: Option<String>,
}

impl<'a> GrammarError<'a> {
    /// A failure at `input` expecting `expected`.
    pub fn new(input: &'a str, expected: impl Into<Cow<'static, str>>) -> Self {
        GrammarError {
            input,
            expected: vec![expected.into()],
            found: None,
        }
    }

    /// The same failure with an explicit description of what was found.
    #[must_use]
    pub fn with_found(mut self, found: impl Into<String>) -> Self {
        self.found = Some(found.into());
        self
    }

    /// The expectations joined as `a, b or c`, without repeats.
    pub fn expected_text(&self) -> String {
        let unique: Vec<&str> = self.expected.iter().map(AsRef::as_ref).unique().collect();
        match unique.split_last() {
            None => "valid input".to_owned(),
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        }
    }

    /// Converts this failure into a [`ParseError`] against the whole `source` it came from.
    pub fn into_parse_error(self, source: &str) -> ParseError {
        let offset = span_offset(source, self.input);
        let expected = self.expected_text();
        match self.found {
            Some(found) => ParseError::at_with_found(source, offset, expected, found),
            None => ParseError::at(source, offset, expected),
        }
    }
}

fn describe_kind(kind: nom::error::ErrorKind) -> &'static str {
    use nom::error::ErrorKind;
    match kind {
        ErrorKind::Digit => "a digit",
        ErrorKind::Eof => "end of input",
        ErrorKind::Char => "a character",
        ErrorKind::Alpha => "a letter",
        ErrorKind::Space | ErrorKind::MultiSpace => "a space",
        _ => "valid input",
    }
}

impl<'a> nom::error::ParseError<&'a str> for GrammarError<'a> {
    fn from_error_kind(input: &'a str, kind: nom::error::ErrorKind) -> Self {
        GrammarError::new(input, describe_kind(kind))
    }

    fn append(_input: &'a str, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }

    fn from_char(input: &'a str, c: char) -> Self {
        GrammarError::new(input, format!("{c:?}"))
    }

    /// Keeps the failure that consumed more input; merges expectations at the same place.
    fn or(mut self, other: Self) -> Self {
        match self.input.len().cmp(&other.input.len()) {
            std::cmp::Ordering::Less => self,
            std::cmp::Ordering::Greater => other,
            std::cmp::Ordering::Equal => {
                self.expected.extend(other.expected);
                self.found = self.found.or(other.found);
                self
            }
        }
    }
}

impl<'a, E> nom::error::FromExternalError<&'a str, E> for GrammarError<'a> {
    fn from_external_error(input: &'a str, kind: nom::error::ErrorKind, _error: E) -> Self {
        GrammarError::new(input, describe_kind(kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_counts_lines_and_characters() {
        let source = "first line\nR9 é P9\nlast";
        let offset = source.find("P9").unwrap();
        let error = ParseError::at(source, offset, "a tile");
        assert_eq!((error.line, error.column), (2, 6));
        assert_eq!(error.found, "\"P9\"");
        assert_eq!(error.line_text, "R9 é P9");
        assert_eq!(
            error.to_string(),
            "line 2, column 6: expected a tile, found \"P9\"\n  R9 é P9\n       ^"
        );
    }

    #[test]
    fn end_of_input_and_clamping_never_panic() {
        let error = ParseError::at("é", 1, "x");
        assert_eq!((error.line, error.column), (1, 1));
        let error = ParseError::at("ab", 99, "x");
        assert_eq!((error.column, error.found.as_str()), (3, "end of input"));
    }

    #[test]
    fn on_line_renumbers() {
        let error = ParseError::at("R9 P9", 3, "a tile").on_line(7);
        assert_eq!(
            error.summary(),
            "line 7, column 4: expected a tile, found \"P9\""
        );
    }

    #[test]
    fn long_tokens_are_shortened() {
        let text = "x".repeat(100);
        let error = ParseError::at(&text, 0, "a tile");
        assert_eq!(error.found.chars().count(), QUOTE_LIMIT + 3);
    }

    #[test]
    fn or_keeps_the_furthest_and_merges_ties() {
        use nom::error::ParseError as _;
        let text = "abc";
        let near = GrammarError::new(text, "a");
        let far = GrammarError::new(&text[2..], "c");
        assert_eq!(near.clone().or(far.clone()), far);
        assert_eq!(far.clone().or(near.clone()), far);
        let merged = near.clone().or(GrammarError::new(text, "b"));
        assert_eq!(merged.expected_text(), "a or b");
    }
}
