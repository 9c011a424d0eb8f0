//! huxxy: a two-deck rummy variant, with every rule, turn validation, bots and tournaments.
//!
//! This crate is a documented skeleton: its README below says what it will hold.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
