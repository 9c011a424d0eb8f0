//! The examples of the Five Up challenge (the crate README's Rules section) and the traps
//! that make per-number checks fail.

use fiveup::{Verdict, check, parse_game};

fn verdict(text: &str) -> Verdict {
    check(&parse_game(text).expect("a valid game"))
}

#[test]
fn legal_examples() {
    for text in [
        "0-6",
        "6-6 6-5 5-3 3-0",
        "1-1 1-2 1-3 1-4 1-5 3-6 1-6",
        "5-5 5-4 5-0 0-6 6-6 6-4 6-2 2-1 6-3 5-1 1-1 1-6 4-1 1-0 0-0 2-0 3-0 0-4",
        "",
    ] {
        assert!(verdict(text).is_legal(), "{text}: {:?}", verdict(text));
    }
}

#[test]
fn illegal_examples_name_the_right_tile() {
    assert_eq!(
        verdict("0-6 6-0"),
        Verdict::Repeated {
            first: 0,
            second: 1
        }
    );
    assert_eq!(
        verdict("6-6 6-5 3-0 5-3"),
        Verdict::Unattachable { position: 2 }
    );
    assert_eq!(
        verdict("1-1 1-2 1-3 1-4 1-5 1-6"),
        Verdict::Unattachable { position: 5 }
    );
    // The challenge's erratum: after 3-1 either two 1s or two 3s are open, never one of each.
    assert_eq!(
        verdict("12-12 12-1 3-12 3-1 1-2 3-3"),
        Verdict::Unattachable { position: 5 }
    );
    // Each number on its own passes, together they do not.
    assert_eq!(
        verdict("1-2 2-3 3-1 1-4 3-5"),
        Verdict::Unattachable { position: 4 }
    );
}

#[test]
fn a_layout_hangs_every_tile_on_an_open_end() {
    let tiles = parse_game("1-1 1-2 1-3 1-4 1-5 3-6 1-6").unwrap();
    let Verdict::Legal(layout) = check(&tiles) else {
        panic!("legal");
    };
    let attachments = layout.attachments();
    assert!(attachments[0].is_none());
    let six = attachments[6].as_ref().unwrap();
    assert_eq!((six.parent, six.number.to_string()), (5, "6".to_owned()));
}
