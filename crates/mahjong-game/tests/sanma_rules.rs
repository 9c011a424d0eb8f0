//! The three-player rules one at a time, on hands set up for each (a record's wall: the dealt
//! tiles and each seat's draws): Norths set aside (under riichi, ronned, the replacement's
//! rinshan at 20 fu, furiten for a seat that lets one pass, ippatsu kept), tsumo loss for the
//! dealer and a non-dealer, 1m indicating 9m, nagashi mangan with tsumo loss, riichi with three
//! tiles left, pao on a tsumo, and the end of the game at 40,000, in the West round and on
//! busting.

mod support {
    pub mod table;
}

use mahjong::Yaku;
use mahjong::{Piece, Wind};
use mahjong_game::{Action, DrawKind, EfficiencyBot, Event, Game, GameRules, HandId, Wall};
use support::table::*;
use tiles_core::Bot;

const SANMA: GameRules = GameRules::TENHOU_SANMA;

/// A three-player hand dealt from these tiles, `dealer` dealing hand `id`, each seat drawing
/// `draws` in order (replacement tiles among them), with these indicators and points.
fn deal3(
    id: HandId,
    dealer: usize,
    hands: [&str; 3],
    draws: [&str; 3],
    indicators: &str,
    scores: [i32; 3],
) -> Game {
    let [a, b, c] = scores;
    let mut game = Game::for_replay(SANMA, id, dealer, 0, [a, b, c, 0]);
    let indicators = pieces(indicators);
    let draws = [draws[0], draws[1], draws[2], ""].map(|text| {
        if text.is_empty() {
            Vec::new()
        } else {
            pieces(text)
        }
    });
    let wall = Wall::given_for(&SANMA, draws, indicators.clone(), Vec::new());
    let hands = [hands[0], hands[1], hands[2], ""].map(|text| {
        if text.is_empty() {
            Vec::new()
        } else {
            pieces(text)
        }
    });
    game.deal_replayed(hands, wall, indicators[0]).unwrap();
    game
}

fn east(number: u8) -> HandId {
    HandId {
        wind: Wind::East,
        number,
        honba: 0,
    }
}

const EVEN: [i32; 3] = [35_000; 3];

fn wins(game: &Game) -> Vec<mahjong_game::Win> {
    game.hand_events()
        .iter()
        .filter_map(|event| match event {
            Event::Win(win) => Some(win.as_ref().clone()),
            _ => None,
        })
        .collect()
}

fn han(win: &mahjong_game::Win, yaku: Yaku) -> u32 {
    win.score
        .yaku
        .iter()
        .find(|one| one.yaku == yaku)
        .map_or(0, |one| one.han)
}

#[test]
fn a_north_set_aside_may_be_ronned_and_is_no_chankan() {
    let mut game = deal3(
        east(1),
        0,
        [
            "4z123p567p22s678s9s",
            "11m99m345s789p11z7z",
            "123p456p789p555z4z",
        ],
        ["2z", "", ""],
        "9s",
        EVEN,
    );
    assert!(game.legal_actions(0).contains(&Action::Kita));
    game.act(0, Action::Kita).unwrap();
    // Only a ron may take the North.
    assert_eq!(game.legal_actions(2), [Action::Ron, Action::Pass]);
    assert!(game.legal_actions(1).is_empty());
    game.act(2, Action::Ron).unwrap();
    let wins = wins(&game);
    let win = &wins[0];
    assert_eq!((win.seat, win.from), (2, 0));
    assert_eq!(han(win, Yaku::Chankan), 0);
    // Haku, ittsu and honitsu, closed: 6 han, 12,000 from the seat that set the North aside.
    assert_eq!(
        han(win, Yaku::Haku) + han(win, Yaku::Ittsu) + han(win, Yaku::Honitsu),
        6
    );
    assert_eq!(win.deltas, [-12000, 0, 12000, 0]);
}

#[test]
fn letting_a_north_pass_is_furiten_and_the_replacement_follows() {
    let set_up = || {
        deal3(
            east(1),
            0,
            [
                "4z4z123p567p22s678s",
                "11m99m345s789p11z7z",
                "123s456s789s666z4z",
            ],
            ["2z3z", "1s", ""],
            "9p",
            EVEN,
        )
    };
    // Without the North set aside, seat 2 may ron the North discarded.
    let mut game = set_up();
    discard(&mut game, 0, "4z", false);
    assert_eq!(game.legal_actions(2), [Action::Ron, Action::Pass]);
    // Set aside first and let pass: the replacement tile (rinshan) is seat 0's next draw,
    // and seat 2 is furiten until its next discard: the other North goes by unclaimed.
    let mut game = set_up();
    game.act(0, Action::Kita).unwrap();
    assert_eq!(game.legal_actions(2), [Action::Ron, Action::Pass]);
    game.act(2, Action::Pass).unwrap();
    assert_eq!(game.drawn(), Some(tile("3z")));
    assert_eq!(game.kita(0), 1);
    discard(&mut game, 0, "4z", false);
    assert_eq!(game.claim_on_table(), None);
    assert_eq!(game.to_move(), Some(1));
    assert!(wins(&game).is_empty());
}

