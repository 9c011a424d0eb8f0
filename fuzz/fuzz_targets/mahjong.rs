//! Mahjong: any text is a hand or an error; a hand is analysed (completeness, readings,
//! shanten, waits, effective tiles) or refused for its tile count.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(hand) = mahjong::parse_hand(text) {
        if let Ok(analysis) = mahjong::analyze(&hand) {
            let _ = analysis.tsv_row();
        }
    }
});
