//! The state of a game and how actions change it: the deal, turns, claims, kans, riichi and
//! the end of each hand.

use tiles_core::SplitMix;

use super::action::{Action, Meld};
use super::event::{Event, HandId};
use super::rules::GameRules;
use super::wall::{Exhausted, Wall};
use mahjong::Players;
use mahjong::{KINDS, Tile};
use mahjong::{Piece, ScoringRules, Wind};

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
    /// Its place among all the hand's discards, every seat's (0 the first): which came
    /// before which.
    pub order: u32,
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
    /// A North set aside (three players): any hand with a yaku may ron it (not chankan).
    Kita,
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
    /// A replayed record that is no game the rules allow: a fifth copy of a tile, a second
    /// red five of a suit, a dealt hand not of 13 tiles.
    #[error("the record is not a game the rules allow: {0}")]
    BadRecord(String),
}

/// A riichi game under [`GameRules`] (Tenhou's by default): four players, or three (seat 3
/// then empty).
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) rules: GameRules,
    pub(crate) scoring: ScoringRules,
    pub(crate) random: SplitMix,
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
    /// Norths each seat has set aside this hand (kita; three players only).
    pub(crate) kita: [u8; 4],
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
    /// The seat liable (pao) for each seat's daisangen, daisuushii and suukantsu, if any.
    pub(crate) pao: [[Option<usize>; 3]; 4],
    /// The discarder of the tile of the open kan whose replacement tile was last drawn.
    pub(crate) rinshan_feeder: Option<usize>,

    pub(crate) phase: Phase,
    pub(crate) events: Vec<Event>,
    /// Where this hand's events start in `events`.
    pub(crate) hand_start: usize,
    /// Copies of each kind dealt, drawn or shown this hand, and red fives per suit: a record
    /// with a fifth is refused.
    pub(crate) seen: [u8; KINDS],
    pub(crate) seen_red: [u8; 3],
    /// Seats asked in every claim window on another seat's tile, whether or not they may
    /// claim it (pass their one decision then): see [`Game::ask_always`].
    pub(crate) always_asked: [bool; 4],
}

/// The kinds as a bit set.
pub(crate) fn bit(tile: Tile) -> u64 {
    1 << tile.index()
}

