//! One request/response schema for every operation of the tiles engines, and one dispatcher.
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod fields;
pub mod fiveup;
pub mod huxxy;
pub mod mahjong;
mod openapi;
pub mod puzzle;
mod quick;
pub mod rummikub;
pub mod standings;

use itertools::Itertools;
use std::fmt;

pub use openapi::openapi;
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
    /// Whether it can run long (solves, searches, bot games, tournaments): it checks the stop
    /// signal of [`respond_until`], and a server queues it for its heavy workers.
    pub heavy: bool,
    run: fn(Request<'_>, &Stop, Form) -> Result<Answer, ApiError>,
    /// The JSON Schemas of its request and its response (see [`openapi`]).
    schemas: fn(&mut schemars::SchemaGenerator) -> (schemars::Schema, schemars::Schema),
}

/// The schemas of a request type and a response type.
fn schemas<R: schemars::JsonSchema, S: schemars::JsonSchema>(
    generator: &mut schemars::SchemaGenerator,
) -> (schemars::Schema, schemars::Schema) {
    (
        generator.subschema_for::<R>(),
        generator.subschema_for::<S>(),
    )
}

/// The form an answer is wanted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// JSON text (the CLI, the server).
    Text,
    /// A JSON value (Python, which makes its objects from it).
    Value,
}

