//! `tiles.mahjong.score`, mapped by hand: the arguments (the dict of keyword
//! arguments Python makes for the call, walked once: `score_fields`) are read straight into the
//! API's request type, which is several times quicker than going through JSON values for the
//! call made by the million, and the answer is a `Score` object whose values are made when
//! asked for. An argument of an unexpected type goes the general way (`convert`), which names
//! the field. `score_many` and its batch of results are `score_batch`'s.

use std::collections::HashMap;
use std::sync::Mutex;

use mahjong::{FullHand, Score};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyCFunction, PyDict, PyList, PyString, PyTuple};
use tiles_api::mahjong::{ScoreRequest, ScoreResponse};

use crate::score_fields;
use crate::{BadRequest, convert};

/// Dicts of a fixed set of keys, made by copying a template (a copy takes the key table whole,
/// where inserting key by key grows it twice) whose values are then replaced.
struct Templates {
    score: Py<PyDict>,
    points: Py<PyDict>,
    yaku: Py<PyDict>,
    part: Py<PyDict>,
}

static TEMPLATES: PyOnceLock<Templates> = PyOnceLock::new();

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
    pub(crate) fn new(
        py: Python<'_>,
        (hand, score): (FullHand, Score),
    ) -> PyResult<Bound<'_, PyScore>> {
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
    // SAFETY: no Python code runs until the input borrowed from the request is dropped:
    // reading and scoring are Rust's, and the answer is made after.
    let quick = fields.and_then(|fields| {
        let input = unsafe { score_fields::read(fields.as_borrowed()) }?;
        Some(tiles_api::mahjong::scored_input(&input))
    });
    let scored = match quick {
        Some(scored) => scored,
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
