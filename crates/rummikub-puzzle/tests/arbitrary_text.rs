//! No text makes the puzzle and answer readers panic: arbitrary text, and text built from
//! the notation's own pieces, is read or refused with an error. A puzzle that is read is
//! checked against any answer that is read.

use proptest::prelude::*;
use rummikub_puzzle::{check, parse_answer, parse_piece, parse_puzzle};
use tiles_testkit::props::{arbitrary_text, text_of};

/// Text made of puzzle and answer pieces, good and bad.
fn notation_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[0-9]{1,2}[RBGYK]",
        "[0-9]{1,2}",
        Just("J".to_owned()),
        Just(" ".to_owned()),
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("PUT ".to_owned()),
        Just("TAKE ".to_owned()),
        Just("COMBINE ".to_owned()),
        Just("-".to_owned()),
        "\\PC",
    ];
    text_of(piece, 30)
}

fn read_everything(text: &str) {
    let _ = parse_piece(text);
    let answer = parse_answer(text);
    if let Ok(puzzle) = parse_puzzle(text)
        && let Ok(answer) = answer
    {
        let _ = check(&puzzle, &answer);
    }
}

proptest! {
    #[test]
    fn arbitrary_text_is_read_or_refused(text in arbitrary_text()) {
        read_everything(&text);
    }

    #[test]
    fn notation_like_text_is_read_or_refused(text in notation_like()) {
        read_everything(&text);
    }
}
