//! `tiles mahjong …`: completeness, readings, shanten, waits, effective tiles and the best
//! discards of a hand, the score of a winning hand; and whole games under a rule set:
//! bot games, tournaments, and records replayed through the engine.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use mahjong::parse_full_hand;
use mahjong::{TSV_HEADER, analyze, analyze_full, has_melds, parse_hand};
use serde_json::{Map, Value, json};

use crate::batch;
use mahjong::Players;

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
    Score(crate::mahjong_score::ScoreArgs),
    /// The rule sets a game is played under (`--rules` of `game`, `tournament`, `replay`,
    /// `watch`, `review`, `score`): without PRESET, their names and the fields `--rule`
    /// sets; with one, each field's value (`tiles mahjong rules m-league --rule
    /// kiriage=false`).
    Rules(crate::mahjong_score::RulesArgs),
    /// Plays one game of bots under a rule set (Tenhou's by default) and prints each hand's result and the
    /// final points, or the game's record (`--format mjai`, `tenhou6` or `mjlog`).
    ///
    /// A hand's changes are its payments with the riichi sticks its winner collects; the
    /// sticks put down during the hand are not in them (they left the scores when they were
    /// put down), so a hand's changes sum to the sticks collected, and each line says how
    /// many sticks were put down and collected.
    ///
    /// With `--json`, reads one `mahjong/game` request per line instead
    /// (`{"seed":3,"length":"east"}`); the options are the defaults of its fields.
    #[command(after_help = crate::BATCH_EXIT)]
    Game(GameArgs),
    /// Feeds every action of every hand of game records through the engine and says, per
    /// hand, whether it agrees: every action legal at its moment, each win's han, fu, yaku and
    /// points and the score changes the record's, the game going on as the record does (and
    /// the final points, when the record has them). The rules are the record's own (mjlog's
    /// `GO type`, tenhou.net/6's `rule`).
    ///
    /// A FILE is Tenhou mjlog XML, tenhou.net/6 JSON (one object, or a hand per line) or mjai
    /// events (a JSON object per line), gzipped or not; `-` reads stdin; a directory is walked
    /// for records as `convert` walks it. Files that are not records (a licence, notes) are
    /// left out and named in the summary. Prints `FILE E1-0 agrees` or the first
    /// disagreement per hand, which names the record's line (and column, for a one-line mjlog)
    /// and the item as the record writes it; a disagreeing win gives both sides in full. With
    /// `--json`, one object per hand, always with these fields in this order: `file`, `round`
    /// (`E1-0`; `end` for the final points; null for a file's error), `wind`, `number`,
    /// `honba`, `agree`, `expected` (the record's score changes, one per player), `got` (the
    /// engine's),
    /// `error`. A file that cannot be read, or stops part-way, is an error naming the file and
    /// the place, printed before the hand it cut short; the hands before it are still
    /// replayed, and the other files go on. With more than one file, a summary ends on stderr:
    /// `N files, N hands: N agree, N disagree, N files cut short or unreadable`. Exit 0 only if
    /// every hand of every file agrees, else 1 (2 if a file cannot be opened or is not text).
    /// With `--json` and no FILE, reads one `mahjong/replay` request per stdin line
    /// (`{"record":"…"}`) and answers each.
    Replay(crate::mahjong_replay::ReplayArgs),
    /// Reviews a record: each decision of a seat (every seat unless `--seat`) beside what a
    /// bot of ours does in the same position (`--bot`, `value` by default), with the shanten
    /// and effective tiles (the copies the seat cannot see) each choice leaves and what the
    /// value bot expects each to be worth; a decision where they differ and the estimated
    /// loss is above `--threshold` points (1000 unless given) is flagged. The record is
    /// replayed through the engine, so every position is the engine's own.
    ///
    /// The value bot estimates a discard that leaves the hand ready or one from ready (and,
    /// when such a discard exists, one that leaves it two from ready), folding, and calls
    /// within two of ready; further from ready it plays for speed and a decision shows its
    /// shapes only, never flagged. Prints a short table, one row per decision, then a line
    /// per seat: its decisions, how many match the bot's, the flagged ones and the estimated
    /// loss. With `--json`, one object per decision (`"type":"decision"`: `round`, `turn`,
    /// `seat`, `action`, `bot_action`, `shape`, `bot_shape`, `value`, `bot_value`, `loss`,
    /// `flagged`, every legal `discards`), then one per seat (`"type":"summary"`), then one
    /// per hand the engine could not follow (`"type":"unfollowed"`). A hand the engine cannot
    /// follow to its end (a decision it refuses, a hand cut short) is reviewed up to there
    /// and named on stderr with the error `replay` gives. With `--json` and no RECORD, reads
    /// one `mahjong/review` request per stdin line. Exit 0; 1 if a hand could not be followed
    /// or the record is cut short (the hands before it are reviewed); 2 if it cannot be read.
    Review(crate::mahjong_review::ReviewArgs),
    /// Shows a record hand by hand as the engine replays it: one line per hand (its number,
    /// round, result in words, score changes, and whether it agrees with the record or the
    /// event where it goes wrong); with `--hand N`, that hand's events, each followed by every
    /// seat's concealed tiles (`+` the tile just drawn) and melds after it. Exit 0 if every
    /// hand agrees, 1 if one disagrees or the record is cut short, 2 if it cannot be read.
    /// With `--json` and no RECORD, reads one `mahjong/watch` request per stdin line.
    Watch(crate::mahjong_review::WatchArgs),
    /// Plays many games in parallel and prints, per line-up entry, its average rank and rank
    /// points with their 95% intervals, its rate of each place (1st to 4th, or to 3rd with
    /// `--players 3`), win, deal-in, call, riichi and busting rates, average win and deal-in
    /// points, and forfeits.
    ///
    /// The line-up turns one seat per game. Duplicate play (`--duplicate`, the default for one
    /// challenger against the rest of a kind) deals each wall once per seat, four ways (three
    /// with three players), the line-up rotated so every entry plays it from every seat.
    /// Progress shows on stderr when it is a terminal, and ends with the count played and
    /// the time taken; Ctrl-C stops the tournament and prints the games played (`stopped
    /// after N of M games`, exit 130). With `--json`, reads one `mahjong/tournament` request per line instead
    /// (`{"games":100,"seed":2}`).
    #[command(after_help = crate::BATCH_EXIT)]
    Tournament(TournamentArgs),
    /// Plays one seat as an mjai bot on stdin and stdout, so a bot of ours sits at any table
    /// that speaks mjai (mjai.app and its successors, Mortal's and Akagi's hosts).
    ///
    /// Batch form by default (mjai.app's): each line in is a JSON array of the events since
    /// the last answer, and each gets one JSON object back (`{"type":"none"}` when the seat
    /// does nothing). With `--line`, each line is one event, and an answer is printed only
    /// for an event the seat may act on. Riichi is two answers: `reach`, then (once the host
    /// echoes it) the declaring `dahai`. The rules are `start_game`'s (`rules`, or
    /// `aka_flag`), else Tenhou's.
    Bot(crate::mahjong_bot::BotArgs),
    /// Converts records: Tenhou mjlog, tenhou.net/6 and mjai in (gzipped or not, directories
    /// walked), one file a game out in mjai (`.json.gz`, one event a line), tenhou.net/6
    /// (`.json`) or Tenhou's mjlog (`.mjlog`).
    ///
    /// Each game is replayed through the engine on the way and written from the engine's
    /// events only if every hand agrees; one that cannot be read or disagrees is reported on
    /// stderr (`FILE: skipped: …`) and the rest go on. Files that are not records (a licence,
    /// notes) are left out and named in the summary that ends on stderr. Exit 0 if every
    /// game was converted, 1 if any was skipped.
    Convert(crate::mahjong_convert::ConvertArgs),
    /// Writes records as training data: every decision of every seat (the learning
    /// environment's planes and action mask, the action the record shows, the hand's and the
    /// game's outcome for the seat), as numpy `.npy` shards split into train, validation and
    /// test by game, with `manifest.json` (the sources with their hashes, counts, the
    /// encoding and the rules).
    ///
    /// A declined call is a sample only where the record shows the seat declined (not where
    /// another seat's call took the tile first). A hand the engine cannot follow as recorded
    /// gives no samples and is named in the manifest; a file that gives no game is named on
    /// stderr and the rest go on. Exit 0 if every file gave a game, 1 if any gave none. The
    /// layout, byte for byte, is in the mahjong-game crate's README.
    Dataset(crate::mahjong_dataset::DatasetArgs),
}

