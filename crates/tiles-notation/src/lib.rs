//! The parser toolkit shared by every tiles game.
//!
//! Every game's notation is a small nom 8 grammar built from the pieces in [`grammar`]
//! (whitespace and `#` comments, case-insensitive keywords, integers of any length, lists with
//! flexible separators) and [`python`] (Python literals, because two games' reference inputs are
//! Python values). Whatever goes wrong becomes one owned [`ParseError`] with the line, the
//! column, what was expected and what was found; its `Display` shows the line with a caret:
//!
//! ```
//! use tiles_notation::PyLiteral;
//!
//! let literal = PyLiteral::parse(r#"[(9, "RED"), ("JOKER")]"#).unwrap();
//! assert_eq!(literal.to_string(), "[(9, 'RED'), 'JOKER']");
//!
//! let error = PyLiteral::parse("[(9, 'RED') ('JOKER')]").unwrap_err();
//! assert_eq!(error.to_string(), "\
//! line 1, column 13: expected ',' or ']', found \"(\"
//!   [(9, 'RED') ('JOKER')]
//!               ^");
//! ```
//!
//! nom appears only in [`grammar`] and [`python::python_literal`], which are for grammar
//! authors inside the workspace. Game crates expose `FromStr`, plain functions and
//! [`ParseError`], never nom types.
#![warn(missing_docs)]

pub mod error;
pub mod grammar;
pub mod python;

pub use error::ParseError;
pub use grammar::Digits;
pub use python::{PyLiteral, PyValue};
