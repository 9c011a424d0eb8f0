//! `tiles serve` against what people can send, over loopback: no request can make it hold
//! more than its limits say. Long names in a record are refused and the names an answer
//! carries are sent once; headers and bodies arrive within their deadlines or the connection
//! is cut; many unfinished bodies hold no more than `--max-in-flight` bodies' worth of memory;
//! a stop drains for `--drain` seconds at most; replaying and watching a large record stop at
//! the time limit; a move that fits several legal ones, a list for a request and a field given
//! twice are refused by name.
//!
//! The tests that measure the server's memory or time, and the one that works for seconds (a
//! review of ten hanchan), run one at a time.

mod server;
mod support;

use server::Server;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};
use support::record;

use serde_json::{Value, json};
use tiles_testkit::http::Reply;

/// One measuring test at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poison| poison.into_inner())
}

/// The simulated mjai hanchan of the records suite with these names.
fn mjai_named(names: [&str; 4]) -> String {
    let text = record("mjai/126_204_0_mjai.jsonl");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let mut start: Value = serde_json::from_str(&lines[0]).unwrap();
    start["names"] = json!(names);
    lines[0] = start.to_string();
    lines.join("\n")
}

fn error_of(reply: &Reply) -> String {
    let value: Value = serde_json::from_str(&reply.body).unwrap();
    value["error"].as_str().unwrap_or_default().to_owned()
}

/// A record's player names are at most 1,024 characters: a longer one is refused where it is
/// read, with the seat and the cap; and `mahjong/watch` sends the names once, so names at the
/// cap make its answer longer by their own length only (it was every name at every position).
#[test]
fn long_names_are_refused_and_names_are_sent_once() {
    let server = Server::start(&[]);
    let long = "n".repeat(100_000);
    let reply = server.post(
        "mahjong/watch",
        &json!({"record": mjai_named(["a", &long, "c", "d"]), "hand": 3}).to_string(),
    );
    assert_eq!(reply.status, 400, "{}", reply.body);
    let error = error_of(&reply);
    assert!(
        error.contains("seat 1's name has 100000 characters: at most 1024"),
        "{error}"
    );
    assert!(reply.body.len() < 1000, "{} bytes", reply.body.len());
    let short = server.post(
        "mahjong/watch",
        &json!({"record": mjai_named(["a", "b", "c", "d"]), "hand": 3}).to_string(),
    );
    let cap = ["w", "x", "y", "z"].map(|letter| letter.repeat(1024));
    let at_cap = server.post(
        "mahjong/watch",
        &json!({"record": mjai_named([&cap[0], &cap[1], &cap[2], &cap[3]]), "hand": 3}).to_string(),
    );
    assert_eq!(short.status, 200, "{}", short.body);
    assert_eq!(at_cap.status, 200, "{}", at_cap.body);
    for name in &cap {
        assert_eq!(at_cap.body.matches(name.as_str()).count(), 1, "{name}");
    }
    assert_eq!(at_cap.body.len(), short.body.len() + 4 * 1023);
}

