//! The parser toolkit shared by every tiles game.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod error;
pub mod grammar;
pub mod python;

pub use error::ParseError;
pub use grammar::Digits;
pub use python::{PyLiteral, PyValue};
