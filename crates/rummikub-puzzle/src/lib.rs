//! The Rummikub action puzzle, parts 1 and 2: the shortest preferred TAKE/PUT/COMBINE sequence.
//!
//! This crate is a documented skeleton: its README below says what it will hold.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]
