//! `tiles mahjong review` and `watch`: each decision of a record's seats beside a bot's, with the value
//! bot's estimates (a short table, or JSON lines), and a summary per seat.

use std::process::ExitCode;

use clap::Args;
use serde_json::{Map, Value, json};
use tiles_api::mahjong::review::{DecisionJson, ReviewRequest, ReviewResponse, review};

use crate::batch;
use crate::records::{self, Content};

/// `tiles mahjong review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The record (`-`: stdin): Tenhou mjlog, tenhou.net/6 or mjai, gzipped or not.
    #[arg(required_unless_present = "json")]
    record: Option<std::path::PathBuf>,
    /// The rule set of a record that states none (an mjai record of another tool: `--rules
    /// mahjong-soul` for Mahjong Soul's games converted); a record that states its rules keeps
    /// them. Default: Tenhou's.
    #[arg(long, value_name = "PRESET")]
    rules: Option<String>,
    /// One field of those rules set otherwise, repeatable: `--rule kiriage=false`.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rule: Vec<String>,
    /// The seat reviewed (every seat if not given).
    #[arg(long)]
    seat: Option<usize>,
    /// The bot set beside the seat: `value`, `efficiency`, `defence` or `random` (the
    /// estimates are always the value bot's).
    #[arg(long, default_value = "value")]
    bot: String,
    /// The estimated loss, in points, above which a decision is flagged.
    #[arg(long, value_name = "POINTS")]
    threshold: Option<f64>,
    /// One JSON object per decision, then one per seat (`"type":"summary"`), then one per hand
    /// the engine could not follow (`"type":"unfollowed"`, with the replay's error).
    #[arg(long)]
    json: bool,
}

/// The defaults a JSON request line takes from `--rules` and `--rule`.
pub fn rules_defaults(rules: &Option<String>, rule: &[String]) -> Map<String, Value> {
    let mut defaults = Map::new();
    if let Some(rules) = rules {
        defaults.insert("rules".into(), json!(rules));
    }
    if !rule.is_empty() {
        defaults.insert("rule".into(), json!(rule));
    }
    defaults
}

