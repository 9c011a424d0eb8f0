//! Test support shared by the workspace's test suites, knowing no game: one seeded random
//! generator, the property tests' configuration and text strategies, the benchmarks' median,
//! a directory's test files of one extension, and a small HTTP/1.1 client for testing `tiles serve` over loopback. Each game keeps its own generators (of
//! positions, games, hands) in its `tests/support/` folder.

pub mod bench;
pub mod files;
pub mod http;
pub mod props;
mod random;

pub use random::Random;
