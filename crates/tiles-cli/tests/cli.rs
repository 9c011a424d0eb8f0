//! The `tiles` binary end to end: answers, exit codes, batch mode.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// `tiles` with `args`, its stdin, stdout and stderr piped.
fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tiles"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tiles runs")
}

fn tiles(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args);
    // Written from another thread, so that a long input and a long output cannot block each
    // other. A command that refuses its arguments exits without reading stdin: a broken pipe
    // here is not a failure of the test.
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&stdin));
    let output = child.wait_with_output().unwrap();
    if let Err(error) = writer.join().unwrap() {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_code_golf_challenge_examples() {
    let out = tiles(
        &[
            "rummikub",
            "group",
            "--rules",
            "codegolf",
            r#"[(9, "RED"), (9, "ORANGE"), ("JOKER"), (9, "BLACK")]"#,
        ],
        b"",
    );
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        ("valid set\n", Some(0))
    );
    let out = tiles(
        &[
            "rummikub",
            "group",
            "--rules",
            "codegolf",
            r#"[(12,"BLACK"),(13,"BLACK"),(1,"BLACK")]"#,
        ],
        b"",
    );
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        (
            "invalid: a run may not wrap around from 13 to 1: K1 cannot follow K13\n",
            Some(1)
        )
    );
}

