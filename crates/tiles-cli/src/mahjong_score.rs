//! `tiles mahjong score` (a winning hand's score under a rule set's scoring rules) and `tiles
//! mahjong rules` (the rule sets: each one's values, and the fields by name).

use std::process::ExitCode;

use clap::Args;
use mahjong::Players;
use mahjong_game::{GameRules, Preset};
use serde_json::{Map, Value, json};

use crate::batch;
use crate::mahjong::players_option;

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
    /// A non-dealer's ron before its first draw (renhou): worth what the rules' `renhou` says
    /// (nothing under Tenhou's).
    #[arg(long)]
    renhou: bool,
    /// The seat wind: E (the dealer), S, W or N (the request's `seat_wind`; `--seat` for short).
    #[arg(
        long = "seat-wind",
        visible_alias = "seat",
        value_name = "WIND",
        default_value = "E"
    )]
    seat: String,
    /// The round wind: E, S, W or N (`round_wind`; `--round` for short).
    #[arg(
        long = "round-wind",
        visible_alias = "round",
        value_name = "WIND",
        default_value = "E"
    )]
    round_wind: String,
    /// The dora indicators, `3m,5z`, each pointing to the next tile (`dora_indicators`; `--dora`
    /// for short).
    #[arg(
        long = "dora-indicators",
        visible_alias = "dora",
        value_name = "TILES",
        default_value = ""
    )]
    dora: String,
    /// The ura dora indicators, riichi only (`ura_indicators`; `--ura` for short).
    #[arg(
        long = "ura-indicators",
        visible_alias = "ura",
        value_name = "TILES",
        default_value = ""
    )]
    ura: String,
    /// Honba counters on the table.
    #[arg(long, value_name = "N", default_value_t = 0)]
    honba: u32,
    /// Riichi sticks on the table (`riichi_sticks`; `--sticks` for short).
    #[arg(
        long = "riichi-sticks",
        visible_alias = "sticks",
        value_name = "N",
        default_value_t = 0
    )]
    sticks: u32,
    /// Norths the winner set aside (kita, three players): each a dora (nukidora).
    #[arg(long, value_name = "N", default_value_t = 0)]
    kita: u32,
    /// The players at the table: 4, or 3 (Tenhou's three-player rules: tsumo loss, 200 a
    /// honba, no 2m-8m, 1m and 9m indicate each other).
    #[arg(long, value_name = "N", value_parser = players_option)]
    players: Option<Players>,
    /// The rule set whose scoring rules apply: tenhou (the default: red fives, open tanyao, 4
    /// fu for a double-wind pair, counted yakuman, no double yakuman, no kiriage),
    /// tenhou-sanma, mahjong-soul (or majsoul), mahjong-soul-sanma, m-league, wrc, ema-2016,
    /// ema-2025, jpml-a, saikouisen or saikouisen-classic.
    #[arg(long, value_name = "PRESET", default_value = "tenhou")]
    rules: String,
    /// One scoring switch over the rule set, repeatable: red_fives, open_tanyao, kiriage,
    /// counted_yakuman, yakuman_stack (=true or =false), double_yakuman (=true, =false or
    /// =kokushi13+suuankou_tanki+junsei_chuuren+daisuushii), renhou (=none, =mangan, =5han
    /// or =yakuman), honba (=100, points a honba adds from each payer), double_wind_fu (=2 or
    /// =4) or players (=3 or =4).
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rule: Vec<String>,
    /// Read and write one JSON object per line (the options above are ignored, but --rules
    /// and --rule, which are the default of a request without `rules`).
    #[arg(long, conflicts_with = "hand")]
    json: bool,
}

/// The spelling of an option the user typed: `--seat` (its short alias) or `--seat-wind`.
fn typed(long: &str, alias: &str) -> String {
    let short = format!("--{alias}");
    let used = std::env::args().any(|arg| arg == short || arg.starts_with(&format!("{short}=")));
    if used { short } else { format!("--{long}") }
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
            "renhou": self.renhou,
            "seat_wind": self.seat,
            "round_wind": self.round_wind,
            "dora_indicators": self.dora,
            "ura_indicators": self.ura,
            "honba": self.honba,
            "riichi_sticks": self.sticks,
            "rules": self.rules_json()?,
            "kita": self.kita,
            "players": self.players.map(Players::count),
        }))
    }
}

