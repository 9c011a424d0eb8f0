//! `tiles.mahjong.score` and `score_many`, mapped by hand: the arguments (the dict of keyword
//! arguments Python makes for the call, walked once) are read straight into the API's request
//! type, which is several times quicker than going through JSON values for the call made by the
//! million. An argument of an unexpected type goes the general way (`call`), which names the
//! field.

use std::collections::HashMap;
use std::sync::Mutex;

use mahjong::{FullHand, Score, ScoringRules};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyCFunction, PyDict, PyInt, PyList, PyString, PyTuple};
use tiles_api::mahjong::{
    RulesRequest, SCORE_FIELDS as FIELDS, ScoreInput, ScoreRequest, ScoreResponse, TilesRef,
};

use crate::{BadRequest, convert};

/// A string argument borrowed, or `None` if it is not one.
fn text<'a>(value: &'a Bound<'_, PyAny>) -> Option<&'a str> {
    value
        .cast::<PyString>()
        .ok()
        .and_then(|text| text.to_str().ok())
}

/// The items of a list or a tuple.
fn sequence<'py>(value: &Bound<'py, PyAny>) -> Option<Vec<Bound<'py, PyAny>>> {
    if let Ok(list) = value.cast::<PyList>() {
        return Some(list.iter().collect());
    }
    value
        .cast::<PyTuple>()
        .ok()
        .map(|tuple| tuple.iter().collect())
}

/// A whole number from 0 to `u32::MAX` (not a bool).
fn whole(value: &Bound<'_, PyAny>) -> Option<u32> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return None;
    }
    value.extract::<u32>().ok()
}

/// The Python objects a request's fields hold, kept alive while their text is borrowed.
struct Given<'py> {
    fields: [Option<Bound<'py, PyAny>>; FIELDS.len()],
    /// The items of list fields: the melds' dicts' values and the indicators' names.
    melds: Vec<(Bound<'py, PyAny>, Bound<'py, PyAny>)>,
    dora: Option<Vec<Bound<'py, PyAny>>>,
    ura: Option<Vec<Bound<'py, PyAny>>>,
    /// Whether the quick reading takes the list fields' items.
    quick: bool,
}

