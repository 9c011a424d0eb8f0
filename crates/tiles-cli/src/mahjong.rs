//! `tiles mahjong …`: completeness, readings, shanten, waits, effective tiles and the best
//! discards of a hand, and the score of a winning hand.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use mahjong::parse_full_hand;
use mahjong::{TSV_HEADER, analyze, analyze_full, has_melds, parse_hand};
use serde_json::{Map, Value, json};

use crate::batch;

/// Mahjong hands: completeness, every reading, shanten, waits, effective tiles and what to
/// discard.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyse a hand in mpsz notation (`123m456p789s11122z`, red fives `0m`), called melds
    /// in brackets (`[789s]`, `{1111z}`) after the concealed tiles.
    ///
    /// With HAND, prints a readable report: the canonical hand, whether it is complete and
    /// its readings, its shanten in each form, then its waits (13 tiles), its effective tiles,
    /// or, for 14 tiles, what to discard: `ready after discarding 3z` and each best discard
    /// with the tiles that then improve the hand (exit 0, or 2 for a hand that cannot be read
    /// or has no shanten). Without HAND, reads one hand per stdin line and prints one
    /// tab-separated line per hand with the columns `hand n agari shanten_std
    /// shanten_chiitoi shanten_kokushi shanten waits decomps discards effective` (`discards`:
    /// the best discards, each with the unseen copies of the tiles that then improve the hand,
    /// `3z:4 1z:4`); a bad line prints `<input>\tERROR\t<reason>` and the run goes on. With
    /// `--json`, one `mahjong/analyze` request per line: `{"hand":"123m456p789s1122z"}`.
    #[command(visible_alias = "analyse", after_help = crate::BATCH_EXIT)]
    Analyze(AnalyzeArgs),
    /// Score a winning hand: its yaku and han, its fu and their parts, the limit and who pays
    /// what.
    ///
    /// HAND is the concealed tiles including the winning tile (mpsz, red fives `0m`), then
    /// the called melds in brackets: `[789s]` a chi, `[555z]` a pon, `[2222p]` an open kan,
    /// `{1111z}` a concealed kan. With HAND, prints the report (exit 0, or 2 for a hand that
    /// cannot be read or scored). With `--json` and no HAND, reads one `mahjong/score` request
    /// per stdin line and prints one response per line:
    /// `{"hand":"345m40677p678s","melds":[{"type":"chi","tiles":"678s"}],"win":"8s"}`.
    #[command(after_help = crate::BATCH_EXIT)]
    Score(ScoreArgs),
}

/// `tiles mahjong score`.
#[derive(Debug, Args)]
pub struct ScoreArgs {
    /// The hand and its bracketed melds (its parts may be separate words).
    #[arg(required_unless_present = "json")]
    hand: Vec<String>,
    /// The winning tile, one of the concealed tiles.
    #[arg(long, value_name = "TILE", required_unless_present = "json")]
    win: Option<String>,
    /// Won by drawing the tile (else by ron).
    #[arg(long)]
    tsumo: bool,
    /// Riichi was declared.
    #[arg(long)]
    riichi: bool,
    /// Double riichi (implies riichi).
    #[arg(long)]
    double_riichi: bool,
    /// Won within one turn of riichi.
    #[arg(long)]
    ippatsu: bool,
    /// Won on the replacement tile after a kan (a tsumo).
    #[arg(long)]
    rinshan: bool,
    /// Won by robbing an added kan (a ron; the robbed tile is in HAND).
    #[arg(long)]
    chankan: bool,
    /// Won by tsumo on the last tile of the wall.
    #[arg(long)]
    haitei: bool,
    /// Won by ron on the last discard.
    #[arg(long)]
    houtei: bool,
    /// The dealer's hand complete as dealt (a tsumo).
    #[arg(long)]
    tenhou: bool,
    /// A non-dealer complete on the first draw (a tsumo).
    #[arg(long)]
    chiihou: bool,
    /// The seat wind: E (the dealer), S, W or N.
    #[arg(long, value_name = "WIND", default_value = "E")]
    seat: String,
    /// The round wind: E, S, W or N.
    #[arg(long = "round", value_name = "WIND", default_value = "E")]
    round_wind: String,
    /// The dora indicators, `3m,5z` (each points to the next tile).
    #[arg(long, value_name = "TILES", default_value = "")]
    dora: String,
    /// The ura dora indicators (riichi only).
    #[arg(long, value_name = "TILES", default_value = "")]
    ura: String,
    /// Honba counters on the table.
    #[arg(long, value_name = "N", default_value_t = 0)]
    honba: u32,
    /// Riichi sticks on the table.
    #[arg(long, value_name = "N", default_value_t = 0)]
    sticks: u32,
    /// The rule set: tenhou (the default: red fives, open tanyao, 4 fu for a double-wind pair,
    /// counted yakuman, no double yakuman, no kiriage), majsoul (tenhou's with the four double
    /// yakuman) or wrc.
    #[arg(long, value_name = "PRESET", default_value = "tenhou")]
    rules: String,
    /// One rule switch over the preset, repeatable: red_fives, open_tanyao, kiriage,
    /// counted_yakuman, double_yakuman (=true or =false) or double_wind_fu (=2 or =4).
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rule: Vec<String>,
    /// Read and write one JSON object per line (the options above are ignored, but --rules
    /// and --rule, which are the default of a request without `rules`).
    #[arg(long, conflicts_with = "hand")]
    json: bool,
}

