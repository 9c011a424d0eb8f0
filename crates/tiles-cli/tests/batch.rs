//! What every batch mode does alike: one answer per query line in order whatever the line
//! ends, exit codes, a closed stdout, lines and inputs past the limits, the help on exit
//! codes, and the notice on a terminal.

mod support;

use std::io::Write;
use std::process::{Command, Stdio};

use support::{spawn, text, tiles};

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
    (
        &["mahjong", "score", "--json"],
        r#"{"hand":"123m456p789s11122z","win":"2z"}"#,
        r#"{"hand":"123m456p789s11122z","win":"3z"}"#,
    ),
];

/// A batch fed one line at a time (a pipeline, a bot, a terminal) gets each answer before it
/// sends the next line: nothing answered waits in a buffer for more input.
#[test]
fn every_batch_mode_answers_each_line_before_the_next_arrives() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;
    for (args, good, bad) in BATCHES {
        let mut child = spawn(args);
        let mut input = child.stdin.take().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        let (lines, answers) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut line = String::new();
            while output.read_line(&mut line).is_ok_and(|read| read > 0) {
                if lines.send(std::mem::take(&mut line)).is_err() {
                    break;
                }
            }
        });
        for (round, query) in [good, bad, good, good].iter().enumerate() {
            writeln!(input, "{query}").unwrap();
            input.flush().unwrap();
            let answer = answers.recv_timeout(Duration::from_secs(30));
            assert!(
                answer.is_ok(),
                "{args:?}: no answer to line {} while the next is not sent",
                round + 1
            );
        }
        drop(input);
        child.wait().unwrap();
        reader.join().unwrap();
    }
}

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
