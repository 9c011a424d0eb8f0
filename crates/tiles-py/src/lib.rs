//! `tiles._tiles`: the native part of the `tiles` Python package. Every operation goes through
//! the API crate's dispatcher (`call`), so Python gets the same answers, field names and error
//! messages as the `tiles` command and the HTTP API; list calls (`shanten`, `is_complete`)
//! answer many mahjong hands in one call, without JSON, for throughput.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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

/// Answers one request to `operation` (`"rummikub/solve"`): the JSON response as text.
/// Raises `BadRequest` or `UnknownOperation` (both `ValueError`s) with the engine's message.
#[pyfunction]
fn call(py: Python<'_>, operation: &str, request_json: &str) -> PyResult<String> {
    py.detach(|| tiles_api::respond(operation, request_json, &Default::default()))
        .map_err(|error| match error {
            tiles_api::ApiError::UnknownOperation(_) => {
                UnknownOperation::new_err(error.to_string())
            }
            tiles_api::ApiError::BadRequest(message) => BadRequest::new_err(message),
            // No stop signal is given here.
            tiles_api::ApiError::Stopped => TilesError::new_err(error.to_string()),
        })
}

/// Reads every hand (mpsz notation), or the error naming the first bad one.
fn hands(items: &[String]) -> PyResult<Vec<mahjong::Hand>> {
    items
        .iter()
        .enumerate()
        .map(|(index, text)| {
            mahjong::parse_hand(text)
                .map_err(|error| BadRequest::new_err(format!("hands[{index}]: {error}")))
        })
        .collect()
}

/// The shanten of each hand (the least over the standard form, seven pairs and thirteen
/// orphans; -1 for a complete hand), in order.
#[pyfunction]
fn shanten(py: Python<'_>, hands: Vec<String>) -> PyResult<Vec<i8>> {
    let read = self::hands(&hands)?;
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
fn is_complete(py: Python<'_>, hands: Vec<String>) -> PyResult<Vec<bool>> {
    let read = self::hands(&hands)?;
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
    module.add("TilesError", py.get_type::<TilesError>())?;
    module.add("BadRequest", py.get_type::<BadRequest>())?;
    module.add("UnknownOperation", py.get_type::<UnknownOperation>())?;
    module.add_function(wrap_pyfunction!(call, module)?)?;
    module.add_function(wrap_pyfunction!(shanten, module)?)?;
    module.add_function(wrap_pyfunction!(is_complete, module)?)?;
    module.add_function(wrap_pyfunction!(operations, module)?)?;
    Ok(())
}
