//! Running the `tiles` binary from the tests: its output and exit code for given arguments
//! and stdin.

// Each test file uses what it needs of this module.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// `tiles` with `args`, its stdin, stdout and stderr piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tiles"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tiles runs")
}

/// `tiles` with `args` run to the end on `stdin`.
pub fn tiles(args: &[&str], stdin: &[u8]) -> Output {
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

/// Output as text (lossy, for messages).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts that `record` (a game record, written by `tiles mahjong game`) read on stdin by
/// `tiles mahjong replay -` agrees to its final points; `label` names it in failures.
pub fn replays_from_stdin(record: &[u8], label: &str) {
    let replayed = tiles(&["mahjong", "replay", "-"], record);
    let stdout = text(&replayed.stdout);
    assert_eq!(replayed.status.code(), Some(0), "{label}: {stdout}");
    assert!(stdout.contains("final points agree"), "{label}: {stdout}");
}

/// A folder of real records in `testdata/mahjong-game/logs`.
pub fn logs(folder: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/mahjong-game/logs")
        .join(folder)
}

/// A path as an argument.
pub fn path_text(path: &std::path::Path) -> String {
    path.to_string_lossy().into_owned()
}

/// A real record's text: `path` in `testdata/mahjong-game/logs`.
pub fn record(path: &str) -> String {
    let path = logs(path);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The simulated mjai hanchan of the records suite with its second hand's first discard taken
/// out: a record the engine cannot follow through that hand.
pub fn mjai_without_a_discard() -> String {
    let record = record("mjai/126_204_0_mjai.jsonl");
    let mut lines: Vec<&str> = record.lines().collect();
    let second = lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.contains("\"start_kyoku\""))
        .nth(1)
        .unwrap()
        .0;
    let dahai = (second..lines.len())
        .find(|&at| lines[at].contains("\"dahai\""))
        .unwrap();
    lines.remove(dahai);
    lines.join("\n")
}
