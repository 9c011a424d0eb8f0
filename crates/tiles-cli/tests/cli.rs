//! The `tiles` binary end to end: answers, exit codes, batch mode.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn tiles(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tiles"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tiles runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_issue_examples() {
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
    assert_eq!(out.status.code(), Some(0));
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
fn closed_stdout_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tiles"))
        .args(["rummikub", "group"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    // Read one answer, then close our end of its stdout and keep feeding it lines.
    stdin.write_all(b"R1 R2 R3\n").unwrap();
    let mut first = [0u8; 10];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    assert_eq!(&first, b"valid run\n");
    drop(stdout);
    let writer = std::thread::spawn(move || {
        for _ in 0..10_000 {
            if stdin.write_all(b"R1 R2 R3\n").is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr), "", "no panic message");
}
