//! What a seat waits on, as it sees it: each kind that completes its hand, the copies of it the
//! seat cannot see, and what would stop a win on it now (furiten for a ron, no yaku). The
//! table's waits panel shows it; the engine's own legality does not depend on it.

use mahjong::{KINDS, Piece, ScoreError, Tile};

use super::state::{Claimed, Game, bit};
use super::win::{How, Takes};

/// One kind a seat waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WinningTile {
    /// The kind.
    pub tile: Tile,
    /// Copies the seat cannot see: not in its hand, a river, a meld, a dora indicator or among
    /// the Norths set aside.
    pub unseen: u8,
    /// Why a ron on it would be refused now, if it would: `furiten` or `no yaku`.
    pub ron: Option<&'static str>,
    /// Why a tsumo of it would be refused now, if it would: `no yaku`.
    pub tsumo: Option<&'static str>,
}

/// A discard that leaves a seat's hand ready, and what it would then wait on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReadyDiscard {
    /// The kind let go of (a red five and a plain one alike).
    pub tile: Tile,
    /// The kinds the hand would then wait on, in tile order, each with the copies the seat
    /// cannot see.
    pub waits: Vec<(Tile, u8)>,
    /// Whether the hand would then be furiten: one of those kinds among the seat's discards
    /// (this one included), or a win it passed that still binds it (in riichi).
    pub furiten: bool,
}

impl Game {
    /// On `seat`'s turn to discard (it holds 3k + 2 tiles): each kind it could let go of that
    /// leaves its hand ready, in tile order, with the waits it would leave. Empty at any other
    /// moment. What a table's hints show; the engine's legality does not depend on it.
    pub fn ready_discards(&self, seat: usize) -> Vec<ReadyDiscard> {
        if seat >= self.seat_count() || self.hands[seat].len() % 3 != 2 {
            return Vec::new();
        }
        let seen = self.seen_by(seat);
        let counts = self.counts[seat];
        let discarded: u64 = self.rivers[seat]
            .iter()
            .fold(0, |bits, river| bits | bit(river.tile.tile));
        (0..KINDS)
            .map(Tile::at)
            .filter(|tile| counts[tile.index()] > 0)
            .filter_map(|tile| {
                let mut after = counts;
                after[tile.index()] -= 1;
                let waits = self.waits_of(seat, &after);
                (waits != 0).then(|| ReadyDiscard {
                    tile,
                    waits: (0..KINDS)
                        .map(Tile::at)
                        .filter(|&kind| waits & bit(kind) != 0)
                        .map(|kind| (kind, 4u8.saturating_sub(seen[kind.index()])))
                        .collect(),
                    furiten: waits & (discarded | bit(tile)) != 0 || self.furiten_riichi[seat],
                })
            })
            .collect()
    }

    /// What `seat` waits on: its ready hand's winning kinds, in tile order (empty when it is
    /// not ready). On its turn, the hand before the tile it drew; right after a call, before
    /// its discard, nothing.
    pub fn waits(&self, seat: usize) -> Vec<WinningTile> {
        let waits = self.waits[seat];
        if waits == 0 || seat >= self.seat_count() {
            return Vec::new();
        }
        let mut concealed = self.hands[seat].clone();
        if concealed.len() % 3 == 2 {
            let Some(drawn) = self.new_tile(seat).0 else {
                return Vec::new();
            };
            let at = concealed.iter().position(|piece| *piece == drawn);
            concealed.remove(at.expect("the tile drawn is in the hand"));
        }
        let seen = self.seen_by(seat);
        let furiten = self.is_furiten(seat);
        (0..KINDS)
            .map(Tile::at)
            .filter(|&tile| waits & bit(tile) != 0)
            .map(|tile| {
                let piece = Piece { tile, red: false };
                let mut with = concealed.clone();
                with.push(piece);
                let blocked =
                    |how| match self.score_with(seat, with.clone(), piece, how, Takes::NOTHING) {
                        Err(ScoreError::NoYaku { .. }) => Some("no yaku"),
                        _ => None,
                    };
                WinningTile {
                    tile,
                    unseen: 4u8.saturating_sub(seen[tile.index()]),
                    ron: if furiten {
                        Some("furiten")
                    } else {
                        blocked(How::Ron(Claimed::Discard))
                    },
                    tsumo: blocked(How::Tsumo { rinshan: false }),
                }
            })
            .collect()
    }

    /// The copies of each kind `seat` can see: its own concealed tiles, every river (a called
    /// tile counted once, in its meld), every meld, the dora indicators and the Norths set
    /// aside.
    pub(crate) fn seen_by(&self, seat: usize) -> [u8; KINDS] {
        let mut seen = [0u8; KINDS];
        let mut count = |piece: &Piece| seen[piece.tile.index()] += 1;
        self.hands[seat].iter().for_each(&mut count);
        for other in 0..4 {
            self.rivers[other]
                .iter()
                .filter(|river| !river.called)
                .for_each(|river| count(&river.tile));
            self.melds[other]
                .iter()
                .for_each(|meld| meld.tiles.iter().for_each(&mut count));
        }
        self.indicators.iter().for_each(&mut count);
        seen[30] += self.kita.iter().sum::<u8>();
        seen
    }
}
