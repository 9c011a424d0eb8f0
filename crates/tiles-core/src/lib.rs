//! Vocabulary shared by two or more tiles games.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod run;
