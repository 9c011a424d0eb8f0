//! `tiles serve`: the web page and the HTTP API, on the API crate's operations.
//!
//! `POST /api/<operation>` answers the operation's JSON request with the bytes `tiles … --json`
//! prints for that line; `GET /api` lists the operations with their documented examples;
//! `GET /api/openapi.json` describes them all as OpenAPI 3.1; `GET /` is the page (see
//! `page`). The protections, each with its status and a JSON
//! `{"error": …}` body:
//!
//! - a body over `--max-body` bytes: 413 (at once when its `Content-Length` says so, else as
//!   soon as that much has come);
//! - more than `--max-in-flight` requests being worked on: 503 at once (with `Retry-After`),
//!   before a byte of the body is read: a request's place is taken first and its body read
//!   after, so at most `--max-in-flight` bodies are held at once;
//! - a request's headers must arrive within `--header-timeout` seconds (hyper's own header
//!   timer, which also closes a connection left idle that long), and its body with no pause
//!   longer than `--body-timeout` seconds (tower-http's body timeout): else the connection is
//!   closed, or 408; at most `--max-connections` connections are open at once (the others
//!   wait to be accepted), each buffering at most 64 KiB of headers;
//! - a request still being worked on `--time-limit` seconds after its place was taken (its
//!   body's reading included): 503, and its work stops.
//!   Every operation that can run long checks a stop signal between its steps (a solver's
//!   layers, a search's states, a tournament's games and turns), raised when the time is up or
//!   the client goes away, so its worker is free a few milliseconds later;
//! - the engines never run on the threads that accept and read requests. The operations that
//!   can take long (those the API marks heavy: solves, bot games, tournaments) queue for a
//!   pool of their own (`--heavy-workers`, one less than the cores by default; a tournament's
//!   games run inside it too), the others run at once on tokio's blocking pool: a burst of
//!   slow solves never holds up the quick answers, and one waiting past its time limit is
//!   dropped unstarted;
//! - more than `--max-queued` heavy requests waiting for a heavy worker: 503 at once (with
//!   `Retry-After`), so a flood of heavy requests cannot take every place in flight;
//! - Ctrl-C (or SIGTERM) stops accepting, lets the requests under way finish for at most
//!   `--drain` seconds, then closes every connection left and exits 0.

mod page;

use itertools::Itertools;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use clap::Args;
use huxxy::tiles_core::{Stop, StopFlag};
use tokio::sync::Semaphore;

/// Serves the web page and the HTTP API.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on, `HOST:PORT` (`localhost:8766`, `0.0.0.0:8080`, `[::1]:80`).
    /// Loopback unless told otherwise: `0.0.0.0:8080` serves every network the machine is on;
    /// port 0 takes any free port.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "HOST:PORT")]
    addr: String,
    /// The port to listen on, in place of the one `--addr` gives.
    #[arg(long)]
    port: Option<u16>,
    /// The largest request body, in bytes; a larger one gets 413.
    #[arg(long, default_value_t = 4 << 20, value_name = "BYTES")]
    max_body: usize,
    /// Seconds a request may take; one still being worked on then gets 503.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = seconds)]
    time_limit: f64,
    /// Requests worked on at once, waiting ones included; one more gets 503 at once.
    #[arg(long, default_value_t = 64, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    max_in_flight: u32,
    /// Threads for the heavy operations (solves, bot games, tournaments); by default one less
    /// than the cores, at least one.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    heavy_workers: Option<u16>,
    /// Heavy requests waiting for a heavy worker; one more gets 503 at once. By default half
    /// of `--max-in-flight`, so heavy requests never take every place.
    #[arg(long, value_name = "N")]
    max_queued: Option<usize>,
    /// Seconds a client has to send a request's headers (and that a connection may stay idle
    /// between requests); then the connection is closed.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = seconds)]
    header_timeout: f64,
    /// The longest pause, in seconds, while a request's body arrives; then 408.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = seconds)]
    body_timeout: f64,
    /// Connections open at once; more wait to be accepted.
    #[arg(long, default_value_t = 1024, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=65536))]
    max_connections: u32,
    /// A file of at least 32 secret bytes that sealed riichi games are sealed with, so that
    /// their tokens still open them after a restart; without it, a random secret of this
    /// run's (`head -c 32 /dev/urandom > FILE` makes one).
    #[arg(long, value_name = "FILE")]
    secret_file: Option<std::path::PathBuf>,
    /// Seconds the requests under way have to finish after Ctrl-C or SIGTERM; then every
    /// connection left is closed and the server exits. By default the time limit and a
    /// second: every request is answered or stopped by then.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    drain: Option<f64>,
}

