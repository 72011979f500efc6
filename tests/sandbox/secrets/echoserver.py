# The secrets test's web server (tst_dockersecrets): HTTPS on 8443 for secret.test,
# other.test and third.test under a CA of its own (written to /tmp/ca.pem), answering every GET with the
# request's headers, one "H name: value" line each.
import datetime
import http.server
import ssl

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

now = datetime.datetime.utcnow()


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def builder(subject, issuer, public_key):
    return (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(public_key)
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=2)))


ca_key = ec.generate_private_key(ec.SECP256R1())
ca = (builder(name("Sandbench Test CA"), name("Sandbench Test CA"), ca_key.public_key())
      .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
      .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
                                   key_encipherment=False, data_encipherment=False, key_agreement=False,
                                   encipher_only=False, decipher_only=False), critical=True)
      .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
      .sign(ca_key, hashes.SHA256()))
key = ec.generate_private_key(ec.SECP256R1())
cert = (builder(name("secret.test"), ca.subject, key.public_key())
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("secret.test"), x509.DNSName("other.test"),
                                                       x509.DNSName("third.test")]), critical=False)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256()))
with open("/tmp/cert.pem", "wb") as f:
    f.write(cert.public_bytes(serialization.Encoding.PEM))
with open("/tmp/key.pem", "wb") as f:
    f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))


class Echo(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        body = "".join("H %s: %s\n" % (k, v) for k, v in self.headers.items()).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("0.0.0.0", 8443), Echo)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain("/tmp/cert.pem", "/tmp/key.pem")
server.socket = context.wrap_socket(server.socket, server_side=True)
# Last: the test waits for this file, so the server listens once it is there.
with open("/tmp/ca.pem.tmp", "wb") as f:
    f.write(ca.public_bytes(serialization.Encoding.PEM))
import os
os.rename("/tmp/ca.pem.tmp", "/tmp/ca.pem")
server.serve_forever()