impl Game {
    /// A game dealt from `seed` under `rules`.
    pub fn new(rules: GameRules, seed: u64) -> Game {
        let mut random = SplitMix::new(seed);
        let wall = Wall::seeded(&mut random, &rules);
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
            scores: std::array::from_fn(|seat| {
                if seat < usize::from(rules.players) {
                    rules.start_points()
                } else {
                    0
                }
            }),
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
            kita: [0; 4],
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
            pao: [[None; 3]; 4],
            rinshan_feeder: None,
            phase: Phase::Over,
            events: Vec::new(),
            hand_start: 0,
            seen: [0; KINDS],
            seen_red: [0; 3],
            always_asked: [false; 4],
        }
    }

    /// The rules.
    pub fn rules(&self) -> &GameRules {
        &self.rules
    }

    /// The players: four, or three (seat 3 is then empty: no tiles, no points, never to act).
    pub fn players(&self) -> Players {
        self.rules.players
    }

    /// How many play: 4, or 3.
    pub(crate) fn seat_count(&self) -> usize {
        self.rules.players.count()
    }

    /// Norths `seat` has set aside this hand (three players).
    pub fn kita(&self, seat: usize) -> u8 {
        self.kita[seat]
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
        let players = self.seat_count();
        Wind::ALL[(seat + players - self.dealer) % players]
    }

    /// The seat to act, if any: on a turn its seat; when a tile can be claimed, the first
    /// seat after the discarder that has options and has not decided.
    pub fn to_move(&self) -> Option<usize> {
        match &self.phase {
            Phase::Turn { seat, .. } => Some(*seat),
            _ => self.claimants().next(),
        }
    }

    /// The seats that must decide now: the seat whose turn it is, or every seat that may
    /// claim the tile on the table and has not decided.
    pub fn deciding(&self) -> Vec<usize> {
        match &self.phase {
            Phase::Turn { seat, .. } => vec![*seat],
            _ => self.claimants().collect(),
        }
    }

    /// Asks `seats` in every claim window on another seat's tile (a discard, an added or
    /// concealed kan's tile, a North), whether or not they may claim it: one that may not has
    /// `Pass` as its only decision. A table with two people asks both so, as Tenhou asks
    /// everyone who could call, so that being asked tells nobody what another may do. The
    /// events of a game are the same either way.
    pub fn ask_always(&mut self, seats: [bool; 4]) {
        self.always_asked = seats;
    }

    /// Whether `seat` decides in a claim window on `from`'s tile where it has `options`.
    pub(crate) fn asked(&self, seat: usize, from: usize, options: &[Action]) -> bool {
        seat != from && (!options.is_empty() || self.always_asked[seat])
    }

    /// The seats that may claim the tile on the table and have not decided, in turn order
    /// from the discarder (none outside a claim window).
    fn claimants(&self) -> impl Iterator<Item = usize> + '_ {
        let window = match &self.phase {
            Phase::Claims {
                from,
                options,
                chosen,
                ..
            } => Some((*from, options, chosen)),
            _ => None,
        };
        let players = self.seat_count();
        (1..players).filter_map(move |step| {
            let (from, options, chosen) = window?;
            let seat = (from + step) % players;
            (self.asked(seat, from, &options[seat]) && chosen[seat].is_none()).then_some(seat)
        })
    }

    // ----- the deal -----

    /// Deals the next hand from the seeded wall.
    pub(crate) fn start_hand(&mut self) {
        let players = self.seat_count();
        let hands: [Vec<Piece>; 4] = std::array::from_fn(|seat| {
            if seat >= players {
                return Vec::new();
            }
            self.wall
                .dealt((seat + players - self.dealer) % players)
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
        let wall = Wall::given_for(&rules, Default::default(), Vec::new(), Vec::new());
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
        for (seat, hand) in hands.iter().enumerate() {
            let dealt = if seat < self.seat_count() { 13 } else { 0 };
            if hand.len() != dealt {
                return Err(IllegalAction::BadRecord(format!(
                    "seat {seat} is dealt {} tiles, not {dealt}",
                    hand.len()
                )));
            }
        }
        self.seen = [0; KINDS];
        self.seen_red = [0; 3];
        for piece in hands.iter().flatten().chain(std::iter::once(&indicator)) {
            self.note_tile(*piece)?;
        }
        self.wall = wall;
        self.begin(hands, indicator);
        self.draw_for(self.dealer, false)
    }

    /// Counts a tile come into sight; a fifth copy, a second red five of a suit or a red five
    /// without red fives is a record no game makes.
    pub(crate) fn note_tile(&mut self, piece: Piece) -> Result<(), IllegalAction> {
        let index = piece.tile.index();
        if self.rules.three_player() && (1..8).contains(&index) {
            return Err(IllegalAction::BadRecord(format!(
                "a {} in a three-player game (the set has no 2m-8m)",
                piece.tile
            )));
        }
        self.seen[index] += 1;
        if self.seen[index] > 4 {
            return Err(IllegalAction::BadRecord(format!("a fifth {}", piece.tile)));
        }
        if piece.red {
            if !self.rules.red_in_suit(index / 9) {
                return Err(IllegalAction::BadRecord(format!(
                    "a red five ({piece}) in a game without them"
                )));
            }
            self.seen_red[index / 9] += 1;
            if self.seen_red[index / 9] > 1 {
                return Err(IllegalAction::BadRecord(format!(
                    "a second red five {piece}"
                )));
            }
        }
        Ok(())
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
    pub(crate) fn begin(&mut self, hands: [Vec<Piece>; 4], indicator: Piece) {
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
        self.kita = [0; 4];
        self.rivers = Default::default();
        self.riichi = [Riichi::default(); 4];
        self.furiten_pass = [false; 4];
        self.furiten_riichi = [false; 4];
        self.indicators = vec![indicator];
        self.pending_dora = 0;
        self.kan_seats.clear();
        self.called_any = false;
        self.discards_made = [0; 4];
        self.pao = [[None; 3]; 4];
        self.rinshan_feeder = None;
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

    pub(crate) fn take_in(&mut self, seat: usize, piece: Piece) {
        let hand = &mut self.hands[seat];
        let at = hand.partition_point(|other| (other.tile, !other.red) < (piece.tile, !piece.red));
        hand.insert(at, piece);
        self.counts[seat][piece.tile.index()] += 1;
    }

    /// Removes `piece` from the seat's hand; false if it holds none.
    pub(crate) fn take_out(&mut self, seat: usize, piece: Piece) -> bool {
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
        self.waits_of(seat, &self.counts[seat])
    }

    /// The waits of `counts` as the seat's concealed tiles (beside its melds): kinds that
    /// complete them, less those the seat would hold all four of. Zero unless 3k + 1 tiles.
    pub(crate) fn waits_of(&self, seat: usize, counts: &[u8; KINDS]) -> u64 {
        let size: u8 = counts.iter().sum();
        if size % 3 != 1 {
            return 0;
        }
        let Ok(hand) = mahjong::Hand::from_counts(*counts) else {
            return 0;
        };
        let Ok(waits) = mahjong::waits(&hand) else {
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
    pub(crate) fn draw_for(&mut self, seat: usize, replacement: bool) -> Result<(), IllegalAction> {
        let drawn = if replacement {
            self.wall.draw_replacement(seat)
        } else {
            self.wall.draw(seat)
        };
        let tile = drawn.map_err(|Exhausted| IllegalAction::NoTile { seat })?;
        if self.wall.is_given() {
            self.note_tile(tile)?;
        }
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
    pub(crate) fn show_dora(&mut self) -> Result<(), IllegalAction> {
        let indicator = self
            .wall
            .indicator(self.indicators.len())
            .map_err(|Exhausted| IllegalAction::NoTile { seat: self.dealer })?;
        if self.wall.is_given() {
            self.note_tile(indicator)?;
        }
        self.indicators.push(indicator);
        self.events.push(Event::Dora { indicator });
        Ok(())
    }

    /// Shows the indicators of open or added kans still waiting for theirs.
    pub(crate) fn show_pending_dora(&mut self) -> Result<(), IllegalAction> {
        while self.pending_dora > 0 {
            self.pending_dora -= 1;
            self.show_dora()?;
        }
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
