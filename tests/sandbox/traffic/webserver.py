# The traffic tests' web server (tst_dockertraffic, tst_dockertrafficcli): plain HTTP on
# ADDRESS:PORT (argv; 0.0.0.0:8080 without), its first line "listening PORT". GET /n answers
# "answer N" with N counting up (the same URL answers differently each time), /echo answers with
# the body it got (POST, or GET with a body: busybox wget sends --post-data through a proxy as
# a GET), GET /h with the Authorization header it got, GET /bytes/N with N random bytes.
import http.server
import os
import sys

count = 0


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def reply(self, body):
        data = body if isinstance(body, bytes) else body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Set-Cookie", "session=server-cookie-4242")
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length", "0")))

    def do_GET(self):
        global count
        body = self.body()
        if self.path == "/n":
            count += 1
            return self.reply("answer %d\n" % count)
        if self.path == "/h":
            return self.reply("auth=%s\n" % self.headers.get("Authorization", ""))
        if self.path == "/echo":
            return self.reply("posted: %s\n" % body.decode())
        if self.path.startswith("/bytes/") and self.path[7:].isdigit() and int(self.path[7:]) <= 8 << 20:
            return self.reply(os.urandom(int(self.path[7:])))
        self.send_error(404)

    def do_POST(self):
        self.reply("posted: %s\n" % self.body().decode())

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer((sys.argv[1] if len(sys.argv) > 1 else "0.0.0.0",
                                          int(sys.argv[2]) if len(sys.argv) > 2 else 8080), Handler)
print("listening %d" % server.server_address[1], flush=True)
server.serve_forever()