impl ServeArgs {
    /// Where to listen: `--addr`, its port replaced by `--port` if given.
    fn address(&self) -> String {
        match self.port {
            Some(port) => {
                // `HOST:PORT`, `[v6]:PORT`, or a host alone.
                let host = match self.addr.rsplit_once(':') {
                    Some((host, _)) if !self.addr.ends_with(']') => host,
                    _ => &self.addr,
                };
                format!("{host}:{port}")
            }
            None => self.addr.clone(),
        }
    }
}

/// A positive number of seconds, at most a day.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if value > 0.0 && value <= 86_400.0 => Ok(value),
        _ => Err(format!(
            "expected a number of seconds above 0 and at most 86400, found {text:?}"
        )),
    }
}

/// What every request can see.
struct Server {
    in_flight: Arc<Semaphore>,
    max_in_flight: u32,
    time_limit: Duration,
    heavy: rayon::ThreadPool,
    /// Heavy requests waiting for a heavy worker.
    queued: Arc<AtomicUsize>,
    max_queued: usize,
    max_body: usize,
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(args: ServeArgs) -> ExitCode {
    let max_in_flight = args.max_in_flight as usize;
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(max_in_flight)
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => return crate::batch::unreadable(&format!("cannot start: {error}")),
    };
    let outcome = runtime.block_on(serve(args));
    // Work that outlived its time limit is not waited for.
    runtime.shutdown_timeout(Duration::from_secs(1));
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => crate::batch::unreadable(&error),
    }
}

async fn serve(args: ServeArgs) -> Result<(), String> {
    if let Some(path) = &args.secret_file {
        let secret = std::fs::read(path)
            .map_err(|error| format!("--secret-file {}: {error}", path.display()))?;
        tiles_api::mahjong::seal::seal_with_secret(&secret)
            .map_err(|error| format!("--secret-file {}: {error}", path.display()))?;
    }
    let wanted = args.address();
    if !wanted.contains(':') {
        return Err(format!(
            "--addr {wanted:?}: expected HOST:PORT, such as 127.0.0.1:8080 or localhost:8766"
        ));
    }
    let listener = tokio::net::TcpListener::bind(&wanted)
        .await
        .map_err(|error| {
            let hint = if error.kind() == std::io::ErrorKind::AddrInUse {
                " (another program listens there: choose another port with --port, or --port 0 for any free one)"
            } else {
                ""
            };
            format!("cannot listen on {wanted}: {error}{hint}")
        })?;
    let addr = listener
        .local_addr()
        .map_err(|error| format!("cannot listen on {wanted}: {error}"))?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let heavy_workers = args
        .heavy_workers
        .map_or(cores.saturating_sub(1).max(1), usize::from);
    let heavy = rayon::ThreadPoolBuilder::new()
        .num_threads(heavy_workers)
        .thread_name(|n| format!("tiles-heavy-{n}"))
        // The heavy work yields the cores to the quick answers: the lowest priority the
        // system gives a normal thread (nice 19 on Linux). Not being allowed is harmless.
        .start_handler(|_| {
            let _ =
                thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
        })
        .build()
        .map_err(|error| format!("cannot start the heavy pool: {error}"))?;
    let server = Arc::new(Server {
        in_flight: Arc::new(Semaphore::new(args.max_in_flight as usize)),
        max_in_flight: args.max_in_flight,
        time_limit: Duration::from_secs_f64(args.time_limit),
        heavy,
        queued: Arc::new(AtomicUsize::new(0)),
        max_queued: args
            .max_queued
            .unwrap_or((args.max_in_flight as usize / 2).max(1)),
        max_body: args.max_body,
    });
    let app = router(server, Duration::from_secs_f64(args.body_timeout));
    crate::batch::print(&format!(
        "tiles serve: listening on http://{addr} (Ctrl-C stops)\n"
    ));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(Duration::from_secs_f64(args.header_timeout))
        // Headers buffered per connection (hyper's smallest is 8 KiB, its default 400 KiB).
        .max_buf_size(MAX_HEADER_BUFFER);
    let connections = Arc::new(Semaphore::new(args.max_connections as usize));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let stop = stop_signal();
    tokio::pin!(stop);
    loop {
        // A connection is accepted only with a place for it; the others wait in the
        // system's queue.
        let place = tokio::select! {
            place = Arc::clone(&connections).acquire_owned() => place,
            () = &mut stop => break,
        };
        let Ok(place) = place else { break };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or the peer gone before it was accepted: try again
            // shortly rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        // Answers go out at once, not held back waiting for the client's acknowledgement.
        let _ = stream.set_nodelay(true);
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        let connection = http.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(place);
        });
    }
    drop(listener);
    let drain = Duration::from_secs_f64(args.drain.unwrap_or(args.time_limit + 1.0));
    if tokio::time::timeout(drain, graceful.shutdown())
        .await
        .is_err()
    {
        crate::batch::print(&format!(
            "tiles serve: requests still under way after {} s (--drain): closed\n",
            drain.as_secs_f64()
        ));
    }
    crate::batch::print("tiles serve: stopped\n");
    Ok(())
}

