# The HTTPS and plain HTTP echo servers of tst_execsecrets: a CA, a certificate for "localhost"
# and 127.0.0.1 signed by it, and servers that answer every GET with the SHA-256 of the
# request's Authorization and X-Api-Key headers. Prints "PORTS <https> <http>" once both listen.
import datetime, hashlib, http.server, json, ssl, sys, threading
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
import ipaddress
d = sys.argv[1]
now = datetime.datetime.utcnow()
def name(n): return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, n)])
ca_key = ec.generate_private_key(ec.SECP256R1())
ca = (x509.CertificateBuilder().subject_name(name("sandbench test CA")).issuer_name(name("sandbench test CA"))
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
tls = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Echo)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(d + "/cert.pem", d + "/key.pem")
tls.socket = context.wrap_socket(tls.socket, server_side=True)
plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Echo)
threading.Thread(target=plain.serve_forever, daemon=True).start()
print("PORTS", tls.server_address[1], plain.server_address[1], flush=True)
tls.serve_forever()