/// Reads from `stream` until the server closes it (or resets it); how long that took, or
/// `None` if it was still open after `wait`.
fn closed_within(stream: &mut TcpStream, wait: Duration) -> Option<(Duration, Vec<u8>)> {
    let start = Instant::now();
    stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let mut got = Vec::new();
    let mut buffer = [0; 4096];
    while start.elapsed() < wait {
        match stream.read(&mut buffer) {
            Ok(0) => return Some((start.elapsed(), got)),
            Ok(read) => got.extend_from_slice(&buffer[..read]),
            Err(error)
                if matches!(
                    error.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return Some((start.elapsed(), got)),
        }
    }
    None
}

/// Headers that do not all arrive within `--header-timeout` seconds: the connection is closed
/// then (50 at once, as well as one), and the server answers others all the while.
#[test]
fn slow_headers_are_cut_at_their_deadline() {
    let server = Server::start(&["--header-timeout", "1"]);
    let mut streams: Vec<TcpStream> = (0..50)
        .map(|_| {
            let mut stream = TcpStream::connect(server.addr).unwrap();
            stream
                .write_all(b"POST /api/rummikub/group HTTP/1.1\r\nHost: x\r\nContent-Le")
                .unwrap();
            stream
        })
        .collect();
    let answered = server.post("rummikub/group", r#"{"tiles":"R1 R2 R3"}"#);
    assert_eq!(answered.status, 200);
    for stream in &mut streams {
        let (took, _) = closed_within(stream, Duration::from_secs(5))
            .expect("a connection with unfinished headers was still open after 5 s");
        assert!(took < Duration::from_secs(4), "closed after {took:?}");
    }
    // A connection that sends nothing at all is closed too.
    let mut idle = TcpStream::connect(server.addr).unwrap();
    let start = Instant::now();
    closed_within(&mut idle, Duration::from_secs(5)).expect("an idle connection stayed open");
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(800), "closed after {took:?}");
}

/// A body that stops arriving for longer than `--body-timeout` seconds gets 408 then; one
/// that trickles in (never pausing that long) is cut at the time limit, which counts from
/// when its place was taken, with 408.
#[test]
fn a_slow_body_is_cut_at_its_deadline() {
    let server = Server::start(&["--body-timeout", "1", "--time-limit", "2"]);
    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream
        .write_all(b"POST /api/rummikub/group HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"tiles\"")
        .unwrap();
    let (took, reply) = closed_within(&mut stream, Duration::from_secs(5))
        .expect("a stalled body was still being waited for after 5 s");
    let reply = String::from_utf8_lossy(&reply);
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(reply.contains("--body-timeout"), "{reply}");
    assert!(took < Duration::from_secs(3), "408 after {took:?}");

    let mut stream = TcpStream::connect(server.addr).unwrap();
    stream
        .write_all(b"POST /api/rummikub/group HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n")
        .unwrap();
    let start = Instant::now();
    let mut reply = Vec::new();
    stream
        .set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    while start.elapsed() < Duration::from_secs(6) {
        if stream.write_all(b" ").is_err() {
            break;
        }
        let mut buffer = [0; 4096];
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => {
                reply.extend_from_slice(&buffer[..read]);
                break;
            }
            Err(_) => {}
        }
    }
    let took = start.elapsed();
    let reply = String::from_utf8_lossy(&reply);
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(reply.contains("--time-limit"), "{reply}");
    assert!(took < Duration::from_secs(4), "cut after {took:?}");
}

/// 200 connections each start a 4 MiB body and stop half-way: a request's place is taken
/// before its body is read, so the server reads at most `--max-in-flight` (8) of them and
/// turns the others away at once; its resident memory stays within 8 bodies of 4 MiB and
/// 64 MiB more of what it held before (it was every body sent: 400 MiB here).
#[test]
fn memory_stays_bounded_with_many_unfinished_bodies() {
    let _one = one_at_a_time();
    let server = Server::start(&["--max-in-flight", "8", "--time-limit", "30"]);
    let before = server.resident_mib();
    let addr = server.addr;
    let senders: Vec<_> = (0..200)
        .map(|_| {
            thread::spawn(move || {
                let mut stream = TcpStream::connect(addr).unwrap();
                stream
                    .set_write_timeout(Some(Duration::from_secs(5)))
                    .unwrap();
                let head = "POST /api/mahjong/replay HTTP/1.1\r\nHost: x\r\nContent-Length: 4194304\r\n\r\n";
                let chunk = vec![b' '; 64 << 10];
                let mut sent = stream.write_all(head.as_bytes()).is_ok();
                for _ in 0..32 {
                    if !sent {
                        break;
                    }
                    sent = stream.write_all(&chunk).is_ok();
                }
                stream
            })
        })
        .collect();
    let streams: Vec<TcpStream> = senders
        .into_iter()
        .map(|sender| sender.join().unwrap())
        .collect();
    thread::sleep(Duration::from_millis(500));
    let held = server.resident_mib();
    assert!(
        held <= before + 8 * 4 + 64,
        "resident memory went from {before} MiB to {held} MiB"
    );
    // The server still answers.
    assert_eq!(
        server
            .post("rummikub/group", r#"{"tiles":"R1 R2 R3"}"#)
            .status,
        503
    );
    drop(streams);
    thread::sleep(Duration::from_millis(300));
    assert_eq!(
        server
            .post("rummikub/group", r#"{"tiles":"R1 R2 R3"}"#)
            .status,
        200
    );
}

/// SIGTERM with a request half-sent: the server stops accepting, waits `--drain` seconds for
/// it, closes it and exits 0 (it waited for the client before).
#[test]
fn shutdown_finishes_within_its_drain_time() {
    let mut server = Server::start(&["--drain", "1", "--time-limit", "60", "--body-timeout", "60"]);
    let mut half = TcpStream::connect(server.addr).unwrap();
    half.write_all(
        b"POST /api/rummikub/group HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"ti",
    )
    .unwrap();
    let mut idle = TcpStream::connect(server.addr).unwrap();
    thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    server.signal("-TERM");
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "still running 5 s after SIGTERM with --drain 1"
        );
        thread::sleep(Duration::from_millis(20));
    };
    let took = start.elapsed();
    assert!(status.success(), "{status:?}");
    assert!(took >= Duration::from_millis(900), "exited after {took:?}");
    assert!(took < Duration::from_secs(3), "exited after {took:?}");
    assert!(closed_within(&mut idle, Duration::from_secs(1)).is_some());
    drop(half);
}

