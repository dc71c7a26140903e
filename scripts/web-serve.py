#!/usr/bin/env python3
"""Serves the built page (dist/web) as a static host would: the right types (application/wasm
for the program, which browsers need to compile it while it downloads), and each file's brotli
or gzip copy when the browser accepts it (browsers ask for brotli over HTTPS only). Usage: web-serve.py FOLDER PORT [HOST]."""

import http.server
import os
import sys

TYPES = {
    ".wasm": "application/wasm",
    ".js": "text/javascript",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        kind = TYPES.get(os.path.splitext(path)[1])
        accepted = self.headers.get("Accept-Encoding", "")
        encoding = next(
            (
                (name, path + ext)
                for name, ext in (("br", ".br"), ("gzip", ".gz"))
                if name in accepted and os.path.isfile(path + ext)
            ),
            None,
        )
        if kind and encoding:
            body = open(encoding[1], "rb")
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Encoding", encoding[0])
            self.send_header("Content-Length", str(os.fstat(body.fileno()).st_size))
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return body
        return super().send_head()

    def guess_type(self, path):
        return TYPES.get(os.path.splitext(path)[1]) or super().guess_type(path)

    def end_headers(self):
        if not self._headers_buffer or b"Cache-Control" not in b"".join(self._headers_buffer):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

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
