//! The Rummikub action puzzle: any text is a puzzle or an error; a puzzle is solved or has no
//! solution, and the answer it gives checks as a preferred answer. Text after a `---` line is
//! also read as an answer and checked against the puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rummikub_puzzle::{answer, check, parse_answer, parse_puzzle};

fuzz_target!(|text: &str| {
    let (puzzle_text, answer_text) = text.split_once("\n---\n").unwrap_or((text, ""));
    let Ok(puzzle) = parse_puzzle(puzzle_text) else {
        return;
    };
    if let Ok(given) = parse_answer(answer_text) {
        let _ = check(&puzzle, &given);
    }
    if puzzle.table.rows().len() > 12 {
        // Bigger puzzles are exact but may take long; the benchmarks cover them.
        return;
    }
    if let Ok(solution) = answer(&puzzle) {
        let parsed = parse_answer(&solution).expect("the solver's answer reads back");
        assert!(check(&puzzle, &parsed).is_preferred(), "{solution}");
    }
});
