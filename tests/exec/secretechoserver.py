# The HTTPS and plain HTTP echo servers of tst_execsecrets: a CA, a certificate for "localhost"
# and 127.0.0.1 signed by it, and servers that answer every GET with the SHA-256 of the
# request's Authorization and X-Api-Key headers. Prints "PORTS <https> <http>" once both listen.
import hashlib, http.server, json, os, sys
# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import localtls

d = sys.argv[1]
localtls.write_certificates(d, "sandbench test CA")
class Echo(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        # Digests, not the values: the code must not learn a secret from the echo either.
        digest = lambda v: hashlib.sha256(v.encode()).hexdigest() if v is not None else None
        body = json.dumps({"auth": digest(self.headers.get("Authorization")), "key": digest(self.headers.get("X-Api-Key"))}).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a): pass
localtls.serve_both(d, Echo)
