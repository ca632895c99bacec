"""Retry rules (SPEC section 7) against a scripted HTTP server; error kinds for timeouts and network failures."""
import json
import threading
import time
import unittest
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from campus_data import CampusApiError, CampusClient, CampusNetworkError, CampusTimeoutError, parse_retry_after
from campus_data.retry import retry_delay

CODES = {400: "invalid_query", 429: "rate_limited", 500: "internal_error", 502: "bad_gateway",
         503: "unavailable", 504: "gateway_timeout"}


class Scripted:
    """Answers the n-th request with script[n] (the last step repeats). A step is a status, a (status,
    headers) pair, "reset" (drop the connection) or ("hang", seconds)."""

    def __init__(self, script):
        self.script = script
        self.arrivals = []
        self.requests = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def handle_one(self):
                outer.arrivals.append(time.monotonic())
                outer.requests.append("%s %s" % (self.command, self.path))
                n = int(self.headers.get("Content-Length") or 0)
                if n:
                    self.rfile.read(n)
                step = outer.script[min(len(outer.requests), len(outer.script)) - 1]
                if step == "reset":
                    self.close_connection = True
                    self.connection.close()
                    return
                if isinstance(step, tuple) and step[0] == "hang":
                    time.sleep(step[1])
                    step = 200
                status, headers = step if isinstance(step, tuple) else (step, {})
                if status < 300:
                    body = {"data": {"ok": True}, "meta": {"apiVersion": "v1", "requestId": "scripted"}}
                else:
                    body = {"error": {"code": CODES.get(status, "status_%d" % status), "message": "scripted"},
                            "meta": {"apiVersion": "v1", "requestId": "scripted-%d" % status}}
                data = json.dumps(body).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for k, v in headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:
                    pass

            do_GET = do_POST = handle_one

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Retries(unittest.TestCase):
    def run_script(self, script, **opts):
        srv = Scripted(script)
        self.addCleanup(srv.close)
        client = CampusClient(srv.url, **dict({"retry_base": 0.02}, **opts))
        try:
            return client.campus("x"), None, srv
        except Exception as err:  # noqa: BLE001 - the test inspects it
            return None, err, srv

    def test_429_retry_after_1_then_200_waits_at_least_1s(self):
        value, err, srv = self.run_script([(429, {"Retry-After": "1"}), 200])
        self.assertIsNone(err)
        self.assertEqual(value, {"ok": True})
        self.assertEqual(len(srv.requests), 2)
        self.assertGreaterEqual(srv.arrivals[1] - srv.arrivals[0], 1.0)

    def test_503_twice_then_200(self):
        value, err, srv = self.run_script([503, 503, 200])
        self.assertIsNone(err)
        self.assertEqual(len(srv.requests), 3)

    def test_400_sent_once_never_retried(self):
        _, err, srv = self.run_script([400, 200])
        self.assertEqual(len(srv.requests), 1)
        self.assertIsInstance(err, CampusApiError)
        self.assertEqual((err.status, err.code, err.request_id), (400, "invalid_query", "scripted-400"))

    def test_other_statuses_not_retried(self):
        for status in (404, 405, 409, 413, 415, 500):
            _, err, srv = self.run_script([status, 200])
            self.assertEqual((len(srv.requests), err.status), (1, status))

    def test_exhausted_raises_the_last_error(self):
        _, err, srv = self.run_script([503, 504, 502, 200])
        self.assertEqual(len(srv.requests), 3)
        self.assertEqual((err.status, err.code), (502, "bad_gateway"))
        _, err, srv = self.run_script([429, 200], retries=0)
        self.assertEqual((len(srv.requests), err.code), (1, "rate_limited"))

    def test_retry_after_exposed_and_capped(self):
        _, err, _ = self.run_script([(429, {"Retry-After": "7"})], retries=0)
        self.assertEqual(err.retry_after, 7.0)
        value, err, srv = self.run_script([(503, {"Retry-After": "3600"}), 200], max_retry_delay=0.05)
        self.assertIsNone(err)
        self.assertEqual(len(srv.requests), 2)

    def test_connection_reset_is_a_network_error_and_retried(self):
        value, err, srv = self.run_script(["reset", 200])
        self.assertIsNone(err)
        self.assertEqual(len(srv.requests), 2)
        _, err, srv = self.run_script(["reset"], retries=1)
        self.assertIsInstance(err, CampusNetworkError)
        self.assertEqual(len(srv.requests), 2)

    def test_unreachable_server_is_a_network_error(self):
        srv = Scripted([200])
        url = srv.url
        srv.close()
        with self.assertRaises(CampusNetworkError):
            CampusClient(url, retries=1, retry_base=0.01).info()

    def test_timeout_is_its_own_error_kind_and_retried(self):
        _, err, srv = self.run_script([("hang", 1.0)], retries=1, timeout=0.15)
        self.assertIsInstance(err, CampusTimeoutError)
        self.assertNotIsInstance(err, CampusNetworkError)
        self.assertEqual(len(srv.requests), 2)
        value, err, srv = self.run_script([("hang", 1.0), 200], timeout=0.15)
        self.assertIsNone(err)
        self.assertEqual(len(srv.requests), 2)

    def test_posts_are_retried_like_gets(self):
        srv = Scripted([503, 200])
        self.addCleanup(srv.close)
        self.assertEqual(CampusClient(srv.url, retry_base=0.01).route({"from": "A", "to": "B"}), {"ok": True})
        self.assertEqual(srv.requests, ["POST /v1/routes", "POST /v1/routes"])


class Delays(unittest.TestCase):
    def test_parse_retry_after(self):
        now = 1767225600.0  # 2026-01-01T00:00:00Z
        self.assertEqual(parse_retry_after("120", now), 120.0)
        self.assertEqual(parse_retry_after(formatdate(now + 30, usegmt=True), now), 30.0)
        self.assertEqual(parse_retry_after(formatdate(now - 3600, usegmt=True), now), 0.0)
        self.assertIsNone(parse_retry_after("soon", now))
        self.assertIsNone(parse_retry_after(None, now))

    def test_retry_delay(self):
        def e(status, after):
            return CampusApiError(status, "x", "x", None, None, after)
        self.assertEqual(retry_delay(e(429, 2.0), 0, 0.5, 30.0), 2.0)
        self.assertEqual(retry_delay(e(503, 90.0), 0, 0.5, 30.0), 30.0)
        self.assertEqual(retry_delay(e(502, 2.0), 0, 0.5, 30.0, rand=lambda: 0.5), 0.25)
        self.assertEqual(retry_delay(e(504, None), 20, 0.5, 30.0, rand=lambda: 1.0), 30.0)
        self.assertEqual(retry_delay(CampusTimeoutError(1.0), 2, 0.5, 30.0, rand=lambda: 0.0), 0.0)


if __name__ == "__main__":
    unittest.main()
