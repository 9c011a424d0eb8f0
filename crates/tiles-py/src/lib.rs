//! `tiles._tiles`: the native part of the `tiles` Python package. Every operation goes through
//! the API crate's dispatcher (`call`), so Python gets the same answers, field names and error
//! messages as the `tiles` command and the HTTP API. Requests and responses cross as Python
//! objects and JSON values (`convert`), never as JSON text. List calls (`shanten`,
//! `is_complete`, `score_many`, `analyze_many`) answer many mahjong hands in one call, the work
//! spread over every core (`score_many` reads its requests with the GIL held while the pool
//! scores the ones read before; the others release it).

mod action;
mod buffer;
mod convert;
mod dataset;
mod game;
mod reward;
mod rules;
mod score;
mod score_batch;
mod score_fields;
mod selfplay;
mod vecenv;

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use rayon::prelude::*;
use serde_json::Value;
use tiles_api::ApiError;
use tiles_core::Stop;

/// The list calls and the batched environments allocate small values on every core and free
/// them on another: mimalloc serves that far better than the system allocator (a quarter of
/// `score_many`'s time went to it).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

create_exception!(
    tiles,
    TilesError,
    PyValueError,
    "An engine refused a request: the message names the field at fault."
);
create_exception!(
    tiles,
    BadRequest,
    TilesError,
    "A request that is not good: bad JSON, a field of the wrong kind, a tile that is not one."
);
create_exception!(
    tiles,
    UnknownOperation,
    TilesError,
    "An operation the engines do not have."
);

/// The action ids and observation planes of `tiles.mahjong.encoding`: `name`, `actions`,
/// `channels`, `columns` (and the three-player ones), and the decision `kinds` with each
/// id's (`action_kinds`).
#[pyfunction]
fn encoding_info(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    use mahjong_game::encoding;
    let info = PyDict::new(py);
    info.set_item("name", encoding::ENCODING)?;
    info.set_item("actions", encoding::ACTIONS)?;
    info.set_item("channels", encoding::CHANNELS)?;
    info.set_item("columns", encoding::COLUMNS)?;
    info.set_item("name_three", encoding::ENCODING_THREE)?;
    info.set_item("actions_three", encoding::ACTIONS_THREE)?;
    info.set_item("channels_three", encoding::CHANNELS_THREE)?;
    // The decision kinds a dataset counts, and each action id's (three players' ids: all).
    use mahjong_game::dataset::Kind;
    let kinds: Vec<&str> = Kind::ALL.iter().map(|kind| kind.name()).collect();
    info.set_item("kinds", kinds)?;
    let action_kinds: Vec<usize> = (0..encoding::ACTIONS_THREE)
        .map(|id| Kind::of_id(id) as usize)
        .collect();
    info.set_item("action_kinds", action_kinds)?;
    Ok(info)
}

/// A count of players, checked as every entry point checks it (`mahjong::Players`): 3 or 4,
/// else `BadRequest`: `players: expected 3 or 4, found 5`.
#[pyfunction]
fn players(count: &Bound<'_, PyAny>) -> PyResult<usize> {
    let checked = match count.extract::<i64>() {
        Ok(count) => tiles_api::fields::players(count),
        _ => Err(format!(
            "players: {}",
            mahjong::PlayersError {
                found: count.repr()?.to_string()
            }
        )),
    };
    checked
        .map(mahjong::Players::count)
        .map_err(BadRequest::new_err)
}

/// The readable name of an action id (`discard 5m`, `chi 4-5-6m taking 4m`, `pass`, and
/// with three players `kita`).
#[pyfunction]
fn action_name(id: usize) -> PyResult<String> {
    mahjong_game::encoding::action_name(id).ok_or_else(|| {
        PyValueError::new_err(format!(
            "id: expected 0 to {} ({} with three players), found {id}",
            mahjong_game::encoding::ACTIONS - 1,
            mahjong_game::encoding::ACTIONS_THREE - 1
        ))
    })
}

