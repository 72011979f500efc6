# Inside the sandbox (tst_dockersecrets): every file the sandbox's user can read, and every
# process's environment and command line, searched for the bytes on stdin (so that they are
# on no command line of the search). Prints each place they are found.
import os
import sys

needle = sys.stdin.buffer.read().strip()
assert needle
for root, dirs, files in os.walk("/"):
    if root == "/":
        dirs[:] = [d for d in dirs if d not in ("proc", "sys", "dev")]
    for f in files:
        path = os.path.join(root, f)
        try:
            if os.path.islink(path) or not os.path.isfile(path) or os.path.getsize(path) > 64 << 20:
                continue
            with open(path, "rb") as fh:
                if needle in fh.read():
                    print("found", path)
        except OSError:
            pass
for pid in os.listdir("/proc"):
    if pid.isdigit():
        for part in ("environ", "cmdline"):
            try:
                with open("/proc/%s/%s" % (pid, part), "rb") as fh:
                    if needle in fh.read():
                        print("found /proc/%s/%s" % (pid, part))
            except OSError:
                pass
print("scanned")
