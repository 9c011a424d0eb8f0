//! Rummikub `arrange` and `solve` on any table and rack that parse: an error or a move whose
//! groups are all valid, that keeps every table tile and plays only rack tiles.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rummikub::{Group, Objective, Preset, Tile, arrange, parse_table, parse_tiles, solve};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let presets = Preset::ALL;
    let rules = presets[usize::from(selector) % presets.len()].rules();
    let objective = Objective::ALL[usize::from(selector / 8) % Objective::ALL.len()];
    let (table_text, rack_text) = text.split_once('/').unwrap_or((text, ""));
    let (Ok(table), Ok(rack)) = (parse_table(table_text), parse_tiles(rack_text)) else {
        return;
    };
    if let Ok(Some(arrangement)) = arrange(&rack, &rules) {
        let mut used: Vec<Tile> = arrangement
            .groups()
            .iter()
            .flat_map(|g| g.tiles().to_vec())
            .collect();
        let mut given = rack.clone();
        used.sort();
        given.sort();
        assert_eq!(used, given);
    }
    let Ok(found) = solve(&table, &rack, &rules, objective) else {
        return;
    };
    let mut on_table: Vec<Tile> = Vec::new();
    for group in found.table() {
        assert!(Group::new(group.tiles(), &rules).is_ok());
        on_table.extend_from_slice(group.tiles());
    }
    let mut expected: Vec<Tile> = table.iter().flatten().copied().collect();
    expected.extend_from_slice(found.placed());
    on_table.sort();
    expected.sort();
    assert_eq!(on_table, expected);
    let mut left = rack.clone();
    for tile in found.placed() {
        let at = left
            .iter()
            .position(|t| t == tile)
            .expect("a placed tile is a rack tile");
        left.swap_remove(at);
    }
});
