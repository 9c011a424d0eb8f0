//! huxxy: any text is read as calls of the reference functions (cards, tables, plays, play
//! histories as Python literals), each answered or refused with an error; and as cards and a
//! table in the crate's own notation.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    for line in text.lines() {
        let _ = huxxy::eval_call(line);
    }
    if let Ok(cards) = huxxy::parse_cards(text) {
        assert_eq!(huxxy::parse_cards(&huxxy::show_cards(&cards)), Ok(cards));
    }
    let _ = huxxy::parse_table(text);
});
