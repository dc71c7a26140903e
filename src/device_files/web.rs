//! The page's side: a download through a link to a blob, a file chosen through a file input
//! (kept in the page, `#gamut-open-file`), read with `File.arrayBuffer()`.

use std::cell::RefCell;

use bevy::prelude::*;
use gamut_engine::record::MAX_RECORD_BYTES;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::model::FileTrouble;

/// The page's file input's id.
const INPUT_ID: &str = "gamut-open-file";
/// What the picker offers: saves and records.
const ACCEPT: &str = ".json,.txt,.loa,.pgn,application/json,text/plain";

type Chosen = (String, Result<Vec<u8>, FileTrouble>);

thread_local! {
    /// Files chosen and read, waiting for the next frame.
    static CHOSEN: RefCell<Vec<Chosen>> = const { RefCell::new(Vec::new()) };
}

/// The next file chosen and read, if any.
pub(super) fn take_chosen() -> Option<Chosen> {
    CHOSEN.with_borrow_mut(|c| (!c.is_empty()).then(|| c.remove(0)))
}

/// Offers `bytes` as the file `name`: the browser saves it among its downloads.
pub(super) fn download(name: &str, bytes: &[u8]) {
    if let Err(e) = try_download(name, bytes) {
        error!("the download of {name} failed: {e:?}");
    }
}

fn try_download(name: &str, bytes: &[u8]) -> Result<(), JsValue> {
    let document = document()?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    web_sys::Url::revoke_object_url(&url)?;
    info!("downloaded {name} ({} bytes)", bytes.len());
    Ok(())
}

/// Opens the browser's file picker; the file chosen is read and waits in [`take_chosen`].
pub(super) fn choose() {
    match input() {
        Ok(input) => {
            // The same file chosen twice must still be a change.
            input.set_value("");
            input.click();
        }
        Err(e) => error!("the file picker could not open: {e:?}"),
    }
}

/// The page's file input, made and kept the first time.
fn input() -> Result<web_sys::HtmlInputElement, JsValue> {
    let document = document()?;
    if let Some(input) = document.get_element_by_id(INPUT_ID) {
        return input.dyn_into().map_err(JsValue::from);
    }
    let input: web_sys::HtmlInputElement = document.create_element("input")?.dyn_into()?;
    input.set_type("file");
    input.set_id(INPUT_ID);
    input.set_accept(ACCEPT);
    input.style().set_property("display", "none")?;
    let on_change = Closure::<dyn FnMut(web_sys::Event)>::new(|event: web_sys::Event| {
        let file = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|i| i.files())
            .and_then(|files| files.get(0));
        if let Some(file) = file {
            read(file);
        }
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    // The input lives as long as the page: so does its handler.
    on_change.forget();
    document
        .body()
        .ok_or_else(|| JsValue::from_str("the page has no body"))?
        .append_child(&input)?;
    Ok(input)
}

/// Reads `file` (at most the largest record the game reads) and puts it in [`CHOSEN`].
fn read(file: web_sys::File) {
    let name = file.name();
    let size = file.size();
    if size > MAX_RECORD_BYTES as f64 {
        let trouble = FileTrouble::TooLarge {
            limit: MAX_RECORD_BYTES,
        };
        CHOSEN.with_borrow_mut(|c| c.push((name, Err(trouble))));
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let read = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await;
        let bytes = match read {
            Ok(buffer) => Ok(js_sys::Uint8Array::new(&buffer).to_vec()),
            Err(e) => {
                warn!("the file {name} could not be read: {e:?}");
                Err(FileTrouble::NoPermission)
            }
        };
        info!("chose the file {name}");
        CHOSEN.with_borrow_mut(|c| c.push((name, bytes)));
    });
}

fn document() -> Result<web_sys::Document, JsValue> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))
}
