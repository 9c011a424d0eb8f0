//! The `--json` modes end to end: every operation's documented example byte for byte, bad
//! lines answered with errors, and the options as the defaults of each request.

mod support;

use support::{text, tiles};

#[test]
fn json_batches_answer_every_line() {
    let input = concat!(
        r#"{"rules":"standard","table":[["R1","R2","R3"],["K4","B4","O4"]],"rack":["J","K5"],"objective":"tiles"}"#,
        "\n",
        r#"{"table":["R1","R2","R3","K4","B4","O4"],"rack":["K5"]}"#,
        "\n",
        "not json\n",
        r#"{"rack":["X9"]}"#,
        "\n",
        r#"{"rules":"codegolf","table":[["R1","R2"]],"rack":[]}"#,
        "\n",
        r#"{"rack":["R10","R11","R12"],"objective":"opening"}"#,
    );
    let out = tiles(&["rummikub", "solve", "--json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1), "three lines are errors");
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    let json: Vec<serde_json::Value> = lines
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    // The fields of the first JSON mode keep their names and places.
    assert!(
        lines[0].starts_with(
            r#"{"placed":["J"],"tiles":1,"value":0,"unchanged":1,"groups":[["R1","R2","R3"],["K4","B4","O4","J"]],"kept":[0],"steps":[{"text":"add J to K4 B4 O4","#
        ),
        "{}",
        lines[0]
    );
    assert_eq!(json[0]["left"], serde_json::json!(["K5"]));
    assert_eq!(
        (
            &json[1]["placed"],
            &json[1]["unchanged"],
            &json[1]["groups"]
        ),
        (
            &serde_json::json!([]),
            &serde_json::json!(2),
            &serde_json::json!([["R1", "R2", "R3"], ["K4", "B4", "O4"]])
        )
    );
    assert!(
        lines[2].starts_with(r#"{"error":"line 3: invalid JSON"#),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines[3],
        r#"{"error":"line 4: rack[0]: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"X9\""}"#
    );
    assert_eq!(
        lines[4],
        r#"{"error":"line 5: table group 1 (R1 R2) is not valid: a group needs at least 3 tiles, got 2"}"#
    );
    assert_eq!(json[5]["placed"], serde_json::json!(["R10", "R11", "R12"]));
    assert_eq!(
        json[5]["groups"],
        serde_json::json!([["R10", "R11", "R12"]])
    );
    assert_eq!(json[5]["steps"][0]["text"], "lay down R10 R11 R12");

    let input = "{\"rules\":\"standard\",\"tiles\":[\"R1\",\"R2\",\"R3\"]}\n{\"tiles\":[\"R1\",\"R2\"]}\n{\"tiles\":\"R1 R2 R3 J\"}\n{\"tiles\":7}\n";
    let out = tiles(&["rummikub", "arrange", "--json"], input.as_bytes());
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines[0], r#"{"groups":[["R1","R2","R3"]]}"#);
    assert_eq!(lines[1], r#"{"groups":null}"#);
    assert_eq!(lines[2], r#"{"groups":[["R1","R2","R3","J"]]}"#);
    assert_eq!(
        lines[3],
        r#"{"error":"line 4: tiles: expected a list of tile names or one string of them, found 7"}"#
    );
}

/// The `tiles` arguments whose `--json` mode answers `operation`.
fn json_mode(operation: &str) -> &'static [&'static str] {
    match operation {
        "rummikub/group" => &["rummikub", "group", "--json"],
        "rummikub/arrange" => &["rummikub", "arrange", "--json"],
        "rummikub/solve" => &["rummikub", "solve", "--json"],
        "rummikub/turn" => &["rummikub", "turn", "--json"],
        "rummikub/game" => &["rummikub", "game", "--json"],
        "rummikub/tournament" => &["rummikub", "tournament", "--json"],
        "rummikub-puzzle/solve" | "rummikub-puzzle/check" => &["rummikub-puzzle", "--json"],
        "fiveup/check" => &["fiveup", "check", "--json"],
        "huxxy/eval" => &["huxxy", "eval", "--json"],
        "huxxy/game" => &["huxxy", "game", "--json"],
        "huxxy/tournament" => &["huxxy", "tournament", "--json"],
        "mahjong/analyze" => &["mahjong", "analyze", "--json"],
        "mahjong/score" => &["mahjong", "score", "--json"],
        "mahjong/game" => &["mahjong", "game", "--json"],
        "mahjong/tournament" => &["mahjong", "tournament", "--json"],
        "mahjong/rules" => &["mahjong", "rules", "--json"],
        "mahjong/replay" => &["mahjong", "replay", "--json"],
        "mahjong/watch" => &["mahjong", "watch", "--json"],
        "mahjong/review" => &["mahjong", "review", "--json"],
        other => panic!("no JSON mode for {other}"),
    }
}

/// Every operation's documented example, sent through the command, gives the documented
/// response byte for byte.
#[test]
fn the_documented_examples_through_the_command() {
    let examples = tiles_api::examples();
    assert_eq!(examples.len(), tiles_api::OPERATIONS.len());
    for example in examples {
        let out = tiles(
            json_mode(&example.operation),
            format!("{}\n", example.request).as_bytes(),
        );
        assert_eq!(
            (text(&out.stdout), out.status.code()),
            (format!("{}\n", example.response), Some(0)),
            "{}",
            example.operation
        );
    }
}

/// The options of a `--json` mode are the defaults of the lines that leave those fields out.
#[test]
fn json_lines_take_the_options_as_defaults() {
    let out = tiles(
        &["rummikub", "group", "--json", "--rules", "codegolf"],
        b"{\"tiles\":\"R3 R2 R1\"}\n{\"tiles\":\"R3 R2 R1\",\"rules\":\"standard\"}\n",
    );
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert!(lines[0].starts_with(r#"{"valid":false,"#), "{}", lines[0]);
    assert!(lines[1].starts_with(r#"{"valid":true,"#), "{}", lines[1]);
    let out = tiles(
        &["fiveup", "check", "--json", "--score", "--units", "pips"],
        b"{\"game\":\"5-5\"}\n{\"game\":\"5-5\",\"score\":false}\n",
    );
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines[0]["score"]["plays"][0]["points"], 10);
    assert_eq!(lines[1]["score"], serde_json::Value::Null);
}

/// Every request field is the command's option of the same name (`_` for `-`, or `--no-…` for
/// a boolean on by default), but for the fields the README names as the command's argument or
/// as sent by programs only.
#[test]
fn request_fields_are_the_commands_option_names() {
    // (operation, field): the command's argument, melds written in the hand, or a field only a
    // program sends (a person's table, the viewer's whole game, a tournament's shard).
    const NOT_OPTIONS: &[(&str, &str)] = &[
        ("fiveup/check", "game"),
        ("huxxy/eval", "call"),
        ("mahjong/analyze", "hand"),
        ("mahjong/analyze", "melds"),
        ("mahjong/score", "hand"),
        ("mahjong/score", "melds"),
        ("mahjong/replay", "record"),
        ("mahjong/review", "record"),
        ("mahjong/watch", "record"),
        ("mahjong/watch", "every_hand"),
        ("rummikub-puzzle/solve", "puzzle"),
        ("rummikub-puzzle/check", "puzzle"),
        ("rummikub-puzzle/check", "answer"),
        ("rummikub/arrange", "tiles"),
        ("rummikub/group", "tiles"),
        ("mahjong/game", "moves"),
        ("mahjong/game", "token"),
        ("mahjong/game", "proof"),
        ("mahjong/game", "checkpoint"),
        ("mahjong/game", "viewer"),
        ("rummikub/game", "moves"),
        ("rummikub/game", "viewer"),
        ("rummikub/game", "players"),
        ("mahjong/tournament", "first_game"),
        ("rummikub/tournament", "first_game"),
        ("huxxy/tournament", "first_game"),
        ("mahjong/dataset", "records"),
    ];
    let document = tiles_api::openapi();
    let schemas = &document["components"]["schemas"];
    let mut checked = 0;
    for op in tiles_api::OPERATIONS {
        let mut schema = &document["paths"][format!("/api/{}", op.name)]["post"]["requestBody"]["content"]
            ["application/json"]["schema"];
        if let Some(name) = schema["$ref"].as_str() {
            schema = &schemas[name.rsplit('/').next().unwrap()];
        }
        let fields = schema["properties"]
            .as_object()
            .unwrap_or_else(|| panic!("{}: no request fields in {schema}", op.name));
        let mode = json_mode(op.name);
        let help = tiles(&[&mode[..mode.len() - 1], &["--help"]].concat(), b"");
        let help = text(&help.stdout);
        let options: Vec<&str> = help
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter_map(|word| word.strip_prefix("--"))
            .collect();
        for field in fields.keys() {
            if NOT_OPTIONS.contains(&(op.name, field.as_str())) {
                continue;
            }
            let option = field.replace('_', "-");
            assert!(
                options.contains(&option.as_str())
                    || options.contains(&format!("no-{option}").as_str()),
                "{}: the field {field} is no option of `tiles {}`",
                op.name,
                mode.join(" ")
            );
            checked += 1;
        }
    }
    assert!(checked > 60, "{checked} fields checked");
}
