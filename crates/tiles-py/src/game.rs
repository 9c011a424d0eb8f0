//! `tiles.mahjong.Game`: the four-player game step by step, for Python bots and training
//! loops, and `tiles.mahjong.Action`, one legal decision.
//!
//! The game holds the engine's state in Rust; `legal_actions(seat)` hands out small frozen
//! `Action` objects, `step({seat: action})` takes them back (or mjai-style dicts), and
//! `observation(seat)` builds what a bot may read only when asked.

use mahjong::MeldKind;
use mahjong::Piece;
use mahjong::game::{Action, Game, GameRules};
use mahjong::log::mjai::{event_json, tile_name};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::{BadRequest, convert};

/// One legal decision of one seat: discard (declaring riichi or not), tsumo, ron, chi, pon,
/// an open kan (`daiminkan`), a concealed kan (`ankan`), an added kan (`kakan`), nine
/// terminals, or pass. Compare with `==`; `to_dict()` gives it mjai-style.
#[pyclass(frozen, eq, hash, module = "tiles._tiles", name = "MahjongAction")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyAction {
    seat: u8,
    action: Action,
}

/// The action's type name.
fn type_name(action: &Action) -> &'static str {
    match action {
        Action::Discard { .. } => "discard",
        Action::Tsumo => "tsumo",
        Action::Ron => "ron",
        Action::Chi { .. } => "chi",
        Action::Pon { .. } => "pon",
        Action::Daiminkan => "daiminkan",
        Action::Ankan { .. } => "ankan",
        Action::Kakan { .. } => "kakan",
        Action::NineTerminals => "nine_terminals",
        Action::Pass => "pass",
    }
}

#[pymethods]
impl PyAction {
    /// The seat deciding.
    #[getter]
    fn seat(&self) -> u8 {
        self.seat
    }