/// Seat 1 declares riichi on its first discard (a double riichi) on a shanpon of North and
/// haku; seat 0 then draws a North.
fn riichi_then_a_north() -> Game {
    let mut game = deal3(
        east(1),
        0,
        [
            "3z123p567p22s678s9s",
            "123p456p789p55z4z4z",
            "19m19p19s1123566z",
        ],
        ["9s4z6p7p", "1s9s4z", "5p6p"],
        "9p",
        EVEN,
    );
    go_round(&mut game, &[(0, "9s")]);
    discard(&mut game, 1, "1s", true);
    pass_all(&mut game);
    go_round(&mut game, &[(2, "5p")]);
    game
}

#[test]
fn under_riichi_only_the_north_just_drawn_and_ippatsu_survives_a_ron_on_it() {
    // Seat 0 sets aside the North it drew: seat 1, in its ippatsu turn, rons it.
    let mut game = riichi_then_a_north();
    assert!(game.legal_actions(0).contains(&Action::Kita));
    game.act(0, Action::Kita).unwrap();
    assert!(game.legal_actions(1).contains(&Action::Ron));
    game.act(1, Action::Ron).unwrap();
    let win = &wins(&game)[0];
    assert_eq!(han(win, Yaku::DoubleRiichi), 2);
    assert_eq!(han(win, Yaku::Ippatsu), 1);

    // Without the ron: after the North passes, seat 1 draws 9s and may not set aside the
    // North it held before riichi; then it draws a North: it may set it aside or win.
    let mut game = riichi_then_a_north();
    game.act(0, Action::Kita).unwrap();
    game.act(1, Action::Pass).unwrap();
    discard(&mut game, 0, "6p", false);
    pass_all(&mut game);
    let legal = game.legal_actions(1);
    assert!(!legal.contains(&Action::Kita), "{legal:?}");
    assert_eq!(legal.len(), 1, "only the tsumogiri: {legal:?}");
    discard(&mut game, 1, "9s", false);
    pass_all(&mut game);
    discard(&mut game, 2, "6p", false);
    pass_all(&mut game);
    discard(&mut game, 0, "7p", false);
    pass_all(&mut game);
    // Now it draws a North: it may set it aside (optional), or win on it (shanpon).
    let legal = game.legal_actions(1);
    assert!(
        legal.contains(&Action::Kita) && legal.contains(&Action::Tsumo),
        "{legal:?}"
    );
    assert_eq!(game.kita(1), 0);
}

#[test]
fn rinshan_after_a_north_scores_pinfu_tsumo_rinshan_at_20_fu_with_tsumo_loss() {
    // The dealer's first draw is a North: set aside, its replacement completes a pinfu hand.
    let mut game = deal3(
        east(1),
        0,
        [
            "234p456p789s11p67s",
            "11m99m345s789p11z7z",
            "123s456s789s666z4z",
        ],
        ["4z5s", "", ""],
        "1z",
        EVEN,
    );
    game.act(0, Action::Kita).unwrap();
    game.act(2, Action::Pass).unwrap();
    assert!(game.legal_actions(0).contains(&Action::Tsumo));
    game.act(0, Action::Tsumo).unwrap();
    let win = &wins(&game)[0];
    assert_eq!(win.score.fu, 20);
    for yaku in [
        Yaku::MenzenTsumo,
        Yaku::Pinfu,
        Yaku::Rinshan,
        Yaku::Nukidora,
    ] {
        assert_eq!(han(win, yaku), 1, "{yaku:?}");
    }
    // No tenhou: the North set aside broke the first go-around. The dealer's 20 fu 4 han
    // tsumo is 2,600 from each of the two others (7,800 with four players).
    assert_eq!(han(win, Yaku::Tenhou), 0);
    assert_eq!(win.deltas, [5200, -2600, -2600, 0]);
}

