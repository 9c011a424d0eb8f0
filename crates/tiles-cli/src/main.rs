//! `tiles`: rule engines for tile and card games, from the command line.
//!
//! One subcommand per game. Every query works two ways: with arguments, one answer and an exit
//! code (0 yes, 1 no, 2 unreadable input); without, one query per stdin line and exactly one
//! answer line per query, in order, never stopping on a bad line.

mod batch;
mod fiveup;
mod huxxy;
mod mahjong;
mod puzzle;
mod rummikub;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Rule engines for tile and card games.
#[derive(Debug, Parser)]
#[command(name = "tiles", version, about)]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Debug, Subcommand)]
enum Game {
    /// Five Up dominoes: legality of a game, its layout and its score.
    #[command(subcommand)]
    Fiveup(fiveup::Command),
    /// huxxy: the reference functions, games and tournaments between bots.
    #[command(subcommand)]
    Huxxy(huxxy::Command),
    /// Mahjong hands: completeness, every reading, shanten, waits and effective tiles.
    #[command(subcommand)]
    Mahjong(mahjong::Command),
    /// Rummikub: group validity, arranging a hand, the best move.
    #[command(subcommand)]
    Rummikub(rummikub::Command),
    /// The Rummikub action puzzle: the preferred shortest TAKE/PUT/COMBINE answer.
    RummikubPuzzle(puzzle::PuzzleArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.game {
        Game::Fiveup(command) => fiveup::run(command),
        Game::Huxxy(command) => huxxy::run(command),
        Game::Mahjong(command) => mahjong::run(command),
        Game::Rummikub(command) => rummikub::run(command),
        Game::RummikubPuzzle(args) => puzzle::run(args),
    }
}