impl<'py> Given<'py> {
    /// The fields of a request dict, or `None` if a key is not a field of `score` or a list
    /// field has items of a kind the quick reading does not take. The dict is walked once.
    fn of(fields: &Bound<'py, PyDict>) -> PyResult<Option<Given<'py>>> {
        let mut given: [Option<Bound<'py, PyAny>>; FIELDS.len()] = Default::default();
        let py = fields.py();
        let keys = KEYS.get_or_init(py, || FIELDS.map(|key| PyString::intern(py, key).unbind()));
        let (mut position, mut key, mut value) = (0, std::ptr::null_mut(), std::ptr::null_mut());
        // Where the next key is looked for first: requests mostly give the fields in order.
        let mut next = 0;
        // SAFETY: the GIL is held and nothing runs Python code while the dict is walked, so it
        // does not change; the key and value it gives are borrowed from it, and the value is
        // taken as a new reference before the next step.
        while unsafe {
            pyo3::ffi::PyDict_Next(fields.as_ptr(), &mut position, &mut key, &mut value)
        } != 0
        {
            // Keys written in Python source are interned: most are found by address.
            let hinted = keys.get(next).is_some_and(|known| known.as_ptr() == key);
            let found = if hinted {
                Some(next)
            } else {
                keys.iter().position(|known| known.as_ptr() == key)
            };
            let index = match found {
                Some(index) => index,
                None => {
                    // SAFETY: as above.
                    let key = unsafe { Borrowed::from_ptr(py, key) };
                    let Some(index) = text(&key).and_then(field_index) else {
                        return Ok(None);
                    };
                    index
                }
            };
            next = index + 1;
            // SAFETY: as above.
            given[index] = Some(unsafe { Bound::from_borrowed_ptr(py, value) });
        }
        Given::with(given).map(Some)
    }

    /// The fields given, or `None` if a list field has items of a kind the quick reading does
    /// not take.
    fn with(fields: [Option<Bound<'py, PyAny>>; FIELDS.len()]) -> PyResult<Given<'py>> {
        let mut given = Given {
            fields,
            melds: Vec::new(),
            dora: None,
            ura: None,
            quick: true,
        };
        if let Some(melds) = &given.fields[1] {
            let Some(items) = sequence(melds) else {
                return Ok(given.slow());
            };
            for item in items {
                let py = item.py();
                let Ok(meld) = item.cast::<PyDict>() else {
                    return Ok(given.slow());
                };
                if meld.len() != 2 {
                    return Ok(given.slow());
                }
                let (Some(kind), Some(tiles)) = (
                    meld.get_item(intern!(py, "type"))?,
                    meld.get_item(intern!(py, "tiles"))?,
                ) else {
                    return Ok(given.slow());
                };
                given.melds.push((kind, tiles));
            }
        }
        for index in [15, 16] {
            if let Some(value) = &given.fields[index]
                && !value.is_instance_of::<PyString>()
            {
                let Some(items) = sequence(value) else {
                    return Ok(given.slow());
                };
                *(if index == 15 {
                    &mut given.dora
                } else {
                    &mut given.ura
                }) = Some(items);
            }
        }
        Ok(given)
    }

    /// Marked for the general reading.
    fn slow(mut self) -> Given<'py> {
        self.quick = false;
        self
    }

    /// The borrowed request, or `None` if a field has a type the quick reading does not take
    /// (the general reading reads it, or names the field at fault).
    fn input(&self) -> Option<ScoreInput<'_>> {
        if !self.quick {
            return None;
        }
        let field = |index: usize| self.fields[index].as_ref();
        let hand = text(field(0)?)?;
        let win = text(field(2)?)?;
        let mut flags = [false; 10];
        for (flag, index) in flags.iter_mut().zip(3..13) {
            if let Some(value) = field(index) {
                *flag = value.cast::<PyBool>().ok()?.is_true();
            }
        }
        let wind = |index: usize| field(index).map_or(Some("E"), text);
        fn indicators<'a>(
            value: Option<&'a Bound<'_, PyAny>>,
            items: &'a Option<Vec<Bound<'_, PyAny>>>,
        ) -> Option<TilesRef<'a>> {
            match (value, items) {
                (None, _) => Some(TilesRef::List(Vec::new())),
                (Some(_), Some(items)) => items
                    .iter()
                    .map(text)
                    .collect::<Option<Vec<&str>>>()
                    .map(TilesRef::List),
                (Some(value), None) => text(value).map(TilesRef::Text),
            }
        }
        let count = |index: usize| field(index).map_or(Some(0), whole);
        let melds = self
            .melds
            .iter()
            .map(|(kind, tiles)| Some((text(kind)?, text(tiles)?)))
            .collect::<Option<Vec<_>>>()?;
        let rules = match field(19) {
            None => Ok(ScoringRules::default()),
            Some(value) if value.is_none() => Ok(ScoringRules::default()),
            Some(value) => match text(value) {
                Some(name) => name
                    .parse::<ScoringRules>()
                    .map_err(|error| format!("rules: {error}")),
                None => match value.cast::<PyDict>().ok().and_then(switches) {
                    Some(rules) => Ok(rules),
                    None => {
                        RulesRequest::from_value(convert::to_value(value, "rules").ok()?).rules()
                    }
                },
            },
        };
        Some(ScoreInput {
            hand,
            melds,
            win,
            flags,
            seat_wind: wind(13)?,
            round_wind: wind(14)?,
            dora_indicators: indicators(field(15), &self.dora)?,
            ura_indicators: indicators(field(16), &self.ura)?,
            honba: count(17)?,
            riichi_sticks: count(18)?,
            rules,
            kita: count(20)?,
            players: match field(21) {
                None => None,
                Some(value) if value.is_none() => None,
                Some(value) => Some(whole(value)?),
            },
        })
    }
}