    /// `discard`, `tsumo`, `ron`, `chi`, `pon`, `daiminkan`, `ankan`, `kakan`,
    /// `nine_terminals` or `pass`.
    #[getter(r#type)]
    fn kind(&self) -> &'static str {
        type_name(&self.action)
    }

    /// The tile discarded, added (kakan) or kanned (ankan), in mjai notation (`5mr` a red
    /// five, `E S W N P F C` the honours); None otherwise.
    #[getter]
    fn tile(&self) -> Option<String> {
        match self.action {
            Action::Discard { tile, .. } | Action::Kakan { tile } => Some(tile_name(tile)),
            Action::Ankan { tile } => Some(tile_name(Piece::plain(tile))),
            _ => None,
        }
    }

    /// A discard of the tile just drawn.
    #[getter]
    fn tsumogiri(&self) -> bool {
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

    /// The two tiles from the hand of a chi or pon.
    #[getter]
    fn consumed(&self) -> Vec<String> {
        match self.action {
            Action::Chi { tiles } | Action::Pon { tiles } => {
                tiles.iter().map(|tile| tile_name(*tile)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The action as a dict: `{"type": "discard", "actor": 0, "pai": "5m", "tsumogiri":
    /// false, "riichi": false}` (`pai` and the flags for a discard, `consumed` for a chi or
    /// pon, `pai` for a kan).
    #[allow(
        clippy::wrong_self_convention,
        reason = "a Python method takes its object by reference"
    )]
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("type", self.kind())?;
        dict.set_item("actor", self.seat)?;
        if let Some(tile) = self.tile() {
            dict.set_item("pai", tile)?;
        }
        if let Action::Discard {
            tsumogiri, riichi, ..
        } = self.action
        {
            dict.set_item("tsumogiri", tsumogiri)?;
            dict.set_item("riichi", riichi)?;
        }
        if matches!(self.action, Action::Chi { .. } | Action::Pon { .. }) {
            dict.set_item("consumed", self.consumed())?;
        }
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!("Action(seat {}: {})", self.seat, self.action)
    }
}

/// A four-player riichi game under Tenhou's rules, played step by step.
///
/// ``Game(seed=0, length="hanchan", red_fives=True, open_tanyao=True)`` (``red_fives`` may
/// also be each suit's count, ``[0, 1, 1]``). At each moment ``to_act`` lists the
/// seats that must decide (the seat whose turn it is, or every seat that may claim the tile
/// on the table); ``legal_actions(seat)`` gives each its choices; ``step({seat: action})``
/// makes their decisions (an ``Action``, or a dict like ``{"type": "discard", "pai": "5m"}``).
/// ``observation(seat)`` is what that seat may see, with the game's mjai events so far (other
/// seats' draws and dealt tiles as ``?``). ``done`` and ``result`` say how it ended.
#[pyclass(module = "tiles._tiles", name = "MahjongGame")]
#[derive(Debug)]
pub struct PyGame {
    game: Game,
    rules: GameRules,
}

impl PyGame {
    fn check_seat(seat: usize) -> PyResult<()> {
        if seat > 3 {
            return Err(PyValueError::new_err(format!(
                "seat: expected 0 to 3, found {seat}"
            )));
        }
        Ok(())
    }

    /// The legal action of `seat` a Python value names.
    fn action_of(&self, seat: usize, value: &Bound<'_, PyAny>) -> PyResult<Action> {
        if let Ok(action) = value.cast::<PyAction>() {
            let action = action.get();
            if usize::from(action.seat) != seat {
                return Err(BadRequest::new_err(format!(
                    "actions[{seat}]: an action of seat {}",
                    action.seat
                )));
            }
            return Ok(action.action);
        }
        let Ok(fields) = value.cast::<PyDict>() else {
            return Err(PyTypeError::new_err(format!(
                "actions[{seat}]: expected an Action or a dict such as {{\"type\": \"discard\", \"pai\": \"5m\"}}, found {}",
                convert::kind(value)
            )));
        };
        let text = |key: &str| -> PyResult<Option<String>> {
            fields
                .get_item(key)?
                .map(|item| item.extract::<String>())
                .transpose()
        };
        let flag = |key: &str| -> PyResult<Option<bool>> {
            fields
                .get_item(key)?
                .map(|item| item.extract::<bool>())
                .transpose()
        };
        let kind = text("type")?.ok_or_else(|| {
            BadRequest::new_err(format!("actions[{seat}]: a dict action needs a \"type\""))
        })?;
        // mjai's names too.
        let kind = match kind.as_str() {
            "dahai" => "discard".to_owned(),
            "none" => "pass".to_owned(),
            "hora" => {
                if self.game.claim_on_table().is_some() {
                    "ron".to_owned()
                } else {
                    "tsumo".to_owned()
                }
            }
            "ryukyoku" => "nine_terminals".to_owned(),
            _ => kind,
        };
        let pai = text("pai")?;
        let tsumogiri = flag("tsumogiri")?;
        let riichi = flag("riichi")?;
        let consumed: Option<Vec<String>> = fields
            .get_item("consumed")?
            .map(|item| item.extract())
            .transpose()?;
        let legal = self.game.legal_actions(seat);
        let matching: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|action| type_name(action) == kind)
            .filter(|action| {
                let one = PyAction {
                    seat: seat as u8,
                    action: *action,
                };
                pai.as_ref()
                    .is_none_or(|pai| one.tile().as_ref() == Some(pai))
                    && tsumogiri.is_none_or(|wanted| one.tsumogiri() == wanted)
                    && riichi.unwrap_or(false) == one.riichi()
                    && consumed.as_ref().is_none_or(|wanted| {
                        let mut wanted = wanted.clone();
                        let mut got = one.consumed();
                        wanted.sort();
                        got.sort();
                        wanted == got
                    })
            })
            .collect();
        match matching.as_slice() {
            [one] => Ok(*one),
            // Several discards of equal tiles: the one from the hand unless tsumogiri is said.
            [first, ..] if matches!(first, Action::Discard { .. }) => Ok(matching
                .iter()
                .copied()
                .find(|action| {
                    matches!(
                        action,
                        Action::Discard {
                            tsumogiri: false,
                            ..
                        }
                    )
                })
                .unwrap_or(*first)),
            [first, ..] => Ok(*first),
            [] => {
                let shown: Vec<String> = legal.iter().map(ToString::to_string).collect();
                Err(BadRequest::new_err(format!(
                    "actions[{seat}]: no legal action is {}; legal: {}",
                    fields.repr()?,
                    shown.join(", ")
                )))
            }
        }
    }

    fn events_json(&self, seat: Option<usize>) -> Vec<serde_json::Value> {
        self.game
            .events()
            .iter()
            .filter_map(|event| event_json(event, seat))
            .collect()
    }
}

fn tiles_list(pieces: &[Piece]) -> Vec<String> {
    pieces.iter().map(|piece| tile_name(*piece)).collect()
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (seed = 0, length = "hanchan", red_fives = None, open_tanyao = true))]
    fn new(
        seed: u64,
        length: &str,
        red_fives: Option<&Bound<'_, PyAny>>,
        open_tanyao: bool,
    ) -> PyResult<PyGame> {
        use tiles_api::mahjong::game::RedFives;
        let red = match red_fives {
            None => RedFives::All(true),
            Some(value) => match value.extract::<bool>() {
                Ok(red) => RedFives::All(red),
                Err(_) => RedFives::PerSuit(value.extract::<[u8; 3]>().map_err(|_| {
                    PyTypeError::new_err(
                        "red_fives: expected True, False or [man, pin, sou] counts such as [0, 1, 1]",
                    )
                })?),
            },
        };
        let rules = tiles_api::mahjong::game::rules(length, red, open_tanyao)
            .map_err(BadRequest::new_err)?;
        Ok(PyGame {
            game: Game::new(rules, seed),
            rules,
        })
    }

    /// Whether the game is over.
    #[getter]
    fn done(&self) -> bool {
        self.game.is_over()
    }

    /// The seats that must decide now, in the order the engine asks them.
    #[getter]
    fn to_act(&self) -> Vec<usize> {
        self.game.deciding()
    }

    /// The legal actions of `seat` now (empty if it has nothing to decide).
    fn legal_actions(&self, seat: usize) -> PyResult<Vec<PyAction>> {
        Self::check_seat(seat)?;
        Ok(self
            .game
            .legal_actions(seat)
            .into_iter()
            .map(|action| PyAction {
                seat: seat as u8,
                action,
            })
            .collect())
    }

    /// Makes the decisions of the seats in `actions` (`{seat: action}`), in the engine's
    /// order. Every seat that must decide now must be in it, and no other.
    fn step(&mut self, actions: &Bound<'_, PyDict>) -> PyResult<()> {
        let deciding = self.game.deciding();
        if actions.len() != deciding.len() {
            return Err(BadRequest::new_err(format!(
                "actions: expected one for each of seats {deciding:?}, found {} action(s)",
                actions.len()
            )));
        }
        let mut chosen = Vec::with_capacity(deciding.len());
        for &seat in &deciding {
            let value = actions.get_item(seat)?.ok_or_else(|| {
                BadRequest::new_err(format!(
                    "actions: seat {seat} must decide (seats {deciding:?}), and has no action"
                ))
            })?;
            chosen.push((seat, self.action_of(seat, &value)?));
        }
        for (seat, action) in chosen {
            if self.game.is_over() || !self.game.deciding().contains(&seat) {
                break;
            }
            self.game
                .act(seat, action)
                .map_err(|error| BadRequest::new_err(error.to_string()))?;
        }
        Ok(())
    }

    /// One seat's decision (`step` for one seat).
    fn act(&mut self, seat: usize, action: &Bound<'_, PyAny>) -> PyResult<()> {
        Self::check_seat(seat)?;
        let action = self.action_of(seat, action)?;
        self.game
            .act(seat, action)
            .map_err(|error| BadRequest::new_err(error.to_string()))
    }

    /// What `seat` may see: `seat`, `round` (`E1-0`), `dealer`, `sticks`, `scores`, its
    /// `hand` and the tile it `drew`, the tile it may `claim` (`{"pai", "from"}`) if any,
    /// every seat's `melds`, `rivers` and `riichi`, the `dora_indicators`, `live_left`, its
    /// `legal` actions as dicts, and the game's mjai `events` so far as that seat sees them.
    fn observation<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyDict>> {
        Self::check_seat(seat)?;
        let view = self.game.view(seat);
        let dict = PyDict::new(py);
        dict.set_item("seat", seat)?;
        dict.set_item("round", view.hand_id.to_string())?;
        dict.set_item("dealer", view.dealer)?;
        dict.set_item("sticks", view.sticks)?;
        dict.set_item("scores", view.scores.to_vec())?;
        dict.set_item("hand", tiles_list(&view.hand))?;
        dict.set_item("drew", view.drawn.map(tile_name))?;
        match view.claimable {
            Some((tile, from)) => {
                let claim = PyDict::new(py);
                claim.set_item("pai", tile_name(tile))?;
                claim.set_item("from", from)?;
                dict.set_item("claim", claim)?;
            }
            None => dict.set_item("claim", py.None())?,
        }
        let melds = PyList::empty(py);
        for seat_melds in &view.melds {
            let list = PyList::empty(py);
            for meld in seat_melds {
                let item = PyDict::new(py);
                let kind = match meld.kind {
                    MeldKind::Chi => "chi",
                    MeldKind::Pon => "pon",
                    MeldKind::Kan if meld.added => "kakan",
                    MeldKind::Kan => "daiminkan",
                    MeldKind::Ankan => "ankan",
                };
                item.set_item("type", kind)?;
                item.set_item("tiles", tiles_list(&meld.tiles))?;
                if let Some((tile, from)) = meld.called {
                    item.set_item("pai", tile_name(tile))?;
                    item.set_item("from", from)?;
                }
                list.append(item)?;
            }
            melds.append(list)?;
        }
        dict.set_item("melds", melds)?;
        let rivers = PyList::empty(py);
        for river in &view.rivers {
            let list = PyList::empty(py);
            for tile in river {
                let item = PyDict::new(py);
                item.set_item("pai", tile_name(tile.tile))?;
                item.set_item("tsumogiri", tile.tsumogiri)?;
                item.set_item("riichi", tile.riichi)?;
                item.set_item("called", tile.called)?;
                list.append(item)?;
            }
            rivers.append(list)?;
        }
        dict.set_item("rivers", rivers)?;
        dict.set_item("riichi", view.riichi.to_vec())?;
        dict.set_item("dora_indicators", tiles_list(&view.indicators))?;
        dict.set_item("live_left", view.live_left)?;
        let legal = PyList::empty(py);
        for action in view.legal {
            legal.append(
                PyAction {
                    seat: seat as u8,
                    action,
                }
                .to_dict(py)?,
            )?;
        }
        dict.set_item("legal", legal)?;
        let events = PyList::empty(py);
        for event in self.events_json(Some(seat)) {
            events.append(convert::to_python(py, &event)?)?;
        }
        dict.set_item("events", events)?;
        Ok(dict)
    }

    /// Once the game is over: `scores` (final points), `ranks` (per seat, 1 best) and each
    /// hand's `hands` results (`round`, `result`, `deltas`); None before.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        if !self.game.is_over() {
            return Ok(None);
        }
        let dict = PyDict::new(py);
        dict.set_item("scores", self.game.scores().to_vec())?;
        let mut ranks = [0usize; 4];
        for (place, seat) in self.game.ranking().iter().enumerate() {
            ranks[*seat] = place + 1;
        }
        dict.set_item("ranks", ranks.to_vec())?;
        let hands = PyList::empty(py);
        for (id, events) in mahjong::game::hands(self.game.events()) {
            let item = PyDict::new(py);
            item.set_item("round", id.to_string())?;
            item.set_item("deltas", mahjong::game::hand_changes(events).to_vec())?;
            hands.append(item)?;
        }
        dict.set_item("hands", hands)?;
        Ok(Some(dict))
    }

    /// Each seat's points now.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.game.scores().to_vec()
    }

    /// The game so far as a record: `mjai` (events, one JSON object per line) or `tenhou`
    /// (tenhou.net/6 JSON).
    #[pyo3(signature = (format = "mjai"))]
    fn record(&self, format: &str) -> PyResult<String> {
        let names: Vec<String> = (0..4).map(|seat| seat.to_string()).collect();
        match format {
            "mjai" => Ok(mahjong::log::mjai::write(
                self.rules,
                self.game.events(),
                &names,
            )),
            "tenhou" => Ok(mahjong::log::tenhou6::write(
                self.rules,
                self.game.events(),
                &names,
            )),
            other => Err(BadRequest::new_err(format!(
                "format: expected mjai or tenhou, found {other:?}"
            ))),
        }
    }

    fn __repr__(&self) -> String {
        let id = self.game.hand_id();
        format!(
            "Game({}, scores {:?}{})",
            id,
            self.game.scores(),
            if self.game.is_over() { ", over" } else { "" }
        )
    }
}
