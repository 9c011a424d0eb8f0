//! No text makes the game reader panic: arbitrary text, and text built from the notation's
//! own pieces, is read or refused with an error; a game that is read is checked, laid out
//! and scored.

use fiveup::{Scoring, Verdict, check, parse_game};
use proptest::prelude::*;
use tiles_testkit::props::{arbitrary_text, text_of};

/// Text made of domino-notation pieces, good and bad.
fn notation_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[0-9]{1,3}-[0-9]{1,3}",
        "[0-9]{1,30}",
        Just(" ".to_owned()),
        Just("\n".to_owned()),
        Just(",".to_owned()),
        Just("-".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just("# note\n".to_owned()),
        "\\PC",
    ];
    text_of(piece, 30)
}

fn read_everything(text: &str) {
    if let Ok(tiles) = parse_game(text)
        && let Verdict::Legal(layout) = check(&tiles)
    {
        let _ = layout.to_string();
        let _ = layout.score(&Scoring::default());
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
