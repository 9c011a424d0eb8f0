//! The page: static HTML, CSS and JavaScript modules, embedded in the binary (no build step,
//! nothing fetched from elsewhere: it works offline). Each file carries a validator (`ETag`, a
//! hash of its text), so a reload costs a 304 per file; the router compresses them (gzip).

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

const JS: &str = "text/javascript; charset=utf-8";

/// The files under `/static/`: name, content type, text.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../web/style.css"),
    ),
    ("app.js", JS, include_str!("../../web/app.js")),
    ("api.js", JS, include_str!("../../web/api.js")),
    ("draw.js", JS, include_str!("../../web/draw.js")),
    ("rummikub.js", JS, include_str!("../../web/rummikub.js")),
    ("play.js", JS, include_str!("../../web/play.js")),
    ("mahjong.js", JS, include_str!("../../web/mahjong.js")),
    ("fiveup.js", JS, include_str!("../../web/fiveup.js")),
    ("puzzle.js", JS, include_str!("../../web/puzzle.js")),
    ("huxxy.js", JS, include_str!("../../web/huxxy.js")),
    ("riichi.js", JS, include_str!("../../web/riichi.js")),
    (
        "riichi-board.js",
        JS,
        include_str!("../../web/riichi-board.js"),
    ),
    (
        "riichi-words.js",
        JS,
        include_str!("../../web/riichi-words.js"),
    ),
    (
        "riichi-model.js",
        JS,
        include_str!("../../web/riichi-model.js"),
    ),
    ("watch.js", JS, include_str!("../../web/watch.js")),
    ("tiles-mj.js", JS, include_str!("../../web/tiles-mj.js")),
    (
        "tiles.svg",
        "image/svg+xml",
        include_str!("../../web/tiles.svg"),
    ),
];

/// A file's validator: a hash of its bytes, quoted (`"1f3a…"`), the same for the same text
/// in every run of this build.
fn etag(text: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    text.hash(&mut hasher);
    format!("\"{:016x}\"", hasher.finish())
}

/// A response with `content_type` and a validator: the browser keeps the file and asks again
/// on each load with `If-None-Match`, and a file it has gets 304 with no body.
fn file(headers: &HeaderMap, content_type: &'static str, text: &'static str) -> Response {
    let tag = etag(text);
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|wanted| {
            wanted
                .split(',')
                .any(|one| one.trim() == tag || one.trim() == "*")
        });
    let validator = HeaderValue::from_str(&tag).unwrap_or(HeaderValue::from_static("\"\""));
    let cache = (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if fresh {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, validator), cache]).into_response();
    }
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::ETAG, validator),
            cache,
        ],
        text,
    )
        .into_response()
}

/// `GET /`.
pub async fn index(headers: HeaderMap) -> Response {
    file(
        &headers,
        "text/html; charset=utf-8",
        include_str!("../../web/index.html"),
    )
}

/// `GET /static/<file>`.
pub async fn asset(Path(name): Path<String>, headers: HeaderMap) -> Response {
    match ASSETS.iter().find(|(file, _, _)| *file == name) {
        Some(&(_, content_type, text)) => file(&headers, content_type, text),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
