"""Issue 48.6: the dev server closes a connection whose request does not arrive in time (one
that sends nothing, or sends a request a byte at a time), holds at most so many connections
at once, turning more away with a 503, and answers new requests while idle ones are open (an
attack had held 1,000 idle connections, each a thread for good)."""
from __future__ import annotations

import contextlib
import select
import socket
import threading
import time
import urllib.request

from generator.commands import serve

GENEROUS = 30.0  # seconds a test waits for what the server should do at once or after its timeout


@contextlib.contextmanager
def served(folder, **options):
    (folder / "index.html").write_text("<!doctype html><title>Here</title><body>Here</body>", encoding="utf-8")
    server = serve.make_server(folder, 0, serve.Reloader(), **options)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def closed_by_server(connection: socket.socket) -> bool:
    """Whether the server closes the connection (an end of file, or a reset) before GENEROUS
    seconds pass, reading whatever it sends meanwhile."""
    connection.settimeout(GENEROUS)
    try:
        while connection.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def page(port: int) -> int:
    return urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=GENEROUS).status


def test_a_connection_that_sends_nothing_is_closed_after_the_idle_timeout(tmp_path):
    with served(tmp_path, timeout=0.5) as port:
        with socket.create_connection(("127.0.0.1", port)) as idle:
            assert closed_by_server(idle)
        assert page(port) == 200


def test_a_request_sent_a_byte_at_a_time_is_closed_though_each_byte_comes_within_the_timeout(tmp_path):
    """A socket timeout alone is per read: this client would hold the connection for ever."""
    with served(tmp_path, timeout=0.5) as port:
        with socket.create_connection(("127.0.0.1", port)) as slow:
            request = b"GET / HTTP/1.1\r\nHost: here\r\n" + b"X-Never-Ending: " + b"a" * 10_000
            closed = False
            for byte in request[:int(GENEROUS / 0.1)]:
                try:
                    slow.send(bytes([byte]))
                except (BrokenPipeError, ConnectionResetError):
                    closed = True
                    break
                if select.select([slow], [], [], 0.1)[0]:  # the server has written or closed
                    closed = closed_by_server(slow)
                    break
            assert closed


def test_the_server_answers_new_requests_while_many_idle_connections_are_open(tmp_path):
    with served(tmp_path, timeout=GENEROUS * 2) as port:  # none of them times out meanwhile
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(100)]
        try:
            assert [page(port) for _ in range(5)] == [200] * 5
        finally:
            for connection in idle:
                connection.close()


def test_past_its_connection_bound_the_server_answers_503_and_serves_again_once_connections_close(tmp_path):
    with served(tmp_path, timeout=GENEROUS * 2, max_connections=4) as port:
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(4)]
        with socket.create_connection(("127.0.0.1", port)) as extra:
            extra.settimeout(GENEROUS)
            answer = b""
            while chunk := extra.recv(4096):
                answer += chunk
        assert answer.startswith(b"HTTP/1.0 503 Service Unavailable\r\n")
        for connection in idle:
            connection.close()
        deadline = time.monotonic() + GENEROUS  # until the handlers have seen their connections close
        while True:
            try:
                assert page(port) == 200
                break
            except OSError:  # a 503 (HTTPError), or a refusal the server sent as it closed
                assert time.monotonic() < deadline, "the server never served again"
                time.sleep(0.1)
