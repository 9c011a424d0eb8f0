//! The OpenAPI 3.1 description of the HTTP API (`GET /api/openapi.json` on `tiles serve`):
//! every operation as `POST /api/<name>`, its request and response schemas generated from the
//! request and response types (schemars, JSON Schema 2020-12), and the schema document's
//! examples.

use schemars::generate::SchemaSettings;
use serde_json::{Map, Value, json};

use crate::{OPERATIONS, examples};

/// The OpenAPI 3.1 document: one `POST /api/<operation>` path per operation, with its summary,
/// its request and response schemas (under `components/schemas`), the documented example of
/// each (a request answered 200, or one refused with 400), and the errors every operation may
/// give (400 a bad request, 404 an unknown operation, 413 a body too large, 503 busy or past
/// the time limit), all as `{"error": message}`.
///
/// ```
/// let document = tiles_api::openapi();
/// assert_eq!(document["openapi"], "3.1.0");
/// assert!(document["paths"]["/api/rummikub/solve"]["post"].is_object());
/// ```
pub fn openapi() -> Value {
    let mut generator = SchemaSettings::draft2020_12()
        .with(|settings| {
            settings.definitions_path = "/components/schemas".into();
            settings.meta_schema = None;
        })
        .into_generator();
    let documented = examples();
    let mut paths = Map::new();
    for op in OPERATIONS {
        let (request, response) = (op.schemas)(&mut generator);
        let mut request_examples = Map::new();
        let mut answers = Map::new();
        let mut refusals = Map::new();
        for (index, example) in documented
            .iter()
            .filter(|example| example.operation == op.name)
            .enumerate()
        {
            let key = format!("documented{}", index + 1);
            let asked: Value = serde_json::from_str(&example.request).expect("examples are JSON");
            let answer: Value = serde_json::from_str(&example.response).expect("examples are JSON");
            request_examples.insert(key.clone(), json!({ "value": asked }));
            if answer.get("error").is_some() {
                refusals.insert(key, json!({ "value": answer }));
            } else {
                answers.insert(key, json!({ "value": answer }));
            }
        }
        let error = |description: &str, examples: Map<String, Value>| {
            let mut content = json!({ "schema": { "$ref": "#/components/schemas/Error" } });
            if !examples.is_empty() {
                content["examples"] = Value::Object(examples);
            }
            json!({
                "description": description,
                "content": { "application/json": content }
            })
        };
        let mut ok = json!({ "schema": response });
        if !answers.is_empty() {
            ok["examples"] = Value::Object(answers);
        }
        let mut asked = json!({ "schema": request });
        if !request_examples.is_empty() {
            asked["examples"] = Value::Object(request_examples);
        }
        paths.insert(
            format!("/api/{}", op.name),
            json!({
                "post": {
                    "operationId": op.name.replace(['/', '-'], "_"),
                    "summary": op.summary,
                    "tags": [op.name.split('/').next().unwrap_or(op.name)],
                    "x-heavy": op.heavy,
                    "requestBody": {
                        "required": true,
                        "content": { "application/json": asked }
                    },
                    "responses": {
                        "200": {
                            "description": "the answer",
                            "content": { "application/json": ok }
                        },
                        "400": error(
                            "a request that is not good: bad JSON, a field of the wrong kind, a value the engine refuses (the message names the field)",
                            refusals
                        ),
                        "404": error("no operation has this name", Map::new()),
                        "413": error("the body is larger than the server takes (--max-body)", Map::new()),
                        "503": error(
                            "busy (--max-in-flight, --max-queued; with Retry-After), or still being worked on at the time limit (--time-limit), when the work stops",
                            Map::new()
                        )
                    }
                }
            }),
        );
    }
    let mut schemas = generator.take_definitions(true);
    schemas.insert(
        "Error".to_owned(),
        json!({
            "type": "object",
            "properties": { "error": { "type": "string", "description": "what is wrong, naming the field" } },
            "required": ["error"],
            "additionalProperties": false
        }),
    );
    json!({
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {
            "title": "tiles",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Rule engines for tile and card games: Rummikub, its action puzzle, Five Up, huxxy and riichi mahjong. Each operation takes its JSON request as the body of a POST and answers with the same JSON the `tiles` command prints with --json.",
            "license": { "name": "MIT OR Apache-2.0", "identifier": "MIT OR Apache-2.0" }
        },
        "paths": paths,
        "components": { "schemas": schemas }
    })
}