/// The most header bytes buffered for one connection.
const MAX_HEADER_BUFFER: usize = 64 << 10;

/// The routes, a request's body read with no pause longer than `body_timeout`; answers
/// compressed with gzip for a client that takes it (tower-http's compression: the page's
/// files, the API's JSON), and request bodies sent gzipped (`Content-Encoding: gzip`, as the
/// page sends a record) read through tower-http's decompression, so `--max-body` limits the
/// decompressed bytes.
fn router(server: Arc<Server>, body_timeout: Duration) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/static/{file}", get(page::asset))
        .route("/api", get(list))
        .route("/api/openapi.json", get(openapi))
        .route("/api/{*operation}", post(answer).fallback(not_post))
        .fallback(not_found)
        .with_state(server)
        .layer(tower_http::decompression::RequestDecompressionLayer::new())
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            body_timeout,
        ))
        .layer(tower_http::compression::CompressionLayer::new())
}

/// Ctrl-C or SIGTERM, whichever comes first.
async fn stop_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// A JSON response.
fn json(status: StatusCode, body: impl Into<axum::body::Body>) -> Response {
    (
        status,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body.into(),
    )
        .into_response()
}

/// `{"error": message}` with `status`.
fn error(status: StatusCode, message: &dyn std::fmt::Display) -> Response {
    json(status, tiles_api::error_json(message))
}