#[test]
fn a_non_dealer_tsumo_loses_the_absent_seats_share_and_one_man_shows_nine_man() {
    let mut game = deal3(
        east(1),
        0,
        [
            "4z123p567p22s678s9s",
            "99m345p567p345s77s",
            "123s456s111p666z4z",
        ],
        ["9s1s", "5z7s", "2p"],
        "1m",
        EVEN,
    );
    // A go-around first (a win on seat 1's first draw would be chiihou).
    go_round(&mut game, &[(0, "9s"), (1, "5z"), (2, "2p"), (0, "1s")]);
    game.act(1, Action::Tsumo).unwrap();
    let win = &wins(&game)[0];
    // 1m indicates 9m: two dora.
    assert_eq!(han(win, Yaku::Dora), 2);
    // Menzen tsumo and two dora, 30 fu: 1,000 from the other non-dealer and 2,000 from the
    // dealer; the absent North seat's 1,000 is lost (4,000 with four players).
    assert_eq!((win.score.han, win.score.fu), (3, 30));
    assert_eq!(win.deltas, [-2000, 3000, -1000, 0]);
}

/// A hand that runs out with seat 1 discarding only terminals and honours, every other
/// discard a simple: nagashi mangan for a non-dealer is 4,000 from the dealer and 2,000 from
/// the other (tsumo loss), no noten payments.
#[test]
fn nagashi_mangan_pays_as_a_mangan_tsumo_with_tsumo_loss() {
    let orphans = [
        "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z",
    ];
    // Seat 1 holds and draws (18 times) terminals and honours only.
    let hand1 = "1m9m1p9p1s9s1z2z3z4z5z6z7z";
    let seat1: String = (0..18).map(|i| orphans[i % 13]).collect();
    let hand0 = "2233445p223344s";
    let hand2 = "66778p667788s55p";
    // Seats 0 and 2 draw the rest of the set, simples first (each discards simples first).
    let mut taken = pieces(&format!("{hand0}{hand1}{hand2}{seat1}8p"));
    let mut pool: Vec<Piece> = Vec::new();
    for piece in mahjong_game::all_tiles(&SANMA) {
        let plain = Piece {
            red: false,
            ..piece
        };
        if let Some(at) = taken.iter().position(|other| *other == plain) {
            taken.swap_remove(at);
        } else {
            pool.push(plain);
        }
    }
    pool.sort_by_key(|piece| piece.tile.is_terminal_or_honor());
    let text = |part: &[Piece]| part.iter().map(ToString::to_string).collect::<String>();
    let seat0 = text(&pool[..19]);
    let seat2 = text(&pool[19..37]);
    let mut game = deal3(
        east(1),
        0,
        [hand0, hand1, hand2],
        [&seat0, &seat1, &seat2],
        "8p",
        EVEN,
    );
    while !game.is_over() {
        let seat = game.deciding()[0];
        if game.claim_on_table().is_some() {
            game.act(seat, Action::Pass).unwrap();
            continue;
        }
        let drawn = game.drawn().expect("a draw");
        let action = Action::Discard {
            tile: drawn,
            tsumogiri: true,
            riichi: false,
        };
        game.act(seat, action).unwrap();
    }
    let drawn = game.hand_events().iter().find_map(|event| match event {
        Event::Drawn { kind, deltas, .. } => Some((*kind, *deltas)),
        _ => None,
    });
    assert_eq!(
        drawn,
        Some((DrawKind::NagashiMangan, [-4000, 6000, -2000, 0]))
    );
}

/// Over seeded games of efficiency bots: riichi is offered with three live tiles left but
/// never fewer, and a North is never set aside on the last tile.
#[test]
fn riichi_needs_three_tiles_left_and_kita_one() {
    let mut at_three = 0;
    for seed in 0..40 {
        let mut game = Game::new(SANMA, seed);
        while let Some(seat) = game.to_move() {
            let legal = game.legal_actions(seat);
            let riichi = legal
                .iter()
                .any(|action| matches!(action, Action::Discard { riichi: true, .. }));
            if riichi {
                assert!(
                    game.live_left() >= 3,
                    "seed {seed}: riichi with {}",
                    game.live_left()
                );
                at_three += usize::from(game.live_left() == 3);
            }
            if legal.contains(&Action::Kita) {
                assert!(game.live_left() > 0, "seed {seed}: kita on the last tile");
            }
            let action = EfficiencyBot.choose(&game.view(seat));
            game.act(seat, action).unwrap();
        }
    }
    assert!(
        at_three > 0,
        "no riichi offered with exactly three tiles left"
    );
}