/// Answers one request to `operation` (`"rummikub/solve"`): the request's fields as a dict,
/// the response as dicts, lists, strings, numbers and `None`. Raises `BadRequest` or
/// `UnknownOperation` (both `ValueError`s) with the engine's message, or `TypeError` for a
/// field of a type no request holds.
#[pyfunction]
pub(crate) fn call<'py>(
    py: Python<'py>,
    operation: &str,
    request: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let request = convert::to_value(request, "")?;
    let respond = || tiles_api::respond_value(operation, request, &Stop::never());
    // The GIL is let go for the work that can run long; for a quick answer letting it go and
    // taking it back would cost more than the work.
    let answer = if tiles_api::operation(operation).is_some_and(|op| op.heavy) {
        py.detach(respond)
    } else {
        respond()
    }
    .map_err(raised)?;
    convert::to_python(py, &answer)
}

/// Answers one request given as JSON text with the response's JSON text: the form the `tiles`
/// command and the HTTP API speak (the tests check `call` against it).
#[pyfunction]
fn call_json(py: Python<'_>, operation: &str, request_json: &str) -> PyResult<String> {
    py.detach(|| tiles_api::respond(operation, request_json, &Default::default()))
        .map_err(raised)
}

/// The API's error as a Python exception.
fn raised(error: ApiError) -> PyErr {
    match error {
        ApiError::UnknownOperation(_) => UnknownOperation::new_err(error.to_string()),
        ApiError::BadRequest(message) => BadRequest::new_err(message),
        // No stop signal is given here.
        ApiError::Stopped => TilesError::new_err(error.to_string()),
    }
}

/// The items of `items`, a list or tuple named `name` (a string is refused: it is not a list
/// of hands, though Python would iterate over its characters).
fn items<'py>(
    items: &Bound<'py, PyAny>,
    name: &str,
    such_as: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if items.is_instance_of::<PyString>() || items.is_instance_of::<PyDict>() {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected a list, such as {such_as}, found {}",
            convert::kind(items)
        )));
    }
    let Ok(iterator) = items.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected a list, such as {such_as}, found {}",
            convert::kind(items)
        )));
    };
    iterator.collect()
}

/// Answers `operation` for every request, on every core with the GIL released: a list of
/// responses in order, each a refused request's `{"error": message}` in its place.
fn answer_many<'py>(
    py: Python<'py>,
    operation: &'static str,
    requests: Vec<Value>,
) -> PyResult<Bound<'py, PyList>> {
    let answers: Vec<Result<Value, ApiError>> = py.detach(|| {
        requests
            .into_par_iter()
            .with_min_len(64)
            .map(|request| tiles_api::respond_value(operation, request, &Stop::never()))
            .collect()
    });
    let _paused = convert::GcPaused::new(py)?;
    let list = PyList::empty(py);
    for answer in answers {
        match answer {
            Ok(value) => list.append(convert::to_python(py, &value)?)?,
            Err(error) => {
                let refused = PyDict::new(py);
                refused.set_item("error", error.to_string())?;
                list.append(refused)?;
            }
        }
    }
    Ok(list)
}

/// `mahjong/score` for each request dict (the fields of `tiles.mahjong.score`), in one call
/// on every core: a `ScoreBatch`, each request's answer in its place, a refused request's
/// message among them.
#[pyfunction]
fn score_many<'py>(
    py: Python<'py>,
    requests: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, score_batch::PyScoreBatch>> {
    score_batch::score_many(py, requests)
}

/// `mahjong/analyze` for each hand (a hand's text, or a dict with `hand` and `melds`), in one
/// call.
#[pyfunction]
fn analyze_many<'py>(py: Python<'py>, hands: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let requests = items(hands, "hands", r#"["123m456p789s1122z"]"#)?
        .iter()
        .enumerate()
        .map(|(index, hand)| {
            if let Ok(text) = hand.cast::<PyString>() {
                let mut fields = serde_json::Map::new();
                fields.insert("hand".into(), Value::String(text.to_str()?.to_owned()));
                return Ok(Value::Object(fields));
            }
            if !hand.is_instance_of::<PyDict>() {
                return Err(PyTypeError::new_err(format!(
                    "hands[{index}]: expected a hand such as \"123m456p789s1122z\" or a dict with hand and melds, found {}",
                    convert::kind(hand)
                )));
            }
            convert::to_value(hand, &format!("hands[{index}]"))
        })
        .collect::<PyResult<Vec<Value>>>()?;
    answer_many(py, "mahjong/analyze", requests)
}