/// Runs `tiles mahjong review`.
pub fn run(args: &ReviewArgs) -> ExitCode {
    let Some(path) = &args.record else {
        return batch::json_batch("mahjong/review", rules_defaults(&args.rules, &args.rule));
    };
    let text = match record_text(path) {
        Ok(text) => text,
        Err(code) => return code,
    };
    let request = ReviewRequest {
        record: text,
        rules: args.rules.clone(),
        rule: args.rule.clone(),
        seat: args.seat,
        bot: args.bot.clone(),
        threshold: args.threshold,
    };
    let response = match review(request, &mahjong_game::tiles_core::Stop::never()) {
        Ok(response) => response,
        Err(error) => {
            eprintln!("tiles: {}: {error}", path.display());
            return ExitCode::from(2);
        }
    };
    let lines = if args.json {
        json_lines(&response)
    } else {
        table(&response)
    };
    if !print_lines(lines) {
        return ExitCode::SUCCESS;
    }
    let mut failed = false;
    for hand in &response.unfollowed {
        eprintln!(
            "tiles: {} {}: {} (the engine could not follow the hand: its decisions are reviewed up to there)",
            path.display(),
            hand.round,
            hand.error
        );
        failed = true;
    }
    if let Some(error) = &response.read_error {
        eprintln!(
            "tiles: {}: {error} (the hands before it are reviewed)",
            path.display()
        );
        failed = true;
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The record's text, or the exit after saying why there is none.
fn record_text(path: &std::path::Path) -> Result<String, ExitCode> {
    match records::read(path) {
        Ok(Content::Record(text)) => Ok(text),
        Ok(Content::NotARecord) => {
            eprintln!("tiles: {}: {}", path.display(), records::NOT_A_RECORD);
            Err(ExitCode::from(2))
        }
        Err(message) => {
            eprintln!("tiles: {}: {message}", path.display());
            Err(ExitCode::from(2))
        }
    }
}

fn json_lines(response: &ReviewResponse) -> Vec<String> {
    let decisions = response
        .decisions
        .iter()
        .map(|decision| typed("decision", decision));
    let summaries = response
        .summaries
        .iter()
        .map(|summary| typed("summary", summary));
    let unfollowed = response
        .unfollowed
        .iter()
        .map(|hand| typed("unfollowed", hand));
    decisions.chain(summaries).chain(unfollowed).collect()
}

/// `item`'s JSON object with `"type": kind` first.
fn typed(kind: &str, item: &impl serde::Serialize) -> String {
    let mut line = Map::new();
    line.insert("type".to_owned(), json!(kind));
    if let Value::Object(fields) = serde_json::to_value(item).expect("a review line is JSON") {
        line.extend(fields);
    }
    Value::Object(line).to_string()
}

/// Prints `lines` on stdout; false if stdout was closed.
fn print_lines(lines: Vec<String>) -> bool {
    let mut out = batch::stdout();
    lines
        .iter()
        .all(|line| batch::write_line(&mut out, line).is_ok())
}

/// An mjai tile name in mpsz, as every other command writes tiles: `E` → `1z`, `5mr` → `0m`.
fn mpsz(pai: &str) -> String {
    const HONOURS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];
    if let Some(at) = HONOURS.iter().position(|honour| *honour == pai) {
        return format!("{}z", at + 1);
    }
    match pai.strip_suffix('r') {
        Some(red) => format!("0{}", &red[1..]),
        None => pai.to_owned(),
    }
}

/// A decision object in words: `5m`, `riichi 5m`, `pon 5m`, `pass`, `ron`.
fn words(action: &Value) -> String {
    let pai = &mpsz(action["pai"].as_str().unwrap_or(""));
    match action["type"].as_str().unwrap_or("?") {
        "dahai" => pai.to_owned(),
        "reach" => format!("riichi {pai}"),
        "none" => "pass".to_owned(),
        "hora" => {
            if action["target"] == action["actor"] {
                "tsumo".to_owned()
            } else {
                "ron".to_owned()
            }
        }
        "ryukyoku" => "nine terminals".to_owned(),
        "nukidora" => "north".to_owned(),
        other => format!("{other} {pai}").trim_end().to_owned(),
    }
}

fn shape_words(decision: &DecisionJson, bot: bool) -> String {
    let shape = if bot {
        &decision.bot_shape
    } else {
        &decision.shape
    };
    shape.as_ref().map_or("-".to_owned(), |shape| {
        format!(
            "{} ({} kinds, {})",
            shape.shanten,
            shape.effective.len(),
            shape.count
        )
    })
}

fn points(value: Option<i64>) -> String {
    value.map_or("-".to_owned(), |value| value.to_string())
}

/// The loss by the measure that judged the decision: points, or the shape's (`+1 shanten`,
/// `-9 tiles`).
fn loss_words(decision: &DecisionJson) -> String {
    match (decision.judged_by, &decision.shape_loss) {
        ("value", _) => points(decision.loss),
        ("shape", Some(loss)) if loss.shanten > 0 => format!("+{} shanten", loss.shanten),
        ("shape", Some(loss)) if loss.tiles > 0 => format!("-{} tiles", loss.tiles),
        ("shape", Some(_)) => "0".to_owned(),
        _ => "-".to_owned(),
    }
}

fn table(response: &ReviewResponse) -> Vec<String> {
    let mut lines = vec![format!(
        "{:<6} {:>4} {:>4}  {:<11} {:<11} {:<16} {:<16} {:>7} {:>7} {:<6} {:>10}",
        "round",
        "turn",
        "seat",
        "played",
        format!("bot ({})", response.bot),
        "shanten (tiles)",
        "bot's",
        "value",
        "bot's",
        "judged",
        "loss"
    )];
    for decision in &response.decisions {
        lines.push(format!(
            "{:<6} {:>4} {:>4}  {:<11} {:<11} {:<16} {:<16} {:>7} {:>7} {:<6} {:>10}{}",
            decision.round,
            decision.turn,
            decision.seat,
            words(&decision.action),
            words(&decision.bot_action),
            shape_words(decision, false),
            shape_words(decision, true),
            points(decision.value),
            points(decision.bot_value),
            decision.judged_by,
            loss_words(decision),
            if decision.flagged { "  flagged" } else { "" }
        ));
    }
    for summary in &response.summaries {
        let rate = if summary.decisions == 0 {
            0.0
        } else {
            100.0 * summary.matched as f64 / summary.decisions as f64
        };
        lines.push(format!(
            "seat {} ({}): {} decisions, {} as {} ({rate:.0}%), {} flagged; {} judged by value (estimated loss {}), {} by shape ({} flagged: {} steps back in shanten, {} tiles lost)",
            summary.seat,
            summary.name,
            summary.decisions,
            summary.matched,
            response.bot,
            summary.flagged,
            summary.judged_by_value,
            summary.loss,
            summary.judged_by_shape,
            summary.flagged_by_shape,
            summary.shanten_lost,
            summary.tiles_lost
        ));
    }
    lines
}

/// `tiles mahjong watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The record (`-`: stdin): Tenhou mjlog, tenhou.net/6 or mjai, gzipped or not.
    #[arg(required_unless_present = "json")]
    record: Option<std::path::PathBuf>,
    /// Show this hand's events, by its place in the record (1 the first), each with the
    /// seat's hands after it.
    #[arg(long, value_name = "N")]
    hand: Option<usize>,
    /// The rule set of a record that states none (an mjai record of another tool: `--rules
    /// mahjong-soul` for Mahjong Soul's games converted); a record that states its rules keeps
    /// them. Default: Tenhou's.
    #[arg(long, value_name = "PRESET")]
    rules: Option<String>,
    /// One field of those rules set otherwise, repeatable: `--rule kiriage=false`.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rule: Vec<String>,
    /// Read one `mahjong/watch` request per stdin line and answer each.
    #[arg(long)]
    json: bool,
}

