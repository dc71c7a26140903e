#!/usr/bin/env python3
"""Serves the built page (dist/web) as a static host would, and as `gamut-server --web` does
(crates/server/src/ws.rs): the right types (application/wasm for the program, which browsers
need to compile it while it downloads), each file's brotli or gzip copy when the browser
accepts it (browsers ask for brotli over HTTPS only), and the same caching headers: an ETag
and a Last-Modified with every file, 304 Not Modified when the browser's copy is still the
file; the files named by their content (`gamut_bg-0123456789abcdef.wasm`: scripts/web.sh) kept
a year (`immutable`), the others (index.html, sw.js, the manifest…) revalidated at each use
(`no-cache`). Usage: web-serve.py FOLDER PORT [HOST]."""

import email.utils
import http.server
import os
import re
import sys

TYPES = {
    ".wasm": "application/wasm",
    ".js": "text/javascript",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8",
}
HASHED = re.compile(r"-[0-9a-f]{16}\.[^/]+$")
CACHE_HASHED = "public, max-age=31536000, immutable"
CACHE_REVALIDATED = "no-cache"


class Handler(http.server.SimpleHTTPRequestHandler):
    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            self.send_error(404, "File not found")
            return None
        kind = TYPES.get(os.path.splitext(path)[1]) or self.guess_type(path)
        accepted = self.headers.get("Accept-Encoding", "")
        encoding, chosen = next(
            (
                (name, path + ext)
                for name, ext in (("br", ".br"), ("gzip", ".gz"))
                if name in accepted and os.path.isfile(path + ext)
            ),
            (None, path),
        )
        stat = os.stat(chosen)
        etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        cache = CACHE_HASHED if HASHED.search(self.path.split("?")[0]) else CACHE_REVALIDATED
        if self.unchanged(etag, int(stat.st_mtime)):
            self.send_response(304)
            self.caching(etag, modified, cache)
            self.end_headers()
            return None
        body = open(chosen, "rb")
        self.send_response(200)
        self.send_header("Content-Type", kind)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(stat.st_size))
        self.caching(etag, modified, cache)
        self.end_headers()
        return body

    def unchanged(self, etag, mtime):
        """Whether the browser's copy is still the file: its ETag first, else its date."""
        match = self.headers.get("If-None-Match")
        if match is not None:
            return etag in [tag.strip() for tag in match.split(",")] or match.strip() == "*"
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return mtime <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError):
                return False
        return False

    def caching(self, etag, modified, cache):
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", modified)
        self.send_header("Cache-Control", cache)
        self.send_header("Vary", "Accept-Encoding")

    def log_message(self, format, *args):
        if os.environ.get("WEB_SERVE_QUIET") != "1":
            super().log_message(format, *args)


def main():
    folder, port = sys.argv[1], int(sys.argv[2])
    host = sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1"
    os.chdir(folder)
    server = http.server.ThreadingHTTPServer((host, port), Handler)
    print(f"serving {folder} on http://{host if host != '0.0.0.0' else 'localhost'}:{port}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
