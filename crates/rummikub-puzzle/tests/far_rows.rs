//! Rows that can't matter must not multiply the search: the same states, the same answer.

mod support;

use rummikub_puzzle::{parse_puzzle, solve_counting};

#[test]
fn far_rows_add_no_states_to_the_part_2_example() {
    let text = "3G\n5\n1 4G 4R 4Y\n2 6G 6R 6Y\n3 4B 5B 6B 7B 8B 9B\n4 7G 8G 9G\n5 5G 5R 5Y\n";
    let puzzle = parse_puzzle(text).expect("the published example");
    let (alone, states) = solve_counting(&puzzle.table, puzzle.goal);
    let alone = alone.expect("the example has an answer");
    assert_eq!(alone.len(), 13);
    for rows in [10, 15, 20] {
        let table = support::with_far_rows(&puzzle.table, puzzle.goal, rows);
        assert_eq!(table.rows().len(), rows);
        let (answer, with_far_rows) = solve_counting(&table, puzzle.goal);
        assert_eq!(answer.as_ref(), Ok(&alone), "{rows} rows");
        assert_eq!(with_far_rows, states, "{rows} rows");
    }
}

#[test]
fn far_rows_add_no_states_to_chains() {
    for links in 2..=5 {
        let (table, goal) = support::chain_puzzle(links, false);
        let (alone, states) = solve_counting(&table, goal);
        let alone = alone.expect("a chain has an answer");
        assert_eq!(alone.len(), usize::from(4 * links + 1));
        let padded = support::with_far_rows(&table, goal, 20);
        let (answer, with_far_rows) = solve_counting(&padded, goal);
        assert_eq!(answer.as_ref(), Ok(&alone), "{links} links");
        assert_eq!(with_far_rows, states, "{links} links");
    }
}