/// `POST /api/<operation>`.
async fn answer(
    State(server): State<Arc<Server>>,
    Path(operation): Path<String>,
    request: Request,
) -> Response {
    let Some(op) = tiles_api::operation(&operation) else {
        return error(
            StatusCode::NOT_FOUND,
            &tiles_api::ApiError::UnknownOperation(operation),
        );
    };
    let too_large = || {
        error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format_args!(
                "the request body is larger than this server takes: at most {} bytes (--max-body)",
                server.max_body
            ),
        )
    };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|length| length > server.max_body as u64) {
        return too_large();
    }
    // The place in flight is taken before the body is read, so no more than
    // `--max-in-flight` bodies are held at once, and held until this handler returns: with
    // the answer (the place is free before the answer goes out, so the client may send its
    // next request as soon as it has this one's), or at the time limit, when the work is
    // stopped (a few milliseconds to wind down) or, still queued, will never start.
    let Ok(_permit) = Arc::clone(&server.in_flight).try_acquire_owned() else {
        return busy(&format_args!(
            "busy: {} requests are being worked on (--max-in-flight); try again shortly",
            server.max_in_flight
        ));
    };
    let deadline = Instant::now() + server.time_limit;
    let body = axum::body::to_bytes(request.into_body(), server.max_body);
    let body = match tokio::time::timeout_at(deadline.into(), body).await {
        Ok(Ok(body)) => body,
        Ok(Err(failure)) => return body_error(&failure, too_large),
        Err(_) => {
            return error(
                StatusCode::REQUEST_TIMEOUT,
                &format_args!(
                    "the request body did not arrive within the time limit of {} s (--time-limit)",
                    server.time_limit.as_secs_f64()
                ),
            );
        }
    };
    let Ok(text) = String::from_utf8(body.into()) else {
        return error(StatusCode::BAD_REQUEST, &"the request body is not UTF-8");
    };
    let name = op.name;
    let heavy = op.heavy;
    // A place in the heavy queue, given back when the work starts (or is dropped unstarted).
    let waiting = if heavy {
        match Waiting::join(&server.queued, server.max_queued) {
            Some(waiting) => Some(waiting),
            None => {
                return busy(&format_args!(
                    "busy: {} heavy requests are waiting for a worker (--max-queued); try again shortly",
                    server.max_queued
                ));
            }
        }
    } else {
        None
    };
    // Raised when the time is up, or when this handler is dropped: the client has gone, or
    // it has had its answer (the work is over then anyway).
    let (stop, flag) = Stop::flag();
    let stop = stop.with_deadline(deadline);
    let _raise = RaiseOnDrop(flag);
    let (answered, answer) = tokio::sync::oneshot::channel();
    let work = move || {
        drop(waiting);
        // Waited past its time limit (it has had its 503), or its client has gone: not worth
        // starting.
        if stop.is_stopped() {
            return;
        }
        let response = std::panic::catch_unwind(|| {
            tiles_api::respond_until(name, &text, &serde_json::Map::new(), &stop)
        });
        let _ = answered.send(response);
    };
    if heavy {
        server.heavy.spawn(work);
    } else {
        drop(tokio::task::spawn_blocking(work));
    }
    let too_long = || {
        error(
            StatusCode::SERVICE_UNAVAILABLE,
            &format_args!(
                "the request took longer than the time limit of {} s (--time-limit)",
                server.time_limit.as_secs_f64()
            ),
        )
    };
    match tokio::time::timeout_at(deadline.into(), answer).await {
        Ok(Ok(Ok(Ok(response)))) => json(StatusCode::OK, response),
        Ok(Ok(Ok(Err(tiles_api::ApiError::BadRequest(message))))) => {
            error(StatusCode::BAD_REQUEST, &message)
        }
        Ok(Ok(Ok(Err(tiles_api::ApiError::Stopped)))) | Err(_) => too_long(),
        Ok(Ok(Ok(Err(unknown)))) => error(StatusCode::NOT_FOUND, &unknown),
        // Dropped unstarted because its time was up (the timeout is firing now).
        Ok(Err(_)) if Instant::now() >= deadline => too_long(),
        // The work panicked (or, impossibly, went without a word).
        Ok(Ok(Err(_)) | Err(_)) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            &"internal error (a bug: please report this request)",
        ),
    }
}

/// Why a body could not be read: over the size limit (413), a pause longer than the body
/// timeout (408), or the client gone or the body malformed (400).
fn body_error(failure: &axum::Error, too_large: impl Fn() -> Response) -> Response {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(failure);
    while let Some(error) = cause {
        if error.is::<http_body_util::LengthLimitError>() {
            return too_large();
        }
        if error.is::<tower_http::timeout::TimeoutError>() {
            return self::error(
                StatusCode::REQUEST_TIMEOUT,
                &"the request body stopped arriving (--body-timeout)",
            );
        }
        cause = error.source();
    }
    error(
        StatusCode::BAD_REQUEST,
        &format_args!("the request body could not be read: {failure}"),
    )
}

