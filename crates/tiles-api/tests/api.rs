//! The schema document's examples, and the errors every operation gives for bad requests.

use proptest::strategy::Strategy;
use tiles_api::{OPERATIONS, examples, handle};

#[test]
fn every_operation_has_one_documented_example_answered_byte_for_byte() {
    let examples = examples();
    for operation in OPERATIONS {
        let count = examples
            .iter()
            .filter(|example| example.operation == operation.name)
            .count();
        assert_eq!(count, 1, "{}: {count} examples", operation.name);
    }
    assert_eq!(examples.len(), OPERATIONS.len());
    for example in &examples {
        assert_eq!(
            handle(&example.operation, &example.request),
            example.response,
            "{}",
            example.operation
        );
    }
}

/// Requests every operation refuses, with the error each gets: the field at fault and the
/// engine's own words.
const REFUSED: &[(&str, &str, &str)] = &[
    (
        "rummikub/nothing",
        "{}",
        "unknown operation \"rummikub/nothing\": expected one of rummikub/group, rummikub/arrange, rummikub/solve, rummikub/turn, rummikub/game, rummikub/tournament, rummikub-puzzle/solve, rummikub-puzzle/check, fiveup/check, huxxy/eval, huxxy/game, huxxy/tournament, mahjong/analyze, mahjong/score, mahjong/game, mahjong/rules, mahjong/replay, mahjong/watch, mahjong/review, mahjong/tournament",
    ),
    (
        "rummikub/group",
        "[1]",
        "a request is a JSON object, found a list",
    ),
    (
        "rummikub/group",
        "{\"tiles\":",
        "invalid JSON: EOF while parsing a value at line 1 column 9",
    ),
    ("rummikub/group", "{}", "missing field `tiles`"),
    (
        "rummikub/group",
        r#"{"tiles":"R1","colour":1}"#,
        "colour: unknown field `colour`, expected `rules` or `tiles`",
    ),
    (
        "rummikub/group",
        r#"{"tiles":"R1 X2"}"#,
        "tiles, column 4: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"X2\"",
    ),
    (
        "rummikub/group",
        r#"{"tiles":["R1",2]}"#,
        "tiles[1]: expected a string, found 2",
    ),
    (
        "rummikub/group",
        r#"{"tiles":"R1","rules":"house"}"#,
        "rules: unknown rules \"house\": expected codegolf, standard or puzzle",
    ),
    (
        "rummikub/arrange",
        r#"{"tiles":"G1 G2 G3"}"#,
        "in the tiles: G1: green is not a colour of these rules (black, blue, orange, red)",
    ),
    (
        "rummikub/arrange",
        r#"{"tiles":"R1 R1 R1"}"#,
        "3 copies of R1, the rules have 2",
    ),
    (
        "rummikub/solve",
        r#"{"table":"R1 R2 R3","rack":5}"#,
        "rack: expected a list of tile names or one string of them, found 5",
    ),
    (
        "rummikub/solve",
        r#"{"table":[["R1","R2","R3"],"K4"]}"#,
        "table: a table is a list of groups or a list of tiles, not both",
    ),
    (
        "rummikub/solve",
        r#"{"table":[["R1","R2","R3"],["K4","Q4"]]}"#,
        "table[1][1]: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"Q4\"",
    ),
    (
        "rummikub/solve",
        r#"{"table":"R1 R2 | K4 B4 O4"}"#,
        "table group 1 (R1 R2) is not valid: a group needs at least 3 tiles, got 2",
    ),
    (
        "rummikub/solve",
        r#"{"table":"G1 G2 G3"}"#,
        "table group 1 (G1 G2 G3) is not valid: G1: green is not a colour of these rules (black, blue, orange, red)",
    ),
    (
        "rummikub/solve",
        r#"{"rack":"G1"}"#,
        "in the rack: G1: green is not a colour of these rules (black, blue, orange, red)",
    ),
    (
        "rummikub/solve",
        r#"{"table":["R1","R2"]}"#,
        "table: its tiles cannot form valid groups",
    ),
    (
        "rummikub/solve",
        r#"{"objective":"points"}"#,
        "objective: unknown objective \"points\": expected tiles, value, tiles-then-value or opening",
    ),
    (
        "rummikub/turn",
        r#"{"table":"R1 R2 R3","rack":"R4"}"#,
        "missing field `after`",
    ),
    (
        "rummikub/turn",
        r#"{"table":"R1 R2 R3","rack":"R4","after":["R1","R2","R3","R4"]}"#,
        "after: a list of groups such as [[\"R1\", \"R2\", \"R3\"]] or a string such as \"R1 R2 R3 | K4 B4 O4\" is needed here, not a flat list of tiles",
    ),
    (
        "rummikub/turn",
        r#"{"table":"R1 R2","rack":"R4","after":"R1 R2 R4"}"#,
        "table group 1 (R1 R2) is not valid: a group needs at least 3 tiles, got 2",
    ),
    (
        "rummikub/turn",
        r#"{"rack":"R4 R4 R4","after":"R4 R5 R6"}"#,
        "3 copies of R4 on the table and in the rack, the rules have 2",
    ),
    (
        "rummikub/turn",
        r#"{"after":[["R1","Z2"]]}"#,
        "after[0][1]: expected a tile such as R9, 9R, RED 9, (9, \"RED\") or J, found \"Z2\"",
    ),
    (
        "rummikub/game",
        r#"{"bots":"solver","players":5}"#,
        "players: a game has 2 to 4 players, not 5",
    ),
    (
        "rummikub/game",
        r#"{"bots":"solver,greedy","players":3}"#,
        "bots: 3 players need 3 names (or one for every seat), got 2",
    ),
    (
        "rummikub/game",
        r#"{"bots":"solver,robot"}"#,
        "bots: unknown bot \"robot\": expected solver, value, greedy or human",
    ),
    (
        "rummikub/game",
        r#"{"bots":"human,solver","moves":[{"action":"play","table":"K1 K2 K3"}]}"#,
        "moves[0]: K1 is not on the table or in your rack",
    ),
    (
        "rummikub/game",
        r#"{"bots":"human,solver","moves":[{"action":"pass"}]}"#,
        "moves[0].action: expected play or draw, found \"pass\"",
    ),
    (
        "rummikub/game",
        r#"{"bots":"human,solver","moves":[{"action":"play"}]}"#,
        "moves[0]: a play needs the table after the turn",
    ),
    (
        "rummikub/game",
        r#"{"bots":"human,solver","moves":[{"action":"draw","table":[]}]}"#,
        "moves[0]: a draw takes no table",
    ),
    (
        "rummikub/game",
        r#"{"bots":"solver,greedy","moves":[{"action":"draw"}]}"#,
        "moves[0]: the game is over",
    ),
    (
        "rummikub/tournament",
        r#"{"bots":"human,solver"}"#,
        "bots: human seats play only in rummikub/game, with their moves",
    ),
    (
        "rummikub/tournament",
        r#"{"games":1000001}"#,
        "games: at most 1000000 games per tournament, not 1000001",
    ),
    (
        "rummikub-puzzle/solve",
        r#"{"puzzle":"3R\n1\n1 4R 5X 6R"}"#,
        "puzzle, line 3, column 6: expected a tile such as 4G, 13R or J (values 1 to 13, colours B G R Y), found \"5X\"",
    ),
    (
        "rummikub-puzzle/check",
        r#"{"puzzle":"3R\n1\n1 4R 5R 6R","check":"PUSH 3R 1"}"#,
        "check, column 1: expected TAKE, PUT, COMBINE or a final row (rowid tiles…), found \"PUSH\"",
    ),
    (
        "fiveup/check",
        r#"{"game":"0-6 6-"}"#,
        "game, column 7: expected a number, found end of input",
    ),
    (
        "fiveup/check",
        r#"{"game":"0-6","units":"points"}"#,
        "units: unknown units \"points\": expected fives or pips",
    ),
    (
        "fiveup/check",
        r#"{"game":"0-6","score":true,"players":101}"#,
        "scoring takes at most 100 players, not 101",
    ),
    (
        "fiveup/check",
        r#"{"game":{"tiles":1}}"#,
        "game: expected a game such as \"0-6 6-6 6-5\" or [[0,6],[6,6],[6,5]], found an object",
    ),
    (
        "huxxy/eval",
        r#"{"call":"score(['4C']) == 4"}"#,
        "call, column 15: expected the end of the call (one call per line), found \"== 4\"",
    ),
    (
        "huxxy/game",
        r#"{"bots":"search,greedy"}"#,
        "bots: four bots are needed, got 2",
    ),
    (
        "huxxy/game",
        r#"{"bots":["search","nobody","greedy","greedy"]}"#,
        "bots: unknown bot \"nobody\": expected search or greedy",
    ),
    (
        "huxxy/game",
        r#"{"seed":-1}"#,
        "seed: expected a whole number, 0 or more, found -1",
    ),
    (
        "huxxy/tournament",
        r#"{"games":1000001}"#,
        "games: at most 1000000 games per tournament, not 1000001",
    ),
    (
        "mahjong/analyze",
        r#"{"hand":"123"}"#,
        "hand, column 4: expected a suit letter m, p, s or z after the ranks, found end of input",
    ),
    (
        "mahjong/analyze",
        r#"{"hand":"123m"}"#,
        "hand: a hand of 3 tiles has no shanten: it needs 3k+1 or 3k+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14)",
    ),
    (
        "mahjong/score",
        r#"{"hand":"123m456p789s11222z","win":"5z"}"#,
        "the winning tile 5z is not among the concealed tiles 123m456p789s11222z",
    ),
    (
        "mahjong/score",
        r#"{"hand":"123m456p789s22z","melds":[{"type":"chi","tiles":"124p"}],"win":"2z"}"#,
        "melds[0]: 124p is not a chi: a chi is three in a row of one suit",
    ),
    (
        "mahjong/score",
        r#"{"hand":"123m456p789s22z","melds":[{"type":"pon","tiles":"111p"}],"win":"2z","riichi":true}"#,
        "contradictory situation: riichi with an open hand: riichi needs a closed hand",
    ),
    (
        "mahjong/score",
        r#"{"hand":"123m456p789s11222z","win":"2z","seat_wind":"X"}"#,
        "seat_wind: unknown wind \"X\": expected E, S, W or N (or East … North, 1z … 4z)",
    ),
    (
        "mahjong/score",
        r#"{"hand":"123m406p789s11222z","win":"2z","rules":"wrc"}"#,
        "a red five 0p: these rules have no red fives",
    ),
    (
        "mahjong/score",
        r#"{"hand":"123m456p789s11222z","win":"2z","rules":{"kiriage":"maybe"}}"#,
        "rules.kiriage: \"maybe\" is not true or false",
    ),
    (
        "mahjong/score",
        r#"{"hand":"123m456p789s11222z","win":"2z","rules":{"kiriage":[true]}}"#,
        "rules.kiriage: expected true, false, a number or a name (2 or 4 for double_wind_fu, 3 or 4 for players, mangan for renhou), found a list",
    ),
    (
        "mahjong/score",
        r#"{"hand":"123m456p789s11222z","win":"2z","rules":"house"}"#,
        "rules: unknown rules \"house\": expected one of tenhou, tenhou-sanma, mahjong-soul, mahjong-soul-sanma, m-league, wrc, ema-2016, ema-2025, jpml-a, saikouisen, saikouisen-classic",
    ),
    (
        "mahjong/rules",
        r#"{"rules":"m-league","rule":["oka"]}"#,
        "rule: rule \"oka\": expected NAME=VALUE (kiriage=false)",
    ),
    (
        "mahjong/game",
        r#"{"rules":"m-league","rule":["kiriage=maybe"]}"#,
        "rule: rule kiriage: \"maybe\" is not true or false",
    ),
    (
        "mahjong/score",
        r#"{"hand":"123m456p789s11222z","win":"2z","dora_indicators":"5x"}"#,
        "dora_indicators, column 2: expected a suit letter m, p, s or z after the ranks, found \"x\"",
    ),
    (
        "mahjong/game",
        r#"{"bots":"efficiency,efficiency,smart,random"}"#,
        "bots: unknown bot \"smart\": expected random, efficiency, defence or value, or mjai:COMMAND for an outside bot",
    ),
    (
        "mahjong/game",
        r#"{"bots":"efficiency,mjai:python3 bot.py,efficiency,efficiency"}"#,
        "bots: \"mjai:python3 bot.py\" runs a command, which only the tiles command and the Python package do (not a server)",
    ),
    (
        "mahjong/tournament",
        r#"{"games":0}"#,
        "games: at least 1 game",
    ),
    (
        "mahjong/game",
        r#"{"length":"tonpuu"}"#,
        "length: expected hanchan or east, found \"tonpuu\"",
    ),
    (
        "mahjong/game",
        r#"{"record":"mjlog","red_fives":[1,0,1]}"#,
        "record: mjlog: red fives [1, 0, 1] (man, pin, sou): an mjlog's GO type has red fives in every suit or none",
    ),
    (
        "mahjong/game",
        r#"{"record":"xml"}"#,
        "record: expected mjai, tenhou6 (or tenhou), mjlog or none, found \"xml\"",
    ),
    (
        "mahjong/replay",
        r#"{"log":"x"}"#,
        "log: unknown field `log`, expected one of `record`, `rules`, `rule`",
    ),
    (
        "mahjong/watch",
        r#"{"record":"<mjloggm ver=\"2.3\">"}"#,
        "record: no hand could be read: line 1, column 20: no hand in the record (no INIT)",
    ),
    (
        "mahjong/review",
        r#"{"record":"x","seat":"north"}"#,
        "seat: expected a whole number, 0 or more, found \"north\"",
    ),
    (
        "mahjong/tournament",
        r#"{"games":4,"bots":["random","random"]}"#,
        "bots: one bot or four are needed, got 2",
    ),
];

