# The HTTPS and plain HTTP servers of tst_exectraffic: a CA of the test's own, a certificate for
# "localhost" signed by it, and servers that answer GET with the path and the SHA-256 of the
# Authorization header (GET /bytes/N: N bytes), and POST with the SHA-256 and size of the body.
# Every request is appended to <dir>/requests.log (so a test sees whether a replay reached them).
# Prints "PORTS <https> <http>" once both listen.
import hashlib, http.server, json, os, sys, threading
# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import localtls

d = sys.argv[1]
localtls.write_certificates(d, "sandbench traffic test CA")
lock = threading.Lock()
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def answer(self, record):
        with lock, open(d + "/requests.log", "a") as log:
            log.write("%s %s\n" % (self.command, self.path))
        body = json.dumps(record).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def do_GET(self):
        # /bytes/N?...: N bytes (at most 8 MiB) that differ from one request to the next only by
        # their query, for recordings larger than a sandbox's replay takes.
        if self.path.startswith("/bytes/"):
            n = min(int(self.path[len("/bytes/"):].split("?")[0]), 8 << 20)
            seed = hashlib.sha256(self.path.encode()).digest()
            body = (seed * (n // len(seed) + 1))[:n]
            with lock, open(d + "/requests.log", "a") as log:
                log.write("%s %s\n" % (self.command, self.path))
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        auth = self.headers.get("Authorization")
        self.answer({"path": self.path, "auth": hashlib.sha256(auth.encode()).hexdigest() if auth else None})
    def do_POST(self):
        data = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.answer({"path": self.path, "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)})
    def log_message(self, *a): pass
localtls.serve_both(d, Handler)
