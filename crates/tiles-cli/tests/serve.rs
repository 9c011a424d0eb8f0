//! `tiles serve` over loopback: every documented example through HTTP, the statuses of bad
//! requests, and each protection (body limit, time limit, requests in flight, the blocking
//! pool, a clean stop on Ctrl-C), plus a batch of mixed requests from many clients.

mod server;

use server::Server;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use tiles_testkit::http::{Connection, Reply, request, start_server};

/// `--addr` takes a host name, and `--port` a port in place of `--addr`'s.
#[test]
fn it_listens_on_a_host_name_and_a_port() {
    for args in [
        &["serve", "--addr", "localhost:0"][..],
        &["serve", "--port", "0"],
        &["serve", "--addr", "localhost", "--port", "0"],
    ] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tiles"));
        command.args(args).stderr(Stdio::inherit());
        let (child, addr) = start_server(command).expect("tiles serve starts");
        let server = Server { child, addr };
        assert!(addr.ip().is_loopback(), "{args:?}: {addr}");
        assert_eq!(server.post(FAST.0, FAST.1).status, 200, "{args:?}");
    }
    let output = Command::new(env!("CARGO_BIN_EXE_tiles"))
        .args(["serve", "--addr", "nowhere.invalid:80"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("nowhere.invalid:80"), "{stderr}");
    // A port another program holds: the message says how to take another.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = Command::new(env!("CARGO_BIN_EXE_tiles"))
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("cannot listen on 127.0.0.1:{port}"))
            && stderr.contains("--port 0 for any free one"),
        "{stderr}"
    );
}

