//! The batch pattern every subcommand follows: one query per stdin line, one answer line per
//! query, in order, whatever goes wrong with a line.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// An answer line could not be written: stdout is closed (`tiles … | head -1`) or broken. The
/// caller stops quietly.
#[derive(Debug)]
pub struct OutputClosed;

/// Writes one line to `out`, mapping any failure to [`OutputClosed`].
pub fn write_line(out: &mut impl Write, line: &str) -> Result<(), OutputClosed> {
    writeln!(out, "{line}").map_err(|_| OutputClosed)
}

/// Reads `input` line by line and writes `answer(line, line_number)` for each query line: a
/// line that is not blank and does not start with `#` (after leading spaces). A UTF-8 byte
/// order mark, `\r\n` line ends, trailing spaces and a missing final newline are all fine; a
/// line that is not UTF-8 gets an `error: …` answer. Output is flushed per line so a pipeline
/// sees answers as they come.
///
/// # Errors
///
/// [`OutputClosed`] if stdout went away; the remaining input is not read.
pub fn run_lines(
    input: impl BufRead,
    out: &mut impl Write,
    mut answer: impl FnMut(&str, usize) -> String,
) -> Result<(), OutputClosed> {
    for (index, bytes) in input.split(b'\n').enumerate() {
        let line_number = index + 1;
        let bytes = match bytes {
            Ok(bytes) => bytes,
            Err(error) => {
                write_line(
                    out,
                    &format!("error: line {line_number}: cannot read input: {error}"),
                )?;
                break;
            }
        };
        let bytes = if index == 0 {
            bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes)
        } else {
            &bytes
        };
        let Ok(line) = std::str::from_utf8(bytes) else {
            write_line(out, &format!("error: line {line_number}: not valid UTF-8"))?;
            continue;
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        write_line(out, &answer(line, line_number))?;
        out.flush().map_err(|_| OutputClosed)?;
    }
    Ok(())
}

/// Writes `lines` to stdout and exits with `code`; a closed stdout is not an error.
pub fn answer(lines: &[String], code: u8) -> ExitCode {
    let mut out = std::io::stdout().lock();
    for line in lines {
        if write_line(&mut out, line).is_err() {
            break;
        }
    }
    let _ = out.flush();
    ExitCode::from(code)
}

/// Reports an unreadable query: the message with its caret on stderr, exit 2.
pub fn unreadable(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(2)
}

/// Stdin, locked and buffered.
pub fn stdin() -> impl BufRead {
    io::stdin().lock()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8]) -> String {
        let mut out = Vec::new();
        run_lines(input, &mut out, |line, n| format!("{n}:{line}")).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn one_answer_per_query_line() {
        assert_eq!(
            run(b"\xEF\xBB\xBFa\r\n\n  # c\nb  \r\nc"),
            "1:a\n4:b\n5:c\n"
        );
        assert_eq!(
            run(b"a\n\xFF\nb\n"),
            "1:a\nerror: line 2: not valid UTF-8\n3:b\n"
        );
        assert_eq!(run(b""), "");
    }

    #[test]
    fn closed_output_stops_quietly() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        assert!(run_lines(&b"a\nb\n"[..], &mut Closed, |l, _| l.to_owned()).is_err());
    }
}
