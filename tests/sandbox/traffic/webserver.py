# The traffic test's web server (tst_dockertraffic): plain HTTP on 8080. GET /n answers
# "answer N" with N counting up (the same URL answers differently each time), POST /echo answers
# with the body it got, GET /h with the Authorization header it got.
import http.server

count = 0


class Handler(http.server.BaseHTTPRequestHandler):
    def reply(self, body):
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Set-Cookie", "session=server-cookie-4242")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        global count
        if self.path == "/n":
            count += 1
            return self.reply("answer %d\n" % count)
        if self.path == "/h":
            return self.reply("auth=%s\n" % self.headers.get("Authorization", ""))
        self.send_error(404)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.reply("posted: %s\n" % body.decode())

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer(("0.0.0.0", 8080), Handler).serve_forever()
