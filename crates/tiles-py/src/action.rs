//! `tiles.mahjong.Action`: one legal decision of one seat, in mjai's vocabulary, with its
//! fixed action id.

use mahjong::MeldKind;
use mahjong::Piece;
use mahjong_game::encoding;
use mahjong_game::mjai::wire::tile_name;
use mahjong_game::{Action, Game};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// One legal decision of one seat, in mjai's vocabulary: `dahai` (a discard), `reach` (a
/// discard declaring riichi), `hora` (tsumo or ron), `chi`, `pon`, `daiminkan`, `ankan`,
/// `kakan`, `ryukyoku` (nine terminals), `none` (pass) or `kita` (a North set aside, three
/// players). Compare with `==`; `id` is its
/// fixed action id; `to_dict()` gives it as an mjai event.
#[pyclass(frozen, eq, hash, module = "tiles._tiles", name = "MahjongAction")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyAction {
    pub(crate) seat: u8,
    pub(crate) action: Action,
    /// The seat the tile came from (a claim), or the seat itself.
    target: u8,
    /// The tile taken or won on, where the action has one beyond its own.
    pai: Option<Piece>,
    /// The tiles from the hand (chi, pon, kans), `len` of them.
    consumed: [Piece; 4],
    len: u8,
    id: u16,
}

impl PyAction {
    /// `action` of `seat` in `game` now, with what mjai writes beside it.
    pub(crate) fn new(game: &Game, seat: usize, action: Action) -> PyAction {
        let claim = game.claim_on_table();
        let mut consumed = [Piece::plain(mahjong::Tile::from_index(0).expect("a tile")); 4];
        let mut len = 0;
        let mut push = |piece: Piece| {
            consumed[len] = piece;
            len += 1;
        };
        let hand = game.hand(seat);
        let (target, pai) = match action {
            Action::Chi { tiles } | Action::Pon { tiles } => {
                tiles.iter().for_each(|piece| push(*piece));
                let (tile, from) = claim.expect("a call takes a tile on the table");
                (from, Some(tile))
            }
            Action::Daiminkan => {
                let (tile, from) = claim.expect("a call takes a tile on the table");
                hand.iter()
                    .filter(|piece| piece.tile == tile.tile)
                    .for_each(|piece| push(*piece));
                (from, Some(tile))
            }
            Action::Ankan { tile } => {
                hand.iter()
                    .filter(|piece| piece.tile == tile)
                    .for_each(|piece| push(*piece));
                (seat, None)
            }
            Action::Kakan { tile } => {
                if let Some(meld) = game
                    .melds(seat)
                    .iter()
                    .find(|meld| meld.kind == MeldKind::Pon && meld.tiles[0].tile == tile.tile)
                {
                    meld.tiles.iter().for_each(|piece| push(*piece));
                }
                (seat, Some(tile))
            }
            Action::Ron => {
                let (tile, from) = claim.expect("a ron takes a tile on the table");
                (from, Some(tile))
            }
            Action::Tsumo => (seat, game.drawn()),
            Action::Discard { tile, .. } => (seat, Some(tile)),
            Action::NineTerminals | Action::Pass => (seat, None),
            Action::Kita => (
                seat,
                Some(Piece::plain(mahjong::Tile::from_index(30).expect("North"))),
            ),
        };
        PyAction {
            seat: seat as u8,
            action,
            target: target as u8,
            pai,
            consumed,
            len: len as u8,
            id: encoding::action_id(game, &action) as u16,
        }
    }

    fn consumed_pieces(&self) -> &[Piece] {
        &self.consumed[..usize::from(self.len)]
    }
}

/// The action's type in mjai's vocabulary.
pub(crate) fn type_name(action: &Action) -> &'static str {
    match action {
        Action::Discard { riichi: false, .. } => "dahai",
        Action::Discard { riichi: true, .. } => "reach",
        Action::Tsumo | Action::Ron => "hora",
        Action::Chi { .. } => "chi",
        Action::Pon { .. } => "pon",
        Action::Daiminkan => "daiminkan",
        Action::Ankan { .. } => "ankan",
        Action::Kakan { .. } => "kakan",
        Action::NineTerminals => "ryukyoku",
        Action::Pass => "none",
        Action::Kita => "kita",
    }
}

