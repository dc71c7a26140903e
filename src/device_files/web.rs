//! The page's side: a download through a link to a blob, a file chosen through a file input
//! (kept in the page, `#gamut-open-file`), read with `File.arrayBuffer()`.

use std::cell::{Cell, RefCell};

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
    options.set_type(super::media_type(name));
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

/// The files as the page's `File` objects, each with its type (`new File(bits, name, {type})`,
/// through the page's own constructor: web-sys's `FilePropertyBag` is not built in).
fn js_files(files: &[(String, Vec<u8>)]) -> Result<js_sys::Array, JsValue> {
    let constructor: js_sys::Function =
        js_sys::Reflect::get(&js_sys::global(), &"File".into())?.dyn_into()?;
    let list = js_sys::Array::new();
    for (name, bytes) in files {
        let bits = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes.as_slice()));
        let options = js_sys::Object::new();
        js_sys::Reflect::set(&options, &"type".into(), &super::media_type(name).into())?;
        let args = js_sys::Array::of3(&bits, &JsValue::from_str(name), &options);
        list.push(&js_sys::Reflect::construct(&constructor, &args)?);
    }
    Ok(list)
}

/// `{ files }`, what `navigator.canShare` and `navigator.share` take.
fn share_data(files: &[(String, Vec<u8>)]) -> Result<js_sys::Object, JsValue> {
    let data = js_sys::Object::new();
    let list: JsValue = js_files(files)?.into();
    js_sys::Reflect::set(&data, &"files".into(), &list)?;
    Ok(data)
}

/// The navigator's method `name`, if the browser has it.
fn navigator_method(name: &str) -> Option<(web_sys::Navigator, js_sys::Function)> {
    let navigator = web_sys::window()?.navigator();
    let method = js_sys::Reflect::get(&navigator, &name.into()).ok()?;
    let method = method.dyn_into::<js_sys::Function>().ok()?;
    Some((navigator, method))
}

/// Whether the browser's share sheet takes these files (`navigator.canShare({ files })`).
pub(super) fn can_share(files: &[(String, Vec<u8>)]) -> bool {
    let (Some((navigator, can_share)), Some(_)) =
        (navigator_method("canShare"), navigator_method("share"))
    else {
        return false;
    };
    share_data(files)
        .and_then(|data| can_share.call1(&navigator, &data))
        .is_ok_and(|answer| answer.as_bool() == Some(true))
}

/// Opens the browser's share sheet with these files (`navigator.share({ files })`); the
/// player's cancelling is no error.
pub(super) fn share(files: &[(String, Vec<u8>)]) {
    let Some((navigator, share)) = navigator_method("share") else {
        warn!("this browser has no share sheet");
        return;
    };
    let promise = share_data(files)
        .and_then(|data| share.call1(&navigator, &data))
        .and_then(|p| p.dyn_into::<js_sys::Promise>());
    match promise {
        Ok(promise) => wasm_bindgen_futures::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(_) => info!("shared the files"),
                Err(e) => warn!("the share sheet closed without sharing: {e:?}"),
            }
        }),
        Err(e) => error!("the share sheet did not open: {e:?}"),
    }
}

/// The game's click on "Open a file…": the picker opened already from the page's handler of
/// that press, or opens now if the browser still takes the press as the reason (a key's press,
/// a quick frame); the file chosen is read and waits in [`take_chosen`]. An error when the
/// browser would refuse: the player is told to press again.
pub(super) fn choose() -> Result<(), ()> {
    if OPENED_AT.get().is_some_and(|at| now() - at < SAME_PRESS_MS) {
        OPENED_AT.set(None);
        return Ok(());
    }
    if !player_just_acted() {
        warn!("the browser would not open its file picker: no press of the player's close enough");
        return Err(());
    }
    open_now();
    Ok(())
}

/// Opens the browser's file picker at once.
fn open_now() {
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

thread_local! {
    /// Where the buttons that open the picker were last drawn: rectangles in the canvas's CSS
    /// pixels (left, top, right, bottom).
    static TARGETS: RefCell<Vec<[f64; 4]>> = const { RefCell::new(Vec::new()) };
    /// Whether the pointer now down went down on one of them.
    static PRESSED_ON_TARGET: Cell<bool> = const { Cell::new(false) };
    /// When the page's handler last opened the picker (the page's clock, ms).
    static OPENED_AT: Cell<Option<f64>> = const { Cell::new(None) };
}

/// How long after the page's handler opened the picker the game's own click (a frame later)
/// is taken as the same press.
const SAME_PRESS_MS: f64 = 5_000.0;

/// The targets of the last frame are let go as a new one begins (its screens draw them anew).
pub(super) fn forget_gesture_targets() {
    TARGETS.with_borrow_mut(Vec::clear);
}

/// `rect` (egui's points) opens the picker: kept in the canvas's CSS pixels.
pub(super) fn gesture_target(ctx: &bevy_egui::egui::Context, rect: bevy_egui::egui::Rect) {
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let css = f64::from(ctx.pixels_per_point()) / ratio;
    let at = |v: f32| f64::from(v) * css;
    let target = [
        at(rect.left()),
        at(rect.top()),
        at(rect.right()),
        at(rect.bottom()),
    ];
    TARGETS.with_borrow_mut(|t| t.push(target));
}

/// Listens to the player's presses on the game's canvas: a press released on a button that
/// opens the picker opens it there and then, within the gesture.
pub(super) fn listen_for_presses() {
    let Some(canvas) = document().ok().and_then(|d| d.get_element_by_id("gamut")) else {
        warn!("no canvas #gamut: the file picker opens a frame after the press");
        return;
    };
    let down = Closure::<dyn FnMut(web_sys::PointerEvent)>::new(|event: web_sys::PointerEvent| {
        PRESSED_ON_TARGET.set(on_target(&event));
    });
    let up = Closure::<dyn FnMut(web_sys::PointerEvent)>::new(|event: web_sys::PointerEvent| {
        if PRESSED_ON_TARGET.take() && on_target(&event) {
            open_now();
            OPENED_AT.set(Some(now()));
            info!("the file picker opened from the player's press");
        }
    });
    for (kind, handler) in [("pointerdown", &down), ("pointerup", &up)] {
        if let Err(e) =
            canvas.add_event_listener_with_callback(kind, handler.as_ref().unchecked_ref())
        {
            warn!("the canvas's {kind} cannot be heard: {e:?}");
        }
    }
    // Heard as long as the page lives.
    down.forget();
    up.forget();
}

/// Whether `event` falls on a button that opens the picker, as last drawn.
fn on_target(event: &web_sys::MouseEvent) -> bool {
    let Some(canvas) = event
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    let frame = canvas.get_bounding_client_rect();
    let x = f64::from(event.client_x()) - frame.left();
    let y = f64::from(event.client_y()) - frame.top();
    TARGETS.with_borrow(|targets| {
        targets
            .iter()
            .any(|[l, t, r, b]| (*l..=*r).contains(&x) && (*t..=*b).contains(&y))
    })
}

/// The page's clock (ms).
fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Whether the browser would still take the player's last press as the reason for a picker
/// (`navigator.userActivation.isActive`; a browser without it is given the benefit).
fn player_just_acted() -> bool {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    let activation = js_sys::Reflect::get(&navigator, &"userActivation".into())
        .ok()
        .filter(|a| a.is_object());
    activation.is_none_or(|a| {
        js_sys::Reflect::get(&a, &"isActive".into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(true)
    })
}