/// Options shared by games and tournaments.
#[derive(Debug, Args)]
pub struct Lineup {
    /// The bots in seat order, one per player (one name fills every seat): `efficiency`, `defence`,
    /// `value` or `random`, or
    /// an outside bot speaking mjai, `mjai:COMMAND` (run as `COMMAND SEAT`, mjai.app's batch
    /// form) or `mjai-line:COMMAND` (one event a line): `--bots
    /// "efficiency,mjai:python3 bot.py,efficiency,efficiency"`. An outside bot whose answer is
    /// late, not JSON or not legal forfeits the game (it ranks last).
    #[arg(long, default_value = tiles_api::mahjong::game::DEFAULT_BOTS)]
    bots: String,
    /// Seconds an outside bot has to answer.
    #[arg(long, value_name = "SECONDS", default_value_t = 3.0)]
    answer_limit: f64,
    /// Seconds an outside bot has to answer the events that start a game or a hand.
    #[arg(long, value_name = "SECONDS", default_value_t = 20.0)]
    start_limit: f64,
    /// The rule set: `tenhou` (the default: Tenhou's ranked room), `tenhou-sanma`,
    /// `mahjong-soul` (or `majsoul`), `mahjong-soul-sanma`, `m-league`, `wrc`, `ema-2016`,
    /// `ema-2025`, `jpml-a`, `saikouisen` or `saikouisen-classic` (`tiles mahjong rules`
    /// lists each one's values).
    #[arg(long, value_name = "PRESET")]
    rules: Option<String>,
    /// One field of the rules set otherwise, repeatable: `--rule kiriage=false` (`tiles
    /// mahjong rules` lists the fields).
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rule: Vec<String>,
    /// `hanchan` or `east` (East round only); default the rule set's, hanchan.
    #[arg(long)]
    length: Option<String>,
    /// Play without red fives.
    #[arg(long, conflicts_with = "red_fives")]
    no_red: bool,
    /// Red fives per suit, man, pin and sou, 0 or 1 each (`0,1,1`: red 5p and 5s only);
    /// default the rule set's (one in each under Tenhou's).
    #[arg(long, value_name = "M,P,S", value_parser = red_counts)]
    red_fives: Option<[u8; 3]>,
    /// Tanyao only in a closed hand (a lobby without kuitan).
    #[arg(long)]
    no_open_tanyao: bool,
    /// The players: 4, or 3 (the rule set's three-player form; Tenhou's three-player rooms
    /// by default: no 2m-8m, no chi, Norths set aside, tsumo loss, 35,000 to start and 40,000
    /// to end; red fives 5p and 5s).
    #[arg(long, value_name = "N", value_parser = players_option)]
    players: Option<Players>,
    /// Read requests from stdin and write one JSON object per line.
    #[arg(long)]
    json: bool,
}

