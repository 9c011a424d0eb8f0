//! Test support shared by the workspace's test suites, knowing no game.

pub mod http;
