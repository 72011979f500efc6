# The bench's CONNECT client (bench/net/run): N downloads of /big from web.bench:8080, directly
# or through the proxy's CONNECT tunnel, the path every HTTPS connection of a sandbox takes
# (here without TLS, so that only the tunnel is measured). Prints "tunnel MICROSECONDS BYTES",
# the mean per download, connection set-up included.
import socket
import sys
import time


def download(host, port, proxy):
    if proxy:
        s = socket.create_connection((proxy, 3128))
        s.sendall(f"CONNECT {host}:{port} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(4096)
            if not chunk:
                sys.exit("the proxy closed the tunnel")
            head += chunk
        if b" 200 " not in head.split(b"\r\n")[0]:
            sys.exit("the proxy refused the tunnel: " + head.split(b"\r\n")[0].decode(errors="replace"))
    else:
        s = socket.create_connection((host, port))
    s.sendall(b"GET /big HTTP/1.0\r\nHost: web.bench\r\n\r\n")
    size = 0
    while chunk := s.recv(262144):
        size += len(chunk)
    s.close()
    return size


def main():
    host, proxy, count = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else ""), 50
    start = time.perf_counter()
    sizes = {download(host, 8080, proxy) for _ in range(count)}
    elapsed = time.perf_counter() - start
    if len(sizes) != 1 or min(sizes) < 1048576:
        sys.exit(f"short downloads: {sorted(sizes)}")
    print(f"tunnel {int(elapsed / count * 1e6)} {sizes.pop()}")


main()
