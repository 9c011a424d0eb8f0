//! One request/response schema for every operation of the tiles engines, and one dispatcher.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod fields;
pub mod fiveup;
pub mod huxxy;
pub mod mahjong;
pub mod puzzle;
mod quick;
pub mod rummikub;
pub mod standings;

use itertools::Itertools;
use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use tiles_core::{Stop, Stopped};

/// Why a request got no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// No operation has this name.
    UnknownOperation(String),
    /// The request is not valid JSON, not an object, has a field of the wrong shape, or the
    /// engine refused its contents: the message names the field and, inside a field's text,
    /// the column.
    BadRequest(String),
    /// The stop signal given to [`respond_until`] was raised before the answer was found (the
    /// server's time limit passed): the work has stopped.
    Stopped,
}

impl From<String> for ApiError {
    fn from(message: String) -> ApiError {
        ApiError::BadRequest(message)
    }
}

impl From<&str> for ApiError {
    fn from(message: &str) -> ApiError {
        ApiError::BadRequest(message.to_owned())
    }
}

impl From<Stopped> for ApiError {
    fn from(_: Stopped) -> ApiError {
        ApiError::Stopped
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::UnknownOperation(name) => {
                write!(
                    f,
                    "unknown operation {name:?}: expected one of {}",
                    OPERATIONS.iter().map(|op| op.name).join(", ")
                )
            }
            ApiError::BadRequest(message) => f.write_str(message),
            ApiError::Stopped => Stopped.fmt(f),
        }
    }
}

impl std::error::Error for ApiError {}

/// One operation: its name, what it answers, and how.
#[derive(Debug, Clone, Copy)]
pub struct Operation {
    /// The name requests use: `rummikub/solve`.
    pub name: &'static str,
    /// What it answers, in one line.
    pub summary: &'static str,
    run: fn(Request<'_>, &Stop) -> Result<String, ApiError>,
}

/// A request as it reaches an operation: the JSON text as sent (the fast path), or a JSON
/// value (defaults merged in, or the text refused by the fast path).
enum Request<'a> {
    Text(&'a str),
    Value(Value),
}

/// The text of a request the fast path could not read as the operation's request type: the
/// dispatcher reads it again as a JSON value, for the errors that name the field.
const UNREAD: &str = "\u{0}unread";

/// Every operation, in the order the schema document lists them.
pub const OPERATIONS: &[Operation] = &[
    Operation {
        name: "rummikub/group",
        summary: "is this group a valid run or set, and if not, why not",
        run: |request, _| answer(request, rummikub::group),
    },
    Operation {
        name: "rummikub/arrange",
        summary: "can all these tiles be laid down in valid groups",
        run: |request, stop| answer_until(request, stop, rummikub::arrange),
    },
    Operation {
        name: "rummikub/solve",
        summary: "the best move from a rack onto a table, step by step",
        run: |request, stop| answer_until(request, stop, rummikub::solve),
    },
    Operation {
        name: "rummikub/turn",
        summary: "is this turn legal: the table before, the rack, the table after",
        run: |request, _| answer(request, rummikub::turn),
    },
    Operation {
        name: "rummikub/game",
        summary: "a game between bots, or with people at some seats, turn by turn",
        run: |request, stop| answer_until(request, stop, rummikub::game),
    },
    Operation {
        name: "rummikub/tournament",
        summary: "many games between bots: wins, ranks, scores and forfeits per bot",
        run: |request, stop| answer_until(request, stop, rummikub::tournament),
    },
    Operation {
        name: "rummikub-puzzle/solve",
        summary: "the preferred shortest answer to an action puzzle, with the table after each action",
        run: |request, stop| answer_until(request, stop, puzzle::solve),
    },
    Operation {
        name: "rummikub-puzzle/check",
        summary: "is a proposed answer legal, shortest and preferred",
        run: |request, stop| answer_until(request, stop, puzzle::check),
    },
    Operation {
        name: "fiveup/check",
        summary: "is this a legal game of Five Up; its layout and its score",
        run: |request, _| answer(request, fiveup::check),
    },
    Operation {
        name: "huxxy/eval",
        summary: "a call of one of the five reference functions, answered as Python prints it",
        run: |request, _| answer(request, huxxy::eval),
    },
    Operation {
        name: "huxxy/game",
        summary: "one game between bots, turn by turn",
        run: |request, stop| answer_until(request, stop, huxxy::game),
    },
    Operation {
        name: "huxxy/tournament",
        summary: "many games between bots: wins, ranks, points left and forfeits per bot",
        run: |request, stop| answer_until(request, stop, huxxy::tournament),
    },
    Operation {
        name: "mahjong/analyze",
        summary: "a hand's completeness, readings, shanten, waits, effective tiles and best discards",
        run: |request, _| answer(request, mahjong::analyze),
    },
    Operation {
        name: "mahjong/score",
        summary: "a winning hand's yaku, han, fu, limit and payments",
        run: |request, _| {
            answer_quick(
                request,
                |text| {
                    quick::score_request(text).map(|input| {
                        mahjong::scored_input(&input)
                            .map(|(hand, score)| mahjong::score_json(&hand, &score))
                    })
                },
                mahjong::score,
                mahjong::ScoreResponse::to_json,
            )
        },
    },
];

/// The operation named `name`.
pub fn operation(name: &str) -> Option<&'static Operation> {
    OPERATIONS.iter().find(|op| op.name == name)
}

