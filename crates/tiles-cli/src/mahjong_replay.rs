//! `tiles mahjong replay`: records fed through the engine, a verdict per hand (text or JSON
//! lines), directories walked, files that are not records left out and named, a summary for
//! many files, progress and Ctrl-C.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use crate::batch;
use crate::records::{self, Content};

/// `tiles mahjong replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The records and directories of records (`-`: stdin).
    #[arg(required_unless_present = "json")]
    files: Vec<std::path::PathBuf>,
    /// The rule set of a record that states none (an mjai record of another tool: `--rules
    /// mahjong-soul` for Mahjong Soul's games converted); a record that states its rules keeps
    /// them. Default: Tenhou's.
    #[arg(long, value_name = "PRESET")]
    rules: Option<String>,
    /// One field of those rules set otherwise, repeatable: `--rule kiriage=false`.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rule: Vec<String>,
    /// One JSON object per hand.
    #[arg(long)]
    json: bool,
}

/// One line of `tiles mahjong replay --json`: every field in every object, in this order (a
/// file-level error has `round` null, the final points `round` `end`).
#[derive(serde::Serialize)]
struct ReplayLine<'a> {
    file: &'a str,
    round: Option<&'a str>,
    wind: Option<&'a str>,
    number: Option<u8>,
    honba: Option<u32>,
    agree: bool,
    expected: Option<&'a [i32]>,
    got: Option<&'a [i32]>,
    error: Option<&'a str>,
}

impl ReplayLine<'_> {
    fn text(&self) -> String {
        serde_json::to_string(self).expect("a verdict line is JSON")
    }
}

/// What `tiles mahjong replay` counts for its summary.
#[derive(Default)]
struct Tally {
    files: usize,
    hands: usize,
    agree: usize,
    cut_or_unreadable: usize,
    final_disagree: usize,
}

impl Tally {
    /// `3 files, 120 hands: 118 agree, 2 disagree, 1 file cut short or unreadable`.
    fn summary(&self) -> String {
        let plural = |count: usize, one: &str, many: &str| {
            format!("{count} {}", if count == 1 { one } else { many })
        };
        let mut text = format!(
            "{}, {}: {} agree, {} disagree, {} cut short or unreadable",
            plural(self.files, "file", "files"),
            plural(self.hands, "hand", "hands"),
            self.agree,
            self.hands - self.agree,
            plural(self.cut_or_unreadable, "file", "files"),
        );
        if self.final_disagree > 0 {
            text.push_str(&format!(
                ", final points disagree in {}",
                plural(self.final_disagree, "file", "files")
            ));
        }
        text
    }
}

