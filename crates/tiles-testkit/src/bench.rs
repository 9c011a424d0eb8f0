//! Timing for the benchmarks that print their own `figure:` lines (`cargo xtask bench` reads
//! them): the median of a few runs.

use std::time::{Duration, Instant};

/// The median time of `runs` runs of `work` (at least one).
pub fn median(runs: usize, mut work: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    times.sort_unstable();
    times[times.len() / 2]
}
