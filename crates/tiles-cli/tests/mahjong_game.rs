//! `tiles mahjong game`, `replay` and `tournament`: real records replayed from files, bot
//! games written as records and replayed, errors naming the file and the place.

mod support;

use support::{logs, path_text, replays_from_stdin, text, tiles};

#[test]
fn the_phoenix_games_agree_hand_by_hand_and_to_the_final_points() {
    let games = [
        "2010081709gm-00a9-0000-fe3371ad",
        "2010102910gm-00a9-0000-cdb9804c",
        "2011020401gm-00a9-0000-f6eff225",
        "2016052515gm-00a9-0000-c4d72066",
        "2019060813gm-00a9-0000-08bb0ec3",
    ];
    let mut files: Vec<String> = games
        .iter()
        .map(|game| path_text(&logs("tenhou-mjlog").join(format!("{game}.mjlog"))))
        .collect();
    files.extend(
        games
            .iter()
            .map(|game| path_text(&logs("tenhou-json").join(format!("{game}.mjscore.json")))),
    );
    let mut args = vec!["mahjong", "replay"];
    args.extend(files.iter().map(String::as_str));
    let out = tiles(&args, b"");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let hands = stdout
        .lines()
        .filter(|line| line.ends_with(" agrees"))
        .count();
    assert_eq!(hands, 2 * 55, "{stdout}");
    assert_eq!(stdout.matches("final points agree").count(), 5, "{stdout}");
    assert!(stdout.contains(
        "2019060813gm-00a9-0000-08bb0ec3.mjlog final points agree [26100, 62000, -11100, 23000]"
    ));
}

