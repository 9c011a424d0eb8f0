//! The state of a game and how actions change it: the deal, turns, claims, kans, riichi and
//! the end of each hand.

use tiles_core::SplitMix;

use super::action::{Action, Meld};
use super::event::{DrawKind, Event, HandId, Win};
use super::rules::{GameRules, START_POINTS, TARGET_POINTS};
use super::wall::{Exhausted, Wall};
use super::win::How;
use crate::score::{MeldKind, Piece, ScoringRules, Wind};
use crate::tile::{KINDS, Tile};

/// A tile in a river: whether it was drawn and let go, declared riichi with, or called away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RiverTile {
    /// The tile.
    pub tile: Piece,
    /// Discarded as it was drawn.
    pub tsumogiri: bool,
    /// The riichi declaration.
    pub riichi: bool,
    /// Claimed by another seat (it then shows in that seat's meld).
    pub called: bool,
}

/// A seat's riichi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Riichi {
    /// Declared (with the discard now on the table, or earlier).
    pub declared: bool,
    /// The declaring discard passed: the stick is paid and the hand is fixed.
    pub accepted: bool,
    /// Declared on the seat's first discard with no call before it.
    pub double: bool,
    /// Ippatsu is still possible.
    pub ippatsu: bool,
}

/// What the claim window is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Claimed {
    /// A discard.
    Discard,
    /// A tile added to a pon (robbing it is chankan).
    Kakan,
    /// A concealed kan (only thirteen orphans may rob it).
    Ankan,
}

/// Whose decision the game waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Phase {
    /// `seat` acts on its turn: it drew `drawn` (none after a chi or pon), a replacement tile
    /// when `rinshan`; `kuikae` holds the kinds it may not discard after a call.
    Turn {
        seat: usize,
        drawn: Option<Piece>,
        rinshan: bool,
        kuikae: u64,
    },
    /// `tile` from `from` can be claimed: each seat with options decides.
    Claims {
        from: usize,
        tile: Piece,
        what: Claimed,
        options: [Vec<Action>; 4],
        chosen: [Option<Action>; 4],
    },
    /// The game is over.
    Over,
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Another seat is to act.
    #[error("seat {seat} is not to act now (seat {to_move} is)")]
    NotYourTurn {
        /// The seat that tried.
        seat: usize,
        /// The seat to act.
        to_move: usize,
    },
    /// The action is not among the seat's legal ones.
    #[error("{action} is not legal for seat {seat} now ({why})")]
    NotLegal {
        /// The seat.
        seat: usize,
        /// The action, as text.
        action: String,
        /// What is allowed or why not.
        why: String,
    },
    /// A replayed record ran out of tiles.
    #[error("the record has no more tiles to draw for seat {seat}")]
    NoTile {
        /// The seat that was to draw.
        seat: usize,
    },
}

/// A four-player riichi game under Tenhou's rules.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) rules: GameRules,
    pub(crate) scoring: ScoringRules,
    random: SplitMix,
    pub(crate) scores: [i32; 4],
    pub(crate) id: HandId,
    pub(crate) dealer: usize,
    pub(crate) sticks: u32,
    pub(crate) forfeit: Option<usize>,
    // The hand being played.
    pub(crate) wall: Wall,
    pub(crate) hands: [Vec<Piece>; 4],
    pub(crate) counts: [[u8; KINDS]; 4],
    pub(crate) melds: [Vec<Meld>; 4],
    pub(crate) rivers: [Vec<RiverTile>; 4],
    pub(crate) riichi: [Riichi; 4],
    /// Passed a winning tile: furiten until the seat's next discard (for the hand, in riichi).
    pub(crate) furiten_pass: [bool; 4],
    pub(crate) furiten_riichi: [bool; 4],
    pub(crate) indicators: Vec<Piece>,
    /// Open or added kans whose dora indicator shows after the kanning seat's discard.
    pub(crate) pending_dora: u8,
    pub(crate) kan_seats: Vec<usize>,
    /// A call (any chi, pon or kan) has been made this hand.
    pub(crate) called_any: bool,
    pub(crate) discards_made: [u32; 4],
    /// The waits of each seat's 3k + 1 concealed tiles (a bit per kind), kept current.
    pub(crate) waits: [u64; 4],
    /// The seat liable (pao) for each seat's daisangen or daisuushii, if any.
    pub(crate) pao: [Option<usize>; 4],
    pub(crate) phase: Phase,
    pub(crate) events: Vec<Event>,
    /// Where this hand's events start in `events`.
    pub(crate) hand_start: usize,
}