/// `--red-fives M,P,S`: three counts of 0 or 1.
fn red_counts(text: &str) -> Result<[u8; 3], String> {
    let counts: Vec<u8> = text
        .split(',')
        .map(|part| part.trim().parse::<u8>().ok().filter(|&count| count <= 1))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("expected three counts of 0 or 1 such as 0,1,1, found {text:?}"))?;
    counts
        .try_into()
        .map_err(|_| format!("expected three counts (man, pin, sou) such as 0,1,1, found {text:?}"))
}

impl Lineup {
    /// The red fives the options ask for, if any.
    fn red(&self) -> Option<tiles_api::mahjong::game::RedFives> {
        use tiles_api::mahjong::game::RedFives;
        match self.red_fives {
            Some(counts) => Some(RedFives::PerSuit(counts)),
            None if self.no_red => Some(RedFives::All(false)),
            None => None,
        }
    }

    /// Kuitan as the options ask for it, if they do.
    fn open_tanyao(&self) -> Option<bool> {
        self.no_open_tanyao.then_some(false)
    }

    /// The defaults a JSON line takes from these options.
    fn defaults(&self) -> Map<String, Value> {
        let mut defaults = Map::new();
        defaults.insert("bots".into(), json!(self.bots));
        if let Some(rules) = &self.rules {
            defaults.insert("rules".into(), json!(rules));
        }
        if !self.rule.is_empty() {
            defaults.insert("rule".into(), json!(self.rule));
        }
        if let Some(length) = &self.length {
            defaults.insert("length".into(), json!(length));
        }
        if let Some(red) = self.red() {
            defaults.insert("red_fives".into(), json!(red));
        }
        if let Some(open) = self.open_tanyao() {
            defaults.insert("open_tanyao".into(), json!(open));
        }
        if let Some(players) = self.players {
            defaults.insert("players".into(), json!(players.count()));
        }
        defaults.insert("answer_limit".into(), json!(self.answer_limit));
        defaults.insert("start_limit".into(), json!(self.start_limit));
        defaults
    }
}

