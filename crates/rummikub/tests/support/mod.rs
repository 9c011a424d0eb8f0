//! What the integration tests share (each test uses some of it): seeded realistic positions,
//! checks of a move's steps, record files, and the reference LP model. The benchmarks include
//! the files they need by path, as a bench cannot name a test module.
#![allow(dead_code, reason = "each test binary uses part of the support")]

pub mod lp_reference;
pub mod moves;
pub mod positions;
pub mod record;