/// The kinds as a bit set.
pub(crate) fn bit(tile: Tile) -> u64 {
    1 << tile.index()
}

impl Game {
    /// A game dealt from `seed` under `rules`.
    pub fn new(rules: GameRules, seed: u64) -> Game {
        let mut random = SplitMix::new(seed);
        let wall = Wall::seeded(&mut random, rules.red_fives);
        let mut game = Game::empty(rules, random, wall);
        game.start_hand();
        game
    }

    /// A game whose walls come from a record, hand by hand ([`Game::deal_given`]).
    pub(crate) fn empty(rules: GameRules, random: SplitMix, wall: Wall) -> Game {
        Game {
            rules,
            scoring: rules.scoring(),
            random,
            scores: [START_POINTS; 4],
            id: HandId {
                wind: Wind::East,
                number: 1,
                honba: 0,
            },
            dealer: 0,
            sticks: 0,
            forfeit: None,
            wall,
            hands: Default::default(),
            counts: [[0; KINDS]; 4],
            melds: Default::default(),
            rivers: Default::default(),
            riichi: [Riichi::default(); 4],
            furiten_pass: [false; 4],
            furiten_riichi: [false; 4],
            indicators: Vec::new(),
            pending_dora: 0,
            kan_seats: Vec::new(),
            called_any: false,
            discards_made: [0; 4],
            waits: [0; 4],
            pao: [None; 4],
            phase: Phase::Over,
            events: Vec::new(),
            hand_start: 0,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// Each seat's points now.
    pub fn scores(&self) -> [i32; 4] {
        self.scores
    }

    /// The hand being played (or the last one, once the game is over).
    pub fn hand_id(&self) -> HandId {
        self.id
    }

    /// The seat dealing this hand.
    pub fn dealer(&self) -> usize {
        self.dealer
    }

    /// Riichi sticks on the table.
    pub fn sticks(&self) -> u32 {
        self.sticks
    }

    /// Every event so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The seat that forfeited the game with an illegal action, if any.
    pub fn forfeited(&self) -> Option<usize> {
        self.forfeit
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// A seat's concealed tiles, in tile order (the tile just drawn among them).
    pub fn hand(&self, seat: usize) -> &[Piece] {
        &self.hands[seat]
    }

    /// A seat's melds.
    pub fn melds(&self, seat: usize) -> &[Meld] {
        &self.melds[seat]
    }

    /// A seat's discards.
    pub fn river(&self, seat: usize) -> &[RiverTile] {
        &self.rivers[seat]
    }

    /// The dora indicators shown.
    pub fn indicators(&self) -> &[Piece] {
        &self.indicators
    }

    /// Live draws left in the wall.
    pub fn live_left(&self) -> u32 {
        self.wall.live_left()
    }

    /// Whether `seat` has declared riichi (accepted or on the table now).
    pub fn in_riichi(&self, seat: usize) -> bool {
        self.riichi[seat].declared
    }

    /// The wind of `seat` this hand.
    pub fn seat_wind(&self, seat: usize) -> Wind {
        Wind::ALL[(seat + 4 - self.dealer) % 4]
    }

    /// The seat to act, if any: on a turn its seat; when a tile can be claimed, the first
    /// seat after the discarder that has options and has not decided.
    pub fn to_move(&self) -> Option<usize> {
        match &self.phase {
            Phase::Turn { seat, .. } => Some(*seat),
            Phase::Claims {
                from,
                options,
                chosen,
                ..
            } => (1..4)
                .map(|step| (from + step) % 4)
                .find(|&seat| !options[seat].is_empty() && chosen[seat].is_none()),
            Phase::Over => None,
        }
    }

    /// The seats that must decide now: the seat whose turn it is, or every seat that may
    /// claim the tile on the table and has not decided.
    pub fn deciding(&self) -> Vec<usize> {
        match &self.phase {
            Phase::Turn { seat, .. } => vec![*seat],
            Phase::Claims {
                from,
                options,
                chosen,
                ..
            } => (1..4)
                .map(|step| (from + step) % 4)
                .filter(|&seat| !options[seat].is_empty() && chosen[seat].is_none())
                .collect(),
            Phase::Over => Vec::new(),
        }
    }

    // ----- the deal -----

    /// Deals the next hand from the seeded wall.
    fn start_hand(&mut self) {
        let hands: [Vec<Piece>; 4] = std::array::from_fn(|seat| {
            self.wall
                .dealt((seat + 4 - self.dealer) % 4)
                .expect("a seeded wall deals")
        });
        let indicator = self
            .wall
            .indicator(0)
            .expect("a seeded wall has indicators");
        self.begin(hands, indicator);
        self.draw_for(self.dealer, false)
            .expect("a seeded wall has a first draw");
    }

    /// A game set at the start of a recorded hand: its id, dealer, sticks and scores (the
    /// hand is dealt by [`Game::deal_replayed`]).
    pub fn for_replay(
        rules: GameRules,
        id: HandId,
        dealer: usize,
        sticks: u32,
        scores: [i32; 4],
    ) -> Game {
        let wall = Wall::given(Default::default(), Vec::new(), Vec::new());
        let mut game = Game::empty(rules, SplitMix::new(0), wall);
        game.id = id;
        game.dealer = dealer;
        game.sticks = sticks;
        game.scores = scores;
        game
    }

    /// Deals a recorded hand: each seat's 13 tiles, the record's wall and the first
    /// indicator; the dealer draws.
    ///
    /// # Errors
    ///
    /// [`IllegalAction::NoTile`] if the wall has no first draw for the dealer.
    pub fn deal_replayed(
        &mut self,
        hands: [Vec<Piece>; 4],
        wall: Wall,
        indicator: Piece,
    ) -> Result<(), IllegalAction> {
        self.wall = wall;
        self.begin(hands, indicator);
        self.draw_for(self.dealer, false)
    }

    /// The events of the hand being played (or just ended).
    pub fn hand_events(&self) -> &[Event] {
        &self.events[self.hand_start..]
    }

    /// The tile just drawn by the seat whose turn it is.
    pub fn drawn(&self) -> Option<Piece> {
        match &self.phase {
            Phase::Turn { drawn, .. } => *drawn,
            _ => None,
        }
    }

    /// The tile that may be claimed now and the seat it came from.
    pub fn claim_on_table(&self) -> Option<(Piece, usize)> {
        match &self.phase {
            Phase::Claims { tile, from, .. } => Some((*tile, *from)),
            _ => None,
        }
    }

    /// Whether the tile on the table is a kan's (only a ron may take it).
    pub fn claim_is_kan_tile(&self) -> bool {
        matches!(&self.phase, Phase::Claims { what, .. } if *what != Claimed::Discard)
    }

    /// Resets the hand state for a new deal and logs it.
    fn begin(&mut self, hands: [Vec<Piece>; 4], indicator: Piece) {
        self.counts = [[0; KINDS]; 4];
        for (seat, hand) in hands.iter().enumerate() {
            for piece in hand {
                self.counts[seat][piece.tile.index()] += 1;
            }
        }
        self.hands = hands.clone();
        for hand in &mut self.hands {
            hand.sort_by_key(|piece| (piece.tile, !piece.red));
        }
        self.melds = Default::default();
        self.rivers = Default::default();
        self.riichi = [Riichi::default(); 4];
        self.furiten_pass = [false; 4];
        self.furiten_riichi = [false; 4];
        self.indicators = vec![indicator];
        self.pending_dora = 0;
        self.kan_seats.clear();
        self.called_any = false;
        self.discards_made = [0; 4];
        self.pao = [None; 4];
        for seat in 0..4 {
            self.waits[seat] = self.compute_waits(seat);
        }
        self.hand_start = self.events.len();
        self.events.push(Event::StartHand {
            id: self.id,
            dealer: self.dealer,
            sticks: self.sticks,
            scores: self.scores,
            indicator,
            hands,
        });
    }

    // ----- tiles in and out of hands -----

    fn take_in(&mut self, seat: usize, piece: Piece) {
        let hand = &mut self.hands[seat];
        let at = hand.partition_point(|other| (other.tile, !other.red) < (piece.tile, !piece.red));
        hand.insert(at, piece);
        self.counts[seat][piece.tile.index()] += 1;
    }

    /// Removes `piece` from the seat's hand; false if it holds none.
    fn take_out(&mut self, seat: usize, piece: Piece) -> bool {
        let Some(at) = self.hands[seat].iter().position(|other| *other == piece) else {
            return false;
        };
        self.hands[seat].remove(at);
        self.counts[seat][piece.tile.index()] -= 1;
        true
    }

    /// How many of `piece` (kind and redness) the seat holds.
    pub(crate) fn holds(&self, seat: usize, piece: Piece) -> usize {
        self.hands[seat]
            .iter()
            .filter(|other| **other == piece)
            .count()
    }

    /// The seat's waits from its concealed tiles: kinds that complete them, less those it
    /// holds all four of (melds included). Zero unless it holds 3k + 1 tiles.
    pub(crate) fn compute_waits(&self, seat: usize) -> u64 {
        let counts = &self.counts[seat];
        let size: u8 = counts.iter().sum();
        if size % 3 != 1 {
            return 0;
        }
        let Ok(hand) = crate::tile::Hand::from_counts(*counts) else {
            return 0;
        };
        let Ok(waits) = crate::waits::waits(&hand) else {
            return 0;
        };
        let mut bits = 0;
        for tile in waits {
            let in_melds: usize = self.melds[seat]
                .iter()
                .map(|meld| meld.tiles.iter().filter(|piece| piece.tile == tile).count())
                .sum();
            if usize::from(counts[tile.index()]) + in_melds < 4 {
                bits |= bit(tile);
            }
        }
        bits
    }

    /// Whether the seat's own discards hold one of its waits, or it passed a winning tile.
    pub(crate) fn is_furiten(&self, seat: usize) -> bool {
        if self.furiten_pass[seat] || self.furiten_riichi[seat] {
            return true;
        }
        let waits = self.waits[seat];
        self.rivers[seat]
            .iter()
            .any(|river| waits & bit(river.tile.tile) != 0)
    }

    // ----- draws -----

    /// `seat` draws (a replacement tile after a kan when `replacement`).
    fn draw_for(&mut self, seat: usize, replacement: bool) -> Result<(), IllegalAction> {
        let drawn = if replacement {
            self.wall.draw_replacement(seat)
        } else {
            self.wall.draw(seat)
        };
        let tile = drawn.map_err(|Exhausted| IllegalAction::NoTile { seat })?;
        self.take_in(seat, tile);
        self.events.push(Event::Draw {
            seat,
            tile,
            replacement,
        });
        self.phase = Phase::Turn {
            seat,
            drawn: Some(tile),
            rinshan: replacement,
            kuikae: 0,
        };
        Ok(())
    }

    /// Shows the next dora indicator.
    fn show_dora(&mut self) -> Result<(), IllegalAction> {
        let indicator = self
            .wall
            .indicator(self.indicators.len())
            .map_err(|Exhausted| IllegalAction::NoTile { seat: self.dealer })?;
        self.indicators.push(indicator);
        self.events.push(Event::Dora { indicator });
        Ok(())
    }

    /// Shows the indicators of open or added kans still waiting for theirs.
    fn show_pending_dora(&mut self) -> Result<(), IllegalAction> {
        while self.pending_dora > 0 {
            self.pending_dora -= 1;
            self.show_dora()?;
        }
        Ok(())
    }

    // ----- applying actions -----

    /// Makes `seat`'s decision. On a turn only the seat to move acts; when a tile can be
    /// claimed, any seat with options may decide (in any order), and the claims are settled
    /// once every such seat has.
    ///
    /// # Errors
    ///
    /// [`IllegalAction`] when the game is over, the seat is not to act, or the action is not
    /// one of its legal ones; the game is then unchanged.
    pub fn act(&mut self, seat: usize, action: Action) -> Result<(), IllegalAction> {
        match &self.phase {
            Phase::Over => Err(IllegalAction::GameOver),
            Phase::Turn { seat: turn, .. } => {
                if *turn != seat {
                    return Err(IllegalAction::NotYourTurn {
                        seat,
                        to_move: *turn,
                    });
                }
                if !self.is_legal_on_turn(seat, action) {
                    return Err(self.refuse(seat, action));
                }
                self.turn_action(seat, action)
            }
            Phase::Claims {
                options, chosen, ..
            } => {
                if options[seat].is_empty() || chosen[seat].is_some() {
                    return Err(IllegalAction::NotYourTurn {
                        seat,
                        to_move: self.to_move().unwrap_or(seat),
                    });
                }
                if action != Action::Pass && !options[seat].contains(&action) {
                    return Err(self.refuse(seat, action));
                }
                if let Phase::Claims { chosen, .. } = &mut self.phase {
                    chosen[seat] = Some(action);
                }
                if self.to_move().is_none() {
                    self.settle_claims()?;
                }
                Ok(())
            }
        }
    }

    fn refuse(&self, seat: usize, action: Action) -> IllegalAction {
        let legal = self.legal_actions(seat);
        let shown: Vec<String> = legal.iter().map(ToString::to_string).collect();
        IllegalAction::NotLegal {
            seat,
            action: action.to_string(),
            why: if shown.is_empty() {
                "it has no action".to_owned()
            } else {
                format!("legal: {}", shown.join(", "))
            },
        }
    }

    /// A legal action of the seat whose turn it is.
    fn turn_action(&mut self, seat: usize, action: Action) -> Result<(), IllegalAction> {
        let Phase::Turn { drawn, rinshan, .. } = self.phase.clone() else {
            unreachable!("turn_action on a turn");
        };
        match action {
            Action::Discard {
                tile,
                tsumogiri,
                riichi,
            } => self.discard(seat, tile, tsumogiri, riichi),
            Action::Tsumo => {
                let tile = drawn.expect("a tsumo has a drawn tile");
                let win = self.score_win(seat, seat, tile, How::Tsumo { rinshan }, true);
                let win = win.expect("a legal tsumo scores");
                self.end_with_wins(seat, vec![(seat, win)])
            }
            Action::NineTerminals => self.end_drawn(DrawKind::NineTerminals),
            Action::Ankan { tile } => {
                let piece = |red| Piece { tile, red };
                let mut consumed = [piece(false); 4];
                let reds = self.holds(seat, piece(true));
                for slot in consumed.iter_mut().take(reds) {
                    *slot = piece(true);
                }
                for one in consumed {
                    self.take_out(seat, one);
                }
                self.melds[seat].push(Meld {
                    kind: MeldKind::Ankan,
                    tiles: consumed.to_vec(),
                    called: None,
                    added: false,
                });
                self.events.push(Event::Ankan { seat, consumed });
                self.after_kan(seat);
                // A closed kan's indicator shows at once (after any still pending).
                self.show_pending_dora()?;
                self.show_dora()?;
                self.open_claims(seat, piece(false), Claimed::Ankan)
            }
            Action::Kakan { tile } => {
                self.take_out(seat, tile);
                let meld = self.melds[seat]
                    .iter_mut()
                    .find(|meld| meld.kind == MeldKind::Pon && meld.tiles[0].tile == tile.tile)
                    .expect("a legal kakan has its pon");
                let consumed = [meld.tiles[0], meld.tiles[1], meld.tiles[2]];
                meld.kind = MeldKind::Kan;
                meld.tiles.push(tile);
                meld.added = true;
                self.events.push(Event::Kakan {
                    seat,
                    tile,
                    consumed,
                });
                self.after_kan(seat);
                // Its indicator shows after the seat's discard (an earlier open kan's too:
                // a record with two added kans and a robbed second shows neither).
                self.pending_dora += 1;
                self.open_claims(seat, tile, Claimed::Kakan)
            }
            Action::Ron
            | Action::Chi { .. }
            | Action::Pon { .. }
            | Action::Daiminkan
            | Action::Pass => unreachable!("only turn actions are legal on a turn"),
        }
    }

    /// Bookkeeping common to every kan.
    fn after_kan(&mut self, seat: usize) {
        self.kan_seats.push(seat);
        self.called_any = true;
        for riichi in &mut self.riichi {
            riichi.ippatsu = false;
        }
        self.waits[seat] = self.compute_waits(seat);
    }

    fn discard(
        &mut self,
        seat: usize,
        tile: Piece,
        tsumogiri: bool,
        riichi: bool,
    ) -> Result<(), IllegalAction> {
        self.take_out(seat, tile);
        if riichi {
            self.riichi[seat] = Riichi {
                declared: true,
                accepted: false,
                double: self.discards_made[seat] == 0 && !self.called_any,
                ippatsu: false,
            };
            self.events.push(Event::Riichi { seat });
        } else if self.riichi[seat].accepted {
            // The seat's own discard after riichi ends its ippatsu chance.
            self.riichi[seat].ippatsu = false;
        }
        self.rivers[seat].push(super::state::RiverTile {
            tile,
            tsumogiri,
            riichi,
            called: false,
        });
        self.discards_made[seat] += 1;
        self.furiten_pass[seat] = false;
        self.waits[seat] = self.compute_waits(seat);
        self.events.push(Event::Discard {
            seat,
            tile,
            tsumogiri,
        });
        // An open or added kan's indicator shows once its seat has discarded.
        self.show_pending_dora()?;
        self.open_claims(seat, tile, Claimed::Discard)
    }

    /// Opens the claim window on `tile` from `from`, or moves on if nobody can claim it.
    fn open_claims(
        &mut self,
        from: usize,
        tile: Piece,
        what: Claimed,
    ) -> Result<(), IllegalAction> {
        let options: [Vec<Action>; 4] =
            std::array::from_fn(|seat| self.claim_options(seat, from, tile, what));
        self.phase = Phase::Claims {
            from,
            tile,
            what,
            options,
            chosen: [None; 4],
        };
        if self.to_move().is_none() {
            self.settle_claims()?;
        }
        Ok(())
    }

    /// Every seat has decided on the tile on the table: wins first, then a pon or kan, then
    /// a chi, else play goes on.
    fn settle_claims(&mut self) -> Result<(), IllegalAction> {
        let Phase::Claims {
            from,
            tile,
            what,
            options,
            chosen,
        } = std::mem::replace(&mut self.phase, Phase::Over)
        else {
            unreachable!("settle_claims in a claim window");
        };
        let order: Vec<usize> = (1..4).map(|step| (from + step) % 4).collect();
        let rons: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&seat| chosen[seat] == Some(Action::Ron))
            .collect();
        // A winning tile let go: furiten until the seat's next discard (for good in riichi).
        for &seat in &order {
            if !rons.contains(&seat) && self.waits[seat] & bit(tile.tile) != 0 {
                self.furiten_pass[seat] = true;
                if self.riichi[seat].accepted {
                    self.furiten_riichi[seat] = true;
                }
            }
        }
        if rons.len() == 3 {
            return self.end_drawn(DrawKind::TripleRon);
        }
        if !rons.is_empty() {
            let mut wins = Vec::new();
            for (index, &seat) in rons.iter().enumerate() {
                let win = self.score_win(seat, from, tile, How::Ron(what), index == 0);
                wins.push((seat, win.expect("a legal ron scores")));
            }
            return self.end_with_wins(from, wins);
        }
        drop(options);
        // The riichi discard passed: the stick goes on the table.
        if what == Claimed::Discard && self.riichi[from].declared && !self.riichi[from].accepted {
            self.riichi[from].accepted = true;
            self.riichi[from].ippatsu = true;
            self.scores[from] -= 1000;
            self.sticks += 1;
            self.events.push(Event::RiichiAccepted { seat: from });
            if self.riichi.iter().all(|riichi| riichi.accepted) {
                return self.end_drawn(DrawKind::FourRiichi);
            }
        }
        match what {
            Claimed::Kakan | Claimed::Ankan => return self.draw_for(from, true),
            Claimed::Discard => {}
        }
        let call = order.iter().copied().find_map(|seat| match chosen[seat] {
            Some(action @ (Action::Pon { .. } | Action::Daiminkan)) => Some((seat, action)),
            _ => None,
        });
        let call = call.or_else(|| {
            order.iter().copied().find_map(|seat| match chosen[seat] {
                Some(action @ Action::Chi { .. }) => Some((seat, action)),
                _ => None,
            })
        });
        if let Some((seat, action)) = call {
            return self.call(seat, from, tile, action);
        }
        // Four winds: the first four discards, no call, the same wind.
        if self.discards_made == [1, 1, 1, 1] && !self.called_any {
            let first = self.rivers[self.dealer][0].tile.tile;
            if (27..31).contains(&first.index())
                && self.rivers.iter().all(|river| river[0].tile.tile == first)
            {
                return self.end_drawn(DrawKind::FourWinds);
            }
        }
        // Four kans by more than one seat: the discard after the fourth passed.
        if self.kan_seats.len() == 4 && self.kan_seats.iter().any(|&seat| seat != self.kan_seats[0])
        {
            return self.end_drawn(DrawKind::FourKans);
        }
        if self.wall.live_left() == 0 {
            return self.end_exhausted();
        }
        self.draw_for((from + 1) % 4, false)
    }

    /// A chi, pon or open kan of `tile` from `from` by `seat`.
    fn call(
        &mut self,
        seat: usize,
        from: usize,
        tile: Piece,
        action: Action,
    ) -> Result<(), IllegalAction> {
        let (kind, consumed): (MeldKind, Vec<Piece>) = match action {
            Action::Chi { tiles } => (MeldKind::Chi, tiles.to_vec()),
            Action::Pon { tiles } => (MeldKind::Pon, tiles.to_vec()),
            Action::Daiminkan => (
                MeldKind::Kan,
                self.hands[seat]
                    .iter()
                    .copied()
                    .filter(|piece| piece.tile == tile.tile)
                    .collect(),
            ),
            _ => unreachable!("a call is a chi, pon or kan"),
        };
        for piece in &consumed {
            self.take_out(seat, *piece);
        }
        if let Some(river) = self.rivers[from].last_mut() {
            river.called = true;
        }
        let mut tiles = consumed.clone();
        tiles.push(tile);
        tiles.sort_by_key(|piece| (piece.tile, !piece.red));
        self.melds[seat].push(Meld {
            kind,
            tiles,
            called: Some((tile, from)),
            added: false,
        });
        self.called_any = true;
        for riichi in &mut self.riichi {
            riichi.ippatsu = false;
        }
        self.note_pao(seat, from, tile.tile, kind);
        self.events.push(Event::Call {
            seat,
            kind,
            from,
            tile,
            consumed,
        });
        if kind == MeldKind::Kan {
            self.kan_seats.push(seat);
            self.waits[seat] = self.compute_waits(seat);
            self.pending_dora += 1;
            return self.draw_for(seat, true);
        }
        let kuikae = super::legal::kuikae(
            kind,
            tile.tile,
            &self.melds[seat].last().expect("just made").tiles,
        );
        self.phase = Phase::Turn {
            seat,
            drawn: None,
            rinshan: false,
            kuikae,
        };
        Ok(())
    }

    /// Pao: calling the third dragon set or the fourth wind set from a discard makes its
    /// discarder liable for the daisangen or daisuushii.
    fn note_pao(&mut self, seat: usize, from: usize, tile: Tile, kind: MeldKind) {
        if kind == MeldKind::Chi {
            return;
        }
        let index = tile.index();
        let (range, needed) = if (31..34).contains(&index) {
            (31..34, 3)
        } else if (27..31).contains(&index) {
            (27..31, 4)
        } else {
            return;
        };
        let sets = self.melds[seat]
            .iter()
            .filter(|meld| {
                meld.kind != MeldKind::Chi && range.contains(&meld.tiles[0].tile.index())
            })
            .count();
        if sets == needed {
            self.pao[seat] = Some(from);
        }
    }

    // ----- the end of a hand -----

    /// The hand ends with these wins on `from`'s tile (or a tsumo, `from` the winner).
    fn end_with_wins(&mut self, from: usize, wins: Vec<(usize, Win)>) -> Result<(), IllegalAction> {
        let mut dealer_won = false;
        for (seat, win) in wins {
            for (score, delta) in self.scores.iter_mut().zip(win.deltas) {
                *score += delta;
            }
            dealer_won |= seat == self.dealer;
            self.events.push(Event::Win(Box::new(win)));
        }
        let _ = from;
        self.sticks = 0;
        self.finish_hand(dealer_won, true, false)
    }

    /// An abortive draw, or the end of an exhaustive one.
    fn end_drawn(&mut self, kind: DrawKind) -> Result<(), IllegalAction> {
        self.events.push(Event::Drawn {
            kind,
            tenpai: [false; 4],
            deltas: [0; 4],
        });
        self.finish_hand(true, false, true)
    }

    /// The live wall is empty and the last discard passed: nagashi mangan, or tenpai
    /// payments.
    fn end_exhausted(&mut self) -> Result<(), IllegalAction> {
        let tenpai: [bool; 4] = std::array::from_fn(|seat| self.waits[seat] != 0);
        let nagashi: Vec<usize> = (0..4)
            .filter(|&seat| {
                self.rivers[seat]
                    .iter()
                    .all(|river| river.tile.tile.is_terminal_or_honor() && !river.called)
            })
            .collect();
        let mut deltas = [0i32; 4];
        let kind = if nagashi.is_empty() {
            let count = tenpai.iter().filter(|&&ready| ready).count() as i32;
            if (1..4).contains(&count) {
                for seat in 0..4 {
                    deltas[seat] = if tenpai[seat] {
                        3000 / count
                    } else {
                        -3000 / (4 - count)
                    };
                }
            }
            DrawKind::Exhaustive
        } else {
            // A mangan tsumo for each, without honba; the sticks stay on the table.
            for &seat in &nagashi {
                for payer in (0..4).filter(|&payer| payer != seat) {
                    let pays = if seat == self.dealer || payer == self.dealer {
                        4000
                    } else {
                        2000
                    };
                    deltas[payer] -= pays;
                    deltas[seat] += pays;
                }
            }
            DrawKind::NagashiMangan
        };
        for (score, delta) in self.scores.iter_mut().zip(deltas) {
            *score += delta;
        }
        self.events.push(Event::Drawn {
            kind,
            tenpai,
            deltas,
        });
        self.finish_hand(tenpai[self.dealer], false, false)
    }

    /// After a hand: the dealer stays (`dealer_stays`) or the deal passes; the game ends or
    /// the next hand is dealt.
    fn finish_hand(
        &mut self,
        dealer_stays: bool,
        won: bool,
        abortive: bool,
    ) -> Result<(), IllegalAction> {
        self.events.push(Event::EndHand {
            scores: self.scores,
        });
        if self.game_ends(dealer_stays, abortive) {
            return self.end_game();
        }
        if dealer_stays {
            self.id.honba += 1;
        } else {
            self.id.honba = if won { 0 } else { self.id.honba + 1 };
            self.dealer = (self.dealer + 1) % 4;
            if self.id.number == 4 {
                self.id.number = 1;
                self.id.wind = Wind::ALL[(self.id.wind as usize + 1) % 4];
            } else {
                self.id.number += 1;
            }
        }
        if self.wall.is_given() {
            // A replayed record deals its next hand itself.
            self.phase = Phase::Over;
            return Ok(());
        }
        self.wall = Wall::seeded(&mut self.random, self.rules.red_fives);
        self.start_hand();
        Ok(())
    }

    /// The seats ranked by points, ties to the seat that was East first.
    pub fn ranking(&self) -> [usize; 4] {
        let mut seats = [0, 1, 2, 3];
        seats.sort_by_key(|&seat| (std::cmp::Reverse(self.scores[seat]), seat));
        seats
    }

    /// Whether the game is over after this hand.
    fn game_ends(&self, dealer_stays: bool, abortive: bool) -> bool {
        if self.scores.iter().any(|&score| score < 0) {
            return true;
        }
        let rounds = self.rules.length.rounds();
        let wind = self.id.wind as u8;
        let all_last = wind + 1 > rounds || (wind + 1 == rounds && self.id.number == 4);
        if !all_last {
            return false;
        }
        let top = *self.scores.iter().max().expect("four seats");
        if dealer_stays {
            // The dealer's win or tenpai in the last hand ends the game if the dealer is first
            // with the points to end it (agari-yame); an abortive draw plays on.
            !abortive
                && self.ranking()[0] == self.dealer
                && self.scores[self.dealer] >= TARGET_POINTS
        } else {
            // The deal passes: the game ends if someone has the points, or the extension is
            // over (West 4 for a hanchan, South 4 for an East game).
            let extension_over = wind >= rounds && self.id.number == 4;
            top >= TARGET_POINTS || extension_over
        }
    }

    /// Ends the game: the sticks left to the first.
    fn end_game(&mut self) -> Result<(), IllegalAction> {
        let first = self.ranking()[0];
        self.scores[first] += 1000 * self.sticks as i32;
        self.sticks = 0;
        self.events.push(Event::EndGame {
            scores: self.scores,
        });
        self.phase = Phase::Over;
        Ok(())
    }
}

impl Game {
    /// The tiles of a seeded wall not yet drawn or shown (the wall's rest and the hidden dead
    /// wall), for checks that every tile is accounted for; `None` for a record's wall.
    pub fn unseen_tiles(&self) -> Option<Vec<Piece>> {
        self.wall.unseen(self.indicators.len())
    }
}
