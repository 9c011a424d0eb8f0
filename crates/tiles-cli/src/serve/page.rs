//! The page: static HTML, CSS and JavaScript modules, embedded in the binary (no build step,
//! nothing fetched from elsewhere: it works offline).

use axum::extract::Path;
use axum::http::{HeaderValue, StatusCode, header};
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
    ("watch.js", JS, include_str!("../../web/watch.js")),
    ("tiles-mj.js", JS, include_str!("../../web/tiles-mj.js")),
    (
        "tiles.svg",
        "image/svg+xml",
        include_str!("../../web/tiles.svg"),
    ),
];

/// A response with `content_type`, which the browser checks again on each load.
fn file(content_type: &'static str, text: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        text,
    )
        .into_response()
}

/// `GET /`.
pub async fn index() -> Response {
    file(
        "text/html; charset=utf-8",
        include_str!("../../web/index.html"),
    )
}

/// `GET /static/<file>`.
pub async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(file, _, _)| *file == name) {
        Some(&(_, content_type, text)) => file(content_type, text),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
