//! Five Up dominoes: is a sequence of dominoes a legal game, its layout and its score.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod check;
mod domino;
mod fixture;
mod layout;
mod notation;
mod score;

pub use check::{Verdict, check};
pub use domino::{Domino, Number};
pub use fixture::run_fixture;
pub use layout::{Attachment, Layout, Side};
pub use notation::{MAX_TILES, parse_game};
pub use score::{Play, Score, ScoreError, Scoring, Units, UnknownUnits};
pub use tiles_notation::ParseError;
