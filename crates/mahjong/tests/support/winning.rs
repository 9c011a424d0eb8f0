//! Random winning hands, as in play: four sets and a pair (now and then seven pairs or
//! thirteen orphans), some sets called (chi, pon, open or concealed kan), red fives, a winning
//! tile among the concealed ones, and a situation that can happen. Seeded, so every run draws
//! the same hands.

use mahjong::{CalledMeld, FullHand, MeldKind, Piece, Situation, Wind};
use mahjong::{ScoringRules, Tile};
use tiles_testkit::Random;

fn tile(index: usize) -> Tile {
    Tile::from_index(index).expect("a kind index")
}

/// One winning hand, its situation, and the rules it is drawn for.
pub struct Win {
    pub hand: FullHand,
    pub situation: Situation,
    pub rules: ScoringRules,
}

/// The sets and pair of a standard hand: `(is_run, first index)`, the pair's index.
fn standard(
    rng: &mut Random,
    counts: &mut [u8; 34],
    pool: &[usize],
) -> Option<(Vec<(bool, usize)>, usize)> {
    let mut sets = Vec::new();
    for _ in 0..100 {
        if sets.len() == 4 {
            break;
        }
        let k = pool[rng.below(pool.len())];
        if k < 27 && k % 9 <= 6 && rng.chance(60) {
            if counts[k] < 4 && counts[k + 1] < 4 && counts[k + 2] < 4 {
                for j in 0..3 {
                    counts[k + j] += 1;
                }
                sets.push((true, k));
            }
        } else if counts[k] <= 1 {
            counts[k] += 3;
            sets.push((false, k));
        }
    }
    if sets.len() < 4 {
        return None;
    }
    for _ in 0..50 {
        let k = pool[rng.below(pool.len())];
        if counts[k] <= 2 {
            counts[k] += 2;
            return Some((sets, k));
        }
    }
    None
}

/// Draws one winning hand, or `None` when the draw fails (draw again).
pub fn draw(rng: &mut Random) -> Option<Win> {
    let rules = if rng.chance(15) {
        // The WRC's scoring: no red fives, 2 fu for a double-wind pair, kiriage, no counted
        // yakuman.
        ScoringRules {
            red_fives: false,
            double_wind_four_fu: false,
            kiriage: true,
            counted_yakuman: false,
            ..ScoringRules::TENHOU
        }
    } else {
        ScoringRules::TENHOU
    };
    let mut counts = [0u8; 34];
    let style = rng.below(100);
    let pool: Vec<usize> = if style < 30 {
        let suit = rng.below(3);
        (suit * 9..suit * 9 + 9).chain(27..34).collect()
    } else {
        (0..34).collect()
    };
    let mut melds: Vec<(MeldKind, usize)> = Vec::new();
    if style < 3 {
        let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        for k in orphans {
            counts[k] += 1;
        }
        counts[orphans[rng.below(13)]] += 1;
    } else if style < 9 {
        let mut kinds = pool.clone();
        for i in 0..7 {
            let j = i + rng.below(kinds.len() - i);
            kinds.swap(i, j);
            counts[kinds[i]] += 2;
        }
    } else {
        let (sets, _pair) = standard(rng, &mut counts, &pool)?;
        for (run, k) in sets {
            let r = rng.below(100);
            if r < 25 {
                melds.push((if run { MeldKind::Chi } else { MeldKind::Pon }, k));
            } else if r < 32 && !run && counts[k] == 3 {
                counts[k] += 1;
                melds.push((
                    if rng.chance(50) {
                        MeldKind::Kan
                    } else {
                        MeldKind::Ankan
                    },
                    k,
                ));
            }
        }
    }
    // Red fives: a five held four times always has its red one.
    let mut red = [false; 3];
    for (suit, flag) in red.iter_mut().enumerate() {
        let five = suit * 9 + 4;
        *flag = rules.red_fives && counts[five] > 0 && (counts[five] == 4 || rng.chance(40));
    }
    let mut concealed = counts;
    let mut called = Vec::new();
    for &(kind, k) in &melds {
        let tiles: Vec<usize> = match kind {
            MeldKind::Chi => vec![k, k + 1, k + 2],
            MeldKind::Pon => vec![k; 3],
            _ => vec![k; 4],
        };
        let pieces: Vec<Piece> = tiles
            .iter()
            .map(|&t| {
                concealed[t] -= 1;
                let is_red = t % 9 == 4 && t < 27 && red[t / 9] && rng.chance(50);
                if is_red {
                    red[t / 9] = false;
                }
                Piece {
                    tile: tile(t),
                    red: is_red,
                }
            })
            .collect();
        called.push(CalledMeld::new(kind, &pieces).expect("a drawn meld"));
    }
    let mut pieces: Vec<Piece> = Vec::new();
    for (k, &count) in concealed.iter().enumerate() {
        for _ in 0..count {
            let is_red = k % 9 == 4 && k < 27 && red[k / 9];
            if is_red {
                red[k / 9] = false;
            }
            pieces.push(Piece {
                tile: tile(k),
                red: is_red,
            });
        }
    }
    let win = pieces[rng.below(pieces.len())];
    let hand = FullHand::new(&pieces, called).ok()?;
    let closed = hand.is_closed();
    let tsumo = rng.chance(45);
    let seat = Wind::ALL[rng.below(4)];
    let round = Wind::ALL[if rng.chance(90) {
        rng.below(2)
    } else {
        rng.below(4)
    }];
    let riichi = closed && rng.chance(50);
    let double_riichi = riichi && rng.chance(10);
    let has_kan = hand.kans() > 0;
    let haitei = tsumo && rng.chance(5);
    let houtei = !tsumo && rng.chance(5);
    let first_draw = hand.melds().is_empty() && tsumo && !riichi && rng.chance(3);
    let mut situation = Situation {
        riichi,
        double_riichi,
        ippatsu: riichi && rng.chance(15),
        haitei,
        houtei,
        rinshan: tsumo && has_kan && !haitei && rng.chance(30),
        chankan: !tsumo && !houtei && counts[win.tile.index()] == 1 && rng.chance(5),
        tenhou: first_draw && seat == Wind::East,
        chiihou: first_draw && seat != Wind::East,
        seat_wind: seat,
        round_wind: round,
        honba: [0, 0, 0, 1, 2][rng.below(5)],
        riichi_sticks: [0, 0, 1, 2][rng.below(4)],
        ..if tsumo {
            Situation::tsumo(win)
        } else {
            Situation::ron(win)
        }
    };
    // Indicators from the tiles left: one, and one more per kan; as many ura after riichi.
    let mut left: Vec<usize> = (0..136)
        .map(|t| t / 4)
        .enumerate()
        .filter(|&(copy, k)| (copy % 4) as u8 >= counts[k])
        .map(|(_, k)| k)
        .collect();
    let indicators = 1 + hand.kans();
    let mut draw_indicator = |rng: &mut Random| {
        let i = rng.below(left.len());
        Piece::plain(tile(left.swap_remove(i)))
    };
    situation.dora_indicators = (0..indicators).map(|_| draw_indicator(rng)).collect();
    if riichi {
        situation.ura_indicators = (0..indicators).map(|_| draw_indicator(rng)).collect();
    }
    Some(Win {
        hand,
        situation,
        rules,
    })
}

/// `count` winning hands from `seed`.
pub fn wins(count: usize, seed: u64) -> Vec<Win> {
    let mut rng = Random::new(seed);
    let mut wins = Vec::with_capacity(count);
    while wins.len() < count {
        if let Some(win) = draw(&mut rng) {
            wins.push(win);
        }
    }
    wins
}
