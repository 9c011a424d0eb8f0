//! `tiles rummikub …`.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};
use rummikub::{Group, Preset, Rules};

use crate::batch::{self, OutputClosed};

/// Rummikub: group validity.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Is this group a valid run or set?
    ///
    /// With TILES, checks that one group and prints `valid run`, `valid set` or `invalid:
    /// REASON` (exit 0 valid, 1 invalid, 2 unreadable). Without TILES, reads one group per
    /// stdin line and prints one answer line per group (`error: …` for an unreadable one).
    Group(GroupArgs),
}

/// The rule sets, as command-line values.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RulesName {
    /// The seed's code-golf rules: R O B K, one copy, at most one joker per group, runs in order.
    Codegolf,
    /// Standard Rummikub: K B O R, two copies, two jokers, any order.
    Standard,
    /// The action puzzle: B G R Y, two copies, one joker.
    Puzzle,
}

impl RulesName {
    fn rules(self) -> Rules {
        match self {
            RulesName::Codegolf => Preset::Codegolf,
            RulesName::Standard => Preset::Standard,
            RulesName::Puzzle => Preset::Puzzle,
        }
        .rules()
    }
}

/// Arguments of `tiles rummikub group`.
#[derive(Debug, Args)]
pub struct GroupArgs {
    /// The rule set.
    #[arg(long, value_enum, default_value = "standard")]
    rules: RulesName,
    /// The group's tiles, e.g. `R9 O9 J K9` or `'[(9, "RED"), ("JOKER"), (9, "BLUE")]'`
    /// (several arguments are joined with spaces). Omit to read groups from stdin.
    tiles: Vec<String>,
}

/// Runs a `tiles rummikub` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Group(args) => group(&args),
    }
}

/// The answer for one group.
enum Verdict {
    Valid(String),
    Invalid(String),
    Unreadable(rummikub::ParseError),
}

fn check(text: &str, rules: &Rules) -> Verdict {
    match rummikub::parse_tiles(text) {
        Err(error) => Verdict::Unreadable(error),
        Ok(tiles) => match Group::new(&tiles, rules) {
            Ok(group) => Verdict::Valid(format!("valid {}", group.kind())),
            Err(error) => Verdict::Invalid(format!("invalid: {error}")),
        },
    }
}

fn group(args: &GroupArgs) -> ExitCode {
    let rules = args.rules.rules();
    let mut out = std::io::stdout().lock();
    if args.tiles.is_empty() {
        let answered =
            batch::run_lines(batch::stdin(), &mut out, |line, line_number| {
                match check(line, &rules) {
                    Verdict::Valid(text) | Verdict::Invalid(text) => text,
                    Verdict::Unreadable(error) => {
                        format!("error: {}", error.on_line(line_number).summary())
                    }
                }
            });
        let _: Result<(), OutputClosed> = answered;
        return ExitCode::SUCCESS;
    }
    let text = args.tiles.join(" ");
    let (line, code) = match check(&text, &rules) {
        Verdict::Valid(text) => (text, 0),
        Verdict::Invalid(text) => (text, 1),
        Verdict::Unreadable(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let _ = batch::write_line(&mut out, &line);
    let _ = out.flush();
    ExitCode::from(code)
}
