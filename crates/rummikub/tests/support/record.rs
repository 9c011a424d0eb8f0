//! Checking what a test computes against a record file under `tests/`, line by line; with the
//! environment variable the test names set, rewriting the record instead.

/// Compares `found` with `tests/<file>`, naming the first line that differs; when `update` is
/// set in the environment, writes `found` there instead.
pub fn check(file: &str, update: &str, found: &str) {
    let path = format!("{}/tests/{file}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os(update).is_some() {
        std::fs::write(&path, found).expect("the record can be written");
        return;
    }
    let recorded = std::fs::read_to_string(&path).expect("the record exists");
    for (line, (got, want)) in found.lines().zip(recorded.lines()).enumerate() {
        assert_eq!(got, want, "line {} of {file}", line + 1);
    }
    assert_eq!(
        found.lines().count(),
        recorded.lines().count(),
        "lines of {file}"
    );
}
