"""``vint-replay serve`` and ``demo`` as a person starts them: the address is taken before
anything is printed or started, a taken port or a folder that is not a store is a one-line
error, IPv6 loopback works, and an oversized body is refused from its Content-Length."""
from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from vint_replay import cli
from vint_replay.store import Store

ROOT = Path(__file__).resolve().parent.parent
WORKED = ROOT / "tests" / "data" / "worked_example.json"
SAMPLE_FILES = sorted((ROOT / "sample_data").glob("arbat-*.json"))


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


@pytest.fixture
def store_path(tmp_path: Path) -> str:
    path = tmp_path / "store"
    assert Store(path).import_paths([str(WORKED)], workers=1).imported
    return str(path)


@contextmanager
def serving(store: str, host: str = "127.0.0.1") -> Iterator[int]:
    """``vint-replay serve`` in a child process; yields its port once it says it listens."""
    port = free_port(host)
    child = subprocess.Popen([sys.executable, "-c", "from vint_replay.cli import main; main()", "serve",
                              "--store", store, "--host", host, "--port", str(port)],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert f"dashboard on http://{f'[{host}]' if ':' in host else host}:{port}/ " in line, line
        yield port
    finally:
        child.terminate()
        child.wait(10)


def test_serve_on_a_taken_port_is_one_line_and_prints_no_address(runner, store_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(cli.main, ["serve", "--store", store_path, "--port", str(port)])
    assert result.exit_code == 1
    assert result.output == f"Error: cannot listen on 127.0.0.1:{port}: the port is in use (another dashboard?); " \
                            "choose another with --port\n"
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_demo_on_a_taken_port_imports_and_analyses_nothing(runner, tmp_path, monkeypatch):
    from dashboards.background import BackgroundAnalysis

    started: list[object] = []
    monkeypatch.setattr(BackgroundAnalysis, "request", lambda self: started.append(self) or True)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(cli.main, ["demo", "--store", str(tmp_path / "s"), "--port", str(port)])
    assert result.exit_code == 1 and "port is in use" in result.output
    assert "dashboard on" not in result.output and "Traceback" not in result.output
    assert started == [] and not (tmp_path / "s").exists()


def test_demo_binds_imports_announces_then_analyses(runner, tmp_path, monkeypatch):
    from dashboards.background import BackgroundAnalysis

    events: list[str] = []

    def listen(store, host, port, debug, on_import=None):
        events.append(f"listen {host}:{port} debug={debug} uploads analysed={on_import is not None}")
        return lambda: events.append("run")

    monkeypatch.setattr(cli, "_listen", listen)
    monkeypatch.setattr(BackgroundAnalysis, "request", lambda self: events.append("analyse") or True)
    monkeypatch.setattr(BackgroundAnalysis, "stop", lambda self: events.append("stop"))
    result = runner.invoke(cli.main, ["demo", "--store", str(tmp_path / "s"), "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert events == ["listen 127.0.0.1:8123 debug=False uploads analysed=True", "analyse", "run", "stop"]
    assert f"vint-replay dashboard on http://127.0.0.1:8123/ (store {tmp_path / 's'})" in result.output
    assert set(Store(tmp_path / "s").session_ids()) >= {p.stem for p in SAMPLE_FILES}


def test_serve_refuses_a_folder_that_is_not_a_store(runner, tmp_path):
    (tmp_path / "photos").mkdir()
    for folder in (tmp_path / "photos", tmp_path / "missing"):
        result = runner.invoke(cli.main, ["serve", "--store", str(folder)])
        assert result.exit_code == 1
        assert result.output.startswith(f"Error: {folder} is not a vint store")
        listed = runner.invoke(cli.main, ["sessions", "--store", str(folder)])
        assert (listed.exit_code, listed.output) == (result.exit_code, result.output)


def test_serve_refuses_debug_off_loopback(runner, store_path):
    bad = runner.invoke(cli.main, ["serve", "--store", store_path, "--host", "0.0.0.0", "--debug"])
    assert bad.exit_code == 2 and "--debug" in bad.output


@pytest.mark.slow
def test_serve_answers_on_ipv6_loopback(store_path):
    try:
        free_port("::1")
    except OSError:
        pytest.skip("no IPv6 loopback here")
    with serving(store_path, "::1") as port:
        with urllib.request.urlopen(f"http://[::1]:{port}/", timeout=10) as page:
            assert page.status == 200 and b"vint-replay" in page.read()


def _exchange(port: int, head: bytes, body: bytes = b"") -> bytes:
    """Send a request's head (and some body), then read what the server answers."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(head + body)
        started = time.monotonic()
        answer = b""
        while time.monotonic() - started < 10:
            try:
                chunk = conn.recv(65536)
            except (ConnectionResetError, TimeoutError):
                break
            if not chunk:
                break
            answer += chunk
        return answer


@pytest.mark.slow
def test_serve_refuses_an_oversized_body_before_reading_it(store_path):
    with serving(store_path) as port:
        declared = (b"POST /_dash-update-component HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    b"Content-Type: application/json\r\nContent-Length: 500000000\r\n\r\n")
        answer = _exchange(port, declared, b"{")  # 500 MB announced, one byte sent
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert b"exceeds max_body" in answer
        chunked = (b"POST /_dash-update-component HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"100000\r\n" + b" " * 0x100000 + b"\r\n"  # 1 MiB chunks, the cap is under 3
        answer = _exchange(port, chunked, chunk * 4)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]


def test_half_open_connections_neither_block_requests_nor_stay_open(store_path):
    """150 connections that send half a request and wait: a whole request is still answered,
    and the server closes an idle connection itself (cli.IDLE_LIMITS: after 10 s, not 120)."""
    with serving(store_path) as port:
        idle = []
        try:
            for _ in range(150):
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the headers never end
                idle.append(s)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_dash-layout", timeout=8) as answer:
                assert answer.status == 200
            idle[0].settimeout(cli.IDLE_LIMITS["channel_timeout"] * 3)
            assert idle[0].recv(1024) == b""  # closed by the server (a timeout here raises)
        finally:
            for s in idle:
                s.close()