/// The rules a dict of a preset and switches names (`{"preset": "wrc", "double_wind_fu": 4}`),
/// or `None` for the general reading to take it: a key or value of another kind, or one
/// refused (that reading words the message).
fn switches(fields: &Bound<'_, PyDict>) -> Option<ScoringRules> {
    let mut rules = match fields.get_item(intern!(fields.py(), "preset")) {
        Ok(None) => ScoringRules::default(),
        Ok(Some(preset)) => text(&preset)?.parse().ok()?,
        Err(_) => return None,
    };
    for (name, value) in fields.iter() {
        let name = text(&name)?;
        if name == "preset" {
            continue;
        }
        let value = if let Ok(on) = value.cast::<PyBool>() {
            on.is_true().to_string()
        } else {
            value
                .cast::<PyInt>()
                .ok()?
                .extract::<i64>()
                .ok()?
                .to_string()
        };
        rules.set(name, &value).ok()?;
    }
    Some(rules)
}

/// Dicts of a fixed set of keys, made by copying a template (a copy takes the key table whole,
/// where inserting key by key grows it twice) whose values are then replaced.
struct Templates {
    score: Py<PyDict>,
    points: Py<PyDict>,
    yaku: Py<PyDict>,
    part: Py<PyDict>,
}

static TEMPLATES: PyOnceLock<Templates> = PyOnceLock::new();

/// The fields' names as interned Python strings, in [`FIELDS`]' order.
static KEYS: PyOnceLock<[Py<PyString>; FIELDS.len()]> = PyOnceLock::new();

/// Python strings of the engine's names (yaku, limits, waits, fu parts), made once each.
static NAMES: Mutex<Option<HashMap<usize, Py<PyString>>>> = Mutex::new(None);

/// The Python string of one of the engine's names: made on first use, then shared.
fn name<'py>(py: Python<'py>, text: &'static str) -> Bound<'py, PyString> {
    let mut names = NAMES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    names
        .get_or_insert_with(HashMap::new)
        .entry(text.as_ptr() as usize ^ (text.len() << 48))
        .or_insert_with(|| PyString::intern(py, text).unbind())
        .bind(py)
        .clone()
}

/// A dict with `keys`, each None.
fn template(py: Python<'_>, keys: &[&str]) -> PyResult<Py<PyDict>> {
    let dict = PyDict::new(py);
    for key in keys {
        dict.set_item(PyString::intern(py, key), py.None())?;
    }
    Ok(dict.unbind())
}

fn templates(py: Python<'_>) -> PyResult<&Templates> {
    TEMPLATES.get_or_try_init(py, || {
        Ok(Templates {
            score: template(
                py,
                &[
                    "han", "fu", "yakuman", "yaku", "limit", "points", "fu_parts", "base",
                    "reading", "wait", "hand",
                ],
            )?,
            points: template(
                py,
                &[
                    "total",
                    "ron",
                    "dealer",
                    "non_dealer",
                    "honba",
                    "riichi_sticks",
                    "received",
                ],
            )?,
            yaku: template(py, &["name", "han"])?,
            part: template(py, &["part", "fu", "about"])?,
        })
    })
}

