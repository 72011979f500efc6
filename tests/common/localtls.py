# What the test servers that speak HTTPS to the exec engine share: a CA of the test's own, a
# certificate for "localhost" and 127.0.0.1 signed by it (ca.pem, cert.pem, key.pem written to
# the folder given), and an HTTPS and a plain HTTP server of one handler on 127.0.0.1, which
# print "PORTS <https> <http>" once both listen.
import datetime, http.server, ipaddress, ssl, threading
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def _name(n):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, n)])


def write_certificates(d, ca_name):
    now = datetime.datetime.utcnow()
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (x509.CertificateBuilder().subject_name(_name(ca_name)).issuer_name(_name(ca_name))
          .public_key(ca_key.public_key()).serial_number(1).not_valid_before(now - datetime.timedelta(days=1))
          .not_valid_after(now + datetime.timedelta(days=2)).add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(_name("localhost")).issuer_name(ca.subject).public_key(key.public_key())
            .serial_number(2).not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=2))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .sign(ca_key, hashes.SHA256()))
    open(d + "/ca.pem", "wb").write(ca.public_bytes(serialization.Encoding.PEM))
    open(d + "/cert.pem", "wb").write(cert.public_bytes(serialization.Encoding.PEM))
    open(d + "/key.pem", "wb").write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))


def serve_both(d, handler):
    tls = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(d + "/cert.pem", d + "/key.pem")
    tls.socket = context.wrap_socket(tls.socket, server_side=True)
    plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=plain.serve_forever, daemon=True).start()
    print("PORTS", tls.server_address[1], plain.server_address[1], flush=True)
    tls.serve_forever()
