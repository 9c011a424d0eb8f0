//! `tiles mahjong bot`: one of our bots as an mjai bot on stdin and stdout, for any host that
//! speaks mjai (mjai.app's batch form by default, the one-event-per-line form with `--line`).

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::Args;
use mahjong_game::{BOT_NAMES, MjaiBot, bot_named};
use serde_json::{Value, json};

/// `tiles mahjong bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The bot that plays: `efficiency`, `defence`, `value` or `random`.
    #[arg(long, default_value = "efficiency")]
    bot: String,
    /// The seat, 0 to 3, as arenas pass it (`python bot.py 2`); else `start_game`'s `id`.
    #[arg(value_parser = clap::value_parser!(u8).range(0..4))]
    seat: Option<u8>,
    /// The players when the host does not say (`start_game`'s `rules.players` or
    /// `num_players`, or a first hand dealing three, say it otherwise): 4, or 3 for Tenhou's
    /// three-player rules.
    #[arg(long, value_name = "N", default_value_t = mahjong::Players::Four, value_parser = crate::mahjong::players_option)]
    players: mahjong::Players,
    /// One event a line, an answer only to an event the seat may act on (gimite's server,
    /// Mortal's `mortal.py`), instead of mjai.app's batches.
    #[arg(long)]
    line: bool,
}

/// Runs `tiles mahjong bot`: answers until stdin ends. Exit 0, or 2 for an unknown bot or an
/// unreadable stdin; a bad line is reported on stderr (with its number) and answered with
/// `{"type":"none"}` in the batch form, and play goes on.
pub fn run(args: &BotArgs) -> ExitCode {
    let name = args.bot.to_ascii_lowercase();
    let Some(bot) = bot_named(&name) else {
        eprintln!(
            "tiles: --bot: {:?} is not a bot of ours (expected one of {})",
            args.bot,
            BOT_NAMES.join(", ")
        );
        return ExitCode::from(2);
    };
    let rules = if args.players.is_three() {
        mahjong_game::GameRules::TENHOU_SANMA
    } else {
        mahjong_game::GameRules::TENHOU
    };
    let mut player = MjaiBot::with_rules(bot, args.seat.map(usize::from), rules);
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    for (index, line) in stdin.lines().enumerate() {
        let number = index + 1;
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                eprintln!("tiles: stdin line {number}: {error}");
                return ExitCode::from(2);
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let answers = answer_line(&mut player, &line, args.line).unwrap_or_else(|error| {
            eprintln!("tiles: line {number}: {error}");
            if args.line {
                Vec::new()
            } else {
                vec![json!({"type": "none"})]
            }
        });
        for answer in answers {
            if writeln!(stdout, "{answer}")
                .and_then(|()| stdout.flush())
                .is_err()
            {
                // The host has gone: nothing more to answer.
                return ExitCode::SUCCESS;
            }
        }
    }
    ExitCode::SUCCESS
}

/// The answers to one line: the batch form's one answer, or the line form's answers to each
/// event the seat may act on.
fn answer_line(player: &mut MjaiBot<'_>, line: &str, by_event: bool) -> Result<Vec<Value>, String> {
    let value: Value = serde_json::from_str(line).map_err(|error| format!("not JSON: {error}"))?;
    let events = match value {
        Value::Array(events) => events,
        event @ Value::Object(_) => vec![event],
        other => {
            return Err(format!(
                "expected an event or a list of events, found {other}"
            ));
        }
    };
    if by_event {
        let mut answers = Vec::new();
        for event in &events {
            answers.extend(player.react(event)?);
        }
        Ok(answers)
    } else {
        Ok(vec![player.react_all(&events)?])
    }
}
