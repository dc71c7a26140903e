//! The notices' links: `GET /notify/confirm?t=TOKEN` (an address confirmed), `GET` or `POST
//! /notify/stop?t=TOKEN` (every mail to an address stopped, the address deleted: `POST` is the
//! mail programs' one-click stop, RFC 8058), and `GET /notify/vapid` (the server's VAPID public
//! key, for the page's `pushManager.subscribe`). Their pages say so in the address's language.

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use gamut_net::Token;

use super::Notifier;
use super::words::Words;
use crate::download::plain;
use crate::hub::Hub;

pub const CONFIRM_ROUTE: &str = "/notify/confirm";
pub const STOP_ROUTE: &str = "/notify/stop";
pub const VAPID_ROUTE: &str = "/notify/vapid";

/// A link's query: its token.
#[derive(Debug, Deserialize)]
pub struct Link {
    t: Option<String>,
}

/// The routes' notifier: the server's, if it has one (the same the hub hands the seats' wishes
/// to).
pub type Served = Option<Arc<Notifier>>;

/// What a link in a mail asks.
#[derive(Debug, Clone, Copy)]
enum Act {
    Confirm,
    Stop,
}

/// `GET /notify/confirm?t=TOKEN`.
pub async fn confirm(
    State(hub): State<Arc<Hub>>,
    State(notifier): State<Served>,
    Query(link): Query<Link>,
) -> Response {
    follow(&hub, notifier.as_ref(), &link, Act::Confirm).await
}

/// `GET` or `POST /notify/stop?t=TOKEN`.
pub async fn stop(
    State(hub): State<Arc<Hub>>,
    State(notifier): State<Served>,
    Query(link): Query<Link>,
) -> Response {
    follow(&hub, notifier.as_ref(), &link, Act::Stop).await
}

/// A mail's link followed: the address confirmed or stopped, and the page that says so in the
/// address's language.
async fn follow(hub: &Hub, notifier: Option<&Arc<Notifier>>, link: &Link, act: Act) -> Response {
    let Some((notifier, token)) = notifier_and_token(notifier, link) else {
        return unknown(notifier);
    };
    let (done, key) = match act {
        Act::Confirm => (notifier.confirm(hub, token).await, "page-confirmed"),
        Act::Stop => (notifier.stop(hub, token).await, "page-stopped"),
    };
    match done {
        Ok(Some(lang)) => page(Some(notifier), StatusCode::OK, &lang, key),
        Ok(None) => unknown(Some(notifier)),
        Err(e) => unavailable(e),
    }
}

/// `GET /notify/vapid`: the key, or 404 when the server sends no push.
pub async fn vapid(State(notifier): State<Served>) -> Response {
    match notifier.and_then(|n| n.push_key()) {
        Some(key) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            key,
        )
            .into_response(),
        None => plain(StatusCode::NOT_FOUND, "this server sends no push\n"),
    }
}

fn notifier_and_token<'a>(
    notifier: Option<&'a Arc<Notifier>>,
    link: &Link,
) -> Option<(&'a Arc<Notifier>, Token)> {
    let token = Token::parse(link.t.as_deref()?).ok()?;
    Some((notifier?, token))
}

fn unknown(notifier: Option<&Arc<Notifier>>) -> Response {
    page(notifier, StatusCode::NOT_FOUND, "en", "page-unknown")
}

fn unavailable(e: crate::store::StoreError) -> Response {
    tracing::error!("the database refused a notice's link: {e}");
    plain(StatusCode::SERVICE_UNAVAILABLE, "try again later\n")
}

/// A page of one sentence in `lang`.
fn page(notifier: Option<&Arc<Notifier>>, status: StatusCode, lang: &str, key: &str) -> Response {
    let text = match notifier {
        Some(notifier) => notifier.words().say(lang, key, &[]),
        None => Words::new().say(lang, key, &[]),
    };
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("{text}\n"),
    )
        .into_response()
}
