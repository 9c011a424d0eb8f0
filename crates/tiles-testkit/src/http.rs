//! A small HTTP/1.1 client over loopback, for testing `tiles serve`: requests with a body by
//! `Content-Length`, replies read by `Content-Length` or chunked, connections kept alive.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Starts a server (`command`, its stdout piped) and reads the address it listens on from the
/// first line it prints: the `host:port` after `http://`.
///
/// # Errors
///
/// The server does not start, or its first line names no address.
pub fn start_server(mut command: Command) -> io::Result<(Child, SocketAddr)> {
    let mut child = command.stdout(Stdio::piped()).spawn()?;
    let mut first = String::new();
    if let Some(stdout) = child.stdout.as_mut() {
        BufReader::new(stdout).read_line(&mut first)?;
    }
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|addr| addr.parse().ok());
    match addr {
        Some(addr) => Ok((child, addr)),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            Err(io::Error::other(format!("no address in {first:?}")))
        }
    }
}

/// A reply: its status, headers (names in lower case) and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case, in order.
    pub headers: Vec<(String, String)>,
    /// The body, as text (lossy).
    pub body: String,
    /// The body's bytes, as they came (compressed, if the server compressed it).
    pub bytes: Vec<u8>,
}

impl Reply {
    /// The value of the header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

/// A connection kept alive over several requests.
#[derive(Debug)]
pub struct Connection {
    reader: BufReader<TcpStream>,
    host: String,
}

impl Connection {
    /// Connects to `addr`; every read and write gives up after `timeout`.
    ///
    /// # Errors
    ///
    /// The connection's error.
    pub fn open(addr: SocketAddr, timeout: Duration) -> io::Result<Connection> {
        let stream = TcpStream::connect(addr)?;
        stream.set_read_timeout(Some(timeout))?;
        stream.set_write_timeout(Some(timeout))?;
        stream.set_nodelay(true)?;
        Ok(Connection {
            reader: BufReader::new(stream),
            host: addr.to_string(),
        })
    }

    /// Sends `method path` with `body` and reads the reply. A server may answer before it has
    /// read the whole body (a body over its limit) and close: the reply is read all the same.
    ///
    /// # Errors
    ///
    /// No reply, or one that is not HTTP/1.1.
    pub fn send(&mut self, method: &str, path: &str, body: &[u8]) -> io::Result<Reply> {
        self.send_with(method, path, &[], body)
    }

    /// As [`Connection::send`], with more headers (`("Accept-Encoding", "gzip")`).
    ///
    /// # Errors
    ///
    /// See [`Connection::send`].
    pub fn send_with(
        &mut self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> io::Result<Reply> {
        let extra: String = headers
            .iter()
            .map(|(name, value)| format!("{name}: {value}\r\n"))
            .collect();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{extra}\r\n",
            self.host,
            body.len()
        );
        let stream = self.reader.get_mut();
        let written = stream
            .write_all(head.as_bytes())
            .and_then(|()| stream.write_all(body));
        match self.read_reply() {
            Ok(reply) => Ok(reply),
            Err(error) => Err(written.err().unwrap_or(error)),
        }
    }

    fn read_reply(&mut self) -> io::Result<Reply> {
        let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_owned());
        let mut line = String::new();
        let (status, headers) = loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            let mut parts = line.split_whitespace();
            if parts.next() != Some("HTTP/1.1") {
                return Err(bad(&format!("not an HTTP/1.1 status line: {line:?}")));
            }
            let status: u16 = parts
                .next()
                .and_then(|code| code.parse().ok())
                .ok_or_else(|| bad("no status code"))?;
            let mut headers = Vec::new();
            loop {
                line.clear();
                self.reader.read_line(&mut line)?;
                let header = line.trim_end();
                if header.is_empty() {
                    break;
                }
                let (name, value) = header.split_once(':').ok_or_else(|| bad(header))?;
                headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
            }
            // An interim reply (100 Continue) is followed by the real one.
            if status >= 200 {
                break (status, headers);
            }
        };
        let header = |name: &str| {
            headers
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.as_str())
        };
        let mut body = Vec::new();
        if header("transfer-encoding").is_some_and(|value| value.contains("chunked")) {
            loop {
                line.clear();
                self.reader.read_line(&mut line)?;
                let size =
                    usize::from_str_radix(line.trim(), 16).map_err(|_| bad("bad chunk size"))?;
                let mut chunk = vec![0; size + 2];
                self.reader.read_exact(&mut chunk)?;
                if size == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..size]);
            }
        } else {
            let length: usize = header("content-length")
                .map(|value| value.parse().map_err(|_| bad("bad content-length")))
                .transpose()?
                .unwrap_or(0);
            body.resize(length, 0);
            self.reader.read_exact(&mut body)?;
        }
        Ok(Reply {
            status,
            headers,
            body: String::from_utf8_lossy(&body).into_owned(),
            bytes: body,
        })
    }
}

/// One request on a connection of its own.
///
/// # Errors
///
/// See [`Connection::send`].
pub fn request(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> io::Result<Reply> {
    Connection::open(addr, Duration::from_secs(60))?.send(method, path, body)
}