#[test]
fn bad_requests_get_the_engines_words_and_the_field() {
    for &(operation, request, message) in REFUSED {
        let expected = serde_json::json!({ "error": message }).to_string();
        assert_eq!(
            handle(operation, request),
            expected,
            "{operation} {request}"
        );
    }
}

#[test]
fn every_operation_is_refused_something() {
    for operation in OPERATIONS {
        assert!(
            REFUSED.iter().any(|&(name, ..)| name == operation.name),
            "{}",
            operation.name
        );
    }
}

proptest::proptest! {
    #![proptest_config(tiles_testkit::props::config(256))]

    /// Whatever the text, every operation answers one JSON object: a response or an error.
    #[test]
    fn any_text_gets_one_json_object(
        operation in 0..OPERATIONS.len(),
        field in "(tiles|table|rack|rules|objective|puzzle|check|game|call|hand|seed|bots|win|melds|dora_indicators)",
        value in proptest::prop_oneof![
            "[ -~]{0,24}".prop_map(|text| serde_json::json!(text)),
            proptest::collection::vec("[A-Z0-9 ]{0,4}", 0..6).prop_map(|items| serde_json::json!(items)),
            proptest::num::i64::ANY.prop_map(|n| serde_json::json!(n)),
        ],
        raw in "[ -~]{0,40}",
    ) {
        let operation = OPERATIONS[operation].name;
        let mut request = serde_json::Map::new();
        request.insert(field, value);
        if operation == "huxxy/tournament" {
            // Its default of 1000 games is for people, not for a property test.
            request.insert("games".to_owned(), serde_json::json!(2));
        }
        if operation == "mahjong/tournament" {
            // So are a thousand hanchan.
            request.entry("games".to_owned()).or_insert(serde_json::json!(1));
        }
        if operation == "mahjong/game" || operation == "mahjong/tournament" {
            request.entry("length".to_owned()).or_insert(serde_json::json!("east"));
        }
        for text in [serde_json::Value::Object(request).to_string(), raw] {
            let response = handle(operation, &text);
            let parsed: serde_json::Value = serde_json::from_str(&response).unwrap();
            proptest::prop_assert!(parsed.is_object(), "{operation} {text}: {response}");
        }
    }
}