/// `tiles mahjong game`.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game's seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// What to print: `text` (each hand's result and the final points), or the game's record
    /// in a format `convert --to` takes: `mjai` (mjai events), `tenhou6` (or `tenhou`:
    /// tenhou.net/6 JSON) or `mjlog` (Tenhou's XML). `--record`, the request's field, says the
    /// same.
    #[arg(long, visible_alias = "record", default_value = "text")]
    format: String,
    #[command(flatten)]
    lineup: Lineup,
}

/// `tiles mahjong tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// Games to play.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=tiles_api::standings::MAX_GAMES))]
    games: u64,
    /// The tournament's seed (each game's walls follow from it and the game's number).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play duplicate: sets of games on one seed's walls, one per seat (four, or three with
    /// three players), the line-up rotated so each entry sits in each seat once (the default
    /// for one challenger against the rest of a kind).
    #[arg(long, conflicts_with = "no_duplicate")]
    duplicate: bool,
    /// Each game on walls of its own (the default for other line-ups).
    #[arg(long)]
    no_duplicate: bool,
    /// Rank points for 1st to 4th (1st to 3rd with three players; default Tenhou Phoenix's
    /// 90,45,0,-135, and 20,0,-20 with three).
    #[arg(long, value_name = "1ST,2ND,3RD,4TH", value_parser = rank_points, allow_hyphen_values = true)]
    rank_points: Option<Vec<f64>>,
    #[command(flatten)]
    lineup: Lineup,
}

impl TournamentArgs {
    /// Duplicate play as asked, or `None` for the line-up's default.
    fn duplicate(&self) -> Option<bool> {
        if self.duplicate {
            Some(true)
        } else if self.no_duplicate {
            Some(false)
        } else {
            None
        }
    }
}

/// `--rank-points 90,45,0,-135`: four numbers (three with three players).
fn rank_points(text: &str) -> Result<Vec<f64>, String> {
    let values: Vec<f64> = text
        .split(',')
        .map(|part| {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|value| value.is_finite())
        })
        .collect::<Option<_>>()
        .ok_or_else(|| format!("expected four numbers such as 90,45,0,-135, found {text:?}"))?;
    if !(3..=4).contains(&values.len()) {
        return Err(format!(
            "expected four numbers (1st to 4th) such as 90,45,0,-135, or three with three players, found {text:?}"
        ));
    }
    Ok(values)
}

/// `tiles mahjong analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The hand (its parts may be separate words); stdin, one hand per line, if absent.
    hand: Vec<String>,
    /// Print the column names first, and give a HAND's answer as a tab-separated row too.
    #[arg(long, conflicts_with = "json")]
    header: bool,
    /// The players at the table: 4, or 3 (the set has no 2m-8m to hold, draw or wait on).
    #[arg(long, value_name = "N", default_value_t = Players::Four, value_parser = players_option)]
    players: Players,
    /// Read and write one JSON object per line.
    #[arg(long, conflicts_with = "hand")]
    json: bool,
}

/// Runs a `tiles mahjong` command.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Analyze(args) => analyze_command(&args),
        Command::Score(args) => crate::mahjong_score::run(&args),
        Command::Rules(args) => crate::mahjong_score::rules_run(&args),
        Command::Game(args) => game_command(&args),
        Command::Replay(args) => crate::mahjong_replay::run(&args),
        Command::Review(args) => crate::mahjong_review::run(&args),
        Command::Watch(args) => crate::mahjong_review::watch_run(&args),
        Command::Tournament(args) => tournament_command(&args),
        Command::Bot(args) => crate::mahjong_bot::run(&args),
        Command::Convert(args) => crate::mahjong_convert::run(&args),
        Command::Dataset(args) => crate::mahjong_dataset::run(&args),
    }
}

