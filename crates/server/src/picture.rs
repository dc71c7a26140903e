//! A table's game as pictures to share: `GET /tables/{CODE}/gif` answers the whole game as an
//! animated GIF (a game going on: up to its last move) and `GET /tables/{CODE}/png` its last
//! position as a PNG, drawn by `gamut_share` from the record `crate::download` reads from the
//! database. `?size=240`, `360` (the default) or `480` sets the width in pixels. The words are
//! English for now ([`Labels::english`]). A finished game's pictures never change, so caches
//! may keep them for a day; a game going on's are asked for again each time.

use std::sync::Arc;

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use gamut_engine::record::{GameResult, Record};
use gamut_net::Code;
use gamut_share::{Labels, Options, ShareError};
use serde::Deserialize;

use crate::download::{plain, stored_record};
use crate::hub::Hub;

/// The GIF's path, as axum writes it.
pub const GIF_ROUTE: &str = "/tables/{code}/gif";
/// The PNG's path, as axum writes it.
pub const PNG_ROUTE: &str = "/tables/{code}/png";

/// The widths a picture may be asked in, in pixels: a few, so caches hold few copies.
pub const SIZES: [u32; 3] = [240, 360, 480];

/// The query: `size`, one of [`SIZES`].
#[derive(Debug, Deserialize)]
pub struct PictureQuery {
    size: Option<u32>,
}

/// Which picture.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Gif,
    Png,
}

/// `GET /tables/{CODE}/gif`: the game as an animated GIF; the answers of the record's route
/// for codes and the database (400, 404, 503, 500), 400 for a size not offered.
pub async fn gif(
    State(hub): State<Arc<Hub>>,
    code: Result<Path<String>, PathRejection>,
    query: Result<Query<PictureQuery>, QueryRejection>,
) -> Response {
    picture(&hub, code, query, Kind::Gif).await
}

/// `GET /tables/{CODE}/png`: the game's last position as a PNG (see [`gif`]).
pub async fn png(
    State(hub): State<Arc<Hub>>,
    code: Result<Path<String>, PathRejection>,
    query: Result<Query<PictureQuery>, QueryRejection>,
) -> Response {
    picture(&hub, code, query, Kind::Png).await
}

/// Reads the table's record and draws it on a blocking thread (a long game takes a while).
async fn picture(
    hub: &Hub,
    code: Result<Path<String>, PathRejection>,
    query: Result<Query<PictureQuery>, QueryRejection>,
    kind: Kind,
) -> Response {
    let Some(size) = size(query) else {
        return plain(StatusCode::BAD_REQUEST, "size is 240, 360 or 480\n");
    };
    let (code, record) = match stored_record(hub, code).await {
        Ok(found) => found,
        Err(answer) => return answer,
    };
    let finished = record.result != GameResult::Unfinished;
    let drawn = tokio::task::spawn_blocking(move || draw(&record, size, kind)).await;
    match drawn {
        Ok(Ok(bytes)) => answer(&code, kind, finished, bytes),
        Ok(Err(e)) => {
            tracing::error!("table {code}'s game cannot be drawn: {e}");
            plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "this table's game cannot be drawn\n",
            )
        }
        Err(e) => {
            tracing::error!("drawing table {code}'s game failed: {e}");
            plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "this table's game cannot be drawn\n",
            )
        }
    }
}

/// The size asked for (360 when none), if it is one of [`SIZES`].
fn size(query: Result<Query<PictureQuery>, QueryRejection>) -> Option<u32> {
    let Query(query) = query.ok()?;
    let size = query.size.unwrap_or(360);
    SIZES.contains(&size).then_some(size)
}

/// The picture's bytes.
fn draw(record: &Record, size: u32, kind: Kind) -> Result<Vec<u8>, ShareError> {
    let labels = Labels::english(record);
    let options = Options {
        size,
        ..Options::default()
    };
    match kind {
        Kind::Gif => gamut_share::game_gif(record, &labels, &options),
        Kind::Png => gamut_share::final_png(record, &labels, &options),
    }
}

/// The picture, shown in the browser (`gamut-CODE.gif` when saved); kept a day by caches once
/// the game is over, asked again each time while it goes on.
fn answer(code: &Code, kind: Kind, finished: bool, bytes: Vec<u8>) -> Response {
    let (mime, extension) = match kind {
        Kind::Gif => ("image/gif", "gif"),
        Kind::Png => ("image/png", "png"),
    };
    let disposition = format!("inline; filename=\"gamut-{}.{extension}\"", code.as_str());
    let cache = if finished {
        "public, max-age=86400"
    } else {
        "no-cache"
    };
    (
        [
            (header::CONTENT_TYPE, mime.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, cache.to_string()),
        ],
        bytes,
    )
        .into_response()
}
