"""The README's nginx lines, as a card room pastes them (Debian's nginx with the ngx_brotli static module,
which the Makefile installs), serving the published site: the compressed files the build wrote sent with
their encoding, the worker and its lists asked for afresh, the runtime kept for good, and each language's
404 page."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT

BROTLI = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")


def _lines() -> str:
    """The nginx lines of the README's *Deploying the site*."""
    return re.search(r"```nginx\n(gzip_static.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S).group(1)


@pytest.fixture(scope="module")
def nginx(built_site, tmp_path_factory):
    """nginx serving the published site with the README's lines, on a free port of localhost."""
    assert shutil.which("nginx") and BROTLI.is_file(), "nginx and its brotli module: run `make debian`"
    folder = tmp_path_factory.mktemp("nginx")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    temp = " ".join(f"{kind}_temp_path {folder};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (folder / "nginx.conf").write_text(
        f"load_module {BROTLI};\ndaemon off;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        f"events {{}}\nhttp {{\n  access_log off; {temp}\n  server {{\n    listen 127.0.0.1:{port};\n"
        f"    root {built_site.resolve()};\n{_lines()}\n  }}\n}}\n", encoding="utf-8")
    server = subprocess.Popen(["nginx", "-c", str(folder / "nginx.conf")], stderr=subprocess.PIPE)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    server.terminate()
    server.wait()


def _get(url: str, accept: str = "gzip, br") -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, {key.lower(): value for key, value in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {key.lower(): value for key, value in error.headers.items()}, error.read()


def test_the_compressed_files_are_sent_with_their_encoding(nginx, built_site):
    for path, kind in (("club/en/rake.html", "text/html"), ("casino/hr/_static/rule_index.js", "text/javascript"),
                       (next(str(p.relative_to(built_site)) for p in built_site.glob("_runtime/*/pyodide.asm.wasm")),
                        "application/wasm")):
        for accept, encoding, suffix in (("gzip, br", "br", ".br"), ("gzip", "gzip", ".gz")):
            status, headers, body = _get(nginx + path, accept)
            assert (status, headers.get("content-encoding"), headers["content-type"]) == (200, encoding, kind), path
            assert body == (built_site / (path + suffix)).read_bytes()
        status, headers, body = _get(nginx + path, "identity")
        assert "content-encoding" not in headers and body == (built_site / path).read_bytes()


def test_the_worker_is_asked_afresh_and_the_runtime_kept_for_good(nginx, built_site):
    for path in ("sw.js", "offline.json", "club/offline.json", "club/fr/offline.json"):
        assert _get(nginx + path)[1].get("cache-control") == "no-cache", path
    snapshot = next(str(p.relative_to(built_site)) for p in built_site.glob("_runtime/*/snapshot.bin"))
    status, headers, _ = _get(nginx + snapshot)
    assert status == 200 and "immutable" in headers.get("cache-control", "")


def test_a_missing_page_gets_its_languages_404_page(nginx, built_site):
    status, headers, body = _get(nginx + "casino/fr/no-such-page.html", "identity")
    assert status == 404 and body == (built_site / "casino" / "fr" / "404.html").read_bytes()
    status, _, body = _get(nginx + "no-such-house/", "identity")
    assert status == 404 and body == (built_site / "404.html").read_bytes()
