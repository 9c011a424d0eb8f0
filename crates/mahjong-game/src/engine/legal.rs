//! The legal actions of each seat: on its turn, and when a tile can be claimed.

use super::action::Action;
use super::rules::Kuikae;
use super::state::{Claimed, Game, Phase, bit};
use super::win::{How, Takes};
use mahjong::{KINDS, Suit, Tile};
use mahjong::{MeldKind, Piece};

/// The kinds a seat may not discard right after a call (kuikae), at the rules' `level`: the
/// called kind, and after a chi that took an end of the run, the kind that would make the same
/// run from the other end; only the called kind; or none.
pub(crate) fn kuikae(level: Kuikae, kind: MeldKind, called: Tile, run: &[Piece]) -> u64 {
    let mut forbidden = match level {
        Kuikae::Free => return 0,
        Kuikae::SameTile => return bit(called),
        Kuikae::Forbidden => bit(called),
    };
    if kind == MeldKind::Chi {
        let low = run.iter().map(|piece| piece.tile).min().unwrap_or(called);
        let high = Tile::at(low.index() + 2);
        let suit = called.suit();
        if called == low && called.rank() <= 6 {
            forbidden |= bit(Tile::at(called.index() + 3));
        } else if called == high && called.rank() >= 4 {
            forbidden |= bit(Tile::at(called.index() - 3));
        }
        debug_assert!(suit != Suit::Honor);
    }
    forbidden
}

/// The distinct pairs of pieces of kind `tile` in `hand` (a red five and a plain one differ).
fn pairs(hand: &[Piece], tile: Tile) -> Vec<[Piece; 2]> {
    let of_kind: Vec<Piece> = hand
        .iter()
        .copied()
        .filter(|piece| piece.tile == tile)
        .collect();
    let mut found: Vec<[Piece; 2]> = Vec::new();
    for i in 0..of_kind.len() {
        for j in i + 1..of_kind.len() {
            let mut pair = [of_kind[i], of_kind[j]];
            pair.sort_by_key(|piece| !piece.red);
            if !found.contains(&pair) {
                found.push(pair);
            }
        }
    }
    found
}

/// The distinct pieces of kind `tile` in `hand`.
fn pieces_of(hand: &[Piece], tile: Tile) -> Vec<Piece> {
    let mut found: Vec<Piece> = Vec::new();
    for piece in hand.iter().copied().filter(|piece| piece.tile == tile) {
        if !found.contains(&piece) {
            found.push(piece);
        }
    }
    found
}

impl Game {
    /// The legal actions of `seat` now (empty if it has no decision to make). In a claim
    /// window they end with [`Action::Pass`].
    pub fn legal_actions(&self, seat: usize) -> Vec<Action> {
        match &self.phase {
            Phase::Turn {
                seat: turn,
                drawn,
                kuikae,
                rinshan,
            } if *turn == seat => self.turn_actions(seat, *drawn, *kuikae, *rinshan),
            Phase::Claims {
                from,
                options,
                chosen,
                ..
            } if self.asked(seat, *from, &options[seat]) && chosen[seat].is_none() => {
                let mut actions = options[seat].clone();
                actions.push(Action::Pass);
                actions
            }
            _ => Vec::new(),
        }
    }