/// The response as the dict the JSON response reads as (its keys in the same order).
fn response<'py>(py: Python<'py>, score: &ScoreResponse) -> PyResult<Bound<'py, PyDict>> {
    let made = templates(py)?;
    let dict = made.score.bind(py).copy()?;
    dict.set_item(intern!(py, "han"), score.han)?;
    dict.set_item(intern!(py, "fu"), score.fu)?;
    dict.set_item(intern!(py, "yakuman"), score.yakuman)?;
    let mut yaku = Vec::with_capacity(score.yaku.len());
    for one in &score.yaku {
        let item = made.yaku.bind(py).copy()?;
        item.set_item(intern!(py, "name"), name(py, one.name))?;
        item.set_item(intern!(py, "han"), one.han)?;
        yaku.push(item);
    }
    dict.set_item(intern!(py, "yaku"), PyList::new(py, yaku)?)?;
    if let Some(limit) = score.limit {
        dict.set_item(intern!(py, "limit"), name(py, limit))?;
    }
    let points = made.points.bind(py).copy()?;
    let paid = &score.points;
    points.set_item(intern!(py, "total"), paid.total)?;
    points.set_item(intern!(py, "ron"), paid.ron)?;
    points.set_item(intern!(py, "dealer"), paid.dealer)?;
    points.set_item(intern!(py, "non_dealer"), paid.non_dealer)?;
    points.set_item(intern!(py, "honba"), paid.honba)?;
    points.set_item(intern!(py, "riichi_sticks"), paid.riichi_sticks)?;
    points.set_item(intern!(py, "received"), paid.received)?;
    dict.set_item(intern!(py, "points"), points)?;
    let mut text = String::new();
    let mut shown = |value: &dyn std::fmt::Display| {
        use std::fmt::Write as _;
        text.clear();
        let _ = write!(text, "{value}");
        PyString::new(py, &text)
    };
    let mut parts = Vec::with_capacity(score.fu_parts.len());
    for part in &score.fu_parts {
        let item = made.part.bind(py).copy()?;
        item.set_item(intern!(py, "part"), name(py, part.part))?;
        item.set_item(intern!(py, "fu"), part.fu)?;
        item.set_item(intern!(py, "about"), shown(&part.about.0))?;
        parts.push(item);
    }
    dict.set_item(intern!(py, "fu_parts"), PyList::new(py, parts)?)?;
    dict.set_item(intern!(py, "base"), score.base)?;
    dict.set_item(intern!(py, "reading"), shown(&score.reading.0))?;
    dict.set_item(intern!(py, "wait"), name(py, score.wait))?;
    dict.set_item(intern!(py, "hand"), shown(&score.hand.0))?;
    Ok(dict)
}

/// A winning hand's score: ``han``, ``fu``, ``yakuman``, ``yaku`` (``(name, han)`` pairs, the
/// dora counts among them), ``limit``, ``points`` (who pays what), ``total``, ``fu_parts``,
/// ``base``, ``reading``, ``wait``, ``hand``; ``to_dict()`` is the JSON response of
/// ``mahjong/score`` as a dict, and ``score["points"]`` reads it by key. The values are made
/// when asked for.
#[pyclass(frozen, module = "tiles._tiles", name = "MahjongScore")]
pub struct PyScore {
    hand: FullHand,
    score: Score,
}

impl std::fmt::Debug for PyScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Score({})", self.describe())
    }
}

impl PyScore {
    fn new(py: Python<'_>, (hand, score): (FullHand, Score)) -> PyResult<Bound<'_, PyScore>> {
        let made = Bound::new(py, PyScore { hand, score })?;
        // It holds no Python object (the values are made when asked for), so it can be in no
        // cycle: left out of the cyclic collector, as CPython leaves out a tuple of numbers, a
        // list of scores does not make every collection walk them.
        // SAFETY: `made` is a live object of a GC type, the GIL held; untracking an object the
        // collector need not see is allowed (its dealloc untracks again, which is a no-op).
        unsafe { pyo3::ffi::PyObject_GC_UnTrack(made.as_ptr().cast()) };
        Ok(made)
    }

    /// `7700: 30 fu 4 han (riichi 1, pinfu 1, dora 2)`.
    fn describe(&self) -> String {
        let score = &self.score;
        let value = if score.yakuman > 0 {
            format!("yakuman x{}", score.yakuman)
        } else {
            format!("{} fu {} han", score.fu, score.han)
        };
        let yaku: Vec<String> = score
            .yaku
            .iter()
            .map(|one| format!("{} {}", one.yaku.name(), one.han))
            .collect();
        format!("{}: {value} ({})", score.points.total, yaku.join(", "))
    }

    /// The response the fields make.
    fn response(&self) -> ScoreResponse {
        tiles_api::mahjong::response_of(self.hand.clone(), self.score.clone())
    }
}

#[pymethods]
impl PyScore {
    /// The han (13 per yakuman).
    #[getter]
    fn han(&self) -> u32 {
        self.score.han
    }

