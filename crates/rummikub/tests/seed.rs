//! The code-golf challenge's examples with the truthy/falsy answers it gives, checked
//! directly (the fixtures' snapshots show the reasons; this pins the verdicts to the challenge).

use rummikub::{Group, Rules, parse_tiles};

const SEED: &[(&str, bool)] = &[
    (
        r#"[(9, "RED"), (9, "ORANGE"), ("JOKER"), (9, "BLACK")]"#,
        true,
    ),
    (
        r#"[(9, "BLUE"), (9, "ORANGE"), (9, "RED"), (9, "BLACK"), ("JOKER")]"#,
        false,
    ),
    ("RED 9, BLUE 9, BLACK 9", true),
    ("RED 5, RED 6, RED 7", true),
    ("JOKER, BLUE 9, BLACK 9", true),
    ("RED 9, JOKER, BLACK 9", true),
    ("RED 9, BLUE 9, JOKER", true),
    ("JOKER, ORANGE 8, JOKER", false),
    (
        r#"[(1,"BLUE"),(2,"BLUE"),(3,"BLUE"),(4,"BLUE"),(5,"BLUE"), (6,"BLUE")]"#,
        true,
    ),
    (r#"[(6,"BLUE"),(6,"RED"),(6,"BLACK")]"#, true),
    (
        r#"[(5,"BLACK"),(6,"BLACK"),(7,"BLACK"),(8,"BLACK"),(9,"BLACK"),(10,"BLACK"),("JOKER"),(12,"BLACK")]"#,
        true,
    ),
    (r#"[("JOKER"),(3,"BLUE"),(3,"RED")]"#, true),
    (r#"[(8,"BLACK"),(2,"RED"),(13,"BLUE")]"#, false),
    (r#"[(4,"RED"), (3,"RED"), (5,"RED")]"#, false),
    (r#"[(5,"BLACK"), (6, "BLACK")]"#, false),
    (r#"[("JOKER"),(5,"RED"),("JOKER")]"#, false),
    (r#"[(4,"RED"),(5,"RED"),(6, "BLUE")]"#, false),
    (r#"[(4,"RED"),("JOKER"),(5,"RED")]"#, false),
    (r#"[(12,"BLACK"),(13,"BLACK"),(1,"BLACK")]"#, false),
];

#[test]
fn seed_examples_get_the_seed_answers() {
    let rules = Rules::codegolf();
    for &(text, valid) in SEED {
        let tiles = parse_tiles(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(Group::new(&tiles, &rules).is_ok(), valid, "{text}");
    }
}
