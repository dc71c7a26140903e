//! The page's files as `gamut-server --web` serves them, with the headers that let a browser
//! keep them: each file's Last-Modified and a 304 when it has not changed since; the files
//! named by their content's hash (scripts/web.sh) kept a year without asking again; the others
//! (`index.html`, the service worker, the manifest) asked again at each use.

mod common;

use common::{HttpAnswer, http_get, http_get_with, start_serving};
use gamut_server::ws::{CACHE_HASHED, CACHE_REVALIDATED};

const GLUE: &str = "/gamut-0123456789abcdef.js";
const WASM: &str = "/gamut_bg-fedcba9876543210.wasm";

/// A built page's files, as scripts/web.sh names them (the program's gzip twin too).
fn page(dir: &std::path::Path) -> std::path::PathBuf {
    let web = dir.join("web");
    std::fs::create_dir(&web).unwrap();
    for (name, text) in [
        ("index.html", "<title>Gamut</title>"),
        ("sw.js", "// the service worker"),
        ("manifest.webmanifest", "{\"name\": \"Gamut\"}"),
        ("worker.js", "// the engine's worker"),
        (&GLUE[1..], "// the glue"),
        (&WASM[1..], "asm plain"),
        (&format!("{}.gz", &WASM[1..]), "gzipped"),
    ] {
        std::fs::write(web.join(name), text).unwrap();
    }
    web
}

/// `path` answered 200 with `cache` and a Last-Modified; asked again with that date, 304 with
/// the same `cache` and no body.
async fn kept_then_revalidated(address: &str, path: &str, cache: &str) -> HttpAnswer {
    let first = http_get(address, path).await;
    assert_eq!(first.status, 200, "{path}: {first:?}");
    assert_eq!(
        first.header("cache-control"),
        Some(cache),
        "{path}: {first:?}"
    );
    assert_eq!(first.header("vary"), Some("accept-encoding"), "{path}");
    let modified = first
        .header("last-modified")
        .unwrap_or_else(|| panic!("{path}: no Last-Modified: {first:?}"));
    let again = http_get_with(address, path, &[("If-Modified-Since", modified)]).await;
    assert_eq!(again.status, 304, "{path}: {again:?}");
    assert_eq!(again.header("cache-control"), Some(cache), "{path}");
    assert!(
        again.body.is_empty(),
        "{path}: a body with a 304: {again:?}"
    );
    first
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_kept_by_the_browser_and_asked_again_only_where_it_may_change() {
    let dir = tempfile::tempdir().unwrap();
    let web = page(dir.path());
    let (address, _server) = start_serving(&dir.path().join("tables.sqlite"), Some(web)).await;

    // The page, its service worker and its manifest: revalidated at each use.
    let index = kept_then_revalidated(&address, "/", CACHE_REVALIDATED).await;
    assert_eq!(index.body, "<title>Gamut</title>");
    kept_then_revalidated(&address, "/index.html", CACHE_REVALIDATED).await;
    kept_then_revalidated(&address, "/sw.js", CACHE_REVALIDATED).await;
    kept_then_revalidated(&address, "/worker.js", CACHE_REVALIDATED).await;
    let manifest =
        kept_then_revalidated(&address, "/manifest.webmanifest", CACHE_REVALIDATED).await;
    assert_eq!(
        manifest.header("content-type"),
        Some("application/manifest+json")
    );

    // The files named by their content: kept a year, never asked again (a 304 all the same
    // for a browser that asks).
    let glue = kept_then_revalidated(&address, GLUE, CACHE_HASHED).await;
    assert_eq!(glue.body, "// the glue");
    let wasm = kept_then_revalidated(&address, WASM, CACHE_HASHED).await;
    assert_eq!(wasm.body, "asm plain");

    // The gzip twin for a browser that takes it, kept as long, and revalidated the same way.
    let gzip = [("Accept-Encoding", "gzip")];
    let zipped = http_get_with(&address, WASM, &gzip).await;
    assert_eq!(zipped.status, 200);
    assert_eq!(zipped.header("content-encoding"), Some("gzip"));
    assert_eq!(zipped.header("content-type"), Some("application/wasm"));
    assert_eq!(zipped.header("cache-control"), Some(CACHE_HASHED));
    assert_eq!(zipped.body, "gzipped");
    let modified = zipped.header("last-modified").expect("a Last-Modified");
    let again = http_get_with(&address, WASM, &[gzip[0], ("If-Modified-Since", modified)]).await;
    assert_eq!(again.status, 304, "{again:?}");

    // A changed file is sent again in full.
    let before = http_get(&address, "/index.html").await;
    let old = before.header("last-modified").unwrap().to_string();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    std::fs::write(dir.path().join("web/index.html"), "<title>Gamut 2</title>").unwrap();
    let changed = http_get_with(&address, "/index.html", &[("If-Modified-Since", &old)]).await;
    assert_eq!(
        (changed.status, changed.body.as_str()),
        (200, "<title>Gamut 2</title>")
    );

    // What is not the page's is left as it was: no caching promised for a missing file, the
    // server's own routes untouched.
    let missing = http_get(&address, "/gamut-0000000000000000.js").await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("cache-control"), None);
    let record = http_get(&address, "/tables/K7M2Q/record").await;
    assert_eq!(record.status, 404);
    assert_ne!(record.header("cache-control"), Some(CACHE_HASHED));
    assert_ne!(record.header("cache-control"), Some(CACHE_REVALIDATED));
}