/// Answers one request: the JSON response, or `{"error": "…"}`.
///
/// ```
/// let response = tiles_api::handle("rummikub/arrange", r#"{"tiles":["R1","R2","R3"]}"#);
/// assert_eq!(response, r#"{"groups":[["R1","R2","R3"]]}"#);
/// let response = tiles_api::handle("rummikub/arrange", r#"{"tiles":"R1 X2"}"#);
/// assert_eq!(
///     response,
///     r#"{"error":"tiles, column 4: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"X2\""}"#
/// );
/// ```
pub fn handle(operation: &str, request_json: &str) -> String {
    respond(operation, request_json, &Map::new()).unwrap_or_else(|error| error_json(&error))
}

/// Answers one request whose missing fields take the values in `defaults` before the
/// operation's own defaults (the CLI passes its options this way).
///
/// # Errors
///
/// [`ApiError::UnknownOperation`], or [`ApiError::BadRequest`] naming the field at fault.
pub fn respond(
    operation: &str,
    request_json: &str,
    defaults: &Map<String, Value>,
) -> Result<String, ApiError> {
    respond_until(operation, request_json, defaults, &Stop::never())
}

/// [`respond`], giving up with [`ApiError::Stopped`] once `stop` is raised: the operations
/// that can run long (solves, searches, bot games, tournaments) check it between their steps,
/// a few milliseconds apart at most, so the work ends soon after the signal.
///
/// ```
/// use tiles_api::{ApiError, respond_until};
/// use tiles_core::Stop;
///
/// let stop = Stop::after(std::time::Duration::ZERO);
/// let request = r#"{"games":1000000}"#;
/// let answer = respond_until("huxxy/tournament", request, &Default::default(), &stop);
/// assert_eq!(answer, Err(ApiError::Stopped));
/// ```
///
/// # Errors
///
/// As [`respond`], and [`ApiError::Stopped`].
pub fn respond_until(
    operation: &str,
    request_json: &str,
    defaults: &Map<String, Value>,
    stop: &Stop,
) -> Result<String, ApiError> {
    let op = self::operation(operation)
        .ok_or_else(|| ApiError::UnknownOperation(operation.to_owned()))?;
    if defaults.is_empty() {
        // Most requests are read straight into their type; one that is not (bad JSON, a field
        // of the wrong kind, an unknown field) is read again below for the precise error.
        match (op.run)(Request::Text(request_json), stop) {
            Err(ApiError::BadRequest(message)) if message == UNREAD => {}
            answered => return answered,
        }
    }
    let value: Value = serde_json::from_str(request_json)
        .map_err(|error| ApiError::BadRequest(format!("invalid JSON: {error}")))?;
    let Value::Object(mut fields) = value else {
        return Err(ApiError::BadRequest(format!(
            "a request is a JSON object, found {}",
            fields::json_kind(&value)
        )));
    };
    for (name, default) in defaults {
        fields
            .entry(name.clone())
            .or_insert_with(|| default.clone());
    }
    (op.run)(Request::Value(Value::Object(fields)), stop)
}

