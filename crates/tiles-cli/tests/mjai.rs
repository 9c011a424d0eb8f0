//! mjai both ways over real pipes: bots written in Python (one that discards what it draws,
//! one that calls and declares riichi) play seeded games at our table; our own
//! `tiles mahjong bot` plays as an outside seat, in both forms, exactly as the same bot in
//! process; the records of such games replay; and Ctrl-C on a running tournament prints the
//! table of the games played.

mod support;

use std::path::PathBuf;

use serde_json::Value;
use support::{replays_from_stdin, spawn, text, tiles};

fn bot(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bots")
        .join(name);
    format!("mjai:python3 {}", path.display())
}

fn ours(form: &str, extra: &str) -> String {
    format!("{form}:{} mahjong bot {extra}", env!("CARGO_BIN_EXE_tiles"))
}

/// A tournament's JSON response.
fn tournament(bots: &str, games: u64) -> Value {
    tournament_of(&[], bots, games)
}

/// A tournament's JSON response, East games, with more options.
fn tournament_of(options: &[&str], bots: &str, games: u64) -> Value {
    let games = games.to_string();
    let mut args = vec![
        "mahjong",
        "tournament",
        "--json",
        "--games",
        &games,
        "--length",
        "east",
        "--bots",
        bots,
    ];
    args.extend_from_slice(options);
    let out = tiles(&args, b"{}\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Each entry of a tournament's response without its bot's name.
fn nameless(response: &Value) -> Vec<Value> {
    response["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            let mut entry = entry.clone();
            entry["bot"] = Value::Null;
            entry
        })
        .collect()
}

#[test]
fn python_bots_play_whole_games_without_an_illegal_answer() {
    let calls = tournament(
        &format!("{},random,efficiency,random", bot("caller.py")),
        12,
    );
    assert_eq!(calls["failures"], Value::Array(Vec::new()), "{calls}");
    let caller = &calls["entries"][0];
    assert_eq!(caller["forfeits"], 0);
    assert!(caller["calls"].as_u64().unwrap() > 0, "it calls: {caller}");
    assert!(
        caller["riichis"].as_u64().unwrap() > 0,
        "it declares riichi: {caller}"
    );
    let discards = tournament(
        &format!("{},efficiency,efficiency,efficiency", bot("tsumogiri.py")),
        8,
    );
    assert_eq!(discards["failures"], Value::Array(Vec::new()), "{discards}");
    assert_eq!(discards["entries"][0]["forfeits"], 0);
}

#[test]
fn a_game_with_an_outside_bot_is_written_and_replays() {
    let lineup = format!("efficiency,{},random,efficiency", bot("caller.py"));
    for format in ["mjai", "tenhou"] {
        let out = tiles(
            &[
                "mahjong", "game", "--seed", "4", "--length", "east", "--format", format, "--bots",
                &lineup,
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        replays_from_stdin(&out.stdout, format);
    }
}

#[test]
fn our_bot_as_an_outside_seat_plays_as_it_does_in_process() {
    let inside = tournament("random,efficiency,random,random", 8);
    for outside in [
        ours("mjai", "--bot efficiency"),
        ours("mjai-line", "--line"),
    ] {
        let played = tournament(&format!("random,{outside},random,random"), 8);
        assert_eq!(played["failures"], Value::Array(Vec::new()), "{played}");
        assert_eq!(nameless(&played), nameless(&inside), "{outside}");
    }
}

#[test]
fn the_bot_command_answers_each_batch_and_reports_a_bad_line() {
    let batch = concat!(
        r#"[{"type":"start_game","id":1,"names":["a","b","c","d"]},{"type":"start_kyoku","bakaze":"E","dora_marker":"2s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["1m","9m","1p","9p","1s","9s","E","S","W","N","P","F","5mr"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]},{"type":"tsumo","actor":0,"pai":"?"},{"type":"dahai","actor":0,"pai":"C","tsumogiri":true}]"#,
        "\n",
        "not json\n",
        r#"[{"type":"tsumo","actor":1,"pai":"3m"}]"#,
        "\n",
    );
    let out = tiles(&["mahjong", "bot", "--bot", "Efficiency"], batch.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let answers: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(answers.len(), 3, "one answer a line, the bad one's too");
    assert_eq!(answers[0]["type"], "none");
    assert_eq!(answers[1]["type"], "none");
    // Thirteen kinds of terminals and honours on its first draw: nine terminals.
    assert_eq!(
        answers[2],
        serde_json::json!({"type": "ryukyoku", "actor": 1})
    );
    assert!(
        text(&out.stderr).contains("line 2: not JSON"),
        "{}",
        text(&out.stderr)
    );
    let out = tiles(&["mahjong", "bot", "--bot", "smart"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--bot: \"smart\" is not a bot of ours"));
}

#[test]
fn ctrl_c_stops_a_tournament_and_prints_the_games_played() {
    for args in [
        [
            "mahjong",
            "tournament",
            "--games",
            "1000000",
            "--length",
            "east",
        ],
        [
            "rummikub",
            "tournament",
            "--games",
            "1000000",
            "--bots",
            "greedy,greedy",
        ],
    ] {
        let child = spawn(&args);
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let status = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let out = child.wait_with_output().unwrap();
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {stdout}");
        assert!(stdout.contains("stopped after "), "{args:?}: {stdout}");
        assert!(stdout.contains(" of 1000000 games"), "{args:?}: {stdout}");
    }
}

/// At a three-player table, `tiles mahjong bot` plays as an outside seat exactly as in
/// process, in both forms, told the players by `start_game` (or by `--players 3` alone, the
/// line form reading the rules as a host that does not say them would leave it).
#[test]
fn our_bot_as_an_outside_seat_plays_three_player_games_as_in_process() {
    let three = ["--players", "3"];
    let inside = tournament_of(&three, "random,efficiency,random", 6);
    for outside in [
        ours("mjai", "--bot efficiency"),
        ours("mjai-line", "--line --players 3"),
    ] {
        let played = tournament_of(&three, &format!("random,{outside},random"), 6);
        assert_eq!(played["failures"], Value::Array(Vec::new()), "{played}");
        assert_eq!(nameless(&played), nameless(&inside), "{outside}");
    }
}
