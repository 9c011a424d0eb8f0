//! Five Up dominoes: is a sequence of dominoes a legal game, its layout and its score.
//!
//! This crate is a documented skeleton: its README below says what it will hold.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
