//! What one seat sees, and the game on tiles-core's interface.

use super::action::{Action, Meld};
use super::event::HandId;
use super::rules::GameRules;
use super::state::{Game, IllegalAction, Phase, RiverTile};
use mahjong::Piece;
use mahjong::Players;

/// What one seat may see: its own tiles, everything on the table, the scores, and its legal
/// actions; never another seat's concealed tiles or the wall.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// The seat.
    pub seat: usize,
    /// Which hand.
    pub hand_id: HandId,
    /// The dealer's seat.
    pub dealer: usize,
    /// Riichi sticks on the table.
    pub sticks: u32,
    /// Each seat's points.
    pub scores: [i32; 4],
    /// The seat's concealed tiles, in tile order (a drawn tile among them).
    pub hand: Vec<Piece>,
    /// The tile it just drew, on its turn.
    pub drawn: Option<Piece>,
    /// The tile it may claim, and the seat it came from.
    pub claimable: Option<(Piece, usize)>,
    /// Each seat's melds.
    pub melds: [Vec<Meld>; 4],
    /// Each seat's discards.
    pub rivers: [Vec<RiverTile>; 4],
    /// Which seats have declared riichi.
    pub riichi: [bool; 4],
    /// The dora indicators shown.
    pub indicators: Vec<Piece>,
    /// Live draws left.
    pub live_left: u32,
    /// The seat's legal actions now (empty if it has no decision to make).
    pub legal: Vec<Action>,
    /// The players: four, or three (seat 3 empty).
    pub players: Players,
    /// Norths each seat has set aside (three players).
    pub kita: [u8; 4],
    /// The game's rules (its length tells which hand is the last planned one).
    pub rules: GameRules,
}

impl Game {
    /// What `seat` sees now.
    pub fn view(&self, seat: usize) -> View {
        let (drawn, claimable) = self.new_tile(seat);
        View {
            seat,
            hand_id: self.id,
            dealer: self.dealer,
            sticks: self.sticks,
            scores: self.scores,
            hand: self.hands[seat].clone(),
            drawn,
            claimable,
            melds: self.melds.clone(),
            rivers: self.rivers.clone(),
            riichi: std::array::from_fn(|other| self.riichi[other].declared),
            indicators: self.indicators.clone(),
            live_left: self.wall.live_left(),
            legal: self.legal_actions(seat),
            players: self.players(),
            kita: self.kita,
            rules: self.rules,
        }
    }
}

impl Game {
    /// The tile before `seat` now: the one it just drew on its turn, or the one it may claim
    /// and the seat it came from.
    pub(crate) fn new_tile(&self, seat: usize) -> (Option<Piece>, Option<(Piece, usize)>) {
        match &self.phase {
            Phase::Turn {
                seat: turn, drawn, ..
            } if *turn == seat => (*drawn, None),
            Phase::Claims { from, tile, .. } if *from != seat => (None, Some((*tile, *from))),
            _ => (None, None),
        }
    }
}

impl tiles_core::Game for Game {
    type Options = GameRules;
    type Move = Action;
    type View = View;
    type Error = IllegalAction;

    fn deal(options: &GameRules, seed: u64) -> Game {
        Game::new(*options, seed)
    }

    fn players(&self) -> usize {
        self.seat_count()
    }

    fn to_move(&self) -> Option<usize> {
        Game::to_move(self)
    }

    fn view(&self, player: usize) -> View {
        Game::view(self, player)
    }

    fn apply(&mut self, action: &Action) -> Result<(), IllegalAction> {
        let seat = Game::to_move(self).ok_or(IllegalAction::GameOver)?;
        self.act(seat, *action)
    }

    fn forfeit(&mut self, error: IllegalAction) {
        let _ = error;
        self.forfeit = Game::to_move(self);
        self.phase = Phase::Over;
    }

    fn outcome(&self) -> Option<tiles_core::Outcome> {
        if !self.is_over() {
            return None;
        }
        Some(tiles_core::Outcome {
            ranks: self.places(),
            points: self
                .players()
                .of(&self.scores)
                .iter()
                .map(|&points| i64::from(points))
                .collect(),
            forfeit: self.forfeit,
        })
    }
}