    /// The fu, rounded (0 for a yakuman).
    #[getter]
    fn fu(&self) -> u32 {
        self.score.fu
    }

    /// How many yakuman (0 for an ordinary hand, a counted yakuman too).
    #[getter]
    fn yakuman(&self) -> u32 {
        self.score.yakuman
    }

    /// The yaku and their han, then the dora counts above 0: ``[("riichi", 1), ("dora", 2)]``.
    #[getter]
    fn yaku<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for one in &self.score.yaku {
            list.append((name(py, one.yaku.name()), one.han))?;
        }
        Ok(list)
    }

    /// ``mangan``, ``haneman``, ``baiman``, ``sanbaiman``, ``yakuman``, or None.
    #[getter]
    fn limit<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyString>> {
        self.score.limit.map(|limit| name(py, limit.name()))
    }

    /// The hand's value: the ron payment, or the tsumo payments together.
    #[getter]
    fn total(&self) -> u32 {
        self.score.points.total
    }

    /// Who pays what: ``total``, ``ron``, ``dealer``, ``non_dealer``, ``honba``,
    /// ``riichi_sticks``, ``received``.
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .to_dict(py)?
            .get_item(intern!(py, "points"))?
            .expect("a score has points"))
    }

    /// The fu's parts before rounding, as dicts (``part``, ``fu``, ``about``).
    #[getter]
    fn fu_parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .to_dict(py)?
            .get_item(intern!(py, "fu_parts"))?
            .expect("a score has fu parts"))
    }

    /// The base points.
    #[getter]
    fn base(&self) -> u32 {
        self.score.base
    }

    /// The reading scored: ``22m 345m [678s] …``, ``seven pairs``, ``thirteen orphans``.
    #[getter]
    fn reading(&self) -> String {
        self.score.reading.to_string()
    }

    /// Its wait: ``ryanmen``, ``kanchan``, ``penchan``, ``shanpon``, ``tanki``, ``13-sided``.
    #[getter]
    fn wait<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        name(py, self.score.wait.name())
    }

    /// The hand, canonical, melds in brackets.
    #[getter]
    fn hand(&self) -> String {
        self.hand.to_string()
    }

    /// The JSON response of ``mahjong/score`` as a dict (its keys in the same order).
    #[allow(
        clippy::wrong_self_convention,
        reason = "a Python method takes its object by reference"
    )]
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        response(py, &self.response())
    }

    /// ``score["points"]``: the response's field.
    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        self.to_dict(py)?
            .get_item(key)?
            .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(key.to_owned()))
    }

    /// Equal to another score of the same response, or to its dict.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mine = self.to_dict(py)?;
        if let Ok(other) = other.cast::<PyScore>() {
            return mine.eq(other.get().to_dict(py)?);
        }
        mine.eq(other)
    }

    fn __repr__(&self) -> String {
        format!("Score({})", self.describe())
    }
}

/// `tiles.mahjong.score`'s text: its signature (the line Python's `inspect` reads) and doc.
const SCORE_DOC: &std::ffi::CStr = c"score(*, hand, win, melds=None, tsumo=False, riichi=False, double_riichi=False, ippatsu=False, rinshan=False, chankan=False, haitei=False, houtei=False, tenhou=False, chiihou=False, seat_wind='E', round_wind='E', dora_indicators=None, ura_indicators=None, honba=0, riichi_sticks=0, rules='tenhou', kita=0, players=None)
--

