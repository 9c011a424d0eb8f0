//! Mahjong hands: completeness, every reading, waits and shanten.
//!
//! This crate is a documented skeleton: its README below says what it will hold.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
