//! `tiles`: rule engines for tile and card games, from the command line.
//!
//! One subcommand per game. Every query works three ways: with arguments, one answer and an
//! exit code (0 yes, 1 no, 2 unreadable input); without, one query per stdin line and exactly
//! one answer line per query, in order, never stopping on a bad line; with `--json`, one JSON
//! request per stdin line and one JSON response per line, through the API crate's dispatcher.

/// A batch allocates a few small values per line on each of its threads: mimalloc serves
/// them in a fraction of the system allocator's work.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod batch;
mod fiveup;
mod huxxy;
mod mahjong;
mod mahjong_bot;
mod mahjong_convert;
mod mahjong_dataset;
mod mahjong_replay;
mod mahjong_review;
mod mahjong_score;
mod progress;
mod puzzle;
mod records;
mod rummikub;
mod serve;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use clap_complete::Shell;

/// Rule engines for tile and card games.
///
/// Rummikub (is a group valid, can tiles all be laid down, the best move step by step, is a
/// turn legal, bot games and tournaments), the Rummikub action puzzle, Five Up dominoes,
/// huxxy (the course's reference functions, bot games and tournaments) and riichi mahjong
/// (a hand's shanten, waits and best discard, `tiles mahjong analyze 123m456p789s11223z`; its
/// score; bot games under Tenhou's rules or a league's; records replayed; tournaments; our bots as mjai
/// bots for other arenas).
///
/// Every subcommand that answers queries reads them one per stdin line when its arguments
/// are left out, and one JSON request per line with `--json`. A batch exits 0 when every line
/// was answered and 1 when any line was an error (a bad line never stops it). Tournaments show
/// their progress on stderr when it is a terminal; Ctrl-C stops one and prints the games
/// played (exit 130).
#[derive(Debug, Parser)]
#[command(name = "tiles", version)]
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
    /// Riichi mahjong: hand analysis and scoring, bot games under Tenhou's rules or a league's, records
    /// replayed, tournaments, and our bots as mjai bots.
    #[command(subcommand)]
    Mahjong(mahjong::Command),
    /// Rummikub: group validity, arranging a hand, the best move step by step, turn
    /// legality, bot games and tournaments.
    #[command(subcommand)]
    Rummikub(rummikub::Command),
    /// The Rummikub action puzzle: the preferred shortest TAKE/PUT/COMBINE answer.
    RummikubPuzzle(puzzle::PuzzleArgs),
    /// Serves the web page (click tiles, see answers) and the HTTP API (`POST /api/<operation>`)
    /// on this machine, until Ctrl-C.
    Serve(serve::ServeArgs),
    /// Prints a shell completion script: `tiles completions bash > ~/.local/share/bash-completion/completions/tiles`.
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: Shell,
    },
    /// Prints the man page (roff): `tiles man > ~/.local/share/man/man1/tiles.1`.
    Man,
}

/// Shown under the help of every command that reads a batch.
const BATCH_EXIT: &str = "A batch (queries or JSON requests read from stdin, one per line) answers every line, in order, and never stops at a bad one; it exits 0 when every line was answered and 1 when any line was an error.";

/// A value parser offering `names` (for help and completion) and reading the one given with
/// the library's `FromStr`, so the CLI keeps no list of its own.
fn named<T>(
    names: impl IntoIterator<Item = &'static str>,
) -> impl clap::builder::TypedValueParser<Value = T>
where
    T: std::str::FromStr + Clone + Send + Sync + 'static,
    T::Err: std::fmt::Debug,
{
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(names).map(|name: String| {
        name.parse::<T>()
            .expect("every name offered is one the library reads")
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Outside bots (`mjai:COMMAND` seats) run commands: the command line runs them as
    // processes, a server not.
    if !matches!(cli.game, Game::Serve(_)) {
        tiles_api::mahjong::game::allow_commands(Some(&tiles_host::PROCESSES));
    }
    match cli.game {
        Game::Fiveup(command) => fiveup::run(command),
        Game::Huxxy(command) => huxxy::run(command),
        Game::Mahjong(command) => mahjong::run(command),
        Game::Rummikub(command) => rummikub::run(command),
        Game::RummikubPuzzle(args) => puzzle::run(args),
        Game::Serve(args) => serve::run(args),
        Game::Completions { shell } => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "tiles", &mut text);
            batch::print(&String::from_utf8_lossy(&text));
            ExitCode::SUCCESS
        }
        Game::Man => {
            let mut text = Vec::new();
            match clap_mangen::Man::new(Cli::command()).render(&mut text) {
                Ok(()) => {
                    batch::print(&String::from_utf8_lossy(&text));
                    ExitCode::SUCCESS
                }
                Err(error) => batch::unreadable(&error),
            }
        }
    }
}