/// An operation's answer, in the form asked for.
enum Answer {
    Text(String),
    Value(Value),
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
        schemas: schemas::<rummikub::GroupRequest, rummikub::GroupResponse>,
        heavy: false,
        run: |request, _, form| answer(request, form, rummikub::group),
    },
    Operation {
        name: "rummikub/arrange",
        summary: "can all these tiles be laid down in valid groups",
        schemas: schemas::<rummikub::ArrangeRequest, rummikub::ArrangeResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, rummikub::arrange),
    },
    Operation {
        name: "rummikub/solve",
        summary: "the best move from a rack onto a table, step by step",
        schemas: schemas::<rummikub::SolveRequest, rummikub::SolveResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, rummikub::solve),
    },
    Operation {
        name: "rummikub/turn",
        summary: "is this turn legal: the table before, the rack, the table after",
        schemas: schemas::<rummikub::TurnRequest, rummikub::TurnResponse>,
        heavy: false,
        run: |request, _, form| answer(request, form, rummikub::turn),
    },
    Operation {
        name: "rummikub/game",
        summary: "a game between bots, or with people at some seats, turn by turn",
        schemas: schemas::<rummikub::GameRequest, rummikub::GameResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, rummikub::game),
    },
    Operation {
        name: "rummikub/tournament",
        summary: "many games between bots: wins, ranks, scores and forfeits per bot",
        schemas: schemas::<rummikub::TournamentRequest, rummikub::TournamentResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, rummikub::tournament),
    },
    Operation {
        name: "rummikub-puzzle/solve",
        summary: "the preferred shortest answer to an action puzzle, with the table after each action",
        schemas: schemas::<puzzle::SolveRequest, puzzle::SolveResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, puzzle::solve),
    },
    Operation {
        name: "rummikub-puzzle/check",
        summary: "is a proposed answer legal, shortest and preferred",
        schemas: schemas::<puzzle::CheckRequest, puzzle::CheckResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, puzzle::check),
    },
    Operation {
        name: "fiveup/check",
        summary: "is this a legal game of Five Up; its layout and its score",
        schemas: schemas::<fiveup::CheckRequest, fiveup::CheckResponse>,
        heavy: false,
        run: |request, _, form| answer(request, form, fiveup::check),
    },
    Operation {
        name: "huxxy/eval",
        summary: "a call of one of the five reference functions, answered as Python prints it",
        schemas: schemas::<huxxy::EvalRequest, huxxy::EvalResponse>,
        heavy: false,
        run: |request, _, form| answer(request, form, huxxy::eval),
    },
    Operation {
        name: "huxxy/game",
        summary: "one game between bots, turn by turn",
        schemas: schemas::<huxxy::GameRequest, huxxy::GameResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, huxxy::game),
    },
    Operation {
        name: "huxxy/tournament",
        summary: "many games between bots: wins, ranks, points left and forfeits per bot",
        schemas: schemas::<huxxy::TournamentRequest, huxxy::TournamentResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, huxxy::tournament),
    },
    Operation {
        name: "mahjong/analyze",
        summary: "a hand's completeness, readings, shanten, waits, effective tiles and best discards",
        schemas: schemas::<mahjong::AnalyzeRequest, mahjong::AnalyzeResponse>,
        heavy: false,
        run: |request, _, form| answer(request, form, mahjong::analyze),
    },
    Operation {
        name: "mahjong/score",
        summary: "a winning hand's yaku, han, fu, limit and payments",
        schemas: schemas::<mahjong::ScoreRequest, mahjong::ScoreResponse>,
        heavy: false,
        run: |request, _, form| {
            answer_quick(
                request,
                form,
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
    Operation {
        name: "mahjong/game",
        summary: "a seeded game under a rule set (Tenhou's by default), four players or three, between bots or with people at some seats: each hand's result, the final points and the record; a person's view, legal decisions and the events since its last",
        schemas: schemas::<mahjong::game::GameRequest, mahjong::game::GameResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, mahjong::game::game),
    },
    Operation {
        name: "mahjong/rules",
        summary: "a rule set (Tenhou's, Mahjong Soul's, M-League's, the WRC's, the EMA's, JPML's, Saikouisen's) with fields set otherwise: every field's value",
        schemas: schemas::<mahjong::rules::RulesRequest, mahjong::rules::RulesResponse>,
        heavy: false,
        run: |request, _, form| answer(request, form, mahjong::rules::rules_answer),
    },
    Operation {
        name: "mahjong/replay",
        summary: "a game record (mjlog, tenhou.net/6 or mjai) fed through the engine: each hand's verdict",
        schemas: schemas::<mahjong::game::ReplayRequest, mahjong::game::ReplayResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, mahjong::game::replay),
    },
    Operation {
        name: "mahjong/watch",
        summary: "a game record shown event by event: a hand list with the engine's verdict on each hand, and one hand's board (every seat's tiles) after each of its events",
        schemas: schemas::<mahjong::watch::WatchRequest, mahjong::watch::WatchResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, mahjong::watch::watch),
    },
    Operation {
        name: "mahjong/review",
        summary: "each decision of a record's seats beside a bot's: shanten and effective tiles of every discard, the value bot's estimates, the flagged decisions and a summary per seat",
        schemas: schemas::<mahjong::review::ReviewRequest, mahjong::review::ReviewResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, mahjong::review::review),
    },
    Operation {
        name: "mahjong/tournament",
        summary: "many games between bots: placements, average points, win and deal-in rates per bot",
        schemas: schemas::<mahjong::game::TournamentRequest, mahjong::game::TournamentResponse>,
        heavy: true,
        run: |request, stop, form| answer_until(request, stop, form, mahjong::game::tournament),
    },
];

/// The quick reader of `mahjong/score` requests, for the benchmark that compares it with
/// serde's: whether it reads `text`, and the fields it read if so (as `rules`' result, the
/// hand and the winning tile).
#[doc(hidden)]
pub fn read_score_quickly(text: &str) -> Option<(bool, usize)> {
    quick::score_request(text)
        .map(|input| (input.rules.is_ok(), input.hand.len() + input.win.len()))
}

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
        match (op.run)(Request::Text(request_json), stop, Form::Text) {
            Err(ApiError::BadRequest(message)) if message == UNREAD => {}
            answered => return answered.map(Answer::into_text),
        }
    }
    if let Some(field) = fields::given_twice(request_json) {
        return Err(twice(&field));
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
    (op.run)(Request::Value(Value::Object(fields)), stop, Form::Text).map(Answer::into_text)
}

