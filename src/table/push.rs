//! The page's Web Push for a correspondence table (docs/server.md, "Told when it is your
//! move"): the page's own script asks the browser for the player's leave and a subscription
//! to the table's server's VAPID key (`gamutPushSubscribe` in web/index.html, which the
//! service worker's `push` then shows); its answer comes back here for
//! [`super::follow::take_the_push`] to send to the server, or why there is none.

use std::cell::RefCell;

use gamut_net::notify::PushSubscription;
use wasm_bindgen::{JsCast, JsValue};

/// The browser's answer and the language it was asked in (the page runs on one thread).
type Answer = (Result<PushSubscription, super::PushTrouble>, &'static str);

thread_local! {
    static ANSWER: RefCell<Option<Answer>> = const { RefCell::new(None) };
}

/// The server's HTTP address from its WebSocket's (`wss://host/ws` is `https://host/`).
pub fn http_base(socket: &str) -> Option<String> {
    let (scheme, rest) = socket.split_once("://")?;
    let scheme = match scheme {
        "wss" => "https",
        "ws" => "http",
        _ => return None,
    };
    let host = rest.trim_end_matches("/ws").trim_end_matches('/');
    Some(format!("{scheme}://{host}/"))
}

/// Asks the browser, in the background, for a subscription to the server at `server`.
pub fn ask(server: String, lang: &'static str) {
    wasm_bindgen_futures::spawn_local(async move {
        let subscription = subscribe(&server).await;
        ANSWER.with(|answer| *answer.borrow_mut() = Some((subscription, lang)));
    });
}

/// The browser's answer, once it came.
pub fn take() -> Option<Answer> {
    ANSWER.with(|answer| answer.borrow_mut().take())
}

/// The subscription as the page's script gives it (`PushSubscription.toJSON()`, as a JSON
/// text), read as the protocol's; or why there is none (a word of the script's).
async fn subscribe(server: &str) -> Result<PushSubscription, super::PushTrouble> {
    use super::PushTrouble;
    let answer = async {
        let function =
            js_sys::Reflect::get(&js_sys::global(), &"gamutPushSubscribe".into()).ok()?;
        let function = function.dyn_into::<js_sys::Function>().ok()?;
        let promise = function.call1(&JsValue::NULL, &server.into()).ok()?;
        let promise = promise.dyn_into::<js_sys::Promise>().ok()?;
        wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .ok()?
            .as_string()
    };
    let Some(text) = answer.await else {
        return Err(PushTrouble::Unsupported);
    };
    match text.as_str() {
        "insecure" => Err(PushTrouble::Insecure),
        "denied" => Err(PushTrouble::Denied),
        "off" => Err(PushTrouble::Off),
        "failed" => Err(PushTrouble::Failed),
        _ => serde_json::from_str(&text).map_err(|_| PushTrouble::Unsupported),
    }
}

#[cfg(test)]
mod tests {
    use super::http_base;

    #[test]
    fn a_socket_gives_its_servers_address() {
        assert_eq!(
            http_base("wss://t.example.org/ws").as_deref(),
            Some("https://t.example.org/")
        );
        assert_eq!(
            http_base("ws://10.0.0.2:7878/ws").as_deref(),
            Some("http://10.0.0.2:7878/")
        );
        assert_eq!(http_base("ftp://x"), None);
    }
}
