#include "trafficproxyconfig.h"

namespace Sandbench::TrafficProxyConfig {

namespace {

// Recording reads each request's headers when they arrive, before the secrets' addon swaps a
// placeholder for a value, and its body and the response whole (bounded by stream_large_bodies:
// a larger body is streamed past and recorded as omitted). Replaying answers in `request`, so
// mitmproxy never opens a connection for it, and prints the request (its headers and its
// body's first 4 KiB) for the report's side-by-side view of a divergence.
constexpr char addon[] = R"PY(# Written by Sandbench; see core/net/trafficproxyconfig.h.
import base64
import hashlib
import json
import os
import sys

from mitmproxy import http

DROPPED = {b"content-length", b"transfer-encoding", b"content-encoding"}


def b64(data):
    return base64.b64encode(data or b"").decode("ascii")


def body_of(message):
    if message.raw_content is None:
        return None
    try:
        return message.get_content(strict=True)
    except ValueError:
        return message.raw_content


def emit(prefix, record):
    sys.stdout.write(prefix + json.dumps(record, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class Traffic:
    def __init__(self):
        self.mode = os.environ.get("SB_TRAFFIC_MODE", "off")
        self.answers = {}
        self.asked = {}
        if self.mode == "replay":
            with open(os.environ.get("SB_TRAFFIC_PATH", "/tmp/sb/traffic.json"), "rb") as f:
                for e in json.load(f):
                    self.answers.setdefault((e["method"], e["url"], e["bodySha256"]), []).append(e)

    def requestheaders(self, flow):
        flow.metadata["sb_record"] = True
        flow.metadata["sb_headers"] = [[b64(n), b64(v)] for n, v in flow.request.headers.fields]

    def request(self, flow):
        if self.mode != "replay":
            return
        body = body_of(flow.request) or b""
        key = (flow.request.method, flow.request.pretty_url, hashlib.sha256(body).hexdigest())
        n = self.asked.get(key, 0)
        self.asked[key] = n + 1
        emit("SBREQ ", {"method": key[0], "url": key[1], "bodySha256": key[2], "bodySize": len(body),
                        "headers": flow.metadata.get("sb_headers", []), "bodyHead": b64(body[:4096])})
        answers = self.answers.get(key, [])
        if n < len(answers):
            a = answers[n]
            headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in a["headers"]
                       if k.lower().encode("latin-1") not in DROPPED]
            flow.response = http.Response.make(a["status"], base64.b64decode(a["body"]), headers)
        else:
            text = "sandbench replay: %s %s is not in the recording\n" % (key[0], key[1])
            flow.response = http.Response.make(502, text.encode("utf-8", "replace"),
                                               [(b"content-type", b"text/plain; charset=utf-8")])

    def response(self, flow):
        if self.mode == "record":
            self.record(flow)

    def error(self, flow):
        if self.mode == "record" and flow.response is None:
            self.record(flow)

    def record(self, flow):
        req, resp = flow.request, flow.response
        request_body = body_of(req)
        response_body = body_of(resp) if resp is not None else b""
        response_headers = []
        if resp is not None:
            decoded = response_body is not None and resp.raw_content is not None and response_body is not resp.raw_content
            response_headers = [[b64(n), b64(v)] for n, v in resp.headers.fields
                                if not (decoded and n.lower() == b"content-encoding")]
        end = (resp.timestamp_end if resp is not None and resp.timestamp_end else req.timestamp_end) or req.timestamp_start
        # Squid's own answers (a denial, a request it refused) carry X-Squid-Error.
        denied = resp is not None and b"x-squid-error" in [n.lower() for n, _ in resp.headers.fields]
        emit("SBFLOW ", {
            "method": req.method,
            "url": req.pretty_url,
            "requestHeaders": flow.metadata.get("sb_headers", []),
            "requestBody": b64(request_body),
            "status": resp.status_code if resp is not None else 0,
            "responseHeaders": response_headers,
            "responseBody": b64(response_body),
            "omitted": [name for name, body in (("requestBody", request_body), ("responseBody", response_body)) if body is None],
            "startMs": int(req.timestamp_start * 1000),
            "durationMs": max(0, int((end - req.timestamp_start) * 1000)),
            "allowed": resp is not None and not denied,
        })


addons = [Traffic()]
)PY";

} // namespace

QByteArray addonSource()
{
    return QByteArray(addon);
}

QStringList startEnvironment(TrafficCapture capture, qsizetype replayBytes)
{
    if (capture == TrafficCapture::Off)
        return {};
    QStringList env{QStringLiteral("SB_TRAFFIC_MODE=") + (capture == TrafficCapture::Record ? QStringLiteral("record") : QStringLiteral("replay")),
                    QStringLiteral("SB_TRAFFIC_ADDON=") + QString::fromLatin1(addonSource())};
    if (capture == TrafficCapture::Replay)
        env << QStringLiteral("SB_TRAFFIC_BYTES=%1").arg(replayBytes);
    return env;
}

} // namespace Sandbench::TrafficProxyConfig