/// The types an action dict may have.
pub(crate) const TYPES: [&str; 11] = [
    "dahai",
    "reach",
    "hora",
    "chi",
    "pon",
    "daiminkan",
    "ankan",
    "kakan",
    "ryukyoku",
    "none",
    "kita",
];

#[pymethods]
impl PyAction {
    /// The seat deciding.
    #[getter]
    fn seat(&self) -> u8 {
        self.seat
    }

    /// `dahai`, `reach`, `hora`, `chi`, `pon`, `daiminkan`, `ankan`, `kakan`, `ryukyoku` or
    /// `none`.
    #[getter(r#type)]
    fn kind(&self) -> &'static str {
        type_name(&self.action)
    }

    /// Its fixed action id (`tiles.mahjong.encoding`).
    #[getter]
    fn id(&self) -> u16 {
        self.id
    }

    /// The tile discarded, won on, called, added (kakan) or kanned (ankan), in mjai notation
    /// (`5mr` a red five, `E S W N P F C` the honours); None for nine terminals and pass.
    #[getter]
    pub(crate) fn tile(&self) -> Option<String> {
        match self.action {
            Action::Ankan { tile } => Some(tile_name(Piece::plain(tile))),
            _ => self.pai.map(tile_name),
        }
    }

    /// The seat the tile comes from (a claim), or the seat itself.
    #[getter]
    fn target(&self) -> u8 {
        self.target
    }

    /// A discard of the tile just drawn.
    #[getter]
    pub(crate) fn tsumogiri(&self) -> bool {
        matches!(
            self.action,
            Action::Discard {
                tsumogiri: true,
                ..
            }
        )
    }

    /// A discard declaring riichi.
    #[getter]
    fn riichi(&self) -> bool {
        matches!(self.action, Action::Discard { riichi: true, .. })
    }

    /// The tiles from the hand of a chi, pon or kan.
    #[getter]
    pub(crate) fn consumed(&self) -> Vec<String> {
        self.consumed_pieces()
            .iter()
            .map(|tile| tile_name(*tile))
            .collect()
    }

    /// The action as an mjai event: `{"type": "dahai", "actor": 0, "pai": "5m",
    /// "tsumogiri": false}`; `reach` as a `dahai` with its declaration; `hora` with `target`
    /// and `pai`; calls with `target`, `pai` and `consumed`; `ankan` with `consumed`; `kakan`
    /// with `pai` and `consumed`.
    #[allow(
        clippy::wrong_self_convention,
        reason = "a Python method takes its object by reference"
    )]
    pub(crate) fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("type", self.kind())?;
        dict.set_item("actor", self.seat)?;
        match self.action {
            Action::Discard { tsumogiri, .. } => {
                dict.set_item("pai", self.tile())?;
                dict.set_item("tsumogiri", tsumogiri)?;
            }
            Action::Tsumo | Action::Ron => {
                dict.set_item("target", self.target)?;
                dict.set_item("pai", self.tile())?;
            }
            Action::Chi { .. } | Action::Pon { .. } | Action::Daiminkan => {
                dict.set_item("target", self.target)?;
                dict.set_item("pai", self.tile())?;
                dict.set_item("consumed", self.consumed())?;
            }
            Action::Ankan { .. } => dict.set_item("consumed", self.consumed())?,
            Action::Kakan { .. } => {
                dict.set_item("pai", self.tile())?;
                dict.set_item("consumed", self.consumed())?;
            }
            Action::Kita => dict.set_item("pai", self.tile())?,
            Action::NineTerminals | Action::Pass => {}
        }
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!("Action(seat {}: {} #{})", self.seat, self.action, self.id)
    }
}