/// The record formats `convert --to` and `game --format` take: `mjai, tenhou6 (or tenhou)
/// or mjlog`.
pub fn format_names() -> String {
    use mahjong_game::records::convert::Target;
    let names: Vec<String> = Target::ALL
        .iter()
        .map(|target| match target {
            Target::Tenhou6 => "tenhou6 (or tenhou)".to_owned(),
            other => other.name().to_owned(),
        })
        .collect();
    let (last, rest) = names.split_last().expect("three formats");
    format!("{} or {last}", rest.join(", "))
}

/// `--players N`: 3 or 4, read as every caller reads a player count ([`Players`]'s one check
/// and message).
pub fn players_option(text: &str) -> Result<Players, String> {
    text.parse::<Players>().map_err(|error| error.to_string())
}

/// The option at fault in an API message about a field.
fn as_option(message: &str) -> String {
    message
        .replacen("bots:", "--bots:", 1)
        .replacen("length:", "--length:", 1)
        .replacen("red_fives:", "--red-fives:", 1)
        .replacen("players:", "--players:", 1)
        .replacen("rank_points:", "--rank-points:", 1)
        .replacen("answer_limit:", "--answer-limit:", 1)
        .replacen("start_limit:", "--start-limit:", 1)
        .replacen("games:", "--games:", 1)
        .replacen("record:", "--format:", 1)
}

fn game_command(args: &GameArgs) -> ExitCode {
    use tiles_api::mahjong::game::{GameRequest, game};
    if args.lineup.json {
        let mut defaults = args.lineup.defaults();
        defaults.insert("seed".into(), json!(args.seed));
        return batch::json_batch("mahjong/game", defaults);
    }
    let record = match args.format.as_str() {
        "text" => "none",
        other => match mahjong_game::records::convert::Target::named(other) {
            Some(target) => target.name(),
            None => {
                return batch::unreadable(&format!(
                    "--format: expected text, {}, found {other:?}",
                    format_names()
                ));
            }
        },
    };
    let request = GameRequest {
        seed: Some(args.seed),
        token: None,
        proof: None,
        checkpoint: None,
        bots: tiles_api::fields::Names::Text(args.lineup.bots.clone()),
        rules: args.lineup.rules.clone(),
        rule: args.lineup.rule.clone(),
        length: args.lineup.length.clone(),
        red_fives: args.lineup.red(),
        open_tanyao: args.lineup.open_tanyao(),
        players: args.lineup.players,
        record: record.to_owned(),
        answer_limit: args.lineup.answer_limit,
        start_limit: args.lineup.start_limit,
        moves: Vec::new(),
        viewer: None,
    };
    if request
        .bots
        .names()
        .iter()
        .any(|name| name.eq_ignore_ascii_case(tiles_api::mahjong::table::HUMAN))
    {
        return batch::unreadable(&format!(
            "--bots: {:?}: a person plays at the page's table (tiles serve) or through the \
             mahjong/game request's moves, not here",
            tiles_api::mahjong::table::HUMAN
        ));
    }
    match game(request, &mahjong_game::tiles_core::Stop::never()) {
        Ok(response) => {
            if let Some(record) = response.record {
                batch::print(&record);
                if !record.ends_with('\n') {
                    batch::print("\n");
                }
                return ExitCode::SUCCESS;
            }
            let mut text = format!(
                "seed {}: {}\nchanges: each hand's payments with the riichi sticks its winner \
                 collects (sticks put down left the scores when put down)\n",
                args.seed,
                response.bots.join(", ")
            );
            for hand in &response.hands {
                let sticks = match (hand.sticks_put_down, hand.sticks_collected) {
                    (0, 0) => String::new(),
                    (down, collected) => {
                        format!("  (riichi sticks: {down} put down, {collected} collected)")
                    }
                };
                text.push_str(&format!(
                    "{:<6} {}  {:?}{sticks}\n",
                    hand.round, hand.result, hand.deltas
                ));
            }
            text.push_str(&format!(
                "final: {:?}, placements {:?}\n",
                response.final_scores.unwrap_or_default(),
                response.ranks.unwrap_or_default()
            ));
            if let Some(failure) = &response.failure {
                text.push_str(&format!("forfeit: {failure}\n"));
            }
            batch::print(&text);
            ExitCode::SUCCESS
        }
        Err(error) => batch::unreadable(&as_option(&error.to_string())),
    }
}

