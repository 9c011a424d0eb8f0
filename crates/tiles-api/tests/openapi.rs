//! The OpenAPI document: it lists every operation, and each documented example (the request,
//! and the response or the error) validates against the schema the document gives it, checked
//! by a JSON Schema validator (draft 2020-12, as OpenAPI 3.1 uses).

use serde_json::{Value, json};

/// A validator for `schema` (a `$ref` into the document's components, or a schema), which
/// resolves its references within the document.
fn validator(document: &Value, schema: &Value) -> jsonschema::Validator {
    let mut root = schema.clone();
    let object = root.as_object_mut().expect("a schema object");
    object.insert(
        "$schema".into(),
        json!("https://json-schema.org/draft/2020-12/schema"),
    );
    object.insert("components".into(), document["components"].clone());
    jsonschema::draft202012::new(&root)
        .unwrap_or_else(|error| panic!("{schema}: not a valid schema: {error}"))
}

/// The messages of `instance`'s validation errors, or none.
fn errors(validator: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    validator
        .iter_errors(instance)
        .map(|error| format!("{} at {}", error, error.instance_path()))
        .collect()
}

#[test]
fn every_operation_is_described() {
    let document = tiles_api::openapi();
    assert_eq!(document["openapi"], "3.1.0");
    let paths = document["paths"].as_object().unwrap();
    assert_eq!(paths.len(), tiles_api::OPERATIONS.len());
    for op in tiles_api::OPERATIONS {
        let post = &paths[&format!("/api/{}", op.name)]["post"];
        assert_eq!(post["summary"], op.summary, "{}", op.name);
        assert_eq!(post["x-heavy"], op.heavy, "{}", op.name);
        for status in ["200", "400", "404", "413", "503"] {
            assert!(
                post["responses"][status].is_object(),
                "{} {status}",
                op.name
            );
        }
        let request = &post["requestBody"]["content"]["application/json"];
        assert!(request["schema"].is_object(), "{}", op.name);
        assert!(
            request["examples"]
                .as_object()
                .is_some_and(|examples| !examples.is_empty()),
            "{}: no example",
            op.name
        );
    }
}

#[test]
fn every_documented_example_validates_against_its_schema() {
    let document = tiles_api::openapi();
    let mut checked = 0;
    for example in tiles_api::examples() {
        let post = &document["paths"][format!("/api/{}", example.operation)]["post"];
        let request: Value = serde_json::from_str(&example.request).unwrap();
        let response: Value = serde_json::from_str(&example.response).unwrap();
        let asked = validator(
            &document,
            &post["requestBody"]["content"]["application/json"]["schema"],
        );
        assert_eq!(
            errors(&asked, &request),
            Vec::<String>::new(),
            "{} request {}",
            example.operation,
            example.request
        );
        let status = if response.get("error").is_some() {
            "400"
        } else {
            "200"
        };
        let answered = validator(
            &document,
            &post["responses"][status]["content"]["application/json"]["schema"],
        );
        assert_eq!(
            errors(&answered, &response),
            Vec::<String>::new(),
            "{} response",
            example.operation
        );
        checked += 1;
    }
    assert!(checked >= tiles_api::OPERATIONS.len());
}

/// The schemas are strict enough to tell a bad request: a field of the wrong kind, or one the
/// operation does not know, fails validation as it fails the API.
#[test]
fn the_schemas_refuse_what_the_api_refuses() {
    let document = tiles_api::openapi();
    let schema = |operation: &str| {
        validator(
            &document,
            &document["paths"][format!("/api/{operation}")]["post"]["requestBody"]["content"]["application/json"]
                ["schema"],
        )
    };
    let cases = [
        ("rummikub/solve", json!({"rack": 5})),
        ("rummikub/group", json!({"tile": "R1"})),
        (
            "mahjong/score",
            json!({"hand": "123m456p789s11555z", "win": "5z", "honba": 1.5}),
        ),
        ("mahjong/score", json!({"hand": "123m456p789s11555z"})),
        ("huxxy/tournament", json!({"games": -1})),
    ];
    for (operation, request) in cases {
        assert!(
            !schema(operation).is_valid(&request),
            "{operation} {request}: the schema takes it"
        );
        assert!(
            tiles_api::respond(operation, &request.to_string(), &Default::default()).is_err(),
            "{operation} {request}: the API takes it"
        );
    }
}