/// `{"error": message}`.
pub fn error_json(message: &dyn fmt::Display) -> String {
    let message = serde_json::to_string(&message.to_string()).expect("a string is plain data");
    format!("{{\"error\":{message}}}")
}

/// Reads `request` as `R`, answers it with `operation` and writes the response. Text that does
/// not read as `R` is refused with [`UNREAD`], for the dispatcher to read again as a value.
fn answer<R: DeserializeOwned, S: Serialize>(
    request: Request<'_>,
    operation: fn(R) -> Result<S, String>,
) -> Result<String, ApiError> {
    answer_with(request, operation, write_json)
}

/// [`answer`] for an operation that can run long: it takes the stop signal, and its errors
/// are [`ApiError`]s ([`ApiError::Stopped`] among them).
fn answer_until<R: DeserializeOwned, S: Serialize>(
    request: Request<'_>,
    stop: &Stop,
    operation: fn(R, &Stop) -> Result<S, ApiError>,
) -> Result<String, ApiError> {
    let request = read_request(request)?;
    let response = operation(request, stop)?;
    Ok(write_json(&response))
}

/// The response's JSON.
fn write_json<S: Serialize>(response: &S) -> String {
    let mut json = Vec::with_capacity(1024);
    serde_json::to_writer(&mut json, response).expect("responses are plain data");
    String::from_utf8(json).expect("serde_json writes UTF-8")
}

/// [`answer_with`] for a request type with a quick path (see `quick`), which the text path
/// tries first: it reads the request and answers it with its JSON, or leaves the text to serde.
fn answer_quick<R: DeserializeOwned, S>(
    request: Request<'_>,
    quick: fn(&str) -> Option<Result<String, String>>,
    operation: fn(R) -> Result<S, String>,
    write: fn(&S) -> String,
) -> Result<String, ApiError> {
    if let Request::Text(text) = request
        && let Some(answered) = quick(text)
    {
        return answered.map_err(ApiError::BadRequest);
    }
    answer_with(request, operation, write)
}

/// [`answer`] with the response written by `write` (a response type whose JSON is written by
/// hand, for speed, and checked against serde's in the tests).
fn answer_with<R: DeserializeOwned, S>(
    request: Request<'_>,
    operation: fn(R) -> Result<S, String>,
    write: fn(&S) -> String,
) -> Result<String, ApiError> {
    let request = read_request(request)?;
    let response = operation(request).map_err(ApiError::BadRequest)?;
    Ok(write(&response))
}

/// Reads a request as `R`: text that does not read is refused with [`UNREAD`].
fn read_request<R: DeserializeOwned>(request: Request<'_>) -> Result<R, ApiError> {
    match request {
        Request::Text(text) => {
            serde_json::from_str::<R>(text).map_err(|_| ApiError::BadRequest(UNREAD.to_owned()))
        }
        Request::Value(value) => read_value(value),
    }
}

/// Reads a request value as `R`, with the path of the field at fault in the error.
fn read_value<R: DeserializeOwned>(request: Value) -> Result<R, ApiError> {
    serde_path_to_error::deserialize(request).map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        ApiError::BadRequest(if path == "." {
            inner.to_string()
        } else {
            format!("{path}: {inner}")
        })
    })
}

/// One documented example: an operation, a request and the response it gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The operation.
    pub operation: String,
    /// The request, one line of JSON.
    pub request: String,
    /// The response, one line of JSON.
    pub response: String,
}

/// The examples of the schema document (this crate's README): under each `### operation`
/// heading, a ```` ```json ```` block with the request on one line and the response on the
/// next.
pub fn examples() -> Vec<Example> {
    let mut examples = Vec::new();
    let mut operation = None;
    let mut lines = include_str!("../README.md").lines();
    while let Some(line) = lines.next() {
        if let Some(heading) = line.strip_prefix("### ") {
            operation = Some(heading.trim_matches('`').to_owned());
        } else if line == "```json"
            && let Some(operation) = &operation
        {
            let block: Vec<&str> = lines.by_ref().take_while(|line| *line != "```").collect();
            if let [request, response] = block[..] {
                examples.push(Example {
                    operation: operation.clone(),
                    request: request.to_owned(),
                    response: response.to_owned(),
                });
            }
        }
    }
    examples
}
