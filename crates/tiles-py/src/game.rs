//! `tiles.mahjong.Game`: the game (four players, or three) step by step, for Python bots and training
//! loops, and `tiles.mahjong.Action`, one legal decision.
//!
//! The game holds the engine's state in Rust; `legal_actions(seat)` hands out small frozen
//! `Action` objects, `step({seat: action})` takes them back (or mjai-style dicts, or action
//! ids), `observation(seat)` builds the current hand's state only when asked, and
//! `new_events(seat)` gives the events since that seat last asked. One vocabulary throughout:
//! mjai's event names.

use mahjong::MeldKind;
use mahjong::Piece;
use mahjong_game::encoding;
use mahjong_game::mjai::wire::{event_json, mjai_order, tile_name};
use mahjong_game::{Action, Game, GameRules, Length};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::action::{PyAction, TYPES, type_name};
use crate::{BadRequest, convert};
use mahjong::Players;

/// A riichi game under Tenhou's rules (four players, or three), played step by step.
///
/// ``Game(seed=0, length="hanchan", red_fives=True, open_tanyao=True)`` (``red_fives`` may
/// also be each suit's count, ``[0, 1, 1]``). At each moment ``to_act`` lists the seats that
/// must decide (the seat whose turn it is, or every seat that may claim the tile on the
/// table); ``legal_actions(seat)`` gives each its choices; ``step({seat: action})`` makes
/// their decisions (an ``Action``, an mjai-style dict such as ``{"type": "dahai", "pai":
/// "5m"}``, or an action id). ``observation(seat)`` is the current hand as that seat sees it;
/// ``new_events(seat)`` the mjai events since that seat last asked (other seats' draws and
/// dealt tiles as ``?``). ``encode(seat)`` writes the ``tiles-v1`` planes and the action mask.
/// ``done`` and ``result`` say how it ended. A game copies (``copy.copy``,
/// ``copy.deepcopy``) and pickles.
#[pyclass(module = "tiles._tiles", name = "MahjongGame")]
#[derive(Debug, Clone)]
pub struct PyGame {
    game: Game,
    rules: GameRules,
    seed: u64,
    /// Every decision made, as (seat, action id): a pickled game is replayed from them.
    moves: Vec<(u8, u16)>,
    /// Each seat's place in the events for `new_events`.
    cursors: [usize; 4],
    /// Where `take_rewards` last counted.
    rewards: crate::reward::Tracker,
    /// Dealt from a record's hand (`record_hands`): no seed replays it, so it does not pickle.
    from_record: bool,
}

/// A seat of a game of `players` (seats 0-2 with three).
fn check_seat_for(seat: usize, players: Players) -> PyResult<()> {
    if !players.seats().contains(&seat) {
        return Err(PyValueError::new_err(format!(
            "seat: expected 0 to {}, found {seat}",
            players.count() - 1
        )));
    }
    Ok(())
}

/// A seed from Python: a whole number from 0 to 2^64 - 1, or an error naming the field.
pub(crate) fn seed_of(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    value.extract::<u64>().map_err(|_| {
        let shown = value
            .repr()
            .map(|text| text.to_string())
            .unwrap_or_default();
        BadRequest::new_err(format!(
            "seed: expected a whole number from 0 to {}, found {shown}",
            u64::MAX
        ))
    })
}

pub(crate) use crate::rules::{RulesOptions, rules_of};

impl PyGame {
    pub(crate) fn new_game(rules: GameRules, seed: u64) -> PyGame {
        let game = Game::new(rules, seed);
        PyGame {
            rewards: crate::reward::Tracker::new(&game),
            game,
            rules,
            seed,
            moves: Vec::new(),
            cursors: [0; 4],
            from_record: false,
        }
    }

    /// A game dealt as a record's hand deals it (its wall), before its first decision.
    pub(crate) fn from_record_hand(rules: GameRules, game: Game) -> PyGame {
        PyGame {
            rewards: crate::reward::Tracker::new(&game),
            game,
            rules,
            seed: 0,
            moves: Vec::new(),
            cursors: [0; 4],
            from_record: true,
        }
    }