/// A tenhou.net/6 record as large as a request may carry (4 MiB once quoted in JSON): a real
/// game's hands, one per line, over and over.
fn large_record() -> String {
    let mut text = record("tenhou-json/2016052515gm-00a9-0000-c4d72066.mjscore.json");
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let quoted = json!(text).to_string().len() - 2;
    text.repeat(((4 << 20) - 100) / quoted)
}

/// `mahjong/replay` and `mahjong/watch` of a record of 4 MiB stop at the time limit: the 503
/// comes within the limit and a second, and a small heavy request sent next is answered as
/// quickly by the one heavy worker (which was kept busy past the limit before).
#[test]
fn replay_and_watch_stop_at_the_time_limit() {
    let _one = one_at_a_time();
    let server = Server::start(&["--time-limit", "0.5", "--heavy-workers", "1"]);
    let large = large_record();
    for (operation, body) in [
        ("mahjong/replay", json!({"record": large}).to_string()),
        (
            "mahjong/watch",
            json!({"record": large, "hand": 5}).to_string(),
        ),
    ] {
        let start = Instant::now();
        let reply = server.post(operation, &body);
        let took = start.elapsed();
        assert_eq!(
            reply.status,
            503,
            "{operation}: {}",
            &reply.body[..reply.body.len().min(300)]
        );
        assert!(reply.body.contains("time limit"), "{}", reply.body);
        assert!(
            took < Duration::from_secs_f64(1.5),
            "{operation}: 503 after {took:?}"
        );
        let start = Instant::now();
        let small = server.post("rummikub/solve", r#"{"table":"","rack":"R1"}"#);
        let took = start.elapsed();
        assert_eq!(small.status, 200, "{}", small.body);
        assert!(
            took < Duration::from_secs_f64(1.0),
            "after {operation}, a small solve waited {took:?} for the heavy worker"
        );
    }
}

/// A person's move that fits several legal decisions is refused with them listed: a discard
/// without its tile.
#[test]
fn ambiguous_moves_are_refused() {
    let server = Server::start(&[]);
    let reply = server.post(
        "mahjong/game",
        r#"{"seed":1,"bots":["human","efficiency","efficiency","efficiency"],"moves":[{"type":"dahai"}]}"#,
    );
    assert_eq!(reply.status, 400, "{}", reply.body);
    let error = error_of(&reply);
    assert!(
        error.starts_with(r#"moves[0] (seat 0): {"type":"dahai"} fits "#),
        "{error}"
    );
    assert!(error.contains("legal decisions: {"), "{error}");
}

/// A request that is a list, or gives a field twice, is refused naming the fault (a list was
/// read as the fields in order, and a repeated field as its last value).
#[test]
fn request_shapes_are_refused_by_name() {
    let server = Server::start(&[]);
    let list = server.post("mahjong/game", r#"[1, ["efficiency"]]"#);
    assert_eq!(list.status, 400, "{}", list.body);
    assert_eq!(error_of(&list), "a request is a JSON object, found a list");
    let twice = server.post(
        "mahjong/game",
        r#"{"seed": 1, "length": "east", "seed": 2}"#,
    );
    assert_eq!(twice.status, 400, "{}", twice.body);
    assert_eq!(error_of(&twice), "seed: given twice; give each field once");
    let nested = server.post(
        "mahjong/game",
        r#"{"bots":"human","moves":[{"type":"dahai","pai":"1m","pai":"9m"}]}"#,
    );
    assert_eq!(nested.status, 400, "{}", nested.body);
    assert_eq!(
        error_of(&nested),
        "moves[0].pai: given twice; give each field once"
    );
    let score = server.post(
        "mahjong/score",
        r#"{"hand":"123m456m789m11p234s","win":"4s","hand":"123m"}"#,
    );
    assert_eq!(error_of(&score), "hand: given twice; give each field once");
}

/// A sealed riichi game over HTTP: started without a seed, its answers hold a token and a
/// commitment and no seed; with `--secret-file`, the token still opens the game after a
/// restart (the same answer again); a server with another secret refuses it by name.
#[test]
fn a_sealed_game_survives_a_restart_with_its_secret_file() {
    let dir = std::env::temp_dir().join(format!("tiles-secret-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let secret = dir.join("secret");
    std::fs::write(&secret, b"0123456789abcdef0123456789abcdef-this-run").unwrap();
    let secret = secret.to_str().unwrap();
    let bots = r#""bots":"human,value,value,value""#;
    let server = Server::start(&["--secret-file", secret]);
    let start = server.post("mahjong/game", &format!("{{{bots}}}"));
    assert_eq!(start.status, 200, "{}", start.body);
    let start: Value = serde_json::from_str(&start.body).unwrap();
    assert_eq!(start["sealed"], true);
    assert!(start["seed"].is_null());
    let token = start["token"].as_str().unwrap().to_owned();
    let first = start["legal"][0].clone();
    let request =
        json!({"bots": "human,value,value,value", "token": token, "moves": [first]}).to_string();
    let before = server.post("mahjong/game", &request);
    assert_eq!(before.status, 200, "{}", before.body);
    drop(server);
    let again = Server::start(&["--secret-file", secret]);
    let after = again.post("mahjong/game", &request);
    assert_eq!(after.body, before.body, "the game after a restart");
    drop(again);
    let other = Server::start(&[]);
    let refused = other.post("mahjong/game", &request);
    assert_eq!(refused.status, 400);
    assert!(
        error_of(&refused).starts_with("token: not a token of this table"),
        "{}",
        refused.body
    );
    let short = dir.join("short");
    std::fs::write(&short, b"too short").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_tiles"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--secret-file",
            short.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("at least 32"), "{stderr}");
}

/// `mahjong/review` of a record the engine cannot follow names each hand it could not follow,
/// with the error `mahjong/replay` gives for it (it reviewed part of the hand and said nothing).
#[test]
fn a_review_names_the_hands_it_could_not_follow() {
    let server = Server::start(&[]);
    let cut = support::mjai_without_a_discard();
    let replay: Value = serde_json::from_str(
        &server
            .post("mahjong/replay", &json!({"record": cut}).to_string())
            .body,
    )
    .unwrap();
    let broken = replay["hands"]
        .as_array()
        .unwrap()
        .iter()
        .find(|hand| hand["agree"] == false)
        .unwrap()
        .clone();
    let reply = server.post(
        "mahjong/review",
        &json!({"record": cut, "seat": 0}).to_string(),
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    let review: Value = serde_json::from_str(&reply.body).unwrap();
    assert_eq!(
        review["unfollowed"],
        json!([{"hand": 1, "round": broken["round"], "error": broken["error"]}])
    );
}

/// A review answers at most 4,000 decisions (about 3 KB of JSON each): a record with more (a
/// hanchan ten times over, 120 KB, which made a 34 MB answer) is refused naming the cap; one
/// hanchan's four seats are answered.
#[test]
fn a_reviews_answer_is_bounded() {
    // Seconds of work: not beside the tests that time the server.
    let _one = one_at_a_time();
    let server = Server::start(&["--time-limit", "60"]);
    let mut text = record("tenhou-json/2016052515gm-00a9-0000-c4d72066.mjscore.json");
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let once = server.post("mahjong/review", &json!({"record": text}).to_string());
    assert_eq!(once.status, 200);
    assert!(once.body.len() < 16 << 20);
    let many = server.post(
        "mahjong/review",
        &json!({"record": text.repeat(10)}).to_string(),
    );
    assert_eq!(
        many.status,
        400,
        "{}",
        &many.body[..many.body.len().min(200)]
    );
    assert!(
        error_of(&many).starts_with("record: more than 4000 decisions to review"),
        "{}",
        many.body
    );
}
