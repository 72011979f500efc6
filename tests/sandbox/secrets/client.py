# Inside the sandbox (tst_dockersecrets): the same headers to the three names of the test's
# server through the proxy in $https_proxy, $API_KEY and $OTHER_KEY in them. secret.test with the default trust
# (SSL_CERT_FILE, the bundle Sandbench installed), as third.test (OTHER_KEY's host); other.test trusting the server's own CA
# alone, so that a bumped connection would fail there. Prints each answer and its issuer.
import http.client
import os
import ssl

proxy_host, proxy_port = os.environ["https_proxy"][len("http://"):].rsplit(":", 1)
key = os.environ["API_KEY"]
other_key = os.environ["OTHER_KEY"]


def fetch(host, context):
    c = http.client.HTTPSConnection(proxy_host, int(proxy_port), context=context, timeout=30)
    c.set_tunnel(host, 8443)
    try:
        c.request("GET", "/", headers={"Authorization": "Bearer " + key, "X-Api-Key": key, "X-Other-Key": other_key})
        r = c.getresponse()
        body = r.read().decode()
        issuer = dict(x[0] for x in c.sock.getpeercert()["issuer"])["commonName"]
        print("%s status=%d issuer=%s" % (host, r.status, issuer))
        print(body)
    except Exception as e:
        print("%s error=%s" % (host, e))


fetch("secret.test", ssl.create_default_context())
fetch("other.test", ssl.create_default_context(cadata=os.environ["TEST_CA"]))
fetch("third.test", ssl.create_default_context())