/// 503 at once, with `Retry-After`.
fn busy(message: &dyn std::fmt::Display) -> Response {
    let mut response = error(StatusCode::SERVICE_UNAVAILABLE, message);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// A place in the heavy queue: taken if one is free, given back when dropped.
struct Waiting(Arc<AtomicUsize>);

impl Waiting {
    fn join(queued: &Arc<AtomicUsize>, max: usize) -> Option<Waiting> {
        queued
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()
            .map(|_| Waiting(Arc::clone(queued)))
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Raises a stop flag when dropped.
struct RaiseOnDrop(StopFlag);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.raise();
    }
}

/// Any method but POST on an operation.
async fn not_post() -> Response {
    let mut response = error(
        StatusCode::METHOD_NOT_ALLOWED,
        &"an operation is asked with POST and its JSON request as the body",
    );
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("POST"));
    response
}

/// Anything else.
async fn not_found() -> Response {
    error(
        StatusCode::NOT_FOUND,
        &"nothing here: the page is at /, the API at /api",
    )
}

/// `GET /api/openapi.json`: the OpenAPI 3.1 description of every operation (made once).
async fn openapi() -> Response {
    static DOCUMENT: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| tiles_api::openapi().to_string());
    // Served from the one copy, not copied for each request.
    json(StatusCode::OK, DOCUMENT.as_str())
}

/// `GET /api`: the operations, each with its path, summary and documented examples.
async fn list() -> Response {
    json(StatusCode::OK, operations_json())
}

/// The body of `GET /api`: `{"operations": [{"name", "path", "summary", "heavy", "examples":
/// [{"request", "response"}]}]}`, the examples as the schema document writes them; `heavy`
/// says the operation queues for the heavy pool.
fn operations_json() -> String {
    let quote = |text: &str| serde_json::to_string(text).expect("a string is plain data");
    let examples = tiles_api::examples();
    let operations = tiles_api::OPERATIONS
        .iter()
        .map(|op| {
            let examples = examples
                .iter()
                .filter(|example| example.operation == op.name)
                .map(|example| {
                    format!(
                        r#"{{"request":{},"response":{}}}"#,
                        example.request, example.response
                    )
                })
                .join(",");
            format!(
                r#"{{"name":{},"path":{},"summary":{},"heavy":{},"examples":[{}]}}"#,
                quote(op.name),
                quote(&format!("/api/{}", op.name)),
                quote(op.summary),
                op.heavy,
                examples
            )
        })
        .join(",");
    format!(r#"{{"operations":[{operations}]}}"#)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::ServeArgs;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    /// Without `--addr` the server listens on loopback only; `--port` replaces the port.
    #[test]
    fn it_binds_to_loopback_unless_told_otherwise() {
        let cli = Cli::parse_from(["serve"]);
        assert_eq!(cli.serve.address(), "127.0.0.1:8080");
        let cli = Cli::parse_from(["serve", "--addr", "0.0.0.0:9000"]);
        assert_eq!(cli.serve.address(), "0.0.0.0:9000");
        let cli = Cli::parse_from(["serve", "--port", "8767"]);
        assert_eq!(cli.serve.address(), "127.0.0.1:8767");
        let cli = Cli::parse_from(["serve", "--addr", "[::1]:80", "--port", "8767"]);
        assert_eq!(cli.serve.address(), "[::1]:8767");
        let cli = Cli::parse_from(["serve", "--addr", "localhost:8766"]);
        assert_eq!(cli.serve.address(), "localhost:8766");
        let cli = Cli::parse_from(["serve", "--addr", "localhost", "--port", "1"]);
        assert_eq!(cli.serve.address(), "localhost:1");
        let cli = Cli::parse_from(["serve", "--addr", "[::1]", "--port", "1"]);
        assert_eq!(cli.serve.address(), "[::1]:1");
    }

    /// A time limit is a positive number of seconds.
    #[test]
    fn time_limits_are_positive_seconds() {
        assert_eq!(super::seconds("0.5"), Ok(0.5));
        for bad in ["0", "-1", "nan", "inf", "1e9", "soon"] {
            assert!(super::seconds(bad).is_err(), "{bad}");
        }
    }
}