/// Runs `tiles mahjong score`.
pub fn run(args: &ScoreArgs) -> ExitCode {
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
    /// value (`--seat-wind X: unknown wind "X"`) where it names a field of the request
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
            (
                "seat_wind",
                format!("{} {}", typed("seat-wind", "seat"), self.seat),
            ),
            (
                "round_wind",
                format!("{} {}", typed("round-wind", "round"), self.round_wind),
            ),
            (
                "dora_indicators",
                format!("{} {}", typed("dora-indicators", "dora"), self.dora),
            ),
            (
                "ura_indicators",
                format!("{} {}", typed("ura-indicators", "ura"), self.ura),
            ),
            (
                "win",
                format!("--win {}", self.win.as_deref().unwrap_or_default()),
            ),
            (
                "riichi_sticks",
                format!("{} {}", typed("riichi-sticks", "sticks"), self.sticks),
            ),
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

/// `tiles mahjong rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The rule set to show (every field's value), with fields set otherwise after it
    /// (`m-league kiriage=false`); without one, the rule sets and the fields.
    #[arg(value_name = "PRESET")]
    rules: Vec<String>,
    /// One field set otherwise, repeatable: `--rule kiriage=false`.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rule: Vec<String>,
    /// `hanchan` or `east` (as `--rule length=…`; the request's `length`).
    #[arg(long, value_name = "LENGTH")]
    length: Option<String>,
    /// The red fives of each suit, `0,1,1` (as `--rule red_fives=…`).
    #[arg(long, value_name = "M,P,S")]
    red_fives: Option<String>,
    /// No kuitan (as `--rule open_tanyao=false`; the request's `open_tanyao`).
    #[arg(long)]
    no_open_tanyao: bool,
    /// The rule set's three-player form, `3` (as `--rule players=3`).
    #[arg(long, value_name = "N")]
    players: Option<u8>,
    /// Print JSON: the fields and their values (with the preset's name and the fields set
    /// otherwise); without PRESET, read one `mahjong/rules` request per stdin line and answer
    /// each.
    #[arg(long)]
    json: bool,
}

impl RulesArgs {
    /// `--rule` and the options that set one field each, in order: players first (it sets the
    /// three-player form's other fields), then the rest.
    fn switches(&self) -> Vec<String> {
        let mut switches: Vec<String> = Vec::new();
        if let Some(players) = self.players {
            switches.push(format!("players={players}"));
        }
        if let Some(length) = &self.length {
            switches.push(format!("length={length}"));
        }
        if let Some(red) = &self.red_fives {
            switches.push(format!("red_fives={red}"));
        }
        if self.no_open_tanyao {
            switches.push("open_tanyao=false".to_owned());
        }
        switches.extend(self.rule.iter().cloned());
        switches
    }
}

/// Runs `tiles mahjong rules`.
pub fn rules_run(args: &RulesArgs) -> ExitCode {
    let switches = args.switches();
    if args.json && args.rules.is_empty() && switches.is_empty() {
        return batch::json_batch("mahjong/rules", Map::new());
    }
    if args.rules.is_empty() && switches.is_empty() {
        let mut lines = vec!["rule sets:".to_owned()];
        for preset in Preset::ALL {
            lines.push(format!("  {}", preset.name()));
        }
        let aliases: Vec<String> = Preset::ALIASES
            .iter()
            .map(|(alias, preset)| format!("{alias} ({preset})"))
            .collect();
        lines.push(format!("other names: {}", aliases.join(", ")));
        lines.push("fields (--rule NAME=VALUE):".to_owned());
        for (name, what) in GameRules::FIELDS {
            lines.push(format!("  {name}: {what}"));
        }
        return batch::answer(&lines, 0);
    }
    let text = args.rules.join(" ");
    let mut rules = match text.trim() {
        "" => Ok(GameRules::TENHOU),
        text => text.parse::<GameRules>(),
    };
    for pair in &switches {
        rules = rules.and_then(|mut rules| rules.set_pair(pair).map(|()| rules));
    }
    let rules = match rules {
        Ok(rules) => rules,
        Err(error) => return batch::unreadable(&error.to_string()),
    };
    if args.json {
        let mut fields = Map::new();
        for (name, _) in GameRules::FIELDS {
            fields.insert((*name).to_owned(), json!(rules.field(name)));
        }
        let answer =
            json!({"rules": rules.describe(), "preset": rules.preset.name(), "fields": fields});
        return batch::answer(&[answer.to_string()], 0);
    }
    let mut lines = vec![format!("rules: {}", rules.describe())];
    for (name, _) in GameRules::FIELDS {
        lines.push(format!(
            "  {name} = {}",
            rules.field(name).unwrap_or_default()
        ));
    }
    batch::answer(&lines, 0)
}