impl ScoreArgs {
    /// The `rules` field these options give.
    fn rules_json(&self) -> Result<Value, String> {
        if self.rule.is_empty() {
            return Ok(json!(self.rules));
        }
        let mut fields = Map::new();
        fields.insert("preset".into(), json!(self.rules));
        for switch in &self.rule {
            let (name, value) = switch
                .split_once('=')
                .ok_or_else(|| format!("--rule {switch}: expected NAME=VALUE"))?;
            let value = match value.trim() {
                "true" | "on" | "yes" => json!(true),
                "false" | "off" | "no" => json!(false),
                number => number
                    .parse::<u32>()
                    .map_or_else(|_| json!(number), |n| json!(n)),
            };
            fields.insert(name.trim().to_owned(), value);
        }
        Ok(Value::Object(fields))
    }

    /// The `mahjong/score` request these options make.
    fn request(&self) -> Result<Value, String> {
        Ok(json!({
            "hand": self.hand.join(" "),
            "win": self.win.clone().unwrap_or_default(),
            "tsumo": self.tsumo,
            "riichi": self.riichi,
            "double_riichi": self.double_riichi,
            "ippatsu": self.ippatsu,
            "rinshan": self.rinshan,
            "chankan": self.chankan,
            "haitei": self.haitei,
            "houtei": self.houtei,
            "tenhou": self.tenhou,
            "chiihou": self.chiihou,
            "seat_wind": self.seat,
            "round_wind": self.round_wind,
            "dora_indicators": self.dora,
            "ura_indicators": self.ura,
            "honba": self.honba,
            "riichi_sticks": self.sticks,
            "rules": self.rules_json()?,
        }))
    }
}

fn score_command(args: &ScoreArgs) -> ExitCode {
    let rules = match args.rules_json() {
        Ok(rules) => rules,
        Err(error) => return batch::unreadable(&error),
    };
    if args.json {
        // The default preset needs no default field: requests are then read the fast way.
        let mut defaults = Map::new();
        if rules != json!("tenhou") {
            defaults.insert("rules".into(), rules);
        }
        return batch::json_batch("mahjong/score", defaults);
    }
    let response = args.request().and_then(|request| {
        let request = serde_json::from_value(request).map_err(|error| error.to_string())?;
        tiles_api::mahjong::scored(request)
    });
    match response {
        Ok((hand, score)) => {
            let report = format!("hand: {hand}\n{score}");
            let lines: Vec<String> = report.lines().map(str::to_owned).collect();
            batch::answer(&lines, 0)
        }
        Err(error) => batch::unreadable(&args.in_options(&error)),
    }
}

