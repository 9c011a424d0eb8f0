//! The table after any number of a hand's events, every seat's tiles shown: what a viewer of
//! a record draws at each event.
//!
//! The engine moves from decision to decision, and one decision may make several events (a
//! discard nobody claims, then the next seat's draw). [`Board`] follows the events one at a
//! time, so a viewer can stop between them; after each decision it is the engine's own state
//! (hands, drawn tile, melds, rivers, riichi, Norths, indicators, live tiles left, sticks and
//! scores), which the crate's tests check at every decision of seeded games and real records.

use super::action::Meld;
use super::event::{Event, HandId};
use super::rules::GameRules;
use super::state::RiverTile;
use mahjong::{MeldKind, Piece, Tile, Wind};

/// The table at one moment of a hand, every seat's concealed tiles included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Which hand.
    pub id: HandId,
    /// The dealer's seat.
    pub dealer: usize,
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// Each seat's points.
    pub scores: [i32; 4],
    /// Each seat's concealed tiles, in tile order (a tile just drawn among them).
    pub hands: [Vec<Piece>; 4],
    /// The tile just drawn and who drew it, until that seat's next discard, kan or North.
    pub drawn: Option<(usize, Piece)>,
    /// Each seat's melds, in the order made.
    pub melds: [Vec<Meld>; 4],
    /// Each seat's discards.
    pub rivers: [Vec<RiverTile>; 4],
    /// Which seats have declared riichi.
    pub riichi: [bool; 4],
    /// Norths each seat has set aside (three players).
    pub kita: [u8; 4],
    /// The dora indicators shown.
    pub indicators: Vec<Piece>,
    /// The ura dora indicators turned over by a riichi winner.
    pub ura: Vec<Piece>,
    /// Live draws left.
    pub live_left: u32,
    /// Whether the hand is over.
    pub over: bool,
    /// The live draws of a hand under the rules.
    live_draws: u32,
}

impl Board {
    /// An empty table under `rules`, before any hand is dealt.
    pub fn new(rules: &GameRules) -> Board {
        Board::new_with(rules.live_draws())
    }

    /// The table after `events` (from a hand's deal) under `rules`.
    pub fn after(rules: &GameRules, events: &[Event]) -> Board {
        let mut board = Board::new(rules);
        for event in events {
            board.apply(event);
        }
        board
    }

    /// Takes one event in.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::StartHand {
                id,
                dealer,
                sticks,
                scores,
                indicator,
                hands,
            } => {
                *self = Board {
                    id: *id,
                    dealer: *dealer,
                    sticks: *sticks,
                    scores: *scores,
                    indicators: vec![*indicator],
                    ..Board::new_with(self.live_draws)
                };
                for (held, dealt) in self.hands.iter_mut().zip(hands) {
                    held.clone_from(dealt);
                    sort(held);
                }
            }
            Event::Draw { seat, tile, .. } => {
                self.hands[*seat].push(*tile);
                sort(&mut self.hands[*seat]);
                self.drawn = Some((*seat, *tile));
                self.live_left = self.live_left.saturating_sub(1);
            }
            Event::Riichi { seat } => self.riichi[*seat] = true,
            Event::Discard {
                seat,
                tile,
                tsumogiri,
            } => {
                self.take(*seat, *tile);
                let order = self.rivers.iter().map(Vec::len).sum::<usize>() as u32;
                // The declaration's tile: the first discard since riichi was declared.
                let riichi = self.riichi[*seat] && !self.rivers[*seat].iter().any(|t| t.riichi);
                self.rivers[*seat].push(RiverTile {
                    tile: *tile,
                    tsumogiri: *tsumogiri,
                    riichi,
                    called: false,
                    order,
                });
            }
            Event::RiichiAccepted { seat } => {
                self.scores[*seat] -= 1000;
                self.sticks += 1;
            }
            Event::Call {
                seat,
                kind,
                from,
                tile,
                consumed,
            } => {
                for piece in consumed {
                    self.take(*seat, *piece);
                }
                if let Some(river) = self.rivers[*from].last_mut() {
                    river.called = true;
                }
                let mut tiles = consumed.clone();
                tiles.push(*tile);
                tiles.sort_by_key(|piece| (piece.tile, !piece.red));
                self.melds[*seat].push(Meld {
                    kind: *kind,
                    tiles,
                    called: Some((*tile, *from)),
                    added: false,
                });
            }
            Event::Ankan { seat, consumed } => {
                for piece in consumed {
                    self.take(*seat, *piece);
                }
                self.melds[*seat].push(Meld {
                    kind: MeldKind::Ankan,
                    tiles: consumed.to_vec(),
                    called: None,
                    added: false,
                });
            }
            Event::Kakan { seat, tile, .. } => {
                self.take(*seat, *tile);
                if let Some(meld) = self.melds[*seat]
                    .iter_mut()
                    .find(|meld| meld.kind == MeldKind::Pon && meld.tiles[0].tile == tile.tile)
                {
                    meld.kind = MeldKind::Kan;
                    meld.tiles.push(*tile);
                    meld.added = true;
                }
            }
            Event::Kita { seat } => {
                self.take(*seat, Piece::plain(Tile::at(30)));
                self.kita[*seat] += 1;
            }
            Event::Dora { indicator } => self.indicators.push(*indicator),
            Event::Win(win) => {
                if self.ura.is_empty() {
                    self.ura.clone_from(&win.ura);
                }
                // The first winner collects the sticks.
                self.sticks = 0;
                self.over = true;
            }
            Event::Drawn { .. } | Event::Chombo { .. } => self.over = true,
            Event::EndHand { scores } => {
                self.scores = *scores;
                self.over = true;
            }
            // Sticks left over go to the first.
            Event::EndGame { scores } => {
                self.scores = *scores;
                self.sticks = 0;
                self.over = true;
            }
        }
    }

    fn new_with(live_draws: u32) -> Board {
        Board {
            id: HandId {
                wind: Wind::East,
                number: 1,
                honba: 0,
            },
            dealer: 0,
            sticks: 0,
            scores: [0; 4],
            hands: Default::default(),
            drawn: None,
            melds: Default::default(),
            rivers: Default::default(),
            riichi: [false; 4],
            kita: [0; 4],
            indicators: Vec::new(),
            ura: Vec::new(),
            live_left: live_draws,
            over: false,
            live_draws,
        }
    }

    /// The seat lets `piece` go from its hand (a discard, a call's tiles, a kan, a North):
    /// the tile it drew, if any, is then one of its tiles like the rest.
    fn take(&mut self, seat: usize, piece: Piece) {
        let hand = &mut self.hands[seat];
        if let Some(at) = hand.iter().position(|held| *held == piece) {
            hand.remove(at);
        }
        if self.drawn.is_some_and(|(by, _)| by == seat) {
            self.drawn = None;
        }
    }
}

fn sort(hand: &mut [Piece]) {
    hand.sort_by_key(|piece| (piece.tile, piece.red));
}