    /// The legal action of `seat` a Python value names: an `Action`, an action id, or an
    /// mjai-style dict.
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
        if let Ok(id) = value.extract::<usize>() {
            return encoding::action_of(&self.game, seat, id).ok_or_else(|| {
                let legal: Vec<String> = self
                    .game
                    .legal_actions(seat)
                    .iter()
                    .map(|action| format!("{} {action}", encoding::action_id(&self.game, action)))
                    .collect();
                BadRequest::new_err(format!(
                    "actions[{seat}]: action id {id} ({}) is not legal now; legal: {}",
                    encoding::action_name(id).unwrap_or_else(|| "no such id".to_owned()),
                    legal.join(", ")
                ))
            });
        }
        let Ok(fields) = value.cast::<PyDict>() else {
            return Err(PyTypeError::new_err(format!(
                "actions[{seat}]: expected an Action, an action id or a dict such as {{\"type\": \"dahai\", \"pai\": \"5m\"}}, found {}",
                convert::kind(value)
            )));
        };
        let text = |key: &str| -> PyResult<Option<String>> {
            fields
                .get_item(key)?
                .map(|item| item.extract::<String>())
                .transpose()
        };
        let kind = text("type")?.ok_or_else(|| {
            BadRequest::new_err(format!("actions[{seat}]: a dict action needs a \"type\""))
        })?;
        if !TYPES.contains(&kind.as_str()) {
            return Err(BadRequest::new_err(format!(
                "actions[{seat}]: unknown type {kind:?}: expected {}",
                TYPES.join(", ")
            )));
        }
        let pai = text("pai")?;
        let tsumogiri = fields
            .get_item("tsumogiri")?
            .map(|item| item.extract::<bool>())
            .transpose()?;
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
                let one = PyAction::new(&self.game, seat, *action);
                pai.as_ref()
                    .is_none_or(|pai| one.tile().as_ref() == Some(pai))
                    && tsumogiri.is_none_or(|wanted| one.tsumogiri() == wanted)
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

    /// Makes one decision, keeping it for a pickled copy.
    fn play(&mut self, seat: usize, action: Action) -> PyResult<()> {
        let id = encoding::action_id(&self.game, &action) as u16;
        self.game
            .act(seat, action)
            .map_err(|error| BadRequest::new_err(error.to_string()))?;
        self.moves.push((seat as u8, id));
        Ok(())
    }

    /// The state a pickle keeps: a version, the seed, the rules, the event cursors and
    /// every decision.
    fn state(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(32 + 3 * self.moves.len());
        // Version 1: four players; 2: three (both Tenhou's lobbies); 3: any rules, written
        // after the header as their description.
        let lobby = self.rules.is_tenhou_lobby();
        bytes.push(match (lobby, self.rules.three_player()) {
            (false, _) => 3,
            (true, true) => 2,
            (true, false) => 1,
        });
        bytes.extend_from_slice(&self.seed.to_le_bytes());
        bytes.push(u8::from(self.rules.length == Length::East));
        bytes.extend_from_slice(&self.rules.red_fives);
        bytes.push(u8::from(self.rules.open_tanyao));
        for cursor in self.cursors {
            bytes.extend_from_slice(&(cursor as u32).to_le_bytes());
        }
        bytes.extend_from_slice(&(self.rewards.cursor as u32).to_le_bytes());
        for start in self.rewards.start {
            bytes.extend_from_slice(&start.to_le_bytes());
        }
        if !lobby {
            let described = self.rules.describe();
            bytes.extend_from_slice(&(described.len() as u16).to_le_bytes());
            bytes.extend_from_slice(described.as_bytes());
        }
        for (seat, id) in &self.moves {
            bytes.push(*seat);
            bytes.extend_from_slice(&id.to_le_bytes());
        }
        bytes
    }