impl ScoreArgs {
    /// An error of the request these options make, naming the option the user typed and its
    /// value (`--seat X: unknown wind "X"`) where it names a field of the request
    /// (`seat_wind: …`).
    fn in_options(&self, error: &str) -> String {
        if let Some(rest) = error.strip_prefix("rules.") {
            let (name, rest) = rest.split_once(':').unwrap_or((rest, ""));
            let typed = self
                .rule
                .iter()
                .find(|switch| switch.split('=').next().map(str::trim) == Some(name))
                .map_or_else(|| name.to_owned(), Clone::clone);
            return format!("--rule {typed}:{rest}");
        }
        let options: [(&str, String); 7] = [
            ("seat_wind", format!("--seat {}", self.seat)),
            ("round_wind", format!("--round {}", self.round_wind)),
            ("dora_indicators", format!("--dora {}", self.dora)),
            ("ura_indicators", format!("--ura {}", self.ura)),
            (
                "win",
                format!("--win {}", self.win.as_deref().unwrap_or_default()),
            ),
            ("riichi_sticks", format!("--sticks {}", self.sticks)),
            ("rules", format!("--rules {}", self.rules)),
        ];
        for (field, option) in options {
            if let Some(rest) = error.strip_prefix(field)
                && rest.starts_with([':', ',', '.', '['])
            {
                return format!("{option}{rest}");
            }
        }
        error.to_owned()
    }
}

/// `tiles mahjong analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The hand (its parts may be separate words); stdin, one hand per line, if absent.
    hand: Vec<String>,
    /// Print the column names first, and give a HAND's answer as a tab-separated row too.
    #[arg(long, conflicts_with = "json")]
    header: bool,
    /// Read and write one JSON object per line.
    #[arg(long, conflicts_with = "hand")]
    json: bool,
}

/// Runs a `tiles mahjong` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Analyze(args) => analyze_command(&args),
        Command::Score(args) => score_command(&args),
    }
}

/// A row for a line with no analysis: the input, `ERROR` and why, so it keeps the batch's
/// shape.
fn error_row(input: &str, reason: &str) -> String {
    format!("{input}\tERROR\t{reason}")
}

/// One batch line: the hand's row, or the input and why it has none.
fn row(line: &str, line_number: usize) -> Result<String, String> {
    analysis_of(line)
        .map_err(|error| match error {
            Unanswered::Unreadable(error) => error.on_line(line_number).summary(),
            Unanswered::NoShanten(message) => message,
        })
        .map(|analysis| analysis.tsv_row())
        .map_err(|reason| error_row(line, &reason))
}

/// Why a hand has no analysis.
enum Unanswered {
    Unreadable(mahjong::ParseError),
    NoShanten(String),
}

/// The analysis of a hand text, with or without called melds.
fn analysis_of(text: &str) -> Result<mahjong::Analysis, Unanswered> {
    let analysis = if has_melds(text) {
        let hand = parse_full_hand(text).map_err(Unanswered::Unreadable)?;
        analyze_full(&hand)
    } else {
        let hand = parse_hand(text).map_err(Unanswered::Unreadable)?;
        analyze(&hand)
    };
    analysis.map_err(|error| Unanswered::NoShanten(error.to_string()))
}

fn analyze_command(args: &AnalyzeArgs) -> ExitCode {
    if args.json {
        return batch::json_batch("mahjong/analyze", Map::new());
    }
    if args.hand.is_empty() {
        let mut out = batch::stdout();
        if args.header && batch::write_line(&mut out, TSV_HEADER).is_err() {
            return ExitCode::SUCCESS;
        }
        // A line that cannot be read at all keeps the row's shape too (no input to show).
        let bad = |line_number: usize, message: &str| {
            error_row("", &format!("line {line_number}: {message}"))
        };
        let outcome = batch::run_lines_with(batch::stdin_for("hands"), &mut out, &bad, row);
        let _ = out.flush();
        return batch::exit_code(outcome);
    }
    let text = args.hand.join(" ");
    let analysis = match analysis_of(&text) {
        Ok(analysis) => analysis,
        Err(Unanswered::Unreadable(error)) => return batch::unreadable(&error),
        Err(Unanswered::NoShanten(message)) => return batch::unreadable(&message),
    };
    let lines: Vec<String> = if args.header {
        vec![TSV_HEADER.to_owned(), analysis.tsv_row()]
    } else {
        analysis.to_string().lines().map(str::to_owned).collect()
    };
    batch::answer(&lines, 0)
}
