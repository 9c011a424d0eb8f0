//! `tiles serve` under load: 10,000 mixed requests from 64 clients over loopback, each client
//! on a kept-alive connection: the documented examples of the quick operations, and one request
//! in fifty a slow one (a hard Rummikub solve, a small huxxy tournament, or the example of
//! another heavy operation: those `GET /api` marks `heavy`). Prints the latency of the quick
//! operations and of the heavy ones (median, 99th percentile, slowest), the throughput, and
//! every status other than 200 (or a documented example's own 400); exits non-zero if a
//! request was lost or refused. Before the clock starts, each client sends ten quick requests
//! (a warm-up).
//!
//! Then the jam: a fresh server with its default limits, 8 clients sending the heaviest
//! requests the limits allow (million-game tournaments, hard solves, long puzzles: see
//! `tests/load`) one after another and 56 sending the quick examples, for 30 seconds. Prints
//! the quick operations' latency, the heavy ones' statuses and slowest answer, and the server's
//! peak memory; fails if a request is lost, the quick operations' 99th percentile reaches
//! 20 ms, a heavy request waits past its time limit plus a second, or memory reaches 1 GB.
//! `cargo bench -p tiles-cli --bench serve_load`.

use std::process::Command;
use std::thread;
use std::time::{Duration, Instant};

use tiles_testkit::http::{Connection, start_server};

#[path = "../tests/load/mod.rs"]
mod load;

const CLIENTS: usize = 64;
const REQUESTS: usize = 10_000;
const SLOW_EVERY: usize = 50;

/// The slow requests: a Rummikub table of eleven groups and a rack of sixteen, asked for the
/// most value; and a tournament of 40 games.
const SLOW: &[(&str, &str)] = &[
    (
        "rummikub/solve",
        r#"{"table":"R1 R2 R3 | R4 R5 R6 R7 | B1 B2 B3 B4 | O5 O6 O7 | K9 K10 K11 K12 | R9 B9 O9 | R10 B10 K10 | B11 O11 R11 | K3 K4 K5 | O1 O2 O3 | B6 B7 B8","rack":"R8 B5 O4 K6 K7 J J R12 O12 B12 K13 O8 B13 R2 K1 O10","objective":"value"}"#,
    ),
    ("huxxy/tournament", r#"{"games":40}"#),
];

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() as f64 * fraction).ceil() as usize).clamp(1, sorted.len());
    sorted[at - 1]
}

fn ms(duration: Duration) -> String {
    format!("{:.2} ms", duration.as_secs_f64() * 1e3)
}