#[test]
fn single_query_exit_codes() {
    let out = tiles(&["rummikub", "group", "R5", "R6", "R7"], b"");
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        ("valid run\n", Some(0))
    );
    let out = tiles(
        &["rummikub", "group", "--rules", "puzzle", "R5 R6 J J"],
        b"",
    );
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        (
            "invalid: a group may hold at most 1 joker, got 2\n",
            Some(1)
        )
    );
    let out = tiles(&["rummikub", "group", "R5", "X6"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "error: line 1, column 4: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"X6\"\n  R5 X6\n     ^\n"
    );
    let out = tiles(&["rummikub", "group", "--rules", "nonsense", "R5"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn batch_answers_every_line_in_order() {
    let input = b"\xEF\xBB\xBFR9 O9 K9\r\n# a comment\n\n   \nR9 P9\nR1 R2\r\n\xFF\nJ R1 R2   ";
    let out = tiles(&["rummikub", "group", "--rules", "codegolf"], input);
    // Lines 5 and 7 are errors: the batch goes on, and exits 1.
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "valid set\n\
         error: line 5, column 4: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"P9\"\n\
         invalid: a group needs at least 3 tiles, got 2\n\
         error: line 7: not valid UTF-8\n\
         invalid: a joker would have to stand for 0, but numbers go from 1 to 13\n"
    );
}

#[test]
fn arrange_prints_groups_or_impossible() {
    let out = tiles(&["rummikub", "arrange", "R1 R2 R3 B5 K5 O5"], b"");
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        ("R1 R2 R3\nK5 B5 O5\n", Some(0))
    );
    let out = tiles(&["rummikub", "arrange", "R1", "R2"], b"");
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        ("impossible\n", Some(1))
    );
    let out = tiles(&["rummikub", "arrange", "R1 Q2"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = tiles(
        &["rummikub", "arrange"],
        b"R1 R2 R3 J\nR1 R2\nR1 Q2\n\nK7 B7 O7 J",
    );
    assert_eq!(
        text(&out.stdout),
        "R1 R2 R3 J\nimpossible\nerror: line 3, column 4: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"Q2\"\nK7 B7 O7 J\n"
    );
}

#[test]
fn solve_prints_the_move() {
    let out = tiles(
        &[
            "rummikub",
            "solve",
            "--table",
            "R1 R2 R3 R4 R5 R6 R7",
            "--rack",
            "B4 K4",
        ],
        b"",
    );
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        (
            "placed: K4 B4\nR1 R2 R3\nR5 R6 R7\nK4 B4 R4\nunchanged: nothing\n\
             step 1: take R5 R6 R7 from R1 R2 R3 R4 R5 R6 R7 to make R5 R6 R7\n\
             step 2: take R4 from R1 R2 R3 R4 and K4 B4 from the rack to make K4 B4 R4\n\
             left: nothing\n",
            Some(0)
        )
    );
    let out = tiles(
        &[
            "rummikub",
            "solve",
            "--rack",
            "J R1 R2 R4 K13 B13",
            "--objective",
            "value",
        ],
        b"",
    );
    assert_eq!(
        text(&out.stdout),
        "placed: K13 B13 J\nK13 B13 J\nstep 1: lay down K13 B13 J\nleft: R1 R2 R4\n"
    );
    let out = tiles(
        &[
            "rummikub",
            "solve",
            "--table",
            "R1 R2 R3",
            "--rack",
            "R8 R9 R10",
            "--objective",
            "opening",
        ],
        b"",
    );
    assert_eq!(
        text(&out.stdout),
        "placed: nothing\nno opening: the best meld is worth 27, 30 needed\nR1 R2 R3\nunchanged: R1 R2 R3\nleft: R8 R9 R10\n"
    );
    let out = tiles(
        &[
            "rummikub",
            "solve",
            "--table",
            "R1 R2 | K4 B4 O4",
            "--rack",
            "J",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: table group 1 (R1 R2) is not valid: a group needs at least 3 tiles, got 2\n"
    );
}

#[test]
fn json_batches_answer_every_line() {
    let input = concat!(
        r#"{"rules":"standard","table":[["R1","R2","R3"],["K4","B4","O4"]],"rack":["J","K5"],"objective":"tiles"}"#,
        "\n",
        r#"{"table":["R1","R2","R3","K4","B4","O4"],"rack":["K5"]}"#,
        "\n",
        "not json\n",
        r#"{"rack":["X9"]}"#,
        "\n",
        r#"{"rules":"codegolf","table":[["R1","R2"]],"rack":[]}"#,
        "\n",
        r#"{"rack":["R10","R11","R12"],"objective":"opening"}"#,
    );
    let out = tiles(&["rummikub", "solve", "--json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1), "three lines are errors");
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    let json: Vec<serde_json::Value> = lines
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    // The fields of the first JSON mode keep their names and places.
    assert!(
        lines[0].starts_with(
            r#"{"placed":["J"],"tiles":1,"value":0,"unchanged":1,"groups":[["R1","R2","R3"],["K4","B4","O4","J"]],"kept":[0],"steps":[{"text":"add J to K4 B4 O4","#
        ),
        "{}",
        lines[0]
    );
    assert_eq!(json[0]["left"], serde_json::json!(["K5"]));
    assert_eq!(
        (
            &json[1]["placed"],
            &json[1]["unchanged"],
            &json[1]["groups"]
        ),
        (
            &serde_json::json!([]),
            &serde_json::json!(2),
            &serde_json::json!([["R1", "R2", "R3"], ["K4", "B4", "O4"]])
        )
    );
    assert!(
        lines[2].starts_with(r#"{"error":"line 3: invalid JSON"#),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines[3],
        r#"{"error":"line 4: rack[0]: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"X9\""}"#
    );
    assert_eq!(
        lines[4],
        r#"{"error":"line 5: table group 1 (R1 R2) is not valid: a group needs at least 3 tiles, got 2"}"#
    );
    assert_eq!(json[5]["placed"], serde_json::json!(["R10", "R11", "R12"]));
    assert_eq!(
        json[5]["groups"],
        serde_json::json!([["R10", "R11", "R12"]])
    );
    assert_eq!(json[5]["steps"][0]["text"], "lay down R10 R11 R12");

    let input = "{\"rules\":\"standard\",\"tiles\":[\"R1\",\"R2\",\"R3\"]}\n{\"tiles\":[\"R1\",\"R2\"]}\n{\"tiles\":\"R1 R2 R3 J\"}\n{\"tiles\":7}\n";
    let out = tiles(&["rummikub", "arrange", "--json"], input.as_bytes());
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines[0], r#"{"groups":[["R1","R2","R3"]]}"#);
    assert_eq!(lines[1], r#"{"groups":null}"#);
    assert_eq!(lines[2], r#"{"groups":[["R1","R2","R3","J"]]}"#);
    assert_eq!(
        lines[3],
        r#"{"error":"line 4: tiles: invalid type: integer `7`, expected a list of tiles such as [\"R1\", \"J\"] or a string such as \"R1 J\""}"#
    );
}

#[test]
fn rummikub_puzzle_solves_traces_and_checks() {
    let puzzle = b"3R\n2\n1 4R 5R 6R\n2 4B 4G 4Y\n";
    let solved = tiles(&["rummikub-puzzle"], puzzle);
    assert_eq!(solved.status.code(), Some(0));
    assert_eq!(
        text(&solved.stdout),
        "PUT 3R 1\n1 3R 4R 5R 6R\n2 4B 4G 4Y\n"
    );

    let traced = tiles(&["rummikub-puzzle", "--trace"], puzzle);
    assert_eq!(
        text(&traced.stdout),
        "PUT 3R 1\n  1 3R 4R 5R 6R\n  2 4B 4G 4Y\n1 3R 4R 5R 6R\n2 4B 4G 4Y\n"
    );

    let dir = std::env::temp_dir().join(format!("tiles-puzzle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    let bad = dir.join("bad.txt");
    std::fs::write(&good, "PUT 3R 1\n1 3R 4R 5R 6R\n2 4B 4G 4Y\n").unwrap();
    std::fs::write(&bad, "PUT 3R 2\n").unwrap();
    let accepted = tiles(
        &["rummikub-puzzle", "--check", good.to_str().unwrap()],
        puzzle,
    );
    assert_eq!(accepted.status.code(), Some(0));
    assert_eq!(
        text(&accepted.stdout),
        "ok: the preferred shortest answer (1 action)\n"
    );
    let rejected = tiles(
        &["rummikub-puzzle", "--check", bad.to_str().unwrap()],
        puzzle,
    );
    assert_eq!(rejected.status.code(), Some(1));
    assert_eq!(
        text(&rejected.stdout),
        "action 1 (line 1) `PUT 3R 2`: 3R does not fit the row\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let impossible = tiles(&["rummikub-puzzle"], b"3R\n1\n1 4B 4G 4Y\n");
    assert_eq!(impossible.status.code(), Some(1));
    assert!(text(&impossible.stderr).starts_with("no solution: "));
    let unreadable = tiles(&["rummikub-puzzle"], b"3R\n1\n1 4B 4X 4Y\n");
    assert_eq!(unreadable.status.code(), Some(2));
    assert!(text(&unreadable.stderr).contains("line 3, column 6"));
}

#[test]
fn fiveup_check_answers_and_exit_codes() {
    let valid = tiles(&["fiveup", "check", "0-6 6-6"], b"");
    assert_eq!(
        (text(&valid.stdout).as_str(), valid.status.code()),
        ("valid\n", Some(0))
    );
    let invalid = tiles(&["fiveup", "check", "0-6 6-0"], b"");
    assert_eq!(
        (text(&invalid.stdout).as_str(), invalid.status.code()),
        (
            "invalid: 6-0 (tile 2) is the same tile as 0-6 (tile 1): a set has one of each\n",
            Some(1)
        )
    );
    let unreadable = tiles(&["fiveup", "check", "0-6", "6-"], b"");
    assert_eq!(unreadable.status.code(), Some(2));
    assert!(text(&unreadable.stderr).contains("line 1, column 7: expected a number"));
    let layout = tiles(
        &[
            "fiveup", "check", "--layout", "--score", "--units", "pips", "5-5 5-0",
        ],
        b"",
    );
    assert_eq!(layout.status.code(), Some(0));
    assert_eq!(
        text(&layout.stdout),
        "valid\n5-5 #1\n5-0 #2 (long side)\nplay  tile  count  points  player  total\n\
         \x20  1   5-5     10      10       1     10\n\
         \x20  2   5-0     10      10       2     10\n\
         no winner yet: totals 10 10, target 61\n"
    );
}

#[test]
fn fiveup_batch_answers_every_line_in_order() {
    let out = tiles(
        &["fiveup", "check"],
        b"\xEF\xBB\xBF0-6\r\n0-6 6-0\n\n# a comment\n0-\n[[12,12],[12,1],[3,12],[3,1],[1,2],[3,3]]\n6-6 6-5 5-3 3-0",
    );
    assert_eq!(out.status.code(), Some(1), "line 5 is an error");
    assert_eq!(
        text(&out.stdout),
        "valid\n\
         invalid: 6-0 (tile 2) is the same tile as 0-6 (tile 1): a set has one of each\n\
         error: line 5, column 3: expected a number, found end of input\n\
         invalid: 3-3 (tile 6) cannot be attached: no legal order of play of the tiles before it leaves a 3 open\n\
         valid\n"
    );
    let layout_in_batch = tiles(&["fiveup", "check", "--layout"], b"0-6\n");
    assert_eq!(layout_in_batch.status.code(), Some(2));
}

#[test]
fn mahjong_analyze_reports_one_hand() {
    let out = tiles(&["mahjong", "analyze", "11223344556677m"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "hand        11223344556677m (14 tiles)\n\
         complete    yes: 3 standard readings, seven pairs\n\
         reading     11m 234m 234m 567m 567m\n\
         reading     44m 123m 123m 567m 567m\n\
         reading     77m 123m 123m 456m 456m\n\
         shanten     -1 (complete: standard -1, seven pairs -1, thirteen orphans 11)\n"
    );
    let discard = tiles(&["mahjong", "analyse", "123m456p789s11223z"], b"");
    assert_eq!(
        text(&discard.stdout),
        "hand        123m456p789s11223z (14 tiles)\n\
         complete    no\n\
         shanten     0 (ready after discarding 3z: standard 0, seven pairs 4, thirteen orphans 7)\n\
         effective   12z (4 unseen: 1z:2 2z:2)\n\
         discard     3z -> ready, 12z (4 unseen)\n"
    );
    let waiting = tiles(&["mahjong", "analyze", "19m19p19s", "1234567z"], b"");
    assert!(text(&waiting.stdout).contains("waits       19m19p19s1234567z (39 unseen)"));
    let row = tiles(&["mahjong", "analyze", "--header", "1112345678999m"], b"");
    assert_eq!(
        text(&row.stdout),
        "hand\tn\tagari\tshanten_std\tshanten_chiitoi\tshanten_kokushi\tshanten\twaits\tdecomps\tdiscards\teffective\n\
         1112345678999m\t13\t-\t0\t4\t10\t0\t123456789m\t-\t-\t123456789m\n"
    );
    for bad in ["123m4", "8z", "123m"] {
        let out = tiles(&["mahjong", "analyze", bad], b"");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(text(&out.stderr).starts_with("error: "), "{bad}");
    }
}

#[test]
fn mahjong_batch_answers_every_line_in_order() {
    let out = tiles(
        &["mahjong", "analyze", "--header"],
        b"\xEF\xBB\xBF123456789m1111p\r\n\n# a comment\n55555m\n123m456p789s11122z  \n123m\n\xFF\n1m\n12m456p789s11223z",
    );
    assert_eq!(out.status.code(), Some(1), "three lines are errors");
    assert_eq!(
        text(&out.stdout),
        "hand\tn\tagari\tshanten_std\tshanten_chiitoi\tshanten_kokushi\tshanten\twaits\tdecomps\tdiscards\teffective\n\
         123456789m1111p\t13\t-\t1\t5\t9\t1\t-\t-\t-\t123456789m23456789p123456789s1234567z\n\
         55555m\tERROR\tline 4, column 5: expected at most 4 copies of each tile, found a fifth 5m\n\
         123m456p789s11122z\t14\t1\t-1\t4\t8\t-1\t-\t1\t-\t-\n\
         123m\tERROR\ta hand of 3 tiles has no shanten: it needs 3k+1 or 3k+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14)\n\
         \tERROR\tline 7: not valid UTF-8\n\
         1m\t1\t-\t0\t-\t-\t0\t-\t-\t-\t1m\n\
         12m456p789s11223z\t13\t-\t1\t4\t7\t1\t-\t-\t-\t3m12z\n"
    );
    let plain = tiles(&["mahjong", "analyze"], b"11m\n");
    assert_eq!(text(&plain.stdout), "11m\t2\t-\t-1\t-\t-\t-1\t-\t-\t-\t-\n");
}

/// Every batch mode: its arguments, a query it answers and a query it refuses.
const BATCHES: &[(&[&str], &str, &str)] = &[
    (&["rummikub", "group"], "R1 R2 R3", "R1 X2"),
    (
        &["rummikub", "group", "--json"],
        r#"{"tiles":"R1 R2 R3"}"#,
        r#"{"tiles":"R1 X2"}"#,
    ),
    (&["rummikub", "arrange"], "R1 R2 R3", "R1 X2"),
    (
        &["rummikub", "arrange", "--json"],
        r#"{"tiles":["R1","R2","R3"]}"#,
        "not json",
    ),
    (&["rummikub", "solve"], "R1 R2 R3 ; R4 K9", "R1 R2 R3 ; X4"),
    (
        &["rummikub", "solve", "--json"],
        r#"{"table":[["R1","R2","R3"]],"rack":["R4"]}"#,
        r#"{"rack":["X9"]}"#,
    ),
    (
        &["rummikub-puzzle", "--json"],
        r#"{"puzzle":"3R\n2\n1 4R 5R 6R\n2 4B 4G 4Y"}"#,
        r#"{"puzzle":"3R\n2\n1 4R 5X 6R\n2 4B 4G 4Y"}"#,
    ),
    (&["fiveup", "check"], "0-6 6-6", "0-"),
    (
        &["fiveup", "check", "--json", "--score"],
        r#"{"game":[[0,6],[6,6]]}"#,
        r#"{"game":"0-"}"#,
    ),
    (
        &["huxxy", "eval"],
        "score(['4C', '2H', 'KS'])",
        "score(['ZZ'])",
    ),
    (
        &["huxxy", "eval", "--json"],
        r#"{"call":"score(['4C', '2H', 'KS'])"}"#,
        r#"{"call":"score(['4C']) == 4"}"#,
    ),
    (
        &["huxxy", "game", "--json"],
        r#"{"seed":5}"#,
        r#"{"bots":"search,greedy"}"#,
    ),
    (
        &["huxxy", "tournament", "--json"],
        r#"{"games":8}"#,
        r#"{"games":8,"bots":"search,nobody,greedy,greedy"}"#,
    ),
    (&["mahjong", "analyze"], "123m456p789s11122z", "123"),
    (
        &["mahjong", "analyze", "--json"],
        r#"{"hand":"123m456p789s11122z"}"#,
        r#"{"hand":"123"}"#,
    ),
];

/// Each batch mode answers one line per query line, in order, whatever the line ends, a byte
/// order mark, trailing spaces and a missing final newline.
#[test]
fn every_batch_mode_answers_line_for_line() {
    for &(args, good, bad) in BATCHES {
        let alone = tiles(args, format!("{good}\n").as_bytes());
        assert_eq!(
            alone.status.code(),
            Some(0),
            "{args:?}: every line answered"
        );
        let alone = text(&alone.stdout);
        let input = format!("\u{feff}{good}\r\n{bad}   \r\n\r\n# a comment\n  {good}  ");
        let out = tiles(args, input.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{args:?}: a line was an error");
        let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
        assert_eq!(lines.len(), 3, "{args:?}: {lines:?}");
        assert_eq!(format!("{}\n", lines[0]), alone, "{args:?}");
        assert_eq!(lines[0], lines[2], "{args:?}");
        // Mahjong's rows are TSV, with an `ERROR` column.
        assert!(
            lines[1].to_lowercase().contains("error"),
            "{args:?}: {}",
            lines[1]
        );
        assert!(lines[1].contains("line 2"), "{args:?}: {}", lines[1]);
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
}

/// Each batch mode ends quietly, exit 0 and no panic message, when its stdout is closed.
#[test]
fn every_batch_mode_ends_quietly_on_a_closed_stdout() {
    use std::io::BufRead;
    for &(args, good, _) in BATCHES {
        let mut child = spawn(args);
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        stdin.write_all(format!("{good}\n").as_bytes()).unwrap();
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        assert!(!first.is_empty(), "{args:?}");
        drop(stdout);
        let line = format!("{good}\n");
        let writer = std::thread::spawn(move || {
            for _ in 0..10_000 {
                if stdin.write_all(line.as_bytes()).is_err() {
                    break;
                }
            }
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(text(&out.stderr), "", "{args:?}: no panic message");
    }
}

/// A line longer than a batch line may be (4 MiB) is answered with an error, not held in
/// memory, and the lines after it are answered as usual.
#[test]
fn a_ten_megabyte_line_is_refused_and_the_batch_goes_on() {
    let long = "R1 ".repeat(10_000_000 / 3);
    let input = format!("R1 R2 R3\n{long}\nR4 R5 R6\n");
    let out = tiles(&["rummikub", "group"], input.as_bytes());
    assert_eq!(
        text(&out.stdout),
        "valid run\n\
         error: line 2: longer than 4194304 bytes, the most a batch line may hold\n\
         valid run\n"
    );
    let input = format!("{{\"tiles\":[\"R1\"]}}\n{long}\n");
    let out = tiles(&["rummikub", "arrange", "--json"], input.as_bytes());
    assert_eq!(
        text(&out.stdout),
        "{\"groups\":null}\n\
         {\"error\":\"line 2: longer than 4194304 bytes, the most a batch line may hold\"}\n"
    );
}

/// 100,000 batch lines get 100,000 answers, in order.
#[test]
fn a_hundred_thousand_lines_are_answered_in_order() {
    let input: String = (0..100_000)
        .map(|i| if i % 3 == 0 { "R1 R2\n" } else { "R1 R2 R3\n" })
        .collect();
    let out = tiles(&["rummikub", "group"], input.as_bytes());
    let answers = text(&out.stdout);
    let lines: Vec<&str> = answers.lines().collect();
    assert_eq!(lines.len(), 100_000);
    for (i, line) in lines.iter().enumerate() {
        let expected = if i % 3 == 0 {
            "invalid: a group needs at least 3 tiles, got 2"
        } else {
            "valid run"
        };
        assert_eq!(*line, expected, "line {}", i + 1);
    }
}

/// A Five Up game of 100,000 tiles is one batch line, checked like any other.
#[test]
fn a_five_up_game_of_a_hundred_thousand_tiles() {
    let game: Vec<String> = (0..100_000).map(|i| format!("{i}-{}", i + 1)).collect();
    let input = format!("{}\n0-1 1-0\n", game.join(" "));
    let out = tiles(&["fiveup", "check"], input.as_bytes());
    let answers = text(&out.stdout);
    let lines: Vec<&str> = answers.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0], "valid");
    assert!(lines[1].starts_with("invalid"), "{}", lines[1]);
}

/// A puzzle longer than any puzzle can be (1 MiB) is refused without being read whole.
#[test]
fn a_puzzle_longer_than_a_megabyte_is_refused() {
    let input = format!("3R\n1\n1 4R 5R 6R\n{}", "# padding\n".repeat(200_000));
    let out = tiles(&["rummikub-puzzle"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: stdin is longer than 1048576 bytes, the most a puzzle or answer may take\n"
    );
}

/// Commands that print a whole text at once end quietly too when stdout is already closed.
#[test]
fn single_answers_end_quietly_on_a_closed_stdout() {
    let cases: &[(&[&str], &[u8])] = &[
        (&["huxxy", "game"], b""),
        (&["huxxy", "eval", "score(['4C', '2H', 'KS'])"], b""),
        (
            &["rummikub-puzzle", "--trace"],
            b"3R\n2\n1 4R 5R 6R\n2 4B 4G 4Y\n",
        ),
        (&["rummikub", "group", "R1", "R2", "R3"], b""),
    ];
    for &(args, stdin) in cases {
        let mut child = spawn(args);
        drop(child.stdout.take());
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(stdin);
        drop(input);
        let out = child.wait_with_output().unwrap();
        assert_eq!(text(&out.stderr), "", "{args:?}: no panic message");
        assert_ne!(out.status.code(), None, "{args:?}: ended by a signal");
    }
}

/// The `tiles` arguments whose `--json` mode answers `operation`.
fn json_mode(operation: &str) -> &'static [&'static str] {
    match operation {
        "rummikub/group" => &["rummikub", "group", "--json"],
        "rummikub/arrange" => &["rummikub", "arrange", "--json"],
        "rummikub/solve" => &["rummikub", "solve", "--json"],
        "rummikub-puzzle/solve" | "rummikub-puzzle/check" => &["rummikub-puzzle", "--json"],
        "fiveup/check" => &["fiveup", "check", "--json"],
        "huxxy/eval" => &["huxxy", "eval", "--json"],
        "huxxy/game" => &["huxxy", "game", "--json"],
        "huxxy/tournament" => &["huxxy", "tournament", "--json"],
        "mahjong/analyze" => &["mahjong", "analyze", "--json"],
        other => panic!("no JSON mode for {other}"),
    }
}

/// Every operation's documented example, sent through the command, gives the documented
/// response byte for byte.
#[test]
fn the_documented_examples_through_the_command() {
    let examples = tiles_api::examples();
    assert_eq!(examples.len(), tiles_api::OPERATIONS.len());
    for example in examples {
        let out = tiles(
            json_mode(&example.operation),
            format!("{}\n", example.request).as_bytes(),
        );
        assert_eq!(
            (text(&out.stdout), out.status.code()),
            (format!("{}\n", example.response), Some(0)),
            "{}",
            example.operation
        );
    }
}

/// The options of a `--json` mode are the defaults of the lines that leave those fields out.
#[test]
fn json_lines_take_the_options_as_defaults() {
    let out = tiles(
        &["rummikub", "group", "--json", "--rules", "codegolf"],
        b"{\"tiles\":\"R3 R2 R1\"}\n{\"tiles\":\"R3 R2 R1\",\"rules\":\"standard\"}\n",
    );
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert!(lines[0].starts_with(r#"{"valid":false,"#), "{}", lines[0]);
    assert!(lines[1].starts_with(r#"{"valid":true,"#), "{}", lines[1]);
    let out = tiles(
        &["fiveup", "check", "--json", "--score", "--units", "pips"],
        b"{\"game\":\"5-5\"}\n{\"game\":\"5-5\",\"score\":false}\n",
    );
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines[0]["score"]["plays"][0]["points"], 10);
    assert_eq!(lines[1]["score"], serde_json::Value::Null);
}

/// Every command that reads a batch says in its help how a batch exits.
#[test]
fn batch_help_gives_the_exit_codes() {
    for args in [
        &["rummikub", "group"][..],
        &["rummikub", "arrange"],
        &["rummikub", "solve"],
        &["rummikub-puzzle"],
        &["fiveup", "check"],
        &["huxxy", "eval"],
        &["huxxy", "game"],
        &["huxxy", "tournament"],
        &["mahjong", "analyze"],
    ] {
        let mut args = args.to_vec();
        args.push("--help");
        let help = text(&tiles(&args, b"").stdout);
        assert!(
            help.contains(
                "it exits 0 when every line was answered and 1 when any line was an error"
            ),
            "{args:?}: {help}"
        );
    }
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish"] {
        let out = tiles(&["completions", shell], b"");
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = text(&out.stdout);
        assert!(script.contains("rummikub-puzzle"), "{shell}");
        assert!(script.contains("objective"), "{shell}");
        // The objectives' names come from the library and are offered for completion.
        assert!(script.contains("tiles-then-value"), "{shell}");
    }
    let out = tiles(&["man"], b"");
    assert_eq!(out.status.code(), Some(0));
    let page = text(&out.stdout);
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{}", &page[..40]);
    assert!(page.contains(".TH tiles 1"));
    assert!(page.contains("rummikub\\-puzzle"));
}

/// Run on a terminal (a pseudo-terminal from util-linux's `script`), a batch says on stderr
/// that it is reading queries and how to end; piped, it says nothing (every other test).
#[test]
fn a_batch_on_a_terminal_says_it_is_reading() {
    let command = format!("'{}' rummikub group", env!("CARGO_BIN_EXE_tiles"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    // The query, then Ctrl-D: the terminal's end of input.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"R1 R2 R3\n\x04")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let shown = text(&output.stdout).replace('\r', "");
    assert!(
        shown.contains("reading groups from the terminal, one per line; end with Ctrl-D\n"),
        "{shown}"
    );
    assert!(shown.contains("valid run\n"), "{shown}");
}

#[test]
fn colours_the_rules_lack_are_one_error_everywhere() {
    let group = tiles(&["rummikub", "group", "G1 G2 G3"], b"");
    assert_eq!(
        (text(&group.stdout).as_str(), group.status.code()),
        (
            "invalid: G1: green is not a colour of these rules (black, blue, orange, red)\n",
            Some(1)
        )
    );
    let arrange = tiles(&["rummikub", "arrange", "G1 G2 G3"], b"");
    assert_eq!(
        (text(&arrange.stderr).as_str(), arrange.status.code()),
        (
            "error: in the tiles: G1: green is not a colour of these rules (black, blue, orange, red)\n",
            Some(2)
        )
    );
    let solve = tiles(
        &[
            "rummikub", "solve", "--table", "R1 R2 R3", "--rack", "R4 Y5",
        ],
        b"",
    );
    assert_eq!(
        (text(&solve.stderr).as_str(), solve.status.code()),
        (
            "error: in the rack: Y5: yellow is not a colour of these rules (black, blue, orange, red)\n",
            Some(2)
        )
    );
    let table = tiles(
        &[
            "rummikub",
            "solve",
            "--table",
            "R1 R2 R3 | G1 G2 G3",
            "--rack",
            "R4",
        ],
        b"",
    );
    assert_eq!(
        text(&table.stderr),
        "error: table group 2 (G1 G2 G3) is not valid: G1: green is not a colour of these rules (black, blue, orange, red)\n"
    );
}

#[test]
fn puzzle_check_traces_the_proposed_answer() {
    let dir = std::env::temp_dir().join(format!("tiles-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let puzzle = dir.join("puzzle.txt");
    let answer = dir.join("answer.txt");
    std::fs::write(&puzzle, "3R\n2\n1 4R 5R 6R\n2 4B 4G 4Y\n").unwrap();
    std::fs::write(&answer, "PUT 3R 1\n1 3R 4R 5R 6R\n2 4B 4G 4R\n").unwrap();
    let out = tiles(
        &[
            "rummikub-puzzle",
            puzzle.to_str().unwrap(),
            "--check",
            answer.to_str().unwrap(),
            "--trace",
        ],
        b"",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        (
            "PUT 3R 1\n  1 3R 4R 5R 6R\n  2 4B 4G 4Y\n1 3R 4R 5R 6R\n2 4B 4G 4Y\n\
             line 3: the rows are not the table the actions leave: expected `2 4B 4G 4Y`, found `2 4B 4G 4R`\n",
            Some(1)
        )
    );
}
