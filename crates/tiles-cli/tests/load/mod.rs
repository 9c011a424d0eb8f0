//! Load from many clients at once, shared by the loopback tests and the `serve_load`
//! benchmark: the heaviest requests the server's limits allow, and a run of heavy and quick
//! clients together.

// The test and the benchmark that include this module use different parts of it.
#![allow(dead_code)]

use std::fmt;
use std::net::SocketAddr;
use std::sync::{Arc, Barrier};
use std::thread;
use std::time::{Duration, Instant};

use tiles_testkit::http::{Connection, request};

/// The heaviest requests the limits allow: tournaments of a million games (the most a request
/// may ask), a hard Rummikub solve (a table of eleven groups, a rack of sixteen, for the most
/// value), a long action puzzle (a chain of eight sets with the joker among twenty-three rows),
/// a Rummikub bot game, and the arrangement of a whole set.
pub const HEAVIEST: &[(&str, &str)] = &[
    ("huxxy/tournament", r#"{"games":1000000,"seed":1}"#),
    (
        "rummikub/tournament",
        r#"{"games":1000000,"seed":1,"bots":"solver,solver,solver,solver"}"#,
    ),
    (
        "rummikub/solve",
        r#"{"table":"R1 R2 R3 | R4 R5 R6 R7 | B1 B2 B3 B4 | O5 O6 O7 | K9 K10 K11 K12 | R9 B9 O9 | R10 B10 K10 | B11 O11 R11 | K3 K4 K5 | O1 O2 O3 | B6 B7 B8","rack":"R8 B5 O4 K6 K7 J J R12 O12 B12 K13 O8 B13 R2 K1 O10","objective":"value"}"#,
    ),
    ("rummikub-puzzle/solve", LONG_PUZZLE),
    (
        "rummikub/game",
        r#"{"seed":7,"bots":"solver,value,greedy,solver"}"#,
    ),
    (
        "rummikub/arrange",
        r#"{"tiles":"R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11 O12 O13 K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11 O12 O13 K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13 J J"}"#,
    ),
];

/// A chain of eight sets between the goal 2G and the run of its colour, the joker in a far
/// set, among 23 rows: an answer of 31 actions, thousands of table states.
const LONG_PUZZLE: &str = r#"{"puzzle":"2G\n23\n1 11G 12G 13G\n2 3G 3R 3Y\n3 4G 4R 4Y\n4 5G 5R 5Y\n5 6G 6R 6Y\n6 7G 7R 7Y\n7 8G 8R 8Y\n8 9G 9R 9Y\n9 10G 10R 10Y\n10 3B 4B 5B 6B 7B 8B 9B 10B 11B 12B 13B\n11 11G 11R 11Y J\n12 12B 12G 12R\n13 13B 13G 13R 13Y\n14 10R 11R 12R 13R\n15 10Y 11Y 12Y 13Y\n16 1B 1G 1R 1Y\n17 1R 2R 3R\n18 1Y 2Y 3Y\n19 6B 6R 6Y\n20 8B 8R 8Y\n21 5B 5R 5Y\n22 9B 9R 9Y\n23 7B 7R 7Y\n"}"#;

/// The largest resident memory process `pid` has had (its `VmHWM`), in MiB; 0 if unknown.
pub fn peak_mib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(0, |kib| kib / 1024)
}

/// What a run of [`mixed`] saw.
pub struct Report {
    /// The quick requests' latencies, sorted.
    pub quick: Vec<Duration>,
    /// The heavy requests: operation, status and latency.
    pub heavy: Vec<(&'static str, u16, Duration)>,
    /// How long the run took.
    pub elapsed: Duration,
}

impl Report {
    /// The `fraction` percentile of the quick requests' latencies.
    pub fn quick_percentile(&self, fraction: f64) -> Duration {
        if self.quick.is_empty() {
            return Duration::ZERO;
        }
        let at = ((self.quick.len() as f64 * fraction).ceil() as usize).clamp(1, self.quick.len());
        self.quick[at - 1]
    }