/// [`respond_until`] for a request that is already a JSON value, answered as a JSON value: no
/// JSON text on either side (the Python package makes its objects from the values). The
/// value equals the JSON text [`respond`] gives, read back.
///
/// ```
/// use serde_json::json;
/// use tiles_core::Stop;
///
/// let request = json!({"tiles": ["R1", "R2", "R3"]});
/// let answer = tiles_api::respond_value("rummikub/arrange", request, &Stop::never());
/// assert_eq!(answer, Ok(json!({"groups": [["R1", "R2", "R3"]]})));
/// ```
///
/// # Errors
///
/// As [`respond_until`]; a request that is not an object is a bad request.
pub fn respond_value(operation: &str, request: Value, stop: &Stop) -> Result<Value, ApiError> {
    let op = self::operation(operation)
        .ok_or_else(|| ApiError::UnknownOperation(operation.to_owned()))?;
    if !request.is_object() {
        return Err(ApiError::BadRequest(format!(
            "a request is a JSON object, found {}",
            fields::json_kind(&request)
        )));
    }
    match (op.run)(Request::Value(request), stop, Form::Value)? {
        Answer::Value(value) => Ok(value),
        Answer::Text(text) => {
            Ok(serde_json::from_str(&text).expect("an operation writes valid JSON"))
        }
    }
}

impl Answer {
    /// The answer as JSON text.
    fn into_text(self) -> String {
        match self {
            Answer::Text(text) => text,
            Answer::Value(value) => value.to_string(),
        }
    }
}

/// `response` in `form`: written by `write` as text, or as a value by serde.
fn in_form<S: Serialize>(response: &S, form: Form, write: fn(&S) -> String) -> Answer {
    match form {
        Form::Text => Answer::Text(write(response)),
        Form::Value => {
            Answer::Value(serde_json::to_value(response).expect("responses are plain data"))
        }
    }
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
    form: Form,
    operation: fn(R) -> Result<S, String>,
) -> Result<Answer, ApiError> {
    answer_with(request, form, operation, write_json)
}

/// [`answer`] for an operation that can run long: it takes the stop signal, and its errors
/// are [`ApiError`]s ([`ApiError::Stopped`] among them).
/// The response of the whole tournament `request` names (`huxxy/tournament`,
/// `rummikub/tournament` or `mahjong/tournament`), from the responses of shards that played
/// its games between them (requests with `first_game` and `games` covering the tournament's):
/// equal to the response of the tournament played in one go. For tournaments split over
/// machines (the Python package's `tiles.ray`).
///
/// # Errors
///
/// [`ApiError::UnknownOperation`] for another operation; [`ApiError::BadRequest`] for a bad
/// request or a shard's response without its totals.
pub fn merge_tournament(
    operation: &str,
    request: Value,
    shards: &[Value],
) -> Result<Value, ApiError> {
    fn value(response: impl Serialize) -> Value {
        serde_json::to_value(response).expect("a response is JSON")
    }
    match operation {
        "huxxy/tournament" => Ok(value(huxxy::merge_tournament(
            read_value(request)?,
            shards,
        )?)),
        "rummikub/tournament" => Ok(value(rummikub::merge_tournament(
            read_value(request)?,
            shards,
        )?)),
        "mahjong/tournament" => Ok(value(mahjong::game::merge_tournament(
            read_value(request)?,
            shards,
        )?)),
        other => Err(ApiError::UnknownOperation(format!(
            "{other} (tournaments to merge: huxxy/tournament, rummikub/tournament, mahjong/tournament)"
        ))),
    }
}

fn answer_until<R: DeserializeOwned, S: Serialize>(
    request: Request<'_>,
    stop: &Stop,
    form: Form,
    operation: fn(R, &Stop) -> Result<S, ApiError>,
) -> Result<Answer, ApiError> {
    let request = read_request(request)?;
    let response = operation(request, stop)?;
    Ok(in_form(&response, form, write_json))
}

/// The response's JSON.
fn write_json<S: Serialize>(response: &S) -> String {
    let mut json = Vec::with_capacity(1024);
    serde_json::to_writer(&mut json, response).expect("responses are plain data");
    String::from_utf8(json).expect("serde_json writes UTF-8")
}

