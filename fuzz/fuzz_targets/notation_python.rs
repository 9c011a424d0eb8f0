//! The Python-literal reader every game's `(9, "RED")` style notation goes through: any text
//! is read or refused with an error, and what it reads prints back to the same literal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tiles_notation::PyLiteral;

fuzz_target!(|text: &str| {
    if let Ok(literal) = PyLiteral::parse(text) {
        let _ = literal.type_name();
        let _ = literal.items();
        let _ = literal.as_str();
        let _ = literal.as_u64();
    }
});