/// Runs `tiles mahjong replay`.
pub fn run(args: &ReplayArgs) -> ExitCode {
    use mahjong_game::records::format_of;
    use tiles_api::mahjong::game::verdict_json;
    let assumed = match tiles_api::mahjong::game::assumed_rules(args.rules.as_deref(), &args.rule) {
        Ok(assumed) => assumed,
        Err(error) => return batch::unreadable(&format!("--rules: {error}")),
    };
    if args.files.is_empty() {
        let defaults = crate::mahjong_review::rules_defaults(&args.rules, &args.rule);
        return batch::json_batch("mahjong/replay", defaults);
    }
    let mut out = batch::stdout();
    let mut all_agree = true;
    let mut unreadable = false;
    let mut tally = Tally::default();
    let (found, mut left_out) = records::collect(&args.files);
    let many = found.len() > 1 || args.files.iter().any(|path| path.is_dir());
    let mut watch = crate::progress::Watch::start_beside_output("files");
    watch.stop().add_total(found.len() as u64);
    let mut seen = 0;
    for record in &found {
        if watch.stop().is_stopped() {
            break;
        }
        seen += 1;
        watch.stop().advance(1);
        let path = &record.path;
        let file = path.display().to_string();
        let text = match records::read(path) {
            Ok(Content::Record(text)) => text,
            Ok(Content::NotARecord) => {
                left_out.push(path.clone());
                continue;
            }
            Err(message) => {
                tally.files += 1;
                unreadable = true;
                tally.cut_or_unreadable += 1;
                if batch::write_line(&mut out, &replay_error(&file, &message, args.json)).is_err() {
                    return ExitCode::SUCCESS;
                }
                continue;
            }
        };
        tally.files += 1;
        let (mut log, error) = mahjong_game::records::read(&text);
        if let Some(rules) = assumed {
            log.assume_rules(rules);
        }
        let verdict = mahjong_game::records::replay::replay(&log);
        let response = verdict_json(
            format_of(&text),
            &log.rules,
            &verdict,
            log.final_scores,
            error.map(|error| error.to_string()),
        );
        all_agree &= response.agree;
        if response.read_error.is_some() {
            tally.cut_or_unreadable += 1;
        }
        let mut lines: Vec<String> = Vec::new();
        // A file-level error comes before the hand it cut short (else after the hands).
        let cut_at = response
            .hands
            .iter()
            .position(|hand| hand.expected.is_none())
            .unwrap_or(response.hands.len());
        for (index, hand) in response.hands.iter().enumerate() {
            if index == cut_at
                && let Some(error) = &response.read_error
            {
                lines.push(replay_error(&file, error, args.json));
            }
            tally.hands += 1;
            tally.agree += usize::from(hand.agree);
            lines.push(if args.json {
                ReplayLine {
                    file: &file,
                    round: Some(&hand.round),
                    wind: Some(&hand.wind),
                    number: Some(hand.number),
                    honba: Some(hand.honba),
                    agree: hand.agree,
                    expected: hand.expected.as_deref(),
                    got: hand.got.as_deref(),
                    error: hand.error.as_deref(),
                }
                .text()
            } else if hand.agree {
                format!("{file} {} agrees", hand.round)
            } else {
                format!(
                    "{file} {}: {}",
                    hand.round,
                    hand.error.as_deref().unwrap_or("disagrees")
                )
            });
        }
        if cut_at == response.hands.len()
            && let Some(error) = &response.read_error
        {
            lines.push(replay_error(&file, error, args.json));
        }
        if let Some(expected) = &response.final_expected {
            let agree = response.final_got.as_ref() == Some(expected);
            tally.final_disagree += usize::from(!agree);
            let disagreement = format!(
                "final points: the record {expected:?}, the engine {}",
                response
                    .final_got
                    .as_ref()
                    .map_or("no end of the game".to_owned(), |got| format!("{got:?}"))
            );
            lines.push(if args.json {
                ReplayLine {
                    file: &file,
                    round: Some("end"),
                    wind: None,
                    number: None,
                    honba: None,
                    agree,
                    expected: Some(expected),
                    got: response.final_got.as_deref(),
                    error: (!agree).then_some(disagreement.as_str()),
                }
                .text()
            } else if agree {
                format!("{file} final points agree {expected:?}")
            } else {
                format!("{file} {disagreement}")
            });
        }
        for line in &lines {
            if batch::write_line(&mut out, line).is_err() {
                return ExitCode::SUCCESS;
            }
        }
    }
    let _ = out.flush();
    watch.end();
    if tally.files == 0 && !watch.interrupted() {
        eprintln!(
            "tiles: no record to replay{}: {}",
            records::left_out_note(&left_out),
            records::NOT_A_RECORD
        );
        return ExitCode::from(2);
    }
    if many || !left_out.is_empty() {
        eprintln!("{}{}", tally.summary(), records::left_out_note(&left_out));
    }
    if watch.interrupted() {
        eprintln!("stopped after {seen} of {} files", found.len());
        return ExitCode::from(130);
    }
    if unreadable {
        ExitCode::from(2)
    } else if all_agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// A file's error line.
fn replay_error(file: &str, message: &str, json: bool) -> String {
    if json {
        ReplayLine {
            file,
            round: None,
            wind: None,
            number: None,
            honba: None,
            agree: false,
            expected: None,
            got: None,
            error: Some(message),
        }
        .text()
    } else {
        format!("{file}: {message}")
    }
}
