//! Five Up dominoes: is a sequence of dominoes a legal game, its layout and its score.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod check;
pub mod domino;
mod fixture;
pub mod layout;
pub mod notation;
pub mod score;

pub use check::{Verdict, check};
pub use domino::{Domino, Number};
pub use fixture::run_fixture;
pub use layout::{Attachment, Layout, Side};
pub use notation::parse_game;
pub use score::{Play, Score, ScoreError, Scoring, Units, UnknownUnits};
pub use tiles_notation::ParseError;
