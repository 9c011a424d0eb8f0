//! Rummikub tiles, tile lists and tables: any text is read or refused, what is read prints
//! back to itself, and every group read is checked under every preset.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rummikub::{Group, Preset, parse_table, parse_tile, parse_tiles};

fuzz_target!(|text: &str| {
    if let Ok(tile) = parse_tile(text) {
        assert_eq!(parse_tile(&tile.to_string()), Ok(tile));
    }
    if let Ok(tiles) = parse_tiles(text) {
        let shown: Vec<String> = tiles.iter().map(ToString::to_string).collect();
        assert_eq!(parse_tiles(&shown.join(" ")), Ok(tiles.clone()));
        for preset in Preset::ALL {
            let rules = preset.rules();
            if let Ok(group) = Group::new(&tiles, &rules) {
                assert_eq!(group.len(), tiles.len());
            }
        }
    }
    let _ = parse_table(text);
});