/// Runs `tiles mahjong watch`.
pub fn watch_run(args: &WatchArgs) -> ExitCode {
    use tiles_api::mahjong::watch::{WatchRequest, watch};
    let Some(path) = &args.record else {
        return batch::json_batch("mahjong/watch", rules_defaults(&args.rules, &args.rule));
    };
    let text = match record_text(path) {
        Ok(text) => text,
        Err(code) => return code,
    };
    if args.hand == Some(0) {
        eprintln!("tiles: --hand: hands are counted from 1");
        return ExitCode::from(2);
    }
    // A hand past the record's last, counted from 1 as `--hand` counts.
    if let Some(hand) = args.hand
        && let Ok((log, _)) =
            mahjong_game::records::read_until(&text, &mahjong_game::tiles_core::Stop::never())
        && !log.hands.is_empty()
        && hand > log.hands.len()
    {
        let count = log.hands.len();
        eprintln!(
            "tiles: --hand {hand}: {} has {count} hand{} (1 to {count})",
            path.display(),
            if count == 1 { "" } else { "s" }
        );
        return ExitCode::from(2);
    }
    let request = WatchRequest {
        record: text,
        hand: args.hand.map_or(0, |hand| hand - 1),
        rules: args.rules.clone(),
        rule: args.rule.clone(),
        every_hand: false,
    };
    let response = match watch(request, &mahjong_game::tiles_core::Stop::never()) {
        Ok(response) => response,
        Err(error) => {
            eprintln!("tiles: {}: {error}", path.display());
            return ExitCode::from(2);
        }
    };
    let mut lines = Vec::new();
    if args.hand.is_none() {
        for (index, row) in response.hands.iter().enumerate() {
            let verdict = if row.verdict.agree {
                "agrees".to_owned()
            } else {
                format!(
                    "disagrees at event {}: {}",
                    row.wrong_at.unwrap_or(0),
                    row.verdict.error.as_deref().unwrap_or("")
                )
            };
            lines.push(format!(
                "{:>3} {:<6} {}  {}  {}",
                index + 1,
                row.verdict.round,
                row.result,
                row.verdict
                    .got
                    .as_ref()
                    .or(row.verdict.expected.as_ref())
                    .map_or("-".to_owned(), |deltas| format!("{deltas:?}")),
                verdict
            ));
        }
    } else if let Some(hand) = &response.hand {
        for position in &hand.positions {
            lines.push(format!("{:>4} {}", position.event, position.text));
            for seat in &position.board.seats {
                let drawn = seat
                    .drawn
                    .as_ref()
                    .map_or(String::new(), |tile| format!(" +{tile}"));
                let melds: Vec<String> =
                    seat.melds.iter().map(|meld| meld.tiles.concat()).collect();
                lines.push(format!(
                    "       {} {}{drawn}{}",
                    seat.seat,
                    seat.hand.concat(),
                    if melds.is_empty() {
                        String::new()
                    } else {
                        format!(" [{}]", melds.join(" "))
                    }
                ));
            }
        }
    }
    if !print_lines(lines) {
        return ExitCode::SUCCESS;
    }
    if let Some(error) = &response.read_error {
        eprintln!(
            "tiles: {}: {error} (the hands before it open)",
            path.display()
        );
        return ExitCode::from(1);
    }
    if response.agree || response.hands.iter().all(|row| row.verdict.agree) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
