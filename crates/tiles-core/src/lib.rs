//! Vocabulary shared by two or more tiles games.
//!
//! Only what really is shared lives here: the arithmetic of runs, where numbered tiles must be
//! consecutive and jokers fill gaps or extend the ends (Rummikub runs and huxxy runs both follow
//! it). Colours, tiles and rules differ between games and live in each game's crate.
//!
//! ```
//! use tiles_core::run::{fit_unordered, RunFit};
//!
//! // 5, 7 and one joker: the joker is the 6.
//! assert_eq!(fit_unordered(&[7, 5], 1, 1, 13), Ok(RunFit { start: 5, len: 3 }));
//! ```
#![warn(missing_docs)]

pub mod run;
