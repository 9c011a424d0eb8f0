//! Puzzle generators shared by the tests and the benchmark.
#![allow(dead_code)]

use rummikub_puzzle::{Joker, Piece, Row, Table};

/// Random numbers below `n`, from a seed (the shared generator).
pub fn random(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut random = tiles_testkit::Random::new(seed);
    move |n: u64| random.next() % n
}

/// Copies of each plain tile on a table being built, the goal included: two of each exist.
pub struct Copies([[u8; 16]; 4]);

impl Copies {
    /// The goal's copy alone.
    pub fn new(goal: Piece) -> Copies {
        let mut copies = Copies([[0; 16]; 4]);
        copies.count(goal);
        copies
    }

    fn count(&mut self, piece: Piece) {
        if let Piece::Plain { value, color } = piece {
            self.0[usize::from(color)][usize::from(value)] += 1;
        }
    }

    /// Whether `row` is valid and its tiles fit beside those counted (a row holds at most one
    /// copy of a tile); if so, counts them.
    pub fn add(&mut self, row: &Row) -> bool {
        let fits = row.valid()
            && row.pieces().into_iter().all(|piece| match piece {
                Piece::Plain { value, color } => self.0[usize::from(color)][usize::from(value)] < 2,
                Piece::Joker => true,
            });
        if fits {
            row.pieces().into_iter().for_each(|piece| self.count(piece));
        }
        fits
    }
}

/// Every table one move away (a COMBINE, or a TAKE with its PUT) with the move's cost in
/// actions, through the public actions alone.
pub fn every_move(table: &Table) -> Vec<(Table, usize)> {
    let ids: Vec<u16> = table.rows().iter().map(|&(id, _)| id).collect();
    let mut found = Vec::new();
    for &a in &ids {
        for &b in &ids {
            let mut next = table.clone();
            if next.combine(a, b).is_ok() {
                found.push((next, 1));
            }
        }
    }
    for &(source, row) in table.rows() {
        for piece in row.pieces() {
            let mut taken = table.clone();
            if taken.take(piece, source).is_err() {
                continue;
            }
            for &(target, _) in taken.rows() {
                let mut next = taken.clone();
                if next.put(piece, target).is_ok() {
                    found.push((next, 2));
                }
            }
        }
    }
    found
}

/// A puzzle shaped like the published part 2 example, at random: a run of the goal's colour a
/// few values away from it, the values between held by sets (some of 3 tiles, which need a
/// fourth before they can give one), runs of other colours that can give set tiles, a few
/// random rows, maybe the joker; then a few random legal moves.
pub fn long_puzzle(seed: u64) -> Option<(Table, Piece)> {
    let mut next = random(seed);
    let c = next(4) as u8;
    let gap = 1 + next(3) as u8;
    let len = 3 + next(2) as u8;
    let first = 1 + next(u64::from(13 - gap - len)) as u8;
    let below = next(2) == 0;
    // Values counted from the goal: the run is `gap` values away, above it or below it.
    let at = |offset: u8| {
        if below {
            14 - (first + offset)
        } else {
            first + offset
        }
    };
    let v = at(0);
    let (a, b) = (at(gap + 1), at(gap + len));
    let mut rows: Vec<Row> = vec![Row::Run {
        color: c,
        low: a.min(b),
        high: a.max(b),
        joker: Joker::None,
    }];
    for step in 1..=gap {
        let mut colors = 0b1111 & !(1 << ((c + 1 + next(3) as u8) % 4));
        if next(3) == 0 {
            colors = 0b1111;
        }
        rows.push(Row::Set {
            value: at(step),
            colors,
            joker: false,
        });
    }
    let (near, far) = (at(1).min(at(gap)), at(1).max(at(gap)));
    for color in (0..4).filter(|&d| d != c) {
        if next(3) != 0 {
            let low = near.saturating_sub(next(3) as u8).max(1);
            let high = (far + next(3) as u8).min(13).max(low + 2);
            rows.push(Row::Run {
                color,
                low,
                high,
                joker: Joker::None,
            });
        }
    }
    for _ in 0..next(3) {
        rows.push(Row::Set {
            value: 1 + next(13) as u8,
            colors: 0b1111 & !(1 << next(4)),
            joker: false,
        });
    }
    if next(2) == 0 {
        let which = next(rows.len() as u64) as usize;
        rows[which] = match rows[which] {
            Row::Set { value, colors, .. } if colors.count_ones() == 3 => Row::Set {
                value,
                colors,
                joker: true,
            },
            Row::Run {
                color, low, high, ..
            } => Row::Run {
                color,
                low,
                high,
                joker: Joker::Free,
            },
            other => other,
        };
    }
    let goal = Piece::Plain { value: v, color: c };
    let mut copies = Copies::new(goal);
    if !rows.iter().all(|row| copies.add(row)) {
        return None;
    }
    for i in (1..rows.len()).rev() {
        rows.swap(i, next(i as u64 + 1) as usize);
    }
    let mut table = Table::new((1..).zip(rows).collect());
    for _ in 0..next(3) {
        let moves = every_move(&table);
        if moves.is_empty() {
            break;
        }
        table = moves[next(moves.len() as u64) as usize].0.clone();
    }
    Some((table, goal))
}