    /// Whether `action` is legal for `seat` on its turn: [`Game::legal_actions`] contains it,
    /// checked without listing them all for a discard (the common case).
    pub(crate) fn is_legal_on_turn(&self, seat: usize, action: Action) -> bool {
        let Phase::Turn {
            drawn,
            kuikae,
            rinshan,
            ..
        } = &self.phase
        else {
            return false;
        };
        let Action::Discard {
            tile,
            tsumogiri,
            riichi,
        } = action
        else {
            return self
                .turn_actions(seat, *drawn, *kuikae, *rinshan)
                .contains(&action);
        };
        let from_draw = usize::from(*drawn == Some(tile));
        let held = self.holds(seat, tile);
        let copy_ok = if tsumogiri {
            from_draw == 1
        } else {
            held > from_draw
        };
        if !copy_ok {
            return false;
        }
        if self.riichi[seat].accepted {
            return tsumogiri && !riichi;
        }
        if kuikae & bit(tile.tile) != 0 {
            return false;
        }
        !riichi
            || drawn.is_some()
                && !self.riichi[seat].declared
                && self.melds[seat]
                    .iter()
                    .all(|meld| meld.kind == MeldKind::Ankan)
                && self.has_riichi_points(seat)
                && self.wall.live_left() >= self.rules.riichi_wall()
                && self.tenpai_without(seat, tile.tile)
    }

    fn turn_actions(
        &self,
        seat: usize,
        drawn: Option<Piece>,
        kuikae: u64,
        rinshan: bool,
    ) -> Vec<Action> {
        let mut actions = Vec::new();
        let riichi = self.riichi[seat].accepted;
        let live_left = self.wall.live_left();
        if let Some(drawn) = drawn {
            if self.waits[seat] & bit(drawn.tile) != 0
                && self.can_win(seat, drawn, How::Tsumo { rinshan })
            {
                actions.push(Action::Tsumo);
            }
            let can_kan = self.may_kan() && live_left > 0;
            if can_kan {
                for index in 0..KINDS {
                    if self.counts[seat][index] != 4 {
                        continue;
                    }
                    let tile = Tile::at(index);
                    if riichi
                        && !(self.rules.riichi_ankan && self.kan_keeps_waits(seat, drawn, tile))
                    {
                        continue;
                    }
                    actions.push(Action::Ankan { tile });
                }
                if !riichi {
                    for meld in &self.melds[seat] {
                        if meld.kind == MeldKind::Pon {
                            for piece in pieces_of(&self.hands[seat], meld.tiles[0].tile) {
                                actions.push(Action::Kakan { tile: piece });
                            }
                        }
                    }
                }
            }
            // Setting a North aside (three players): not on the last tile, and under riichi
            // only the North just drawn.
            if self.rules.three_player()
                && live_left > 0
                && self.wall.has_replacement()
                && self.counts[seat][30] > 0
                && (!riichi || drawn.tile.index() == 30)
            {
                actions.push(Action::Kita);
            }
            if self.rules.nine_terminals && self.discards_made[seat] == 0 && !self.called_any {
                let orphans = (0..KINDS)
                    .filter(|&index| {
                        self.counts[seat][index] > 0 && Tile::at(index).is_terminal_or_honor()
                    })
                    .count();
                if orphans >= 9 {
                    actions.push(Action::NineTerminals);
                }
            }
        }
        if riichi {
            let drawn = drawn.expect("a seat in riichi has drawn");
            actions.push(Action::Discard {
                tile: drawn,
                tsumogiri: true,
                riichi: false,
            });
            return actions;
        }
        let may_riichi = drawn.is_some()
            && !self.riichi[seat].declared
            && self.melds[seat]
                .iter()
                .all(|meld| meld.kind == MeldKind::Ankan)
            && self.has_riichi_points(seat)
            && live_left >= self.rules.riichi_wall()
            && self.ready_after_a_discard(seat);
        // The hand is sorted, so equal pieces are neighbours: each run is one choice.
        let hand = &self.hands[seat];
        let mut at = 0;
        while at < hand.len() {
            let piece = hand[at];
            let held = hand[at..]
                .iter()
                .take_while(|other| **other == piece)
                .count();
            at += held;
            if kuikae & bit(piece.tile) != 0 {
                continue;
            }
            let from_draw = usize::from(drawn == Some(piece));
            let tenpai_after = may_riichi && self.tenpai_without(seat, piece.tile);
            let mut push = |tsumogiri: bool| {
                actions.push(Action::Discard {
                    tile: piece,
                    tsumogiri,
                    riichi: false,
                });
                if tenpai_after {
                    actions.push(Action::Discard {
                        tile: piece,
                        tsumogiri,
                        riichi: true,
                    });
                }
            };
            if held > from_draw {
                push(false);
            }
            if from_draw == 1 {
                push(true);
            }
        }
        actions
    }

