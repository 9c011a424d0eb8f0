//! Game records named on the command line: `mahjong_game::records::files`, shared with the
//! Python package's dataset writer.

pub use mahjong_game::records::files::*;
