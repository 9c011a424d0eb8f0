//! Five Up: any text is a domino sequence or an error; a sequence is checked, and a legal one
//! has a layout that scores under every rule of scoring the fixtures use.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = fiveup::run_fixture(&format!(
        "{text}\n--- layout\n--- score\n--- score players=3 target=151 units=pips\n"
    ));
});
