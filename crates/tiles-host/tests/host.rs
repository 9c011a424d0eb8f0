//! Outside bots at our table over pipes: a seat whose process answers late, not in JSON or
//! with an illegal action forfeits the game (and ranks last), and the failure says why.

use std::time::Duration;

use mahjong_game::tiles_core::Stop;
use mahjong_game::{Form, GameRules, Limits, Seat, bot_named, play_hosted};

fn names() -> [String; 4] {
    ["outside", "b", "c", "d"].map(str::to_owned)
}

/// Seat 0 (the first dealer, the first to decide) played by `command`, our efficiency bot
/// at the others.
fn hosted(command: &str, form: Form, limits: Limits) -> mahjong_game::Hosted {
    let ours = bot_named("efficiency").unwrap();
    let seats = [
        Seat::Outside { command, form },
        Seat::Ours(ours),
        Seat::Ours(ours),
        Seat::Ours(ours),
    ];
    play_hosted(
        GameRules::TENHOU,
        5,
        &seats,
        &names(),
        limits,
        100_000,
        Some(&tiles_host::PROCESSES),
        &Stop::never(),
    )
    .unwrap()
}

fn short() -> Limits {
    Limits {
        answer: Duration::from_millis(300),
        start: Duration::from_millis(300),
    }
}

fn assert_forfeits(hosted: &mahjong_game::Hosted, why: &str) {
    let (seat, message) = hosted.failure.clone().expect("the outside seat fails");
    assert_eq!(seat, 0);
    assert!(message.contains(why), "{message}");
    assert_eq!(hosted.game.forfeited(), Some(0));
    assert!(hosted.game.is_over());
    assert_eq!(hosted.game.ranking()[3], 0, "a forfeiting seat ranks last");
}

#[test]
fn a_late_answer_forfeits() {
    let started = std::time::Instant::now();
    let hosted = hosted("sleep 30; true", Form::Batch, short());
    assert_forfeits(&hosted, "no answer within 0.3 s");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the late process is ended"
    );
}

#[test]
fn an_illegal_answer_forfeits() {
    // An added kan on the first draw: it has no pon.
    let command = r#"while read line; do echo '{"type":"kakan","actor":0,"pai":"1m","consumed":["1m","1m","1m"]}'; done; true"#;
    for form in [Form::Batch, Form::Line] {
        let hosted = hosted(command, form, Limits::default());
        assert_forfeits(&hosted, "is not legal now (legal: discard");
        assert!(hosted.moves.is_empty());
    }
}

#[test]
fn an_answer_not_json_or_for_another_seat_forfeits() {
    let hosted = hosted(
        "while read line; do echo garbage; done; true",
        Form::Batch,
        short(),
    );
    assert_forfeits(&hosted, "is not JSON");
    let other = r#"while read line; do echo '{"type":"none","actor":2}'; done; true"#;
    let hosted = hosted_other(other);
    assert_forfeits(&hosted, "for another seat");
}

fn hosted_other(command: &str) -> mahjong_game::Hosted {
    hosted(command, Form::Batch, short())
}

#[test]
fn a_process_that_ends_forfeits() {
    let hosted = hosted("true", Form::Batch, short());
    let (_, message) = hosted.failure.expect("it fails");
    assert!(
        message.contains("ended without answering") || message.contains("stopped reading"),
        "{message}"
    );
    assert_eq!(hosted.game.forfeited(), Some(0));
}

#[test]
fn a_pass_on_its_own_turn_is_not_legal() {
    let command = r#"while read line; do echo '{"type":"none"}'; done; true"#;
    let hosted = hosted(command, Form::Batch, Limits::default());
    assert_forfeits(&hosted, "{\"type\":\"none\"} is not legal now");
}