#[test]
fn a_cut_file_says_where_and_the_other_files_go_on() {
    let cut =
        path_text(&logs("tenhou-mjlog").join("2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"));
    let whole = path_text(&logs("tenhou-json").join("double_ron.json"));
    let out = tiles(&["mahjong", "replay", &cut, "missing.mjlog", &whole], b"");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("no-round-end.mjlog S3-0 agrees"),
        "{stdout}"
    );
    assert!(
        stdout.contains("no-round-end.mjlog S4-0: the record stops part-way through the hand"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "no-round-end.mjlog: line 2, column 1: the record stops in hand S4-0, before its result"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("missing.mjlog: "), "{stdout}");
    assert!(stdout.contains("double_ron.json S4-0 agrees"), "{stdout}");
    // Without the missing file: the cut hand disagrees, so the exit is 1.
    let out = tiles(&["mahjong", "replay", &cut], b"");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn json_has_one_object_per_hand() {
    let file = path_text(&logs("tenhou-json").join("double_ron.json"));
    let out = tiles(&["mahjong", "replay", "--json", &file], b"");
    assert_eq!(out.status.code(), Some(0));
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(
        line,
        serde_json::json!({
            "file": file, "round": "S4-0", "wind": "S", "number": 4, "honba": 0,
            "agree": true, "expected": [13000, 0, 2000, -14000], "got": [13000, 0, 2000, -14000],
            "error": null,
        })
    );
}

#[test]
fn a_bot_game_written_as_a_record_replays() {
    for format in ["mjai", "tenhou", "tenhou6", "mjlog"] {
        let out = tiles(
            &[
                "mahjong",
                "game",
                "--seed",
                "3",
                "--bots",
                "efficiency,random,efficiency,random",
                "--format",
                format,
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let dir =
            std::env::temp_dir().join(format!("tiles-mahjong-{}-{format}", std::process::id()));
        std::fs::write(&dir, &out.stdout).unwrap();
        let replayed = tiles(&["mahjong", "replay", &path_text(&dir)], b"");
        let stdout = text(&replayed.stdout);
        std::fs::remove_file(&dir).unwrap();
        assert_eq!(replayed.status.code(), Some(0), "{format}: {stdout}");
        assert!(stdout.contains("final points agree"), "{format}: {stdout}");
    }
}

#[test]
fn games_and_tournaments_print_and_name_the_option_at_fault() {
    let out = tiles(&["mahjong", "game", "--seed", "5", "--length", "east"], b"");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("seed 5: efficiency, efficiency, efficiency, efficiency\nchanges: "),
        "{stdout}"
    );
    assert!(stdout.contains("final: ["), "{stdout}");
    let out = tiles(
        &[
            "mahjong",
            "tournament",
            "--games",
            "4",
            "--length",
            "east",
            "--bots",
            "efficiency,random,random,random",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    // One challenger against three of a kind: duplicate by default.
    assert!(stdout.starts_with("4 games, seed 1, duplicate"), "{stdout}");
    assert!(stdout.contains("avg rank ± 95%"), "{stdout}");
    for (args, message) in [
        (
            vec!["mahjong", "game", "--bots", "efficiency,smart"],
            "--bots: unknown bot \"smart\"",
        ),
        (
            vec!["mahjong", "game", "--length", "long"],
            "--length: expected hanchan or east",
        ),
        (
            vec!["mahjong", "game", "--format", "xml"],
            "--format: expected text, mjai, tenhou6 (or tenhou) or mjlog",
        ),
        (
            vec!["mahjong", "tournament", "--bots", "random,random"],
            "--bots: one bot or four are needed, got 2",
        ),
        (
            vec!["mahjong", "game", "--bots", "random,random,random"],
            "--bots: one bot or four are needed, got 3 (three bots play a three-player game: `--players 3`",
        ),
    ] {
        let out = tiles(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// A temporary file holding `text`, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str, text: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("tiles-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        Scratch(path)
    }

    fn path(&self) -> String {
        path_text(&self.0)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A damaged mjlog (a call by a seat 7, part-way through): the file-level error comes before
/// the line of the hand it cut short, the hands before it agree, and with more than one file a
/// summary goes to stderr.
#[test]
fn a_damaged_record_reports_its_error_before_the_hand_it_cuts_and_a_summary() {
    let whole =
        std::fs::read_to_string(logs("tenhou-mjlog").join("2019060813gm-00a9-0000-08bb0ec3.mjlog"))
            .unwrap();
    let at = whole.find("<N who=\"").unwrap() + 1;
    let at = whole[at..].find("<N who=\"").unwrap() + at;
    let damaged = format!("{}<N who=\"7{}", &whole[..at], &whole[at + 9..]);
    let damaged = Scratch::new("seat7.mjlog", &damaged);
    let good = path_text(&logs("tenhou-json").join("double_ron.json"));
    let out = tiles(&["mahjong", "replay", &damaged.path(), &good], b"");
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let error = lines
        .iter()
        .position(|line| line.contains("<N>: who: not a seat"))
        .unwrap_or_else(|| panic!("{stdout}"));
    let cut = lines
        .iter()
        .position(|line| line.contains("the record stops part-way through the hand"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(cut, error + 1, "{stdout}");
    assert!(lines[..error].iter().all(|line| line.ends_with(" agrees")));
    assert!(lines[error].contains("line 1, column "), "{}", lines[error]);
    let stderr = text(&out.stderr);
    let hands = lines.len() - 1;
    assert_eq!(
        stderr.trim(),
        format!(
            "2 files, {hands} hands: {} agree, 1 disagree, 1 file cut short or unreadable",
            hands - 1
        )
    );
    // One file: no summary.
    let out = tiles(&["mahjong", "replay", &good], b"");
    assert_eq!(text(&out.stderr), "");

    // JSON: every object has every field, in the same order, a file's error included.
    let out = tiles(
        &[
            "mahjong",
            "replay",
            "--json",
            &damaged.path(),
            "missing.mjlog",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let keys = [
        "file", "round", "wind", "number", "honba", "agree", "expected", "got", "error",
    ];
    let stdout = text(&out.stdout);
    for line in stdout.lines() {
        let mut at = 0;
        for key in keys {
            let found = line[at..]
                .find(&format!("\"{key}\":"))
                .unwrap_or_else(|| panic!("{key} in order in {line}"));
            at += found;
        }
    }
    assert!(
        stdout
            .lines()
            .last()
            .unwrap()
            .contains("\"file\":\"missing.mjlog\",\"round\":null")
    );
}

/// `-` reads the record from stdin, the same as from a file.
#[test]
fn a_dash_reads_the_record_from_stdin() {
    let file = logs("tenhou-json").join("double_ron.json");
    let record = std::fs::read(&file).unwrap();
    let from_stdin = tiles(&["mahjong", "replay", "--json", "-"], &record);
    let from_file = tiles(&["mahjong", "replay", "--json", &path_text(&file)], b"");
    assert_eq!(from_stdin.status.code(), Some(0));
    assert_eq!(
        text(&from_stdin.stdout).replace("\"file\":\"-\"", ""),
        text(&from_file.stdout).replace(&format!("\"file\":{:?}", path_text(&file)), "")
    );
}

/// A bot game's mjai record, each line parsed.
fn bot_game(extra: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec![
        "mahjong", "game", "--seed", "4", "--length", "east", "--format", "mjai",
    ];
    args.extend_from_slice(extra);
    let out = tiles(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn lines_of(events: &[serde_json::Value]) -> String {
    events.iter().map(|event| format!("{event}\n")).collect()
}

/// A discard the seat cannot make is named by its line and in the record's own notation
/// (mjai's `N`, not `4z`), with what was legal.
#[test]
fn an_illegal_action_is_named_by_its_line_and_the_records_tile() {
    let mut events = bot_game(&[]);
    let start = events
        .iter()
        .position(|event| event["type"] == "start_kyoku")
        .unwrap();
    let held: Vec<String> = events[start]["tehais"][1]
        .as_array()
        .unwrap()
        .iter()
        .map(|tile| tile.as_str().unwrap().to_owned())
        .collect();
    let dahai = events
        .iter()
        .position(|event| event["type"] == "dahai" && event["actor"] == 1)
        .unwrap();
    let drawn = events[dahai - 1]["pai"].as_str().unwrap().to_owned();
    let absent = ["E", "S", "W", "N", "P", "F", "C"]
        .into_iter()
        .find(|honour| !held.iter().any(|tile| tile == honour) && drawn != *honour)
        .unwrap();
    events[dahai]["pai"] = serde_json::json!(absent);
    events[dahai]["tsumogiri"] = serde_json::json!(false);
    let record = Scratch::new("illegal.mjai", &lines_of(&events));
    let out = tiles(&["mahjong", "replay", &record.path()], b"");
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let expected = format!(
        "E1-0: line {}: seat 1's discard {absent} ({}) is not legal now; legal: discard ",
        dahai + 1,
        events[dahai]
    );
    assert!(stdout.contains(&expected), "{expected}\n{stdout}");
}

/// A win whose value the engine does not give names both sides in full.
#[test]
fn a_disagreeing_win_names_both_sides() {
    let mut events = bot_game(&[]);
    let hora = events
        .iter()
        .position(|event| event["type"] == "hora")
        .unwrap();
    let han = events[hora]["han"].as_u64().unwrap();
    events[hora]["han"] = serde_json::json!(han + 1);
    let record = Scratch::new("han.mjai", &lines_of(&events));
    let out = tiles(&["mahjong", "replay", &record.path()], b"");
    let stdout = text(&out.stdout);
    let line = stdout
        .lines()
        .find(|line| line.contains("the win disagrees"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        line.contains(&format!("line {}: the win disagrees", hora + 1)),
        "{line}"
    );
    assert!(line.contains(&format!("{} han", han + 1)), "{line}");
    assert!(line.contains(&format!("{han} han")), "{line}");
    assert_eq!(line.matches("honba").count(), 2, "{line}");
    assert_eq!(line.matches("stick").count(), 2, "{line}");
}

/// A lobby's rules as options: red fives in some suits only, no open tanyao. The records say
/// so and replay under them.
#[test]
fn lobby_options_play_and_replay() {
    let events = bot_game(&["--red-fives", "0,1,0", "--no-open-tanyao"]);
    assert_eq!(
        events[0]["rules"],
        serde_json::json!({"length": "east", "red_fives": [0, 1, 0], "open_tanyao": false})
    );
    let reds: Vec<&str> = events
        .iter()
        .filter_map(|event| event["pai"].as_str())
        .filter(|tile| tile.ends_with('r'))
        .collect();
    assert!(reds.iter().all(|tile| *tile == "5pr"), "{reds:?}");
    for format in ["mjai", "tenhou"] {
        let out = tiles(
            &[
                "mahjong",
                "game",
                "--seed",
                "6",
                "--red-fives",
                "0,1,0",
                "--no-open-tanyao",
                "--format",
                format,
            ],
            b"",
        );
        let record = Scratch::new(&format!("lobby.{format}"), &text(&out.stdout));
        let replayed = tiles(&["mahjong", "replay", &record.path()], b"");
        assert_eq!(
            replayed.status.code(),
            Some(0),
            "{}",
            text(&replayed.stdout)
        );
    }
    let out = tiles(&["mahjong", "game", "--red-fives", "2,1,1"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--red-fives"),
        "{}",
        text(&out.stderr)
    );
}

/// A call the record makes on a discard where the engine offers none is named where the
/// record has it.
#[test]
fn a_call_the_engine_does_not_offer_is_named() {
    let mut events = bot_game(&["--bots", "random,random,random,random"]);
    let pon = events
        .iter()
        .position(|event| event["type"] == "pon")
        .expect("random bots call");
    let taken = events[pon]["pai"].as_str().unwrap().to_owned();
    let other = if taken == "C" { "P" } else { "C" };
    events[pon]["pai"] = serde_json::json!(other);
    events[pon]["consumed"] = serde_json::json!([other, other]);
    let record = Scratch::new("pon.mjai", &lines_of(&events));
    let out = tiles(&["mahjong", "replay", &record.path()], b"");
    let stdout = text(&out.stdout);
    let actor = &events[pon]["actor"];
    let expected = format!(
        "line {}: seat {actor}'s pon of {other} with {other} {other} ({}) is not legal on that \
         discard",
        pon + 1,
        events[pon]
    );
    assert!(stdout.contains(&expected), "{expected}\n{stdout}");
}

#[test]
fn three_player_games_tournaments_and_hands_from_the_command_line() {
    // A game of three written in each format replays to its final points, and the Tenhou
    // three-player record agrees, its points three seats'.
    for format in ["mjai", "tenhou6", "mjlog"] {
        let out = tiles(
            &[
                "mahjong",
                "game",
                "--players",
                "3",
                "--seed",
                "5",
                "--bots",
                "efficiency,random,value",
                "--format",
                format,
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        replays_from_stdin(&out.stdout, format);
    }
    let sanma = path_text(&logs("tenhou-sanma").join("sanma2.mjlog"));
    let out = tiles(&["mahjong", "replay", &sanma], b"");
    let stdout = text(&out.stdout);
    assert_eq!(stdout.matches(" agrees").count(), 6, "{stdout}");
    assert!(
        stdout.contains("sanma2.mjlog final points agree [27400, 83100, -5500]\n"),
        "{stdout}"
    );
    let out = tiles(&["mahjong", "replay", "--json", &sanma], b"");
    for line in text(&out.stdout).lines() {
        let line: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(line["expected"].as_array().unwrap().len(), 3, "{line}");
        assert_eq!(line["got"].as_array().unwrap().len(), 3, "{line}");
    }
    // The text of a game: three seats' changes and final points.
    let out = tiles(&["mahjong", "game", "--players", "3", "--seed", "4"], b"");
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("seed 4: efficiency, efficiency, efficiency\n"),
        "{stdout}"
    );
    assert!(stdout.contains("placements [2, 3, 1]"), "{stdout}");
    // A tournament of three, duplicate for one challenger against two of a kind.
    let out = tiles(
        &[
            "mahjong",
            "tournament",
            "--players",
            "3",
            "--games",
            "6",
            "--bots",
            "value,defence,defence",
        ],
        b"",
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("duplicate (each wall played three ways"),
        "{stdout}"
    );
    assert!(
        stdout.contains("rank points 20/0/-20 for 1st to 3rd"),
        "{stdout}"
    );
    // Options at fault.
    let out = tiles(
        &[
            "mahjong",
            "game",
            "--players",
            "3",
            "--bots",
            "efficiency,random",
        ],
        b"",
    );
    assert!(text(&out.stderr).contains("--bots: one bot or three are needed, got 2"));
    let out = tiles(
        &["mahjong", "game", "--players", "3", "--red-fives", "1,1,1"],
        b"",
    );
    assert!(
        text(&out.stderr)
            .contains("--red-fives: a red 5m asked for: the three-player set has no 5m")
    );
    let out = tiles(&["mahjong", "game", "--players", "5"], b"");
    assert!(
        text(&out.stderr).contains("--players"),
        "{}",
        text(&out.stderr)
    );
    // A hand and a score for three players.
    let out = tiles(
        &["mahjong", "analyze", "--players", "3", "19m234567p22678s5z"],
        b"",
    );
    assert!(
        text(&out.stdout).contains("effective   19m2s5z (11 unseen"),
        "{}",
        text(&out.stdout)
    );
    let out = tiles(
        &[
            "mahjong",
            "score",
            "234p456p789s11p567s",
            "--win",
            "5s",
            "--tsumo",
            "--rinshan",
            "--kita",
            "1",
            "--players",
            "3",
            "--seat",
            "S",
        ],
        b"",
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("nukidora: 1 han") && stdout.contains("fu: 20"),
        "{stdout}"
    );
    assert!(
        stdout.contains("tsumo 1300/2600 (each non-dealer/dealer) = 3900"),
        "{stdout}"
    );
}

/// A directory of records is walked as `convert` walks it; what is not a record (a licence,
/// notes), given in a directory or by a shell glob, is left out and named in the summary, not
/// counted as an unreadable record; nothing but non-records is an error.
#[test]
fn replay_walks_directories_and_leaves_out_what_is_not_a_record() {
    let dir = std::env::temp_dir().join(format!("tiles-replay-walk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("more")).unwrap();
    for (from, to) in [
        (
            logs("tenhou-sanma").join("sanma2.mjlog"),
            dir.join("sanma2.mjlog"),
        ),
        (
            logs("tenhou-json").join("double_ron.json"),
            dir.join("more/double_ron.json"),
        ),
        (
            logs("tenhou-sanma").join("LICENSE-dnovikoff-tenhou"),
            dir.join("LICENSE"),
        ),
    ] {
        std::fs::copy(from, to).unwrap();
    }
    std::fs::write(dir.join("more/notes.json"), "notes about the games").unwrap();
    let out = tiles(&["mahjong", "replay", &path_text(&dir)], b"");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert_eq!(stdout.matches(" agrees").count(), 7, "{stdout}");
    assert!(
        stderr.contains("2 files, 7 hands: 7 agree, 0 disagree, 0 files cut short or unreadable; 2 files left out, not records: "),
        "{stderr}"
    );
    assert!(
        stderr.contains("LICENSE") && stderr.contains("notes.json"),
        "{stderr}"
    );
    // As a shell glob gives them: the licence is named, not replayed.
    let licence = path_text(&dir.join("LICENSE"));
    let sanma = path_text(&dir.join("sanma2.mjlog"));
    let out = tiles(&["mahjong", "replay", &licence, &sanma], b"");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("1 file, 6 hands: 6 agree, 0 disagree, 0 files cut short or unreadable; 1 file left out, not records: "),
        "{stderr}"
    );
    let out = tiles(&["mahjong", "replay", &licence], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no record to replay; 1 file left out, not records: "),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `game --format` and `convert --to` take the same format names, and refuse others alike.
#[test]
fn game_and_convert_take_the_same_format_names() {
    let record = path_text(&logs("tenhou-json").join("ranked_game.json"));
    let out_dir = std::env::temp_dir().join(format!("tiles-format-names-{}", std::process::id()));
    for name in ["mjai", "tenhou", "tenhou6", "mjlog"] {
        let game = tiles(
            &["mahjong", "game", "--length", "east", "--format", name],
            b"",
        );
        assert_eq!(
            game.status.code(),
            Some(0),
            "{name}: {}",
            text(&game.stderr)
        );
        let converted = tiles(
            &[
                "mahjong",
                "convert",
                "--to",
                name,
                &record,
                "--out",
                &path_text(&out_dir),
            ],
            b"",
        );
        assert_eq!(
            converted.status.code(),
            Some(0),
            "{name}: {}",
            text(&converted.stderr)
        );
    }
    let expected = "mjai, tenhou6 (or tenhou) or mjlog, found \"xml\"";
    let game = tiles(&["mahjong", "game", "--format", "xml"], b"");
    assert!(
        text(&game.stderr).contains(expected),
        "{}",
        text(&game.stderr)
    );
    let converted = tiles(
        &[
            "mahjong",
            "convert",
            "--to",
            "xml",
            &record,
            "--out",
            &path_text(&out_dir),
        ],
        b"",
    );
    assert!(
        text(&converted.stderr).contains(expected),
        "{}",
        text(&converted.stderr)
    );
    std::fs::remove_dir_all(&out_dir).unwrap();
}

/// A game's text says what each hand's changes hold: the riichi sticks put down and collected.
#[test]
fn a_games_changes_say_what_they_hold() {
    let out = tiles(&["mahjong", "game", "--seed", "5", "--length", "east"], b"");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("changes: each hand's payments with the riichi sticks its winner collects"),
        "{stdout}"
    );
    assert!(
        stdout.contains("[0, 0, -7700, 8700]  (riichi sticks: 1 put down, 1 collected)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("[0, 0, 0, 0]  (riichi sticks: 1 put down, 0 collected)"),
        "{stdout}"
    );
}
