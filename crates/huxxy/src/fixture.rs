//! The data-driven fixture format of this crate, run by `cargo xtask verify`.
//!
//! Each line of a fixture is a call of the reference interface (see [`crate::eval_call`]);
//! `#` lines are comments (the first describes the fixture in its snapshot) and blank lines are
//! skipped. The transcript shows each call and what it printed (`error: …` for a malformed
//! call).

use std::fmt::Write as _;

use crate::reference::eval_call;

/// Runs a fixture and returns its transcript. Never panics: every error becomes a line.
pub fn run_fixture(input: &str) -> String {
    let mut transcript = String::new();
    for line in input.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let answer = match eval_call(line) {
            Ok(answer) => answer,
            Err(error) => format!("error: {}", error.summary()),
        };
        let _ = writeln!(transcript, "> {line}\n{answer}");
    }
    transcript
}
