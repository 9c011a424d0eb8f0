//! A long command's progress line on a terminal (a pseudo-terminal made by util-linux's
//! `script`): stopped by Ctrl-C or run to the end, each game's tournament ends its progress
//! line with the final count and a newline before the results, so no results line is glued
//! onto it.

use std::process::Command;

/// What a terminal shows of `tiles ARGS` (stdout and stderr both on it), with Ctrl-C after
/// `interrupt_after` seconds if given: one SIGINT, as one Ctrl-C sends. (`timeout` without
/// `--foreground` signals the command and then its whole process group, the command again:
/// two signals, which `tiles` rightly takes for a second Ctrl-C that ends it at once, when
/// its listener wakes between them, as it did on a loaded machine.)
fn on_a_terminal(args: &str, interrupt_after: Option<f32>) -> String {
    let tiles = env!("CARGO_BIN_EXE_tiles");
    let command = match interrupt_after {
        Some(seconds) => format!("timeout --foreground -s INT {seconds} {tiles} {args}"),
        None => format!("{tiles} {args}"),
    };
    let out = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
        .expect("util-linux's script runs");
    String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n")
}

/// The progress drawn (each `\r\x1b[K` redraw) and the lines after the last one.
fn progress_and_after(shown: &str) -> (Vec<String>, Vec<String>) {
    let mut draws: Vec<String> = shown.split("\r\x1b[K").skip(1).map(str::to_owned).collect();
    let Some(last) = draws.pop() else {
        return (Vec::new(), shown.lines().map(str::to_owned).collect());
    };
    let mut lines = last.split('\n').map(str::to_owned);
    draws.push(lines.next().unwrap_or_default());
    (draws, lines.collect())
}

/// `N of M games in …` read as (N, M).
fn counts(line: &str) -> (u64, u64) {
    let mut words = line.split_whitespace();
    let done = words
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or(u64::MAX);
    assert_eq!(words.next(), Some("of"), "{line:?}");
    let total = words
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or(u64::MAX);
    (done, total)
}

#[test]
fn ctrl_c_ends_the_progress_line_with_the_games_played_before_the_results() {
    for (game, first) in [
        ("mahjong", "games, seed 7"),
        ("rummikub", "games of 4 players, seed 7"),
        ("huxxy", "games, seed 7"),
    ] {
        let shown = on_a_terminal(
            &format!("{game} tournament --games 1000000 --seed 7"),
            Some(3.0),
        );
        let (draws, after) = progress_and_after(&shown);
        assert!(draws.len() >= 2, "{game}: no progress drawn: {shown:?}");
        let last = draws.last().unwrap();
        assert!(last.contains(" games in "), "{game}: {last:?}");
        let (played, asked) = counts(last);
        assert_eq!(asked, 1_000_000, "{game}: {last:?}");
        assert!(
            after[0].starts_with(&played.to_string()) && after[0].contains(first),
            "{game}: the results do not start on a line of their own after {last:?}: {after:?}"
        );
        let stopped = format!("stopped after {played} of {asked} games");
        assert!(
            after.iter().any(|line| line.contains(&stopped)),
            "{game}: {stopped:?} not in {after:?}"
        );
    }
}

#[test]
fn a_finished_tournament_shows_its_total_last() {
    let shown = on_a_terminal("mahjong tournament --games 400 --seed 7", None);
    let (draws, after) = progress_and_after(&shown);
    assert!(after[0].starts_with("400 games, seed 7"), "{shown:?}");
    // Drawn only if the games took more than half a second; then the last says all 400.
    if let Some(last) = draws.last() {
        assert_eq!(counts(last), (400, 400), "{last:?}");
        assert!(last.contains(" games in "), "{last:?}");
    }
}