/// The score response's hand-written JSON is the JSON serde writes for it.
#[test]
fn the_score_response_is_written_as_serde_writes_it() {
    let requests = [
        r#"{"hand":"345m40677p678s","melds":[{"type":"chi","tiles":"340m"}],"win":"8s","seat_wind":"S","dora_indicators":["4s"]}"#,
        r#"{"hand":"234m340678p33789s","win":"8p","tsumo":true,"riichi":true,"seat_wind":"S","dora_indicators":"1m","ura_indicators":"3p","honba":2,"riichi_sticks":1}"#,
        r#"{"hand":"19m19p19s1234567z1m","win":"1m","tsumo":true}"#,
        r#"{"hand":"1144m77p225588s33z","win":"3z","riichi":true}"#,
        r#"{"hand":"55z [222m] [999p] {4444s} [777z]","win":"5z","seat_wind":"W","round_wind":"S"}"#,
        r#"{"hand":"22334455667788p","win":"8p","tsumo":true,"riichi":true,"ippatsu":true,"dora_indicators":["1p"],"ura_indicators":["7p"],"seat_wind":"N","rules":{"counted_yakuman":false}}"#,
        r#"{"hand":"111m234p567678s11z","win":"8s","riichi":true,"rules":"wrc"}"#,
    ];
    for text in requests {
        let request: tiles_api::mahjong::ScoreRequest = serde_json::from_str(text).unwrap();
        let response = tiles_api::mahjong::score(request).unwrap();
        assert_eq!(
            response.to_json(),
            serde_json::to_string(&response).unwrap(),
            "{text}"
        );
    }
}

/// `respond_value` answers every documented example with the value of the JSON text `respond`
/// gives, and refuses what `respond` refuses with the same message.
#[test]
fn values_in_and_out_answer_as_the_text() {
    for example in tiles_api::examples() {
        let text = tiles_api::respond(
            &example.operation,
            &example.request,
            &serde_json::Map::new(),
        );
        let request: serde_json::Value = serde_json::from_str(&example.request).unwrap();
        let value =
            tiles_api::respond_value(&example.operation, request, &tiles_core::Stop::never());
        match text {
            Ok(text) => assert_eq!(
                value.unwrap(),
                serde_json::from_str::<serde_json::Value>(&text).unwrap(),
                "{}",
                example.operation
            ),
            Err(error) => assert_eq!(value.unwrap_err(), error, "{}", example.operation),
        }
    }
    let refused = tiles_api::respond_value(
        "rummikub/group",
        serde_json::json!(["R1"]),
        &tiles_core::Stop::never(),
    );
    assert_eq!(
        refused.unwrap_err().to_string(),
        "a request is a JSON object, found a list"
    );
}