    /// Whether some discard can leave the seat's concealed tiles (3k + 2 of them) tenpai: their
    /// shanten is at most 0 (a quick test before each discard's waits are worked out).
    fn ready_after_a_discard(&self, seat: usize) -> bool {
        let counts = &self.counts[seat];
        let size = mahjong::tiles_in(counts);
        size % 3 == 2 && mahjong::counts_shanten(counts, size) <= 0
    }

    /// Whether a kan may be declared: fewer than four so far and a replacement tile left.
    fn may_kan(&self) -> bool {
        self.kan_seats.len() < 4 && self.wall.has_replacement()
    }

    /// Whether the seat's concealed tiles without one `tile` wait on something.
    fn tenpai_without(&self, seat: usize, tile: Tile) -> bool {
        let mut counts = self.counts[seat];
        counts[tile.index()] -= 1;
        self.waits_of(seat, &counts) != 0
    }

    /// After riichi: a concealed kan of `tile` is allowed only on the tile just drawn and if
    /// the waits stay the same (both counted the same way: a kind the seat would hold all four
    /// of is no wait).
    fn kan_keeps_waits(&self, seat: usize, drawn: Piece, tile: Tile) -> bool {
        if drawn.tile != tile {
            return false;
        }
        let mut counts = self.counts[seat];
        counts[tile.index()] = 0;
        let after = self.waits_of(seat, &counts);
        after == self.waits[seat] && after != 0
    }

    /// What `seat` may do with `tile` from `from`: ron, pon, an open kan, chi.
    pub(crate) fn claim_options(
        &self,
        seat: usize,
        from: usize,
        tile: Piece,
        what: Claimed,
    ) -> Vec<Action> {
        let mut options = Vec::new();
        if seat == from {
            return options;
        }
        if self.waits[seat] & bit(tile.tile) != 0
            && !self.is_furiten(seat)
            && (what != Claimed::Ankan || self.may_rob_ankan(seat, tile.tile))
            && self.can_win(seat, tile, How::Ron(what))
        {
            options.push(Action::Ron);
        }
        if what != Claimed::Discard || self.wall.live_left() == 0 || self.riichi[seat].declared {
            return options;
        }
        let count = self.counts[seat][tile.tile.index()];
        if count >= 2 {
            for pair in pairs(&self.hands[seat], tile.tile) {
                let forbidden = kuikae(self.rules.kuikae, MeldKind::Pon, tile.tile, &pair);
                if self.has_discard_after(seat, &pair, forbidden) {
                    options.push(Action::Pon { tiles: pair });
                }
            }
        }
        if count == 3 && self.may_kan() {
            options.push(Action::Daiminkan);
        }
        // No chi with three players.
        if self.seat_count() == 4 && seat == (from + 1) % 4 && tile.tile.suit() != Suit::Honor {
            let rank = tile.tile.rank() as i32;
            let index = tile.tile.index() as i32;
            for (a, b) in [(-2, -1), (-1, 1), (1, 2)] {
                if !(1..=9).contains(&(rank + a)) || !(1..=9).contains(&(rank + b)) {
                    continue;
                }
                let first = Tile::at((index + a) as usize);
                let second = Tile::at((index + b) as usize);
                for one in pieces_of(&self.hands[seat], first) {
                    for two in pieces_of(&self.hands[seat], second) {
                        let run = [one, two, tile];
                        let forbidden = kuikae(self.rules.kuikae, MeldKind::Chi, tile.tile, &run);
                        if self.has_discard_after(seat, &[one, two], forbidden) {
                            options.push(Action::Chi { tiles: [one, two] });
                        }
                    }
                }
            }
        }
        options
    }

