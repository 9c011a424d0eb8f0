//! The two published examples: exact output, accepted by the check mode, and every
//! single-action mutation of them rejected with the right reason.

use rummikub_puzzle::{Action, Answer, Piece, Verdict, answer, check, parse_answer, parse_puzzle};

const PART1: &str = "3R\n2\n1 4R 5R 6R\n2 4B 4G 4Y\n";
const PART1_ANSWER: &str = "PUT 3R 1\n1 3R 4R 5R 6R\n2 4B 4G 4Y\n";
const PART2: &str = "3G\n5\n1 4G 4R 4Y\n2 6G 6R 6Y\n3 4B 5B 6B 7B 8B 9B\n4 7G 8G 9G\n5 5G 5R 5Y\n";
const PART2_ANSWER: &str = "TAKE 4B 3\nPUT 4B 1\nTAKE 5B 3\nPUT 5B 5\nTAKE 6B 3\nPUT 6B 2\n\
TAKE 6G 2\nPUT 6G 4\nTAKE 5G 5\nPUT 5G 4\nTAKE 4G 1\nPUT 4G 4\nPUT 3G 4\n\
1 4B 4R 4Y\n2 6B 6R 6Y\n3 7B 8B 9B\n4 3G 4G 5G 6G 7G 8G 9G\n5 5B 5R 5Y\n";

#[test]
fn published_examples_print_exactly() {
    for (puzzle, expected) in [(PART1, PART1_ANSWER), (PART2, PART2_ANSWER)] {
        let puzzle = parse_puzzle(puzzle).unwrap();
        assert_eq!(answer(&puzzle).unwrap(), expected);
    }
}

#[test]
fn check_accepts_the_published_answers() {
    for (puzzle, expected) in [(PART1, PART1_ANSWER), (PART2, PART2_ANSWER)] {
        let puzzle = parse_puzzle(puzzle).unwrap();
        let verdict = check(&puzzle, &parse_answer(expected).unwrap());
        assert!(verdict.is_preferred(), "{verdict}");
    }
}

/// Every way to change one action: another tile, another row, another kind, dropped, or
/// swapped with the next.
fn mutations(actions: &[Action]) -> Vec<(usize, Vec<Action>)> {
    let mut found = Vec::new();
    let pieces: Vec<Piece> = (1..=13)
        .flat_map(|value| (0..4).map(move |color| Piece::Plain { value, color }))
        .chain([Piece::Joker])
        .collect();
    for (at, &action) in actions.iter().enumerate() {
        let mut replace = |new: Action| {
            if new != action {
                let mut changed = actions.to_vec();
                changed[at] = new;
                found.push((at, changed));
            }
        };
        match action {
            Action::Take(piece, row) | Action::Put(piece, row) => {
                let put = matches!(action, Action::Put(..));
                for &other in &pieces {
                    replace(if put {
                        Action::Put(other, row)
                    } else {
                        Action::Take(other, row)
                    });
                }
                for other in 1..=7 {
                    replace(if put {
                        Action::Put(piece, other)
                    } else {
                        Action::Take(piece, other)
                    });
                }
                replace(if put {
                    Action::Take(piece, row)
                } else {
                    Action::Put(piece, row)
                });
                replace(Action::Combine(1, row.max(2)));
            }
            Action::Combine(a, b) => {
                replace(Action::Combine(b, a));
                replace(Action::Combine(a, b + 1));
            }
        }
        let mut dropped = actions.to_vec();
        dropped.remove(at);
        found.push((at, dropped));
        if at + 1 < actions.len() && actions[at] != actions[at + 1] {
            let mut swapped = actions.to_vec();
            swapped.swap(at, at + 1);
            found.push((at, swapped));
        }
    }
    found
}

#[test]
fn check_rejects_every_single_action_mutation() {
    for (puzzle, expected) in [(PART1, PART1_ANSWER), (PART2, PART2_ANSWER)] {
        let puzzle = parse_puzzle(puzzle).unwrap();
        let published = parse_answer(expected).unwrap();
        let actions: Vec<Action> = published
            .actions
            .iter()
            .map(|&(_, action)| action)
            .collect();
        let mut illegal = 0;
        for (at, mutated) in mutations(&actions) {
            let answer = Answer {
                actions: mutated
                    .iter()
                    .enumerate()
                    .map(|(i, &a)| (i + 1, a))
                    .collect(),
                rows: Vec::new(),
            };
            let verdict = check(&puzzle, &answer);
            match &verdict {
                Verdict::Preferred { .. } => {
                    panic!("mutation at action {} accepted: {mutated:?}", at + 1)
                }
                // The first broken rule is at the mutated action or later: the actions before
                // it are the published ones.
                Verdict::Illegal { at: found, .. } => {
                    illegal += 1;
                    // (or the one before, when dropping the last action left it last).
                    let last_left = *found == at && at == mutated.len();
                    assert!(
                        *found > at || last_left,
                        "{verdict} for a mutation at action {}",
                        at + 1
                    );
                }
                Verdict::NotShortest { shortest, .. } => assert_eq!(*shortest, actions.len()),
                Verdict::NotPreferred { at: found, .. } => assert!(*found > at, "{verdict}"),
                other => panic!("unexpected verdict {other} for {mutated:?}"),
            }
        }
        assert!(illegal > 0);
    }
}

#[test]
fn check_reports_the_broken_rule_and_action() {
    let puzzle = parse_puzzle(PART2).unwrap();
    let cases = [
        (
            "TAKE 5B 3\nPUT 5B 5\n",
            "action 1 (line 1) `TAKE 5B 3`: taking 5B would split the run into a part of fewer than 3 tiles",
        ),
        (
            "TAKE 4B 3\nPUT 4B 2\n",
            "action 2 (line 2) `PUT 4B 2`: 4B does not fit the row",
        ),
        (
            "TAKE 4B 3\nPUT 4B 1\nPUT 3G 4\n",
            "action 3 (line 3) `PUT 3G 4`: 3G does not fit the row",
        ),
        (
            "TAKE 4B 3\nPUT 5B 1\n",
            "action 2 (line 2) `PUT 5B 1`: a TAKE must be followed at once by the PUT of the same tile (4B)",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(
            check(&puzzle, &parse_answer(text).unwrap()).to_string(),
            expected
        );
    }
}

#[test]
fn a_taken_copy_of_the_goal_tile_does_not_place_the_goal() {
    let puzzle = parse_puzzle("4G\n2\n1 4B 4G 4R 4Y\n2 5G 6G 7G\n").unwrap();
    let verdict = check(&puzzle, &parse_answer("TAKE 4G 1\nPUT 4G 2\n").unwrap());
    assert_eq!(
        verdict.to_string(),
        "action 2 (line 2) `PUT 4G 2`: the last action must be PUT 4G rowid"
    );
}

#[test]
fn row_ids_are_capped_so_split_ids_cannot_overflow() {
    let error = parse_puzzle("3R\n1\n65535 4R 5R 6R 7R 8R 9R\n").unwrap_err();
    assert_eq!((error.line, error.column), (3, 1));
    assert!(error.expected.contains("1 to 9999"), "{error}");
    assert!(parse_puzzle("3R\n1\n9999 4R 5R 6R\n").is_ok());
}