fn tournament_command(args: &TournamentArgs) -> ExitCode {
    use tiles_api::mahjong::game::{TournamentRequest, run_tournament};
    if args.lineup.json {
        let mut defaults = args.lineup.defaults();
        defaults.insert("seed".into(), json!(args.seed));
        defaults.insert("games".into(), json!(args.games));
        if let Some(points) = &args.rank_points {
            defaults.insert("rank_points".into(), json!(points));
        }
        if let Some(duplicate) = args.duplicate() {
            defaults.insert("duplicate".into(), json!(duplicate));
        }
        return batch::json_batch("mahjong/tournament", defaults);
    }
    let request = TournamentRequest {
        games: args.games,
        seed: args.seed,
        bots: tiles_api::fields::Names::Text(args.lineup.bots.clone()),
        rules: args.lineup.rules.clone(),
        rule: args.lineup.rule.clone(),
        length: args.lineup.length.clone(),
        red_fives: args.lineup.red(),
        open_tanyao: args.lineup.open_tanyao(),
        players: args.lineup.players,
        first_game: 0,
        duplicate: args.duplicate(),
        rank_points: args.rank_points.clone(),
        answer_limit: args.lineup.answer_limit,
        start_limit: args.lineup.start_limit,
    };
    let (setup, lineup) = match tiles_api::mahjong::game::setup(&request) {
        Ok(setup) => setup,
        Err(error) => return batch::unreadable(&as_option(&error)),
    };
    let mut watch = crate::progress::Watch::start("games");
    match run_tournament(&setup, &lineup, watch.stop()) {
        Ok(result) => {
            watch.end();
            batch::print(&result.to_string());
            if watch.interrupted() {
                ExitCode::from(130)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(error) => batch::unreadable(&error.to_string()),
    }
}

/// A row for a line with no analysis: the input, `ERROR` and why, so it keeps the batch's
/// shape.
fn error_row(input: &str, reason: &str) -> String {
    format!("{input}\tERROR\t{reason}")
}

/// One batch line: the hand's row, or the input and why it has none.
fn row(line: &str, line_number: usize, players: Players) -> Result<String, String> {
    analysis_of(line, players)
        .map_err(|error| match error {
            Unanswered::Unreadable(error) => error.on_line(line_number).summary(),
            Unanswered::NoShanten(message) => message,
            Unanswered::NotInSet(error) => error.to_string(),
        })
        .map(|analysis| analysis.tsv_row())
        .map_err(|reason| error_row(line, &reason))
}

/// Why a hand has no analysis.
enum Unanswered {
    NotInSet(mahjong::NotInSet),
    Unreadable(mahjong::ParseError),
    NoShanten(String),
}

/// The analysis of a hand text, with or without called melds.
fn analysis_of(text: &str, players: Players) -> Result<mahjong::Analysis, Unanswered> {
    let analysis = if has_melds(text) {
        let hand = parse_full_hand(text).map_err(Unanswered::Unreadable)?;
        analyze_full(&hand)
    } else {
        let hand = parse_hand(text).map_err(Unanswered::Unreadable)?;
        analyze(&hand)
    };
    analysis
        .map_err(|error| Unanswered::NoShanten(error.to_string()))?
        .for_players(players)
        .map_err(Unanswered::NotInSet)
}

fn analyze_command(args: &AnalyzeArgs) -> ExitCode {
    if args.json {
        let mut defaults = Map::new();
        if args.players.is_three() {
            defaults.insert("players".into(), json!(args.players.count()));
        }
        return batch::json_batch("mahjong/analyze", defaults);
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
        let outcome =
            batch::run_lines_with(batch::stdin_for("hands"), &mut out, &bad, |line, number| {
                row(line, number, args.players)
            });
        let _ = out.flush();
        return batch::exit_code(outcome);
    }
    let text = args.hand.join(" ");
    let analysis = match analysis_of(&text, args.players) {
        Ok(analysis) => analysis,
        Err(Unanswered::Unreadable(error)) => return batch::unreadable(&error),
        Err(Unanswered::NoShanten(message)) => return batch::unreadable(&message),
        Err(Unanswered::NotInSet(error)) => return batch::unreadable(&error),
    };
    let lines: Vec<String> = if args.header {
        vec![TSV_HEADER.to_owned(), analysis.tsv_row()]
    } else {
        analysis.to_string().lines().map(str::to_owned).collect()
    };
    batch::answer(&lines, 0)
}
