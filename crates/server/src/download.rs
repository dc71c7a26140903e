//! A table's game to download: `GET /tables/{CODE}/record` answers the game as a plain-text
//! record in the engine's format (`gamut_engine::record`), read from the database, so a table
//! in play and one put away long ago are both there. Knowing a table's code already lets one
//! watch it, so the code is all it asks for; the record holds names, never a token.
//! The same game as pictures is `crate::picture`'s.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use gamut_net::Code;

use gamut_engine::record::Record;

use crate::hub::Hub;
use crate::store::StoreError;

/// The route's path, as axum writes it.
pub const ROUTE: &str = "/tables/{code}/record";

/// `GET /tables/{CODE}/record`: the record as an attachment (`gamut-CODE.txt`); 400 for a
/// code that is not one, 404 for a code no table has, 503 when the database fails, 500 for a
/// stored table its rules cannot replay (a database edited by hand).
pub async fn record(
    State(hub): State<Arc<Hub>>,
    code: Result<Path<String>, PathRejection>,
) -> Response {
    match stored_record(&hub, code).await {
        Ok((code, record)) => attachment(&code, record.to_string()),
        Err(answer) => answer,
    }
}

/// The table's code and its game as a record, or the answer that says why not: 400 for a code
/// that is not one, 404 for a code no table has, 503 when the database fails, 500 for a
/// stored table its rules cannot replay.
pub(crate) async fn stored_record(
    hub: &Hub,
    code: Result<Path<String>, PathRejection>,
) -> Result<(Code, Record), Response> {
    let Some(code) = code.ok().and_then(|Path(text)| Code::parse(&text).ok()) else {
        return Err(plain(StatusCode::BAD_REQUEST, "not a table's code\n"));
    };
    let answer = match hub.stored(code.clone()).await {
        Ok(Some(stored)) => return Ok((code, stored.record())),
        Ok(None) => plain(StatusCode::NOT_FOUND, "no table has this code\n"),
        Err(StoreError::Value(problem)) => {
            tracing::error!("table {code} cannot be read back: {problem}");
            plain(
                StatusCode::INTERNAL_SERVER_ERROR,
                "this table's game cannot be read back\n",
            )
        }
        Err(e) => {
            tracing::error!("the database failed a record's read: {e}");
            plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "the database is unavailable: try again later\n",
            )
        }
    };
    Err(answer)
}

/// The record, for a browser to save as `gamut-CODE.txt`.
fn attachment(code: &Code, record: String) -> Response {
    let disposition = format!("attachment; filename=\"gamut-{}.txt\"", code.as_str());
    (
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        record,
    )
        .into_response()
}

/// A short answer in plain text.
pub(crate) fn plain(status: StatusCode, text: &'static str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}
