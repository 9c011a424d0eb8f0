//! `tiles.mahjong.score` and `score_many`, mapped by hand: the arguments are read straight
//! into the API's request type and the response is made from template dicts (interned keys,
//! the engine's names made once), which is several times quicker than going through JSON
//! values for the call made by the million.
//! An argument of an unexpected type goes the general way (`call`), which names the field.

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};
use rayon::prelude::*;
use tiles_api::fields::Tiles;
use tiles_api::mahjong::{
    MeldRequest, RulesRequest, SCORE_FIELDS as FIELDS, ScoreRequest, ScoreResponse,
};

use crate::{BadRequest, convert};

/// A string argument, or `None` if it is not one.
fn text(value: &Bound<'_, PyAny>) -> Option<String> {
    value
        .cast::<PyString>()
        .ok()
        .and_then(|text| text.to_str().ok().map(str::to_owned))
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

/// Tiles as a string or a list (or tuple) of strings.
fn tiles(value: &Bound<'_, PyAny>) -> Option<Tiles> {
    if let Some(text) = text(value) {
        return Some(Tiles::Text(text));
    }
    sequence(value)?
        .iter()
        .map(text)
        .collect::<Option<Vec<String>>>()
        .map(Tiles::List)
}

/// A whole number from 0 to `u32::MAX` (not a bool).
fn whole(value: &Bound<'_, PyAny>) -> Option<u32> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return None;
    }
    value.extract::<u32>().ok()
}

/// Called melds: a list (or tuple) of dicts with `type` and `tiles`.
fn melds(value: &Bound<'_, PyAny>) -> Option<Vec<MeldRequest>> {
    sequence(value)?
        .into_iter()
        .map(|item| {
            let meld = item.cast::<PyDict>().ok()?;
            if meld.len() != 2 {
                return None;
            }
            let kind = text(&meld.get_item("type").ok()??)?;
            let tiles = text(&meld.get_item("tiles").ok()??)?;
            Some(MeldRequest { kind, tiles })
        })
        .collect()
}