/// Far rows: sets and runs of high and low values, some able to give tiles.
pub const FAR_ROWS: [&str; 20] = [
    "11B 11G 11R 11Y",
    "12B 12G 12R",
    "13B 13G 13R 13Y",
    "10R 11R 12R 13R",
    "10Y 11Y 12Y 13Y",
    "1B 1G 1R 1Y",
    "1R 2R 3R",
    "1Y 2Y 3Y",
    "6B 6R 6Y",
    "10B 11B 12B 13B",
    "9Y 10Y 11Y",
    "9R 10R 11R",
    "8R 8Y 8B",
    "10G 11G 12G 13G",
    "12Y 12R 12B",
    "13B 13R 13Y",
    "1G 1B 1Y",
    "5B 5R 5Y",
    "9B 9R 9Y",
    "7B 7R 7Y",
];

/// `table` with far rows added (each one that keeps every tile within two copies, the goal
/// included, and leaves the goal without a row taking it) until it has `rows` rows.
pub fn with_far_rows(table: &Table, goal: Piece, rows: usize) -> Table {
    let mut copies = Copies::new(goal);
    let mut all: Vec<Row> = table.rows().iter().map(|&(_, row)| row).collect();
    for row in &all {
        copies.add(row);
    }
    for text in FAR_ROWS {
        if all.len() >= rows {
            break;
        }
        let row = rummikub_puzzle::parse_puzzle(&format!("3G\n1\n1 {text}\n"))
            .expect("far rows are valid")
            .table
            .rows()[0]
            .1;
        if row.put(goal).is_err() && copies.add(&row) {
            all.push(row);
        }
    }
    Table::new((1..).zip(all).collect())
}

/// A chain of `links` sets between the goal 2G and the run of its colour: each set gives its
/// green tile to the run after taking a blue one from a long blue run, so the answer has
/// `4 * links + 1` actions (fewer with the joker, which can stand for one green tile).
pub fn chain_puzzle(links: u8, joker: bool) -> (Table, Piece) {
    let mut rows = vec![format!("{}G {}G {}G", 3 + links, 4 + links, 5 + links)];
    for x in 3..3 + links {
        rows.push(format!("{x}G {x}R {x}Y"));
    }
    rows.push((3..6 + links).map(|x| format!("{x}B ")).collect::<String>());
    if joker {
        rows.push("11G 11R 11Y J".to_owned());
    }
    let mut text = format!("2G\n{}\n", rows.len());
    for (id, row) in (1..).zip(&rows) {
        text.push_str(&format!("{id} {}\n", row.trim_end()));
    }
    let puzzle = rummikub_puzzle::parse_puzzle(&text).expect("a valid chain puzzle");
    (puzzle.table, puzzle.goal)
}
