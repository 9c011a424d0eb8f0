//! `tiles serve` under the heaviest requests its limits allow, over loopback: work stops when
//! its time is up (the worker is free for the next request, the CPU goes quiet), memory stays
//! bounded, and with heavy and quick clients together no request is lost and every heavy one
//! is answered within its time limit plus a second.
//!
//! The tests of this file run one at a time (they measure a server's CPU and memory).

mod server;

use server::Server;
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use tiles_testkit::http::request;

mod load;

use load::HEAVIEST;

/// One test at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The time limit the servers of these tests run with, in seconds.
const LIMIT: f64 = 2.0;

/// A `tiles serve` child with one heavy worker (so that a worker still busy with stopped work
/// would hold up the next heavy request).
fn one_heavy_worker() -> Server {
    Server::start(&["--heavy-workers", "1", "--time-limit", &LIMIT.to_string()])
}

/// A small solve: one tile, nothing to do.
const SMALL_SOLVE: (&str, &str) = ("rummikub/solve", r#"{"table":"","rack":"R1"}"#);

/// The issue's case: a million-game tournament gets its 503 at the time limit and its work
/// stops there: a small solve sent next (it needs the one heavy worker) is answered within
/// the limit plus a second, the server's CPU goes quiet, and its memory stays under 1 GB.
#[test]
fn a_million_game_tournament_stops_at_the_time_limit() {
    let _one = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poison| poison.into_inner());
    let server = one_heavy_worker();
    let start = Instant::now();
    let reply = request(
        server.addr,
        "POST",
        "/api/huxxy/tournament",
        HEAVIEST[0].1.as_bytes(),
    )
    .unwrap();
    let took = start.elapsed().as_secs_f64();
    assert_eq!(reply.status, 503, "{}", reply.body);
    assert!(reply.body.contains("time limit of 2 s"), "{}", reply.body);
    assert!(took < LIMIT + 1.0, "the 503 came after {took:.2} s");

    let start = Instant::now();
    let reply = request(
        server.addr,
        "POST",
        &format!("/api/{}", SMALL_SOLVE.0),
        SMALL_SOLVE.1.as_bytes(),
    )
    .unwrap();
    let took = start.elapsed().as_secs_f64();
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert!(
        took < LIMIT + 1.0,
        "the small solve waited {took:.2} s for the heavy worker"
    );

    // Stopped work uses no more CPU: at most a tenth of a core over a second.
    thread::sleep(Duration::from_millis(200));
    let before = server.cpu_seconds();
    thread::sleep(Duration::from_secs(1));
    let used = server.cpu_seconds() - before;
    assert!(
        used < 0.1,
        "the server used {used:.2} s of CPU in a second after the 503"
    );
    assert!(
        server.peak_mib() < 1024,
        "resident memory reached {} MiB",
        server.peak_mib()
    );
}

/// 64 clients for a few seconds, each on a kept-alive connection: 8 send the heaviest requests
/// the limits allow, one after another, and the other 56 the documented examples of the quick
/// operations. No request is lost; every quick one gets its documented answer; every heavy
/// one is answered 200 or 503 within its time limit plus a second; resident memory stays
/// under 1 GB. Prints the quick operations' latency (the figure the README quotes comes from
/// the release build's `serve_load` benchmark).
#[test]
fn heavy_clients_do_not_jam_the_quick_ones() {
    let _one = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poison| poison.into_inner());
    let server = one_heavy_worker();
    let report = load::mixed(server.addr, 8, 56, Duration::from_secs(6));
    println!("{report}; peak memory {} MiB", server.peak_mib());
    assert!(
        report.heavy.len() >= 8,
        "{} heavy requests",
        report.heavy.len()
    );
    let slowest = report.slowest_heavy();
    assert!(
        slowest.1 < Duration::from_secs_f64(LIMIT + 1.0),
        "{} answered after {:.2?}",
        slowest.0,
        slowest.1
    );
    assert!(
        server.peak_mib() < 1024,
        "resident memory reached {} MiB",
        server.peak_mib()
    );
}
