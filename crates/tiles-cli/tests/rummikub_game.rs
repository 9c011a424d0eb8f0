//! `tiles rummikub turn`, `game` and `tournament` end to end: answers, exit codes, batches and
//! errors naming the option.

mod support;

use support::{text, tiles};

#[test]
fn turn_says_legal_or_why_not_with_exit_codes() {
    let out = tiles(
        &[
            "rummikub",
            "turn",
            "--table",
            "R1 R2 R3 | K6 K7 K8 K9",
            "--rack",
            "R4 B9 O9 K1",
            "--after",
            "K6 K7 K8 | R1 R2 R3 R4 | K9 B9 O9",
            "--opened",
        ],
        b"",
    );
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        (
            "legal: places B9 O9 R4 (value 22)\nstep 1: take K9 from K6 K7 K8 K9 and B9 O9 from the rack to make K9 B9 O9\nstep 2: add R4 to R1 R2 R3\nleft: K1\n",
            Some(0)
        )
    );
    let out = tiles(
        &[
            "rummikub",
            "turn",
            "--table",
            "R1 R2 R3",
            "--rack",
            "R4 K8 K9 K10",
            "--after",
            "R1 R2 R3 R4 | K8 K9 K10",
        ],
        b"",
    );
    assert_eq!(
        (text(&out.stdout).as_str(), out.status.code()),
        (
            "illegal: the initial meld may not change the table: R1 R2 R3 was changed\n",
            Some(1)
        )
    );
    let out = tiles(
        &["rummikub", "turn", "--rack", "R4 X9", "--after", "R4"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: in --rack: line 1, column 4: expected a tile"));
    let out = tiles(
        &[
            "rummikub", "turn", "--table", "R1 R2", "--after", "R1 R2 R3",
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
fn turn_batch_answers_every_line_in_order() {
    let out = tiles(
        &["rummikub", "turn", "--opened"],
        b"R1 R2 R3 ; R4 K9 ; R1 R2 R3 R4\nR1 R2 R3 ; R4 ; R1 R2 R3 R5\nR1 R2 R3 ; R4 Q9 ; R1 R2 R3 R4\nnonsense\n",
    );
    assert_eq!(
        text(&out.stdout),
        "legal: places R4 (value 4); step 1: add R4 to R1 R2 R3; left: K9\n\
         illegal: group 1 (R1 R2 R3 R5) is not valid: a run needs consecutive numbers: R3 is followed by R5 (1 joker needed, 0 given)\n\
         error: line 3, column 15: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"Q9\"\n\
         error: line 4: expected TABLE ; RACK ; AFTER (groups separated by |, then ; and the rack, then ; and the table after), found \"nonsense\"\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn game_prints_the_whole_log_and_refuses_bad_line_ups() {
    let out = tiles(
        &["rummikub", "game", "--seed", "3", "--bots", "solver,value"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let log = text(&out.stdout);
    assert!(log.starts_with("rummikub, 2 players, seed 3\nplayer 0 (solver) is dealt "));
    assert!(log.contains("step 1: lay down"));
    assert!(log.contains("the game ends: "));
    // The same seed, the same game.
    let again = tiles(
        &["rummikub", "game", "--seed", "3", "--bots", "solver,value"],
        b"",
    );
    assert_eq!(again.stdout, out.stdout);
    // One name, in any case, fills every seat.
    let four = tiles(
        &["rummikub", "game", "--seed", "3", "--bots", "Greedy"],
        b"",
    );
    assert_eq!(four.status.code(), Some(0));
    assert!(
        text(&four.stdout).starts_with("rummikub, 4 players"),
        "{}",
        text(&four.stdout)
    );
    for (bots, message) in [
        (
            "solver,solver,solver,solver,solver",
            "error: --bots: 5 names: a game has 2 to 4 players, not 5\n",
        ),
        (
            "solver,robot",
            "error: --bots: unknown bot \"robot\": expected solver, value or greedy\n",
        ),
        (
            "human,solver",
            "error: --bots: human seats play only in rummikub/game, with their moves\n",
        ),
    ] {
        let out = tiles(&["rummikub", "game", "--bots", bots], b"");
        assert_eq!(
            (text(&out.stderr).as_str(), out.status.code()),
            (message, Some(2))
        );
    }
}

#[test]
fn tournament_prints_the_table() {
    let out = tiles(
        &[
            "rummikub",
            "tournament",
            "--games",
            "8",
            "--bots",
            "solver,greedy,greedy",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let table = text(&out.stdout);
    assert!(table.starts_with("8 games of 3 players, seed 1\nentry  bot       wins   win %  avg rank  avg points  forfeits\n0      solver "));
    let out = tiles(&["rummikub", "tournament", "--games", "1000001"], b"");
    assert_eq!(out.status.code(), Some(2));
}
