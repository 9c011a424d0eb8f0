//! `tiles mahjong game`, `replay` and `tournament`: real records replayed from files, bot
//! games written as records and replayed, errors naming the file and the place.

mod support;

use std::path::PathBuf;

use support::{text, tiles};

fn logs(folder: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/mahjong/logs")
        .join(folder)
}

fn path_text(path: &std::path::Path) -> String {
    path.to_string_lossy().into_owned()
}

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
    for format in ["mjai", "tenhou"] {
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
        stdout.starts_with("seed 5: efficiency, efficiency, efficiency, efficiency\nE1-0 "),
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
    assert!(
        text(&out.stdout).contains("avg place"),
        "{}",
        text(&out.stdout)
    );
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
            "--format: expected text, mjai or tenhou",
        ),
        (
            vec!["mahjong", "tournament", "--bots", "random"],
            "--bots: four bots are needed, got 1",
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