/// The request the fields make (`given[i]`: the value of field `FIELDS[i]`, `None` if left
/// out), or `None` if a field has a type this quick reading does not take (the general way
/// reads it, or names the field at fault).
fn request(given: &[Option<Bound<'_, PyAny>>; 20]) -> Option<ScoreRequest> {
    let field = |index: usize| given[index].as_ref();
    let hand = text(field(0)?)?;
    let win = text(field(2)?)?;
    let mut flags = [false; 10];
    for (flag, index) in flags.iter_mut().zip(3..13) {
        if let Some(value) = field(index) {
            *flag = value.cast::<PyBool>().ok()?.is_true();
        }
    }
    let wind = |index: usize| field(index).map_or_else(|| Some("E".to_owned()), text);
    let indicators =
        |index: usize| field(index).map_or_else(|| Some(Tiles::List(Vec::new())), tiles);
    let count = |index: usize| field(index).map_or(Some(0), whole);
    let melds = field(1).map_or_else(|| Some(Vec::new()), melds)?;
    let rules = match field(19) {
        None => RulesRequest::default(),
        Some(value) if value.is_none() => RulesRequest::default(),
        Some(value) => RulesRequest::from_value(convert::to_value(value, "rules").ok()?),
    };
    let (seat_wind, round_wind) = (wind(13)?, wind(14)?);
    let (dora_indicators, ura_indicators) = (indicators(15)?, indicators(16)?);
    let (honba, riichi_sticks) = (count(17)?, count(18)?);
    let [
        tsumo,
        riichi,
        double_riichi,
        ippatsu,
        rinshan,
        chankan,
        haitei,
        houtei,
        tenhou,
        chiihou,
    ] = flags;
    Some(ScoreRequest {
        hand,
        melds,
        win,
        tsumo,
        riichi,
        double_riichi,
        ippatsu,
        rinshan,
        chankan,
        haitei,
        houtei,
        tenhou,
        chiihou,
        seat_wind,
        round_wind,
        dora_indicators,
        ura_indicators,
        honba,
        riichi_sticks,
        rules,
    })
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

/// A winning hand's yaku, han, fu, limit and payments. ``hand`` holds the concealed tiles
/// including the winning tile ``win``; ``melds`` the called melds (``{"type": "pon", "tiles":
/// "555z"}``); ``rules`` is ``tenhou`` (the default), ``majsoul``, ``wrc`` or a dict of switches over a
/// preset. Raises ``BadRequest`` naming the field at fault.
#[pyfunction]
#[pyo3(signature = (**fields))]
pub fn score<'py>(
    py: Python<'py>,
    fields: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let empty;
    let fields = match fields {
        Some(fields) => fields,
        None => {
            empty = PyDict::new(py);
            &empty
        }
    };
    match request_of(fields)? {
        Some(request) => match tiles_api::mahjong::score(request) {
            Ok(answer) => Ok(response(py, &answer)?.into_any()),
            Err(message) => Err(BadRequest::new_err(message)),
        },
        // The general way names the field at fault (an unknown one among them).
        None => crate::call(py, "mahjong/score", fields.as_any()),
    }
}

/// `score` for each request dict, on every core with the GIL released: the results in
/// order, a refused request's `{"error": message}` in its place.
pub fn score_many<'py>(
    py: Python<'py>,
    requests: &[Bound<'py, PyAny>],
) -> PyResult<Bound<'py, PyList>> {
    // Read with the GIL held; a request the quick reading does not take is read the general
    // way (its answer, or its error, as `score` would give it).
    #[allow(
        clippy::large_enum_variant,
        reason = "nearly every request is read the quick way: boxing it would cost an allocation each"
    )]
    enum Read {
        Quick(ScoreRequest),
        General(serde_json::Value),
    }
    let mut read = Vec::with_capacity(requests.len());
    for (index, request) in requests.iter().enumerate() {
        let Ok(fields) = request.cast::<PyDict>() else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "requests[{index}]: expected a dict of score fields, found {}",
                convert::kind(request)
            )));
        };
        let quick = request_of(fields)?;
        read.push(match quick {
            Some(quick) => Read::Quick(quick),
            None => Read::General(convert::to_value(request, &format!("requests[{index}]"))?),
        });
    }
    let answers: Vec<Result<Answered, String>> = py.detach(|| {
        read.into_par_iter()
            .with_min_len(64)
            .map(|read| match read {
                Read::Quick(request) => tiles_api::mahjong::score(request).map(Answered::Quick),
                Read::General(value) => {
                    tiles_api::respond_value("mahjong/score", value, &tiles_core::Stop::never())
                        .map(Answered::General)
                        .map_err(|error| error.to_string())
                }
            })
            .collect()
    });
    let _paused = convert::GcPaused::new(py)?;
    let list = PyList::empty(py);
    for answer in answers {
        match answer {
            Ok(Answered::Quick(score)) => list.append(response(py, &score)?)?,
            Ok(Answered::General(value)) => list.append(convert::to_python(py, &value)?)?,
            Err(message) => {
                let refused = PyDict::new(py);
                refused.set_item(intern!(py, "error"), message)?;
                list.append(refused)?;
            }
        }
    }
    Ok(list)
}

/// An answer read the quick way or the general way.
#[allow(
    clippy::large_enum_variant,
    reason = "nearly every answer is the quick way's: boxing it would cost an allocation each"
)]
enum Answered {
    Quick(ScoreResponse),
    General(serde_json::Value),
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
        _ => return None,
    })
}

/// The quick reading of a request dict, `None` if a key is not a field of `score` or a value
/// has a type the quick reading does not take. The dict is walked once.
fn request_of(fields: &Bound<'_, PyDict>) -> PyResult<Option<ScoreRequest>> {
    let mut given: [Option<Bound<'_, PyAny>>; 20] = Default::default();
    for (key, value) in fields.iter() {
        let Ok(key) = key.cast::<PyString>() else {
            return Ok(None);
        };
        let key = key.to_str()?;
        let Some(index) = field_index(key) else {
            return Ok(None);
        };
        given[index] = Some(value);
    }
    Ok(request(&given))
}