    /// Whether, after giving up `used`, the seat holds a tile it may discard.
    fn has_discard_after(&self, seat: usize, used: &[Piece], forbidden: u64) -> bool {
        let mut counts = self.counts[seat];
        for piece in used {
            counts[piece.tile.index()] -= 1;
        }
        (0..KINDS).any(|index| counts[index] > 0 && forbidden & (1 << index) == 0)
    }

    /// Whether the seat has the points to declare riichi: 1,000, or any under rules that
    /// allow riichi below 1,000.
    fn has_riichi_points(&self, seat: usize) -> bool {
        self.rules.riichi_below_1000 || self.scores[seat] >= 1000
    }

    /// Whether the seat may rob a concealed kan of `tile`: the rules let thirteen orphans rob
    /// one, and its hand is thirteen orphans with it.
    pub(crate) fn may_rob_ankan(&self, seat: usize, tile: Tile) -> bool {
        self.rules.kokushi_ankan && self.thirteen_orphans_with(seat, tile)
    }

    /// Whether the seat's 13 concealed tiles and `tile` are thirteen orphans.
    pub(crate) fn thirteen_orphans_with(&self, seat: usize, tile: Tile) -> bool {
        let mut counts = self.counts[seat];
        counts[tile.index()] += 1;
        mahjong::Hand::from_counts(counts).is_ok_and(|hand| mahjong::is_thirteen_orphans(&hand))
    }
}

impl Game {
    /// Why `seat` may not win now, in words, or `None` if it may: on its turn by tsumo on the
    /// tile drawn, in a claim window by ron on the tile on the table (for a replay's verdict:
    /// a record's win the engine refuses).
    pub fn why_no_win(&self, seat: usize) -> Option<String> {
        let (tile, how) = match &self.phase {
            Phase::Turn {
                seat: turn,
                drawn,
                rinshan,
                ..
            } if *turn == seat => {
                let Some(drawn) = drawn else {
                    return Some("it drew no tile (a call's turn)".to_owned());
                };
                (*drawn, How::Tsumo { rinshan: *rinshan })
            }
            Phase::Claims {
                from, tile, what, ..
            } if *from != seat => (*tile, How::Ron(*what)),
            _ => return Some("it has no win to decide now".to_owned()),
        };
        if self.waits[seat] & bit(tile.tile) == 0 {
            let waits: Vec<String> = (0..KINDS)
                .filter(|&index| self.waits[seat] & (1 << index) != 0)
                .map(|index| Tile::at(index).to_string())
                .collect();
            return Some(if waits.is_empty() {
                format!("{tile} does not complete its hand (not tenpai)")
            } else {
                format!(
                    "{tile} does not complete its hand (it waits on {})",
                    waits.join(" ")
                )
            });
        }
        if let How::Ron(what) = how {
            if self.furiten_riichi[seat] {
                return Some("furiten: it let a winning tile go after riichi".to_owned());
            }
            if self.furiten_pass[seat] {
                return Some("furiten: it let a winning tile go since its last discard".to_owned());
            }
            if self.is_furiten(seat) {
                return Some("furiten: its own discards hold one of its waits".to_owned());
            }
            if what == Claimed::Ankan && !self.rules.kokushi_ankan {
                return Some("these rules let no hand rob a concealed kan".to_owned());
            }
            if what == Claimed::Ankan && !self.thirteen_orphans_with(seat, tile.tile) {
                return Some("only thirteen orphans may rob a concealed kan".to_owned());
            }
        }
        if !self.rules.atozuke
            && !self.can_win(seat, tile, how)
            && self.score_of(seat, tile, how, Takes::NOTHING).is_ok()
        {
            return Some("no atozuke: the hand has no yaku on some of its waits".to_owned());
        }
        match self.score_of(seat, tile, how, Takes::NOTHING) {
            Ok(_) => None,
            Err(error) => Some(error.to_string()),
        }
    }
}
