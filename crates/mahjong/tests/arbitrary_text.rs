//! No text makes the hand reader panic: arbitrary text, and text built from the notation's
//! own pieces, is read or refused with an error; a hand that is read is analysed or refused
//! for its tile count.

use mahjong::{analyze, parse_hand};
use proptest::prelude::*;
use tiles_testkit::props::{arbitrary_text, text_of};

/// Text made of hand-notation pieces, good and bad.
fn notation_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[0-9]{1,5}[mpsz]",
        "[0-9]{1,3}",
        "[mpsz]",
        Just(" ".to_owned()),
        Just("+".to_owned()),
        "\\PC",
    ];
    text_of(piece, 12)
}

fn read_everything(text: &str) {
    if let Ok(hand) = parse_hand(text)
        && let Ok(analysis) = analyze(&hand)
    {
        let _ = analysis.tsv_row();
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
