//! What the property tests share: how many cases to run (`PROPTEST_CASES` raises it for a long
//! run after a change), and the text strategies of the "no text makes a reader panic" tests.

use proptest::prelude::*;
use proptest::test_runner::Config;

/// `PROPTEST_CASES` if set (a number), else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(default)
}

/// A proptest configuration of [`cases`]`(default)` cases.
pub fn config(default: u32) -> Config {
    Config::with_cases(cases(default))
}

/// Any text of up to 60 printable characters (any script, no control characters).
pub fn arbitrary_text() -> impl Strategy<Value = String> {
    "\\PC{0,60}"
}

/// Text made of up to `most` of `pieces` (pieces of a notation, good and bad), one after
/// another.
pub fn text_of(
    pieces: impl Strategy<Value = String>,
    most: usize,
) -> impl Strategy<Value = String> {
    prop::collection::vec(pieces, 0..most).prop_map(|pieces| pieces.concat())
}