fn main() {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tiles"));
    command.args(["serve", "--addr", "127.0.0.1:0"]);
    let (mut child, addr) = start_server(command).expect("tiles serve starts");

    // The heavy operations, as the server lists them.
    let listing = tiles_testkit::http::request(addr, "GET", "/api", b"").expect("GET /api");
    let heavy = |name: &str| {
        listing.body.contains(&format!(
            r#""name":"{name}","path":"/api/{name}","summary":"#
        )) && {
            let at = listing.body.find(&format!(r#""name":"{name}""#)).unwrap();
            listing.body[at..]
                .split_once(r#""heavy":"#)
                .is_some_and(|(_, rest)| rest.starts_with("true"))
        }
    };
    let (slow_examples, fast): (Vec<_>, Vec<_>) = tiles_api::examples()
        .into_iter()
        .map(|example| (example.operation, example.request))
        .partition(|(operation, _)| heavy(operation));
    let mut slow: Vec<(String, String)> = SLOW
        .iter()
        .map(|&(operation, body)| (operation.to_owned(), body.to_owned()))
        .collect();
    slow.extend(slow_examples);
    // Warm-up, untimed: every client sends a few quick requests, so the server's threads and
    // the connections exist before the clock starts (a steady state, as a running server is).
    let warm: Vec<_> = (0..CLIENTS)
        .map(|client| {
            let fast = fast.clone();
            thread::spawn(move || {
                let mut connection = Connection::open(addr, Duration::from_secs(120)).unwrap();
                for i in 0..10 {
                    let (operation, body) = &fast[(client + i) % fast.len()];
                    connection
                        .send("POST", &format!("/api/{operation}"), body.as_bytes())
                        .unwrap();
                }
            })
        })
        .collect();
    for handle in warm {
        handle.join().expect("a warm-up client");
    }
    thread::sleep(Duration::from_secs(1));
    // SLOW_EVERY=0 sends no slow request: the quick operations' latency on their own.
    let slow_every: usize = std::env::var("SLOW_EVERY")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(SLOW_EVERY);
    let started = Instant::now();
    let handles: Vec<_> = (0..CLIENTS)
        .map(|client| {
            let fast = fast.clone();
            let slow_requests = slow.clone();
            thread::spawn(move || {
                let mut connection = Connection::open(addr, Duration::from_secs(120)).unwrap();
                let mut times = (Vec::new(), Vec::new());
                let mut other = Vec::new();
                let mut n = client;
                while n < REQUESTS {
                    let slow = slow_every > 0 && n % slow_every == slow_every - 1;
                    let (operation, body) = if slow {
                        slow_requests[(n / slow_every) % slow_requests.len()].clone()
                    } else {
                        fast[n % fast.len()].clone()
                    };
                    let start = Instant::now();
                    let reply = connection
                        .send("POST", &format!("/api/{operation}"), body.as_bytes())
                        .unwrap_or_else(|error| panic!("request {n} ({operation}) lost: {error}"));
                    let took = start.elapsed();
                    // 400 is a documented example of an error; anything else but 200 is a
                    // refusal (a limit) or a failure.
                    if reply.status != 200 && reply.status != 400 {
                        other.push((reply.status, operation.clone()));
                    }
                    if slow {
                        times.1.push(took);
                    } else {
                        times.0.push(took);
                    }
                    n += CLIENTS;
                }
                (times, other)
            })
        })
        .collect();
    let mut fast_times = Vec::new();
    let mut slow_times = Vec::new();
    let mut refused = Vec::new();
    for handle in handles {
        let ((fast, slow), other) = handle.join().expect("a client thread");
        fast_times.extend(fast);
        slow_times.extend(slow);
        refused.extend(other);
    }
    let elapsed = started.elapsed();
    let _ = child.kill();
    let _ = child.wait();
    fast_times.sort();
    slow_times.sort();
    let answered = fast_times.len() + slow_times.len();
    println!(
        "{answered} of {REQUESTS} requests answered by {CLIENTS} clients in {:.2} s ({:.0} requests/s); {} slow",
        elapsed.as_secs_f64(),
        answered as f64 / elapsed.as_secs_f64(),
        slow_times.len()
    );
    for (name, times) in [("fast", &fast_times), ("slow", &slow_times)] {
        println!(
            "{name}: median {}, p99 {}, slowest {}",
            ms(percentile(times, 0.5)),
            ms(percentile(times, 0.99)),
            ms(*times.last().unwrap_or(&Duration::ZERO))
        );
    }
    let input = format!("{REQUESTS} mixed, {CLIENTS} clients");
    println!(
        "figure: serve fast p50 | {input} | {}",
        ms(percentile(&fast_times, 0.5))
    );
    println!(
        "figure: serve fast p99 | {input} | {}",
        ms(percentile(&fast_times, 0.99))
    );
    println!(
        "figure: serve slow p99 | {input} | {}",
        ms(percentile(&slow_times, 0.99))
    );
    if !refused.is_empty() {
        println!("statuses other than 200 or a request's own 400: {refused:?}");
    }
    assert_eq!(answered, REQUESTS, "requests lost");
    assert!(refused.is_empty(), "requests refused");
    jam();
}

/// The jam: heavy and quick clients together on a fresh server with the default limits.
fn jam() {
    const LIMIT: Duration = Duration::from_secs(10);
    let mut command = Command::new(env!("CARGO_BIN_EXE_tiles"));
    command.args(["serve", "--addr", "127.0.0.1:0"]);
    let (mut child, addr) = start_server(command).expect("tiles serve starts");
    let report = load::mixed(addr, 8, 56, Duration::from_secs(30));
    let peak = load::peak_mib(child.id());
    let _ = child.kill();
    let _ = child.wait();
    println!("jam, 8 heavy and 56 quick clients for 30 s: {report}; peak memory {peak} MiB");
    let input = "8 heavy + 56 quick clients, 30 s";
    println!(
        "figure: serve jammed quick p99 | {input} | {}",
        ms(report.quick_percentile(0.99))
    );
    println!(
        "figure: serve jammed heavy slowest | {input} | {}",
        ms(report.slowest_heavy().1)
    );
    assert!(
        report.quick_percentile(0.99) < Duration::from_millis(20),
        "the quick operations' p99 reached 20 ms"
    );
    assert!(
        report.slowest_heavy().1 < LIMIT + Duration::from_secs(1),
        "a heavy request waited past its limit and a second"
    );
    assert!(peak < 1024, "memory reached {peak} MiB");
}
