#!/usr/bin/env python3
"""Writes an audit log of N lines in Sandbench's format (what AuditEvent::toJsonLine writes).

Kinds cycle read, write, net, env, run; every third decision is a deny; resources are distinct
(file-<n>), so a text search for one number finds a handful of lines.
"""
import sys
from datetime import datetime, timedelta, timezone

def main():
    path, count = sys.argv[1], int(sys.argv[2])
    kinds = ["read", "write", "net", "env", "run"]
    actions = {"read": "read", "write": "write", "net": "connect", "env": "get", "run": "spawn"}
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    with open(path, "w") as out:
        for seq in range(1, count + 1):
            kind = kinds[seq % 5]
            allowed = seq % 3 != 0
            if kind == "net":
                resource = f"host-{seq}.example.com:443"
            elif kind == "env":
                resource = f"VAR_{seq}"
            elif kind == "run":
                resource = f"tool-{seq}"
            else:
                resource = f"/data/project/file-{seq}.txt"
            when = (start + timedelta(milliseconds=seq)).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
            rule = f"allow_{kind}[0]" if allowed else "sandbox"
            line = (f'{{"seq":{seq},"time":"{when}","kind":"{kind}","action":"{actions[kind]}",'
                    f'"resource":"{resource}","decision":"{"allow" if allowed else "deny"}","rule":"{rule}"')
            if not allowed:
                line += f',"reason":"permission denied: {kind} access to \\"{resource}\\" is not allowed"'
            line += ',"pid":4242}\n'
            out.write(line)

if __name__ == "__main__":
    main()