    /// The heavy request answered last after it was sent: its operation and latency.
    pub fn slowest_heavy(&self) -> (&'static str, Duration) {
        self.heavy
            .iter()
            .map(|&(operation, _, took)| (operation, took))
            .max_by_key(|&(_, took)| took)
            .unwrap_or(("none", Duration::ZERO))
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |duration: Duration| duration.as_secs_f64() * 1e3;
        write!(
            f,
            "{} quick requests in {:.1} s: median {:.2} ms, p99 {:.2} ms, slowest {:.2} ms; {} heavy \
             requests, {} answered 200 and {} 503, the slowest after {:.0} ms",
            self.quick.len(),
            self.elapsed.as_secs_f64(),
            ms(self.quick_percentile(0.5)),
            ms(self.quick_percentile(0.99)),
            ms(self.quick.last().copied().unwrap_or_default()),
            self.heavy.len(),
            self.heavy.iter().filter(|heavy| heavy.1 == 200).count(),
            self.heavy.iter().filter(|heavy| heavy.1 == 503).count(),
            ms(self.slowest_heavy().1),
        )
    }
}

/// `heavy_clients` clients sending [`HEAVIEST`] one after another and `quick_clients` sending
/// the documented examples of the operations the server does not mark heavy, each on its own
/// kept-alive connection, for `run_for`. Before the clock starts every client sends three
/// quick requests (a warm-up: the connections and the server's threads exist, as on a running
/// server), and they all start together. Panics if a request is lost, a quick one gets other
/// than its documented answer, or a heavy one other than 200 or 503.
pub fn mixed(
    addr: SocketAddr,
    heavy_clients: usize,
    quick_clients: usize,
    run_for: Duration,
) -> Report {
    // The quick operations: those the server does not mark heavy.
    let listing = request(addr, "GET", "/api", b"").expect("GET /api");
    let listing: serde_json::Value = serde_json::from_str(&listing.body).expect("JSON");
    let quick_ops: Vec<String> = listing["operations"]
        .as_array()
        .expect("a list of operations")
        .iter()
        .filter(|op| op["heavy"] == false)
        .filter_map(|op| op["name"].as_str().map(str::to_owned))
        .collect();
    let quick: Vec<(String, String, String)> = tiles_api::examples()
        .into_iter()
        .filter(|example| quick_ops.contains(&example.operation))
        .map(|example| (example.operation, example.request, example.response))
        .collect();
    assert!(quick.len() >= 6, "{} quick examples", quick.len());
    let ready = Arc::new(Barrier::new(heavy_clients + quick_clients + 1));
    // Opens a client's connection and warms it up.
    let warm = {
        let quick = quick.clone();
        let ready = Arc::clone(&ready);
        move |client: usize| {
            let mut connection = Connection::open(addr, Duration::from_secs(120)).unwrap();
            for i in 0..3 {
                let (operation, body, _) = &quick[(client + i) % quick.len()];
                connection
                    .send("POST", &format!("/api/{operation}"), body.as_bytes())
                    .unwrap_or_else(|error| panic!("{operation} lost in the warm-up: {error}"));
            }
            ready.wait();
            (connection, Instant::now())
        }
    };
    let heavy: Vec<_> = (0..heavy_clients)
        .map(|client| {
            let warm = warm.clone();
            thread::spawn(move || {
                let (mut connection, started) = warm(client);
                let mut answered = Vec::new();
                let mut i = client;
                while started.elapsed() < run_for {
                    let (operation, body) = HEAVIEST[i % HEAVIEST.len()];
                    i += 1;
                    let sent = Instant::now();
                    let reply = connection
                        .send("POST", &format!("/api/{operation}"), body.as_bytes())
                        .unwrap_or_else(|error| panic!("{operation} lost: {error}"));
                    let took = sent.elapsed();
                    assert!(
                        reply.status == 200 || reply.status == 503,
                        "{operation}: {} {}",
                        reply.status,
                        reply.body
                    );
                    answered.push((operation, reply.status, took));
                }
                answered
            })
        })
        .collect();
    let quick_clients: Vec<_> = (0..quick_clients)
        .map(|client| {
            let quick = quick.clone();
            let warm = warm.clone();
            thread::spawn(move || {
                let (mut connection, started) = warm(client);
                let mut times = Vec::new();
                let mut i = client * 7;
                while started.elapsed() < run_for {
                    let (operation, body, expected) = &quick[i % quick.len()];
                    i += 1;
                    let sent = Instant::now();
                    let reply = connection
                        .send("POST", &format!("/api/{operation}"), body.as_bytes())
                        .unwrap_or_else(|error| panic!("{operation} lost: {error}"));
                    times.push(sent.elapsed());
                    assert_eq!(&reply.body, expected, "{operation} {body}");
                }
                times
            })
        })
        .collect();
    ready.wait();
    let started = Instant::now();
    let heavy: Vec<_> = heavy
        .into_iter()
        .flat_map(|client| client.join().expect("a heavy client"))
        .collect();
    let mut quick: Vec<Duration> = quick_clients
        .into_iter()
        .flat_map(|client| client.join().expect("a quick client"))
        .collect();
    quick.sort();
    Report {
        quick,
        heavy,
        elapsed: started.elapsed(),
    }
}
