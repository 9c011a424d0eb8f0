//! Five Up dominoes: is a sequence of dominoes a legal game, its layout and its score.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod check;
pub mod domino;
pub mod notation;

pub use check::{Attachment, Layout, Verdict, check};
pub use domino::{Domino, Number};
pub use notation::parse_game;
pub use tiles_notation::ParseError;
