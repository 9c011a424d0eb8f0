//! The `tiles` binary end to end, game by game: answers, exit codes and error messages of
//! single queries and text batches; completions and the man page.

mod support;

use support::{text, tiles};

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

/// Errors name what the user typed: the option and its value, not the JSON field behind it;
/// counts in words that fit; an empty game said to be one.
#[test]
fn messages_speak_of_what_was_typed() {
    let cases: &[(&[&str], i32, &str, &str)] = &[
        (
            &[
                "mahjong",
                "score",
                "123m456p789s11555z",
                "--win",
                "5z",
                "--seat",
                "X",
            ],
            2,
            "",
            "error: --seat X: unknown wind \"X\"",
        ),
        (
            &[
                "mahjong",
                "score",
                "123m456p789s11555z",
                "--win",
                "5z",
                "--dora",
                "3m,5q",
            ],
            2,
            "",
            "error: --dora 3m,5q, column 5:",
        ),
        (
            &[
                "mahjong",
                "score",
                "123m456p789s11555z",
                "--win",
                "5z",
                "--rule",
                "kiriage=maybe",
            ],
            2,
            "",
            "error: --rule kiriage=maybe: \"maybe\" is not true or false",
        ),
        (
            &["rummikub", "arrange", "R1", "R1", "R1"],
            2,
            "",
            "error: 3 copies of R1, the rules have 2",
        ),
        (
            &["mahjong", "analyze", "1m"],
            0,
            "hand        1m (1 tile)",
            "",
        ),
        (
            &["fiveup", "check", ""],
            0,
            "valid (an empty game: no tiles were read)",
            "",
        ),
    ];
    for &(args, code, stdout, stderr) in cases {
        let output = tiles(args, b"");
        assert_eq!(
            output.status.code(),
            Some(code),
            "{args:?}: {}",
            text(&output.stderr)
        );
        assert!(
            text(&output.stdout).starts_with(stdout),
            "{args:?}: {}",
            text(&output.stdout)
        );
        assert!(
            text(&output.stderr).starts_with(stderr),
            "{args:?}: {}",
            text(&output.stderr)
        );
    }
}
