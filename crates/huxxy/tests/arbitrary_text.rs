//! No text makes the card readers or the reference calls panic: arbitrary text, and text
//! built from the notation's own pieces, is read or refused with an error, and cards that are
//! read print back to themselves.

use huxxy::{eval_call, parse_cards, parse_table, show_cards};
use proptest::prelude::*;
use tiles_testkit::props::{arbitrary_text, text_of};

/// Text made of card and call pieces, good and bad.
fn notation_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "'[A2-9TJQKX0][CDHSX]'",
        "[A2-9TJQKX0][CDHSX]",
        Just("score(".to_owned()),
        Just("valid_table(".to_owned()),
        Just("valid_play(".to_owned()),
        Just("play(".to_owned()),
        Just("bonus_play(".to_owned()),
        Just(")".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just("(".to_owned()),
        Just(", ".to_owned()),
        Just(" ".to_owned()),
        Just("None".to_owned()),
        "-?[0-9]{1,3}",
        "\\PC",
    ];
    text_of(piece, 24)
}

fn read_everything(text: &str) -> Result<(), TestCaseError> {
    let _ = eval_call(text);
    if let Ok(cards) = parse_cards(text) {
        prop_assert_eq!(parse_cards(&show_cards(&cards)), Ok(cards));
    }
    let _ = parse_table(text);
    Ok(())
}

proptest! {
    #[test]
    fn arbitrary_text_is_read_or_refused(text in arbitrary_text()) {
        read_everything(&text)?;
    }

    #[test]
    fn notation_like_text_is_read_or_refused(text in notation_like()) {
        read_everything(&text)?;
    }
}