A winning hand's yaku, han, fu, limit and payments. ``hand`` holds the concealed tiles
including the winning tile ``win``; ``melds`` the called melds (``{\"type\": \"pon\", \"tiles\":
\"555z\"}``); ``rules`` is ``tenhou`` (the default), ``majsoul``, ``wrc``, ``tenhou-sanma`` or a
dict of switches over a preset; ``kita`` counts the Norths set aside (three players) and
``players=3`` plays the rules for three. Returns a ``Score``. Raises ``BadRequest`` naming the field at fault.";

/// `tiles.mahjong.score`, a function Python hands its keyword arguments as the dict it made
/// for the call (`METH_VARARGS | METH_KEYWORDS`): the dict is walked once, its keys matched
/// to the fields by address, where a `#[pyfunction]` with keyword parameters matches each name
/// as text against the parameter list.
pub fn score_function(py: Python<'_>) -> PyResult<Bound<'_, PyCFunction>> {
    PyCFunction::new_closure(
        py,
        Some(c"score"),
        Some(SCORE_DOC),
        |arguments: &Bound<'_, PyTuple>, fields: Option<&Bound<'_, PyDict>>| {
            if !arguments.is_empty() {
                return Err(pyo3::exceptions::PyTypeError::new_err(
                    "score() takes its fields by name: score(hand=\"123m456p789s11555z\", win=\"5z\")",
                ));
            }
            score(arguments.py(), fields).map(Bound::unbind)
        },
    )
}

/// `score` of the fields given by name.
fn score<'py>(py: Python<'py>, fields: Option<&Bound<'py, PyDict>>) -> PyResult<Bound<'py, PyAny>> {
    let given = match fields {
        Some(fields) => Given::of(fields)?,
        None => None,
    };
    let scored = match given.as_ref().and_then(Given::input) {
        Some(input) => tiles_api::mahjong::scored_input(&input),
        // The general reading names the field at fault (an unknown one among them).
        None => {
            let all = fields.map_or_else(|| PyDict::new(py), Clone::clone);
            let value = convert::to_value(all.as_any(), "")?;
            let request: ScoreRequest = tiles_api::read_value(value).map_err(crate::raised)?;
            tiles_api::mahjong::scored(request)
        }
    };
    match scored {
        Ok(scored) => Ok(PyScore::new(py, scored)?.into_any()),
        Err(message) => Err(BadRequest::new_err(message)),
    }
}

/// How many requests are read before their scoring is handed to the pool.
const CHUNK: usize = 256;

/// A request as read for scoring: borrowed (the quick reading), read the general way into an
/// owned request, or refused with its message.
enum Read<'a> {
    Quick(ScoreInput<'a>),
    Owned(ScoreRequest),
    Refused(String),
}

impl Read<'_> {
    fn scored(&self) -> Result<(FullHand, Score), String> {
        match self {
            Read::Quick(input) => tiles_api::mahjong::scored_input(input),
            Read::Owned(request) => tiles_api::mahjong::scored_input(&request.input()),
            Read::Refused(message) => Err(message.clone()),
        }
    }
}

/// `score` for each request dict, on every core: the `Score`s in order, a refused request's
/// `{"error": message}` in its place. The requests are read with the GIL held (their text is
/// borrowed, and Python's strings do not change) while the pool scores the ones read before,
/// so reading and scoring overlap; the GIL is released while the last are scored.
pub fn score_many<'py>(
    py: Python<'py>,
    requests: &[Bound<'py, PyAny>],
) -> PyResult<Bound<'py, PyList>> {
    // Each chunk's fields are read into its own slots, then borrowed for the rest of the
    // scope while the pool scores them: the pool starts on the first chunk while the next are
    // read.
    let mut givens: Vec<Option<Given<'py>>> = (0..requests.len()).map(|_| None).collect();
    let mut answers: Vec<Option<Result<(FullHand, Score), String>>> =
        (0..requests.len()).map(|_| None).collect();
    let done = Countdown::new(requests.len().div_ceil(CHUNK));
    let mut failed = None;
    rayon::in_place_scope(|scope| {
        let chunks = answers
            .chunks_mut(CHUNK)
            .zip(givens.chunks_mut(CHUNK))
            .zip(requests.chunks(CHUNK));
        for (number, ((out, slots), chunk)) in chunks.enumerate() {
            let mut read = Vec::with_capacity(slots.len());
            for (offset, (slot, request)) in slots.iter_mut().zip(chunk).enumerate() {
                let index = number * CHUNK + offset;
                let Ok(fields) = request.cast::<PyDict>() else {
                    failed = Some(pyo3::exceptions::PyTypeError::new_err(format!(
                        "requests[{index}]: expected a dict of score fields, found {}",
                        convert::kind(request)
                    )));
                    // The scope waits for the chunks already handed on.
                    return;
                };
                match Given::of(fields) {
                    Ok(given) => *slot = given,
                    Err(error) => {
                        failed = Some(error);
                        return;
                    }
                }
            }
            let slots: &[Option<Given<'py>>] = slots;
            for (offset, given) in slots.iter().enumerate() {
                match given.as_ref().and_then(Given::input) {
                    Some(input) => read.push(Read::Quick(input)),
                    None => {
                        // The general reading names the field at fault (an unknown one
                        // among them).
                        let index = number * CHUNK + offset;
                        let value = match convert::to_value(
                            &chunk[offset],
                            &format!("requests[{index}]"),
                        ) {
                            Ok(value) => value,
                            Err(error) => {
                                failed = Some(error);
                                return;
                            }
                        };
                        read.push(match tiles_api::read_value::<ScoreRequest>(value) {
                            Ok(request) => Read::Owned(request),
                            Err(error) => Read::Refused(error.to_string()),
                        });
                    }
                }
            }
            let done = &done;
            scope.spawn(move |_| {
                // Counted down even if scoring panics (the scope then passes the panic on), so
                // the wait below cannot hang.
                let _counted = Counted(done);
                for (slot, read) in out.iter_mut().zip(&read) {
                    *slot = Some(read.scored());
                }
            });
        }
        py.detach(|| done.wait());
    });
    if let Some(error) = failed {
        return Err(error);
    }
    let _paused = convert::GcPaused::new(py)?;
    let list = PyList::empty(py);
    for answer in answers {
        match answer.expect("every request is scored") {
            Ok(scored) => list.append(PyScore::new(py, scored)?)?,
            Err(message) => {
                let refused = PyDict::new(py);
                refused.set_item(intern!(py, "error"), message)?;
                list.append(refused)?;
            }
        }
    }
    Ok(list)
}

/// Counts its chunk done when dropped.
struct Counted<'a>(&'a Countdown);

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

/// A count of chunks still to score, waited on with the GIL released.
struct Countdown {
    left: Mutex<usize>,
    zero: std::sync::Condvar,
}

impl Countdown {
    fn new(count: usize) -> Countdown {
        Countdown {
            left: Mutex::new(count),
            zero: std::sync::Condvar::new(),
        }
    }

    fn finish(&self) {
        let mut left = self
            .left
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *left -= 1;
        if *left == 0 {
            self.zero.notify_all();
        }
    }

    fn wait(&self) {
        let mut left = self
            .left
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while *left > 0 {
            left = self
                .zero
                .wait(left)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
    }
}

/// Whether [`field_index`] numbers the fields as the API lists them (checked when the module
/// is imported).
pub fn fields_agree() -> bool {
    FIELDS
        .iter()
        .enumerate()
        .all(|(index, name)| field_index(name) == Some(index))
}

/// The index of a field of `score` in [`FIELDS`].
fn field_index(key: &str) -> Option<usize> {
    Some(match key {
        "hand" => 0,
        "melds" => 1,
        "win" => 2,
        "tsumo" => 3,
        "riichi" => 4,
        "double_riichi" => 5,
        "ippatsu" => 6,
        "rinshan" => 7,
        "chankan" => 8,
        "haitei" => 9,
        "houtei" => 10,
        "tenhou" => 11,
        "chiihou" => 12,
        "seat_wind" => 13,
        "round_wind" => 14,
        "dora_indicators" => 15,
        "ura_indicators" => 16,
        "honba" => 17,
        "riichi_sticks" => 18,
        "rules" => 19,
        "kita" => 20,
        "players" => 21,
        _ => return None,
    })
}
