# The HTTPS and plain HTTP servers of tst_exectraffic: a CA of the test's own, a certificate for
# "localhost" signed by it, and servers that answer GET with the path and the SHA-256 of the
# Authorization header, and POST with the SHA-256 and size of the body. Every request is
# appended to <dir>/requests.log (so a test sees whether a replay reached them). Prints
# "PORTS <https> <http>" once both listen.
import datetime, hashlib, http.server, ipaddress, json, ssl, sys, threading
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
d = sys.argv[1]
now = datetime.datetime.utcnow()
def name(n): return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, n)])
ca_key = ec.generate_private_key(ec.SECP256R1())
ca = (x509.CertificateBuilder().subject_name(name("sandbench traffic test CA")).issuer_name(name("sandbench traffic test CA"))
      .public_key(ca_key.public_key()).serial_number(1).not_valid_before(now - datetime.timedelta(days=1))
      .not_valid_after(now + datetime.timedelta(days=2)).add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
      .sign(ca_key, hashes.SHA256()))
key = ec.generate_private_key(ec.SECP256R1())
cert = (x509.CertificateBuilder().subject_name(name("localhost")).issuer_name(ca.subject).public_key(key.public_key())
        .serial_number(2).not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .sign(ca_key, hashes.SHA256()))
open(d + "/ca.pem", "wb").write(ca.public_bytes(serialization.Encoding.PEM))
open(d + "/cert.pem", "wb").write(cert.public_bytes(serialization.Encoding.PEM))
open(d + "/key.pem", "wb").write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
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
        auth = self.headers.get("Authorization")
        self.answer({"path": self.path, "auth": hashlib.sha256(auth.encode()).hexdigest() if auth else None})
    def do_POST(self):
        data = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.answer({"path": self.path, "sha256": hashlib.sha256(data).hexdigest(), "size": len(data)})
    def log_message(self, *a): pass
tls = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(d + "/cert.pem", d + "/key.pem")
tls.socket = context.wrap_socket(tls.socket, server_side=True)
plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=plain.serve_forever, daemon=True).start()
print("PORTS", tls.server_address[1], plain.server_address[1], flush=True)
tls.serve_forever()
