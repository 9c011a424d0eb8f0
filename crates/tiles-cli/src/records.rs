//! Game records named on the command line: `mahjong_game::records::files`, shared with the
//! Python package's dataset writer, and what every tool says of a file that is no record.

pub use mahjong_game::records::NOT_A_RECORD;
pub use mahjong_game::records::files::*;