/// [`answer_with`] for a request type with a quick path (see `quick`), which the text path
/// tries first: it reads the request and answers it with its JSON, or leaves the text to serde.
fn answer_quick<R: DeserializeOwned, S: Serialize>(
    request: Request<'_>,
    form: Form,
    quick: fn(&str) -> Option<Result<String, String>>,
    operation: fn(R) -> Result<S, String>,
    write: fn(&S) -> String,
) -> Result<Answer, ApiError> {
    if let Request::Text(text) = request
        && let Some(answered) = quick(text)
    {
        return answered.map(Answer::Text).map_err(ApiError::BadRequest);
    }
    answer_with(request, form, operation, write)
}

/// [`answer`] with the response written by `write` (a response type whose JSON is written by
/// hand, for speed, and checked against serde's in the tests).
fn answer_with<R: DeserializeOwned, S: Serialize>(
    request: Request<'_>,
    form: Form,
    operation: fn(R) -> Result<S, String>,
    write: fn(&S) -> String,
) -> Result<Answer, ApiError> {
    let request = read_request(request)?;
    let response = operation(request).map_err(ApiError::BadRequest)?;
    Ok(in_form(&response, form, write))
}

/// The error for a field given twice.
fn twice(field: &str) -> ApiError {
    ApiError::BadRequest(format!("{field}: given twice; give each field once"))
}

/// Reads a request as `R`: text that does not read is refused with [`UNREAD`], and so is text
/// that is not an object (serde would read a list as the fields in order) or gives a field
/// twice (serde's values keep the last), for the dispatcher to name the fault.
fn read_request<R: DeserializeOwned>(request: Request<'_>) -> Result<R, ApiError> {
    match request {
        Request::Text(text) => {
            let unread = || ApiError::BadRequest(UNREAD.to_owned());
            if !text.trim_start().starts_with('{') || fields::given_twice(text).is_some() {
                return Err(unread());
            }
            serde_json::from_str::<R>(text).map_err(|_| unread())
        }
        Request::Value(value) => read_value(value),
    }
}

/// Reads a request value as `R` (an operation's request type), with the path of the field at
/// fault in the error, as the dispatcher does: for callers that answer an operation
/// themselves (the Python package's `Score` objects).
///
/// # Errors
///
/// [`ApiError::BadRequest`] naming the field at fault.
pub fn read_value<R: DeserializeOwned>(request: Value) -> Result<R, ApiError> {
    serde_path_to_error::deserialize(request).map_err(|error| {
        let path = error.path().to_string();
        let inner = plain_words(&error.into_inner().to_string());
        ApiError::BadRequest(if path == "." {
            inner
        } else {
            format!("{path}: {inner}")
        })
    })
}

/// serde's message for a value of the wrong kind in the schema's words: `expected a whole
/// number, found 1.5` for `invalid type: floating point `1.5`, expected u32`, `expected a meld
/// such as …` for `expected struct MeldRequest`. Other messages are left as they are.
fn plain_words(message: &str) -> String {
    let Some((found, expected)) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        .and_then(|rest| rest.split_once(", expected "))
    else {
        return message.to_owned();
    };
    let found = match found.split_once(' ') {
        Some(("string", text)) => text.to_owned(),
        Some(("floating", rest)) => rest.trim_start_matches("point ").replace('`', ""),
        Some(("integer" | "boolean", value)) => value.replace('`', ""),
        _ => match found {
            "sequence" => "a list".to_owned(),
            "map" => "an object".to_owned(),
            "null" | "unit value" => "null".to_owned(),
            other => other.to_owned(),
        },
    };
    let expected = match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more",
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number",
        "f32" | "f64" => "a number",
        "a boolean" => "true or false",
        "struct MeldRequest" => r#"a meld such as {"type": "pon", "tiles": "555z"}"#,
        other => match other.strip_prefix("struct ") {
            Some(_) => "an object of fields",
            None => other,
        },
    };
    format!("expected {expected}, found {found}")
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
