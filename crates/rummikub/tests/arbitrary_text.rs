//! No text makes the notation readers panic: arbitrary text, and text built from the
//! notation's own pieces, is read or refused with an error, and what is read prints back to
//! itself. Tiles that are read are checked as a group and arranged under every preset.

use proptest::prelude::*;
use rummikub::{Group, Preset, arrange, parse_table, parse_tile, parse_tiles};
use tiles_testkit::props::{arbitrary_text, text_of};

/// Text made of tile-notation pieces, good and bad.
fn notation_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[RBKOGYJ]",
        "[0-9]{1,2}",
        Just(" ".to_owned()),
        Just(" | ".to_owned()),
        Just(", ".to_owned()),
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just("[".to_owned()),
        Just("]".to_owned()),
        Just("\"RED\"".to_owned()),
        Just("'BLACK'".to_owned()),
        Just("JOKER".to_owned()),
        Just("RED 9".to_owned()),
        "\\PC",
    ];
    text_of(piece, 24)
}

fn read_everything(text: &str) -> Result<(), TestCaseError> {
    if let Ok(tile) = parse_tile(text) {
        prop_assert_eq!(parse_tile(&tile.to_string()), Ok(tile));
    }
    if let Ok(tiles) = parse_tiles(text) {
        let shown: Vec<String> = tiles.iter().map(ToString::to_string).collect();
        prop_assert_eq!(parse_tiles(&shown.join(" ")), Ok(tiles.clone()));
        for preset in Preset::ALL {
            let rules = preset.rules();
            let _ = Group::new(&tiles, &rules);
            if tiles.len() <= 20 {
                let _ = arrange(&tiles, &rules);
            }
        }
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