/// A request that keeps a server busy for a while (seconds in a debug build).
const SLOW: (&str, &str) = ("huxxy/tournament", r#"{"games":300}"#);

/// A request answered in a moment.
const FAST: (&str, &str) = ("rummikub/group", r#"{"tiles":"R1 R2 R3"}"#);

/// Every operation's documented example, sent over HTTP, gets the documented response, byte
/// for byte, with status 200 (or 400 for an example of an error).
#[test]
fn every_documented_example_over_http() {
    let server = Server::start(&[]);
    let examples = tiles_api::examples();
    assert!(examples.len() >= tiles_api::OPERATIONS.len());
    for example in examples {
        let reply = server.post(&example.operation, &example.request);
        assert_eq!(reply.body, example.response, "{}", example.operation);
        let expected = if example.response.starts_with(r#"{"error""#) {
            400
        } else {
            200
        };
        assert_eq!(reply.status, expected, "{}", example.operation);
        assert_eq!(reply.header("content-type"), Some("application/json"));
    }
}

/// Three players over HTTP: a game, its record replayed, a hand analysed and scored.
#[test]
fn three_player_requests_over_http() {
    let server = Server::start(&[]);
    let game = server.post(
        "mahjong/game",
        r#"{"players": 3, "seed": 2, "length": "east", "record": "tenhou"}"#,
    );
    assert_eq!(game.status, 200, "{}", game.body);
    let game: serde_json::Value = serde_json::from_str(&game.body).unwrap();
    assert_eq!(game["final_scores"].as_array().unwrap().len(), 3);
    let replay = server.post(
        "mahjong/replay",
        &serde_json::json!({"record": game["record"]}).to_string(),
    );
    assert!(replay.body.contains(r#""agree":true"#), "{}", replay.body);
    let analysis = server.post(
        "mahjong/analyze",
        r#"{"hand": "19m234567p22678s5z", "players": 3}"#,
    );
    assert!(
        !analysis.body.contains(r#""tile":"2m""#),
        "{}",
        analysis.body
    );
    let score = server.post(
        "mahjong/score",
        r#"{"hand": "234p456p789s11p567s", "win": "5s", "tsumo": true, "rinshan": true, "kita": 1, "players": 3, "seat_wind": "S"}"#,
    );
    assert!(score.body.contains(r#""total":3900"#), "{}", score.body);
}

/// The statuses of what is not a good request, each with a JSON error that says why.
#[test]
fn bad_requests_get_their_status_and_a_json_error() {
    let server = Server::start(&["--max-body", "1000"]);
    let cases: &[(&str, &str, &str, u16, &str)] = &[
        (
            "POST",
            "/api/rummikub/arrange",
            r#"{"tiles":"#,
            400,
            "invalid JSON",
        ),
        (
            "POST",
            "/api/rummikub/arrange",
            "[1, 2]",
            400,
            "a request is a JSON object",
        ),
        (
            "POST",
            "/api/rummikub/arrange",
            r#"{"tiles":"R1 X2"}"#,
            400,
            "column 4",
        ),
        (
            "POST",
            "/api/rummikub/arrange",
            r#"{"tile":"R1"}"#,
            400,
            "unknown field",
        ),
        (
            "POST",
            "/api/chess/mate",
            "{}",
            404,
            "unknown operation \\\"chess/mate\\\"",
        ),
        ("GET", "/api/rummikub/arrange", "", 405, "POST"),
        ("GET", "/nowhere", "", 404, "nothing here"),
    ];
    for &(method, path, body, status, says) in cases {
        let reply = request(server.addr, method, path, body.as_bytes()).unwrap();
        assert_eq!(
            reply.status, status,
            "{method} {path} {body}: {}",
            reply.body
        );
        assert!(reply.body.starts_with(r#"{"error":""#), "{}", reply.body);
        assert!(reply.body.contains(says), "{method} {path}: {}", reply.body);
    }
    let oversize = format!(r#"{{"tiles":"{}"}}"#, "R1 ".repeat(400));
    let reply = server.post("rummikub/arrange", &oversize);
    assert_eq!(reply.status, 413, "{}", reply.body);
    assert!(
        reply.body.contains("at most 1000 bytes (--max-body)"),
        "{}",
        reply.body
    );
    let not_utf8 = request(
        server.addr,
        "POST",
        "/api/rummikub/arrange",
        b"{\"tiles\":\"\xff\"}",
    );
    assert_eq!(not_utf8.unwrap().status, 400);
    // The server is still there.
    assert_eq!(server.post(FAST.0, FAST.1).status, 200);
}

/// `GET /api` lists every operation with its path, summary and examples, `GET
/// /api/openapi.json` describes them as OpenAPI 3.1; `GET /` is the page,
/// and its scripts and style come with their types.
#[test]
fn the_api_lists_its_operations_and_the_page_is_served() {
    let server = Server::start(&[]);
    let reply = server.get("/api");
    assert_eq!(reply.status, 200);
    for op in tiles_api::OPERATIONS {
        let path = format!(r#""path":"/api/{}""#, op.name);
        assert!(reply.body.contains(&path), "{path} missing");
    }
    assert!(
        reply
            .body
            .contains(r#""name":"rummikub/solve","path":"/api/rummikub/solve","#)
    );
    let marked = |name: &str| {
        let at = reply.body.find(&format!(r#""name":"{name}""#)).unwrap();
        reply.body[at..]
            .split_once(r#""heavy":"#)
            .unwrap()
            .1
            .starts_with("true")
    };
    assert!(marked("rummikub/solve") && marked("huxxy/tournament"));
    assert!(marked("rummikub/game") && marked("rummikub/tournament"));
    assert!(!marked("rummikub/group") && !marked("mahjong/score") && !marked("rummikub/turn"));
    let example = &tiles_api::examples()[0];
    assert!(reply.body.contains(&example.request), "{}", example.request);
    let openapi = server.get("/api/openapi.json");
    assert_eq!(openapi.status, 200);
    assert_eq!(openapi.header("content-type"), Some("application/json"));
    let document: serde_json::Value = serde_json::from_str(&openapi.body).unwrap();
    assert_eq!(document["openapi"], "3.1.0");
    for op in tiles_api::OPERATIONS {
        assert!(
            document["paths"][format!("/api/{}", op.name)]["post"].is_object(),
            "{} missing from the OpenAPI document",
            op.name
        );
    }
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(page.body.contains("<script type=\"module\""));
    for file in [
        "app.js",
        "rummikub.js",
        "play.js",
        "riichi.js",
        "riichi-board.js",
        "watch.js",
        "tiles-mj.js",
    ] {
        assert_eq!(server.get(&format!("/static/{file}")).status, 200, "{file}");
    }
    // The tile art: one sprite of the 40 public-domain pictures, its licence named, at most
    // 100 KB gzipped.
    let art = server.get("/static/tiles.svg");
    assert_eq!(art.status, 200);
    assert_eq!(art.header("content-type"), Some("image/svg+xml"));
    assert_eq!(art.body.matches("<symbol id=\"t-").count(), 40);
    for face in [
        "t-front",
        "t-back",
        "t-man5-dora",
        "t-pin5-dora",
        "t-sou5-dora",
        "t-chun",
    ] {
        assert!(art.body.contains(&format!("id=\"{face}\"")), "{face}");
    }
    assert!(art.body.contains("public domain (CC0 1.0)"));
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut gzip, art.body.as_bytes()).unwrap();
    let gzipped = gzip.finish().unwrap().len();
    assert!(
        gzipped <= 100_000,
        "the tile art is {gzipped} bytes gzipped"
    );
    let script = server.get("/static/app.js");
    assert_eq!(script.status, 200);
    assert_eq!(
        script.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(server.get("/static/nothing.js").status, 404);
}

/// Starts `SLOW` on its own thread; its reply arrives on the receiver.
fn start_slow(server: &Server) -> mpsc::Receiver<Reply> {
    let addr = server.addr;
    let (sent, done) = mpsc::channel();
    thread::spawn(move || {
        let reply = request(addr, "POST", &format!("/api/{}", SLOW.0), SLOW.1.as_bytes());
        let _ = sent.send(reply.unwrap());
    });
    done
}

/// While slow requests are worked on, other requests are answered: the engines run on the
/// blocking pool, not on the threads that read requests (there are as many slow requests as
/// those threads, and one more).
#[test]
fn slow_requests_stall_no_other() {
    let server = Server::start(&["--time-limit", "300"]);
    let threads = thread::available_parallelism()
        .map_or(2, usize::from)
        .min(4);
    let slow: Vec<_> = (0..=threads).map(|_| start_slow(&server)).collect();
    thread::sleep(Duration::from_millis(100));
    for _ in 0..20 {
        let reply = server.post(FAST.0, FAST.1);
        assert_eq!(reply.status, 200);
    }
    assert!(
        slow.iter().all(|slow| slow.try_recv().is_err()),
        "a slow request ended before the fast ones: they are not slow enough to show anything"
    );
    for slow in slow {
        assert_eq!(slow.recv().unwrap().status, 200);
    }
}

/// A request still being worked on at the time limit gets 503 with a message; the server goes
/// on answering.
#[test]
fn the_time_limit_gives_503() {
    let server = Server::start(&["--time-limit", "0.2"]);
    let reply = server.post(SLOW.0, SLOW.1);
    assert_eq!(reply.status, 503, "{}", reply.body);
    assert!(reply.body.contains("time limit of 0.2 s"), "{}", reply.body);
    assert_eq!(server.post(FAST.0, FAST.1).status, 200);
}

/// With every place in flight taken, a request gets 503 at once, with Retry-After.
#[test]
fn requests_in_flight_are_bounded() {
    let server = Server::start(&["--max-in-flight", "1", "--time-limit", "300"]);
    let mut slow = start_slow(&server);
    let busy = loop {
        // The slow request itself is turned away if it arrives while a fast one holds the
        // place: it is sent again.
        if let Ok(reply) = slow.try_recv() {
            assert_eq!(reply.status, 503, "the slow request ended first");
            slow = start_slow(&server);
        }
        let reply = server.post(FAST.0, FAST.1);
        if reply.status == 503 {
            break reply;
        }
        assert_eq!(reply.status, 200);
        thread::sleep(Duration::from_millis(5));
    };
    assert!(busy.body.contains("--max-in-flight"), "{}", busy.body);
    assert_eq!(busy.header("retry-after"), Some("1"));
    assert_eq!(slow.recv().unwrap().status, 200);
    assert_eq!(server.post(FAST.0, FAST.1).status, 200);
}

/// With the one heavy worker busy and `--max-queued` heavy requests waiting, one more heavy
/// request gets 503 at once, with Retry-After; quick requests are still answered.
#[test]
fn heavy_requests_waiting_are_bounded() {
    let server = Server::start(&[
        "--time-limit",
        "300",
        "--heavy-workers",
        "1",
        "--max-queued",
        "2",
    ]);
    // One runs and two wait; until they are all in, a slow request sent is one of them.
    let mut slow = Vec::new();
    let busy = loop {
        assert!(slow.len() < 10, "no heavy request was turned away");
        let next = start_slow(&server);
        match next.recv_timeout(Duration::from_secs(1)) {
            Ok(reply) => break reply,
            Err(_) => slow.push(next),
        }
    };
    assert_eq!(busy.status, 503, "{}", busy.body);
    assert!(busy.body.contains("--max-queued"), "{}", busy.body);
    assert_eq!(busy.header("retry-after"), Some("1"));
    assert!(slow.len() >= 3, "turned away with {} in", slow.len());
    assert_eq!(server.post(FAST.0, FAST.1).status, 200);
}

/// Ctrl-C stops the server cleanly: the request under way is answered, then it exits 0.
#[test]
fn ctrl_c_lets_the_requests_under_way_finish() {
    let mut server = Server::start(&["--time-limit", "300"]);
    let slow = start_slow(&server);
    // The slow request is in: the server answers others after it arrived.
    thread::sleep(Duration::from_millis(200));
    assert_eq!(server.post(FAST.0, FAST.1).status, 200);
    server.signal("-INT");
    assert_eq!(slow.recv().unwrap().status, 200);
    let status = server.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let mut rest = String::new();
    std::io::Read::read_to_string(server.child.stdout.as_mut().unwrap(), &mut rest).unwrap();
    assert!(rest.contains("stopped"), "{rest:?}");
}

/// Mixed requests from 64 clients on kept-alive connections, a few slow ones among them:
/// every request gets its own right answer, none is lost, and no status but 200 (every
/// client may have a heavy request waiting: the queue of heavy requests is as long as that).
#[test]
fn mixed_requests_from_many_clients_are_all_answered() {
    let server = Server::start(&["--time-limit", "300", "--max-queued", "64"]);
    let mix: Vec<(&str, String, String)> = tiles_api::examples()
        .into_iter()
        .filter(|example| !example.operation.starts_with("huxxy/tournament"))
        .map(|example| {
            (
                op_name(&example.operation),
                example.request,
                example.response,
            )
        })
        .collect();
    let clients = 64;
    let per_client = 20;
    let addr = server.addr;
    let handles: Vec<_> = (0..clients)
        .map(|client| {
            let mix = mix.clone();
            thread::spawn(move || {
                let mut connection = Connection::open(addr, Duration::from_secs(120)).unwrap();
                let mut answered = 0;
                for i in 0..per_client {
                    let (operation, body, expected) = if (client + i) % 97 == 0 {
                        (SLOW.0, SLOW.1.to_owned(), None)
                    } else {
                        let (operation, body, expected) = &mix[(client * 7 + i) % mix.len()];
                        (*operation, body.clone(), Some(expected.clone()))
                    };
                    let reply = connection
                        .send("POST", &format!("/api/{operation}"), body.as_bytes())
                        .unwrap();
                    if let Some(expected) = expected {
                        assert_eq!(reply.body, expected, "{operation} {body}");
                    } else {
                        assert_eq!(reply.status, 200, "{}", reply.body);
                    }
                    answered += 1;
                }
                answered
            })
        })
        .collect();
    let answered: usize = handles
        .into_iter()
        .map(|handle| handle.join().unwrap())
        .sum();
    assert_eq!(answered, clients * per_client);
}

/// An operation's name as a `'static` string.
fn op_name(name: &str) -> &'static str {
    tiles_api::operation(name)
        .expect("a documented operation")
        .name
}

#[test]
fn a_game_server_reads_turn_codes_and_shows_each_person_their_own_tiles() {
    let server = Server::start(&[]);
    let verdict = |table: &str, rack: &str, after: &str, opened: bool| -> serde_json::Value {
        let body =
            serde_json::json!({"table": table, "rack": rack, "after": after, "opened": opened});
        let reply = server.post("rummikub/turn", &body.to_string());
        assert_eq!(reply.status, 200, "{}", reply.body);
        serde_json::from_str(&reply.body).unwrap()
    };
    // Each rule broken, its code, and the group or tile at fault.
    let cases = [
        (
            "R1 R2 R3",
            "R4 K9",
            "R1 R2 R3 | R4 K9",
            true,
            "invalid_group",
            Some(1),
            None,
        ),
        (
            "R1 R2 R3",
            "R4",
            "R1 R2 R3 R4 | B5 O5 K5",
            true,
            "not_yours",
            None,
            Some("B5"),
        ),
        (
            "R1 R2 R3",
            "R4 B4 O4",
            "R1 R2 R3 R4 | R4 B4 O4",
            true,
            "too_many_copies",
            None,
            Some("R4"),
        ),
        (
            "R1 R2 R3 R4",
            "K9",
            "R1 R2 R3",
            true,
            "left_table",
            None,
            Some("R4"),
        ),
        (
            "R1 R2 R3",
            "K9",
            "R1 R2 R3",
            true,
            "nothing_played",
            None,
            None,
        ),
        (
            "R1 R2 R3",
            "R10 R11 R12 R13",
            "R1 R2 R3 R10 R11 R12 R13",
            false,
            "invalid_group",
            Some(0),
            None,
        ),
        (
            "K9 K10 K11",
            "K12 K13 B1 B2 B3",
            "K9 K10 K11 K12 K13 | B1 B2 B3",
            false,
            "meld_changes_table",
            Some(0),
            None,
        ),
        (
            "",
            "B1 B2 B3",
            "B1 B2 B3",
            false,
            "meld_below_threshold",
            None,
            None,
        ),
    ];
    for (table, rack, after, opened, code, group, tile) in cases {
        let verdict = verdict(table, rack, after, opened);
        assert_eq!(verdict["valid"], false, "{verdict}");
        assert_eq!(verdict["code"], code, "{verdict}");
        assert_eq!(
            verdict["group"].as_u64(),
            group.map(|g: u64| g),
            "{verdict}"
        );
        assert_eq!(verdict["tile"].as_str(), tile, "{verdict}");
        assert!(verdict["reason"].is_string());
    }
    let legal = verdict("R1 R2 R3", "R4", "R1 R2 R3 R4", true);
    assert_eq!(
        (legal["valid"].clone(), legal["code"].clone()),
        (serde_json::json!(true), serde_json::Value::Null)
    );
    // Two people at the table: each asks with its own seat and sees only its own tiles.
    let game = |viewer: Option<u64>| {
        let mut body = serde_json::json!({"bots": "human,solver,human", "seed": 9, "moves": [{"action": "draw"}]});
        if let Some(viewer) = viewer {
            body["viewer"] = viewer.into();
        }
        server.post("rummikub/game", &body.to_string())
    };
    let refused = game(None);
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body.contains("viewer: people play seats 0, 2"),
        "{}",
        refused.body
    );
    for viewer in [0u64, 2] {
        let reply = game(Some(viewer));
        assert_eq!(reply.status, 200, "{}", reply.body);
        let answer: serde_json::Value = serde_json::from_str(&reply.body).unwrap();
        for seat in 0..3u64 {
            assert_eq!(
                answer["deal"][seat as usize].is_null(),
                seat != viewer,
                "seat {seat}: {answer}"
            );
        }
        assert!(answer["pool"].is_null());
        for turn in answer["turns"].as_array().unwrap() {
            if turn["player"] != viewer {
                assert!(turn["rack"].is_null() && turn["drawn"].is_null(), "{turn}");
            }
        }
        // Seat 2 is to move after seat 0's draw and the bot's turn: only its own view shows it.
        assert_eq!(answer["to_move"], 2);
        assert_eq!(answer["view"].is_null(), viewer != 2, "{answer}");
    }
}

/// Gzip both ways: the page's files and the API's answers come compressed to a client that
/// takes gzip (and plain to one that does not), each file has a validator and a reload of it
/// gets 304 with no body, a request body may come gzipped, and `--max-body` limits what it
/// inflates to, so a small gzip bomb gets 413.
#[test]
fn answers_are_compressed_files_validated_and_bodies_inflated_within_the_limit() {
    use flate2::Compression;
    use flate2::read::GzDecoder;
    use flate2::write::GzEncoder;
    use std::io::{Read, Write};

    let gunzip = |bytes: &[u8]| {
        let mut text = String::new();
        GzDecoder::new(bytes).read_to_string(&mut text).unwrap();
        text
    };
    let gzip = |bytes: &[u8]| {
        let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    };
    let server = Server::start(&["--max-body", "100000"]);
    let mut connection = Connection::open(server.addr, Duration::from_secs(60)).unwrap();
    let takes_gzip = [("Accept-Encoding", "gzip")];
    for path in [
        "/",
        "/static/tiles.svg",
        "/static/riichi.js",
        "/static/style.css",
    ] {
        let plain = connection.send("GET", path, b"").unwrap();
        assert_eq!(plain.status, 200, "{path}");
        assert_eq!(plain.header("content-encoding"), None, "{path}");
        let packed = connection.send_with("GET", path, &takes_gzip, b"").unwrap();
        assert_eq!(packed.header("content-encoding"), Some("gzip"), "{path}");
        assert_eq!(gunzip(&packed.bytes), plain.body, "{path}");
        assert!(
            plain.bytes.len() < 1000 || packed.bytes.len() < plain.bytes.len() / 2,
            "{path}"
        );
        let tag = plain.header("etag").expect("a validator").to_owned();
        assert!(tag.starts_with('"') && tag.len() > 8, "{tag}");
        let again = connection
            .send_with("GET", path, &[("If-None-Match", &tag)], b"")
            .unwrap();
        assert_eq!(again.status, 304, "{path}");
        assert!(again.bytes.is_empty(), "{path}");
        let changed = connection
            .send_with("GET", path, &[("If-None-Match", "\"0\"")], b"")
            .unwrap();
        assert_eq!(changed.status, 200, "{path}");
    }
    let record = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/mahjong-game/logs/mjai/126_204_0_mjai.jsonl"
    ))
    .unwrap();
    let request = serde_json::json!({"record": String::from_utf8(record).unwrap(), "hand": 2});
    let request = serde_json::to_vec(&request).unwrap();
    let plain = connection
        .send("POST", "/api/mahjong/watch", &request)
        .unwrap();
    assert_eq!(plain.status, 200, "{}", plain.body);
    let packed = connection
        .send_with(
            "POST",
            "/api/mahjong/watch",
            &[("Accept-Encoding", "gzip"), ("Content-Encoding", "gzip")],
            &gzip(&request),
        )
        .unwrap();
    assert_eq!(packed.status, 200);
    assert_eq!(packed.header("content-encoding"), Some("gzip"));
    assert_eq!(gunzip(&packed.bytes), plain.body);
    assert!(packed.bytes.len() * 10 < plain.bytes.len());
    // 10 MB of spaces gzip to about 10 KB: inflated, they are over the limit.
    let bomb = gzip(&vec![b' '; 10 << 20]);
    assert!(bomb.len() < 100_000);
    let refused = connection
        .send_with(
            "POST",
            "/api/mahjong/score",
            &[("Content-Encoding", "gzip")],
            &bomb,
        )
        .unwrap();
    assert_eq!(refused.status, 413, "{}", refused.body);
    assert!(refused.body.contains("--max-body"), "{}", refused.body);
    let mut bad = Connection::open(server.addr, Duration::from_secs(60)).unwrap();
    let garbled = bad
        .send_with(
            "POST",
            "/api/mahjong/score",
            &[("Content-Encoding", "gzip")],
            b"not gzip at all",
        )
        .unwrap();
    assert_eq!(garbled.status, 400, "{}", garbled.body);
    assert!(garbled.body.contains("error"), "{}", garbled.body);
}
