#!/usr/bin/env python3
# deadpipe.py MODE CMD...: run CMD with an endless stream of "y" lines on
# stdin and, as stdout, a pipe whose reader is closed before CMD starts, so
# a writer that is quick cannot finish before the reader goes (no race).
# MODE "ignore" starts CMD with SIGPIPE ignored, "default" with it at its
# default. Exits with CMD's status as a shell shows it (128 + signal).
import os
import signal
import subprocess
import sys

mode, cmd = sys.argv[1], sys.argv[2:]
r, w = os.pipe()
os.close(r)
yes = subprocess.Popen(["/usr/bin/yes"], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)


def pre():
    signal.signal(signal.SIGPIPE,
                  signal.SIG_IGN if mode == "ignore" else signal.SIG_DFL)


p = subprocess.Popen(cmd, stdin=yes.stdout, stdout=w, preexec_fn=pre)
os.close(w)
yes.stdout.close()
rc = p.wait()
yes.kill()
yes.wait()
sys.exit(128 - rc if rc < 0 else rc)