/// Reads every hand (mpsz notation), or the error naming the first bad one.
fn hands(hands: &Bound<'_, PyAny>) -> PyResult<Vec<mahjong::Hand>> {
    items(hands, "hands", r#"["123m456p789s1122z"]"#)?
        .iter()
        .enumerate()
        .map(|(index, hand)| {
            let Ok(text) = hand.cast::<PyString>() else {
                return Err(PyTypeError::new_err(format!(
                    "hands[{index}]: expected a hand such as \"123m456p789s1122z\", found {}",
                    convert::kind(hand)
                )));
            };
            mahjong::parse_hand(text.to_str()?)
                .map_err(|error| BadRequest::new_err(format!("hands[{index}]: {error}")))
        })
        .collect()
}

/// The shanten of each hand (the least over the standard form, seven pairs and thirteen
/// orphans; -1 for a complete hand), in order.
#[pyfunction]
fn shanten(py: Python<'_>, hands: &Bound<'_, PyAny>) -> PyResult<Vec<i8>> {
    let read = self::hands(hands)?;
    py.detach(|| {
        read.iter()
            .enumerate()
            .map(|(index, hand)| {
                mahjong::shanten_overall(hand).map_err(|error| format!("hands[{index}]: {error}"))
            })
            .collect::<Result<Vec<i8>, String>>()
    })
    .map_err(BadRequest::new_err)
}

/// Whether each hand is complete (a 14-tile hand in any form), in order.
#[pyfunction]
fn is_complete(py: Python<'_>, hands: &Bound<'_, PyAny>) -> PyResult<Vec<bool>> {
    let read = self::hands(hands)?;
    Ok(py.detach(|| read.iter().map(mahjong::is_complete).collect()))
}

/// The operations: `(name, summary)` in the schema's order.
#[pyfunction]
fn operations() -> Vec<(&'static str, &'static str)> {
    tiles_api::OPERATIONS
        .iter()
        .map(|op| (op.name, op.summary))
        .collect()
}

#[pymodule]
fn _tiles(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    if !score_fields::fields_agree() {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(
            "tiles: the score fields are numbered unlike the API's (a bug)",
        ));
    }
    // Line-ups may name outside bots (`mjai:COMMAND`): Python runs them as the tiles command
    // does (a server does not).
    tiles_api::mahjong::game::allow_commands(Some(&tiles_host::PROCESSES));
    module.add("TilesError", py.get_type::<TilesError>())?;
    module.add("BadRequest", py.get_type::<BadRequest>())?;
    module.add("UnknownOperation", py.get_type::<UnknownOperation>())?;
    module.add_function(wrap_pyfunction!(call, module)?)?;
    module.add_function(wrap_pyfunction!(call_json, module)?)?;
    module.add_function(wrap_pyfunction!(shanten, module)?)?;
    module.add_function(wrap_pyfunction!(is_complete, module)?)?;
    let score = score::score_function(py)?;
    score.setattr("__module__", "tiles._tiles")?;
    module.add("score", score)?;
    module.add_function(wrap_pyfunction!(score_many, module)?)?;
    module.add_function(wrap_pyfunction!(analyze_many, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_function(wrap_pyfunction!(operations, module)?)?;
    module.add_class::<game::PyGame>()?;
    module.add_class::<vecenv::PyVecEnv>()?;
    module.add_class::<score::PyScore>()?;
    module.add_class::<score_batch::PyScoreBatch>()?;
    module.add_function(wrap_pyfunction!(selfplay::mahjong_self_play, module)?)?;
    module.add_function(wrap_pyfunction!(selfplay::merge_tournaments, module)?)?;
    module.add_function(wrap_pyfunction!(encoding_info, module)?)?;
    module.add_function(wrap_pyfunction!(action_name, module)?)?;
    module.add_function(wrap_pyfunction!(players, module)?)?;
    module.add_class::<action::PyAction>()?;
    module.add_function(wrap_pyfunction!(dataset::mahjong_dataset_write, module)?)?;
    module.add_function(wrap_pyfunction!(dataset::mahjong_record_hands, module)?)?;
    Ok(())
}