    /// A game from [`PyGame::state`]'s bytes, replayed decision by decision.
    fn from_state(bytes: &[u8]) -> Result<PyGame, String> {
        let bad = || "not a pickled tiles.mahjong.Game".to_owned();
        if bytes.len() < HEADER || !(1..=3).contains(&bytes[0]) {
            return Err(bad());
        }
        // Version 3: the rules' description after the header.
        let mut moves_at = HEADER;
        let described = if bytes[0] == 3 {
            let length = bytes
                .get(HEADER..HEADER + 2)
                .map(|pair| usize::from(u16::from_le_bytes([pair[0], pair[1]])))
                .ok_or_else(bad)?;
            let text = bytes
                .get(HEADER + 2..HEADER + 2 + length)
                .and_then(|text| std::str::from_utf8(text).ok())
                .ok_or_else(bad)?;
            moves_at = HEADER + 2 + length;
            Some(
                text.parse::<GameRules>()
                    .map_err(|error| error.to_string())?,
            )
        } else {
            None
        };
        if !(bytes.len() - moves_at).is_multiple_of(3) {
            return Err(bad());
        }
        let word = |at: usize| -> Result<[u8; 4], String> {
            bytes[at..at + 4].try_into().map_err(|_| bad())
        };
        let seed = u64::from_le_bytes(bytes[1..9].try_into().map_err(|_| bad())?);
        let lobby = if bytes[0] == 2 {
            GameRules::TENHOU_SANMA
        } else {
            GameRules::TENHOU
        };
        let rules = described.unwrap_or(GameRules {
            length: if bytes[9] == 1 {
                Length::East
            } else {
                Length::Hanchan
            },
            red_fives: [bytes[10], bytes[11], bytes[12]],
            open_tanyao: bytes[13] == 1,
            ..lobby
        });
        rules.check()?;
        let mut game = PyGame::new_game(rules, seed);
        let mut cursors = [0; 4];
        for (seat, cursor) in cursors.iter_mut().enumerate() {
            *cursor = u32::from_le_bytes(word(14 + 4 * seat)?) as usize;
        }
        let mut rewards = crate::reward::Tracker {
            cursor: u32::from_le_bytes(word(30)?) as usize,
            start: [0; 4],
        };
        for (seat, start) in rewards.start.iter_mut().enumerate() {
            *start = i32::from_le_bytes(word(34 + 4 * seat)?);
        }
        for chunk in bytes[moves_at..].chunks(3) {
            let seat = usize::from(chunk[0]);
            let id = usize::from(u16::from_le_bytes([chunk[1], chunk[2]]));
            let action = (seat < 4)
                .then(|| encoding::action_of(&game.game, seat, id))
                .flatten()
                .ok_or_else(bad)?;
            game.play(seat, action).map_err(|_| bad())?;
        }
        game.cursors = cursors;
        game.rewards = rewards;
        Ok(game)
    }
}

/// Bytes of a pickled game before its decisions: the version, the seed, the rules, the event
/// cursors, the reward tracker.
const HEADER: usize = 50;