/// The hand after S3 when the deal passes: nobody at 40,000 goes on into West; someone at
/// 40,000 ends it; W3 is the last whatever the points; below 0 ends the game at once. When the
/// dealer stays, the game ends only if it is first with 40,000.
#[test]
fn the_game_ends_at_40000_after_south_3_or_in_the_west_round() {
    // Seat 0 rons the dealer's (seat 2's) first discard, 1m: haku and ittsu, 40 fu, 5,200.
    let play = |id: HandId, scores: [i32; 3]| {
        let mut game = deal3(
            id,
            2,
            [
                "123p456p789p555z1m",
                "4z123p567p22s678s9s",
                "9m9m345s789p11z37z1m",
            ],
            ["", "", "1z"],
            "9s",
            scores,
        );
        discard(&mut game, 2, "1m", false);
        game.act(0, Action::Ron).unwrap();
        game
    };
    let hand = |wind, number| HandId {
        wind,
        number,
        honba: 0,
    };
    let ended = |game: &Game| matches!(game.events().last(), Some(Event::EndGame { .. }));
    // Nobody reaches 40,000: West 1, dealt by seat 0.
    let game = play(hand(Wind::South, 3), [30_000, 39_900, 35_100]);
    assert!(!ended(&game), "{:?}", game.scores());
    assert_eq!(
        (game.hand_id().wind, game.hand_id().number),
        (Wind::West, 1)
    );
    assert_eq!(game.dealer(), 0);
    // The winner reaches 40,000: the game ends.
    let game = play(hand(Wind::South, 3), [35_000, 35_000, 35_000]);
    assert!(ended(&game), "{:?}", game.scores());
    // In the West round, the first hand's end with someone at 40,000 ends it.
    let game = play(hand(Wind::West, 1), [35_000, 35_000, 35_000]);
    assert!(ended(&game), "{:?}", game.scores());
    // West 3 is the last hand whatever the points.
    let game = play(hand(Wind::West, 3), [20_000, 39_000, 46_000]);
    assert!(ended(&game));
    // Below 0 ends the game at once, even in East 3.
    let game = play(hand(Wind::East, 3), [30_000, 70_000, 5_000]);
    assert!(game.scores()[2] < 0 && ended(&game));

    // The dealer (seat 2) rons seat 0's 1m in S3: 7,700. First with 40,000 or more ends the
    // game; first below it plays on (S3, one honba).
    let dealer_wins = |scores: [i32; 3]| {
        let mut game = deal3(
            hand(Wind::South, 3),
            2,
            [
                "4z123p567p22s678s9s",
                "11m99m345s789p11z7z",
                "123p456p789p555z1m",
            ],
            ["1m", "", "6z"],
            "9s",
            scores,
        );
        discard(&mut game, 2, "6z", false);
        pass_all(&mut game);
        discard(&mut game, 0, "1m", false);
        game.act(2, Action::Ron).unwrap();
        // Seat 1 could pon the 1m: it lets it go, and the ron stands.
        pass_all(&mut game);
        game
    };
    let game = dealer_wins([36_000, 36_000, 33_000]);
    assert_eq!(game.scores()[2], 40_700);
    assert!(ended(&game));
    let game = dealer_wins([37_000, 37_000, 31_000]);
    assert_eq!(game.scores()[2], 38_700);
    assert!(!ended(&game));
    assert_eq!(
        game.hand_id(),
        HandId {
            wind: Wind::South,
            number: 3,
            honba: 1
        }
    );
}

/// Pao with three players: the seat whose discard was called for the third dragon set pays
/// all of a daisangen tsumo, the tsumo-loss total (16,000 + 8,000 for a non-dealer), and the
/// other seat nothing.
#[test]
fn pao_on_a_tsumo_pays_the_tsumo_loss_total() {
    let mut game = deal3(
        east(1),
        0,
        [
            "5z1s2s3s9s9s1p2p3p5p6p7p1z",
            "55z66z77z123p44p99p",
            "6z7z19m19p11s22s33s4s",
        ],
        ["1z1z", "4p", "1m1m3z"],
        "9s",
        EVEN,
    );
    // Seat 0 discards haku and seat 1 pons it; seat 2 discards hatsu, then chun, and seat 1
    // pons both: seat 2 gave the third dragon set and is liable.
    discard(&mut game, 0, "5z", false);
    claim(&mut game, 1, pon("5z"));
    discard(&mut game, 1, "1p", false);
    pass_all(&mut game);
    discard(&mut game, 2, "6z", false);
    claim(&mut game, 1, pon("6z"));
    discard(&mut game, 1, "2p", false);
    pass_all(&mut game);
    discard(&mut game, 2, "7z", false);
    claim(&mut game, 1, pon("7z"));
    discard(&mut game, 1, "3p", false);
    pass_all(&mut game);
    go_round(&mut game, &[(2, "1m"), (0, "1z")]);
    // Seat 1 draws 4p: daisangen by tsumo.
    game.act(1, Action::Tsumo).unwrap();
    let win = &wins(&game)[0];
    assert_eq!(han(win, Yaku::Daisangen), 13);
    assert_eq!(win.pao, Some(2));
    assert_eq!(win.deltas, [0, 24_000, -24_000, 0]);
}