fn tiles_list(pieces: &[Piece]) -> Vec<String> {
    pieces.iter().map(|piece| tile_name(*piece)).collect()
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (seed = None, length = None, red_fives = None, open_tanyao = None, players = None, rules = None, rule = Vec::new()))]
    fn new(
        seed: Option<&Bound<'_, PyAny>>,
        length: Option<&str>,
        red_fives: Option<&Bound<'_, PyAny>>,
        open_tanyao: Option<bool>,
        players: Option<i64>,
        rules: Option<&str>,
        rule: Vec<String>,
    ) -> PyResult<PyGame> {
        let seed = seed.map(seed_of).transpose()?.unwrap_or(0);
        let rules = rules_of(&RulesOptions {
            rules,
            rule,
            length,
            red_fives,
            open_tanyao,
            players,
        })?;
        Ok(PyGame::new_game(rules, seed))
    }

    /// The seed the game was dealt from.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The players: 4, or 3 (seats 0-2).
    #[getter]
    fn players(&self) -> usize {
        self.game.players().count()
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
        check_seat_for(seat, self.game.players())?;
        Ok(self
            .game
            .legal_actions(seat)
            .into_iter()
            .map(|action| PyAction::new(&self.game, seat, action))
            .collect())
    }

    /// The ids of `seat`'s legal actions now.
    fn legal_ids(&self, seat: usize) -> PyResult<Vec<usize>> {
        check_seat_for(seat, self.game.players())?;
        Ok(self
            .game
            .legal_actions(seat)
            .iter()
            .map(|action| encoding::action_id(&self.game, action))
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
            self.play(seat, action)?;
        }
        Ok(())
    }

    /// One seat's decision (`step` for one seat): an `Action`, an action id or a dict.
    fn act(&mut self, seat: usize, action: &Bound<'_, PyAny>) -> PyResult<()> {
        check_seat_for(seat, self.game.players())?;
        let action = self.action_of(seat, action)?;
        self.play(seat, action)
    }

    /// The current hand as `seat` sees it: `seat`, `round` (`E1-0`), `dealer`, `sticks`,
    /// `scores`, `to_act` (the seats deciding), its `hand` and the tile it `drew`, the tile it
    /// may `claim` (`{"pai", "from"}`) if any, every seat's `melds`, `rivers` and `riichi`,
    /// the `dora_indicators`, `live_left`, and its `legal` actions as mjai dicts. It never
    /// holds the game's history: `new_events(seat)` gives the events as they come.
    fn observation<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyDict>> {
        check_seat_for(seat, self.game.players())?;
        let view = self.game.view(seat);
        let players = self.game.players();
        let dict = PyDict::new(py);
        dict.set_item("seat", seat)?;
        dict.set_item("round", view.hand_id.to_string())?;
        dict.set_item("dealer", view.dealer)?;
        dict.set_item("sticks", view.sticks)?;
        dict.set_item("scores", players.of(&view.scores))?;
        dict.set_item("to_act", self.game.deciding())?;
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
        for seat_melds in players.of(&view.melds) {
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
        for river in players.of(&view.rivers) {
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
        dict.set_item("riichi", players.of(&view.riichi))?;
        if players.is_three() {
            dict.set_item("kita", players.of(&view.kita))?;
        }
        dict.set_item("dora_indicators", tiles_list(&view.indicators))?;
        dict.set_item("live_left", view.live_left)?;
        let legal = PyList::empty(py);
        for action in view.legal {
            legal.append(PyAction::new(&self.game, seat, action).to_dict(py)?)?;
        }
        dict.set_item("legal", legal)?;
        Ok(dict)
    }

    /// The mjai events since `seat` last asked (every event, the first time), as that seat
    /// sees them: other seats' draws and dealt tiles as `?`.
    fn new_events<'py>(&mut self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyList>> {
        check_seat_for(seat, self.game.players())?;
        let events = PyList::empty(py);
        let start = self.cursors[seat].min(self.game.events().len());
        for event in mjai_order(&self.game.events()[start..]) {
            if let Some(value) = event_json(event, Some(seat)) {
                events.append(convert::to_python(py, &value)?)?;
            }
        }
        self.cursors[seat] = self.game.events().len();
        Ok(events)
    }

    /// Writes `seat`'s observation in the `tiles-v1` encoding and its action mask: into
    /// `observation` (69 × 34 bytes) and `mask` (387 bytes) when given (writable buffers such
    /// as numpy `uint8` arrays), else returned as two `bytes`. With three players, the
    /// `tiles-sanma-v1` encoding: 72 × 34 bytes and 388.
    #[pyo3(signature = (seat, observation = None, mask = None))]
    fn encode<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
        observation: Option<&Bound<'py, PyAny>>,
        mask: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)>> {
        let players = self.game.players();
        check_seat_for(seat, players)?;
        let mut planes_buffer = [0u8; encoding::OBSERVATION_SIZE_THREE];
        let mut legal_buffer = [0u8; encoding::ACTIONS_THREE];
        let planes = &mut planes_buffer[..encoding::observation_size_for(players)];
        let legal = &mut legal_buffer[..encoding::actions_for(players)];
        encoding::encode(&self.game, seat, planes);
        encoding::mask(&self.game, seat, legal);
        let (planes, legal) = (&*planes, &*legal);
        match (observation, mask) {
            (Some(observation), Some(mask)) => {
                crate::buffer::write(py, observation, planes, "observation")?;
                crate::buffer::write(py, mask, legal, "mask")?;
                Ok(None)
            }
            (None, None) => Ok(Some((PyBytes::new(py, planes), PyBytes::new(py, legal)))),
            _ => Err(PyTypeError::new_err(
                "encode: give both observation and mask buffers, or neither",
            )),
        }
    }

    /// Lets the engine's bots decide for the seats they hold (`bots`: a name or None per seat,
    /// four or three, a bot's name or None for a seat played from Python) until a seat played
    /// from Python must decide or the game is over. Returns the number of decisions the bots
    /// made.
    fn play_bots(&mut self, py: Python<'_>, bots: Vec<Option<String>>) -> PyResult<usize> {
        use tiles_core::Bot;
        let players = self.game.players();
        if bots.len() != players.count() {
            return Err(BadRequest::new_err(format!(
                "bots: expected {} (a name or None per seat), found {}",
                players.in_words(),
                bots.len()
            )));
        }
        let mut seats: [Option<&'static (dyn Bot<Game> + Sync)>; 4] = [None; 4];
        for (seat, name) in bots.iter().enumerate() {
            if let Some(name) = name {
                seats[seat] = Some(mahjong_game::bot_named(name).ok_or_else(|| {
                    BadRequest::new_err(format!(
                        "bots: unknown bot {name:?}: expected {}",
                        mahjong_game::BOT_NAMES.join(" or ")
                    ))
                })?);
            }
        }
        py.detach(|| {
            let mut made = 0;
            while let Some(seat) = self.game.to_move() {
                let Some(bot) = seats[seat] else { break };
                let action = bot.choose(&self.game.view(seat));
                self.play(seat, action).map_err(|error| error.to_string())?;
                made += 1;
            }
            Ok(made)
        })
        .map_err(|message: String| BadRequest::new_err(message))
    }

    /// Each seat's reward since the last call: its change of points over each hand that
    /// ended, times `score_scale` (riichi sticks included), and at the end of the game its
    /// `placement` points (1st to 4th, Tenhou's Phoenix room's by default; 1st to 3rd with
    /// three players, 20/0/-20 by default).
    #[pyo3(signature = (score_scale = 0.001, placement = None))]
    fn take_rewards(
        &mut self,
        score_scale: f32,
        placement: Option<Vec<f32>>,
    ) -> PyResult<Vec<f32>> {
        let reward =
            crate::reward::Reward::for_players(score_scale, placement, self.game.players())?;
        let mut out = [0.0; 4];
        self.rewards.take(&self.game, &reward, &mut out);
        Ok(self.game.players().of(&out).to_vec())
    }

    /// Once the game is over: `scores` (final points), `ranks` (per seat, 1 best) and each
    /// hand's `hands` results (`round`, `deltas`); None before.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        if !self.game.is_over() {
            return Ok(None);
        }
        let players = self.game.players();
        let dict = PyDict::new(py);
        dict.set_item("scores", players.of(&self.game.scores()))?;
        dict.set_item("ranks", self.game.places())?;
        let hands = PyList::empty(py);
        for (id, events) in mahjong_game::hands(self.game.events()) {
            let item = PyDict::new(py);
            item.set_item("round", id.to_string())?;
            item.set_item("deltas", players.of(&mahjong_game::hand_changes(events)))?;
            hands.append(item)?;
        }
        dict.set_item("hands", hands)?;
        Ok(Some(dict))
    }

    /// Each seat's points now.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.game.players().of(&self.game.scores()).to_vec()
    }

    /// The game so far as a record: `mjai` (events, one JSON object per line), `tenhou6` or
    /// `tenhou` (tenhou.net/6 JSON) or `mjlog` (Tenhou's XML).
    #[pyo3(signature = (format = "mjai"))]
    fn record(&self, format: &str) -> PyResult<String> {
        record_text(self.rules, self.game.events(), format)
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __getstate__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        if self.from_record {
            return Err(PyTypeError::new_err(
                "a game dealt from a record's hand does not pickle (no seed deals it again); copy.copy does copy it",
            ));
        }
        Ok(PyBytes::new(py, &self.state()))
    }

    fn __setstate__(&mut self, state: &Bound<'_, PyBytes>) -> PyResult<()> {
        *self = PyGame::from_state(state.as_bytes()).map_err(PyValueError::new_err)?;
        Ok(())
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

/// A game's events as a record in the format named (`mjai`, `tenhou6` or `tenhou`, `mjlog`),
/// its seats named by their numbers.
pub(crate) fn record_text(
    rules: mahjong_game::GameRules,
    events: &[mahjong_game::Event],
    format: &str,
) -> PyResult<String> {
    use mahjong_game::records::convert::Target;
    let target = Target::named(format).ok_or_else(|| {
        BadRequest::new_err(format!(
            "format: expected mjai, tenhou6 (or tenhou) or mjlog, found {format:?}"
        ))
    })?;
    let names: Vec<String> = rules.seats().map(|seat| seat.to_string()).collect();
    target
        .write(rules, events, &names)
        .map_err(|error| BadRequest::new_err(format!("format: {error}")))
}
