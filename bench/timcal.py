"""bench/timcal.py: the statistics of bench/tim.sh that need more than awk.

  ratio FILE           median error / st.dev. of the estimates, and its
                       95 % bootstrap interval over the repeats
  rratio FILE          the same over the robust st.dev. of the estimates
                       (1.4826 * MAD): the spread of a typical rerun, which
                       one repeat that fell whole into a slow second of
                       the machine does not set
  cvratio A CA B CB    CV of column CA of A / CV of column CB of B, and its
                       95 % interval (repeats resampled in pairs: row i of
                       A and of B ran in the same minute)
  rcvratio A CA B CB   the same with the robust CV (below)
  sdratio A CA B CB    the same with the st.dev. itself: hyperfine's
                       minimum holds its own cost per run (about 80 us
                       more than tim's on /bin/true here), which makes its
                       CV smaller for the same spread
  rcv FILE COL         the robust CV of column COL, in %: 1.4826 * median
                       absolute deviation / median. One repeat that fell
                       whole into a slow minute of the machine sets the
                       CV of 8-12 repeats; it moves this one little
  iid QB POOL N M R    the same ratio for R tim runs replayed (--read) from
                       samples drawn at random from the timed runs of the
                       JSON export POOL: the error's calibration on this
                       machine's own time distribution with the drift of
                       the machine taken out (the draws are independent)

FILE holds one repeat a line, "estimate error estimate_error ...".
Columns count from 1. Prints "value lo hi". Fixed seeds: a rerun on the
same files prints the same numbers.
"""
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile

B = 2000                        # bootstrap resamples


def cols(path, *c):
    rows = [line.split() for line in open(path) if line.strip()]
    return [[float(r[i - 1]) for i in c] for r in rows]


def sd(v):
    return statistics.stdev(v) if len(v) > 1 else 0.0


def rsd(v):
    """the robust st.dev.: 1.4826 * the median absolute deviation"""
    md = statistics.median(v)
    return 1.4826 * statistics.median([abs(x - md) for x in v])


def med_over_sd(est, err, spread=sd):
    s = spread(est)
    return statistics.median(err) / s if s > 0 else float('inf')


def cv(v):
    m = statistics.mean(v)
    return statistics.stdev(v) / m if m and len(v) > 1 else 0.0


def rcv(v):
    md = statistics.median(v)
    return rsd(v) / md if md else 0.0


def interval(f, n, seed):
    """f(indices) over B resamples of range(n): its 2.5 and 97.5 %"""
    rnd = random.Random(seed)
    v = []
    for _ in range(B):
        x = f([rnd.randrange(n) for _ in range(n)])
        if x == x and x not in (float('inf'), float('-inf')):
            v.append(x)
    v.sort()
    if not v:
        return float('nan'), float('nan')
    return v[int(0.025 * (len(v) - 1))], v[int(0.975 * (len(v) - 1))]


def ratio(path, spread=sd):
    r = cols(path, 1, 3)
    est = [a for a, _ in r]
    err = [b for _, b in r]
    lo, hi = interval(lambda ix: med_over_sd([est[i] for i in ix],
                                             [err[i] for i in ix], spread),
                      len(r), 1)
    return med_over_sd(est, err, spread), lo, hi


def cvratio(a, ca, b, cb, f_cv=cv):
    x = [v[0] for v in cols(a, ca)]
    y = [v[0] for v in cols(b, cb)]
    n = min(len(x), len(y))
    x, y = x[:n], y[:n]

    def f(ix):
        d = f_cv([y[i] for i in ix])
        return f_cv([x[i] for i in ix]) / d if d > 0 else float('inf')
    return f(range(n)), *interval(f, n, 2)


def iid(qb, pool, n, m, reps):
    r = json.load(open(pool))["results"][-1]
    times, cmd = r["times"], r["command"]
    rnd = random.Random(3)
    est, err = [], []
    with tempfile.TemporaryDirectory() as d:
        save, out = os.path.join(d, "s.tsv"), os.path.join(d, "o.json")
        for _ in range(reps):
            xs = rnd.sample(times, n * m + 1)       # + the warm-up
            with open(save, "w") as f:
                for x in xs:
                    f.write("%r\t%s\n" % (x, cmd))
            subprocess.run([qb, "tim", "-N", "-w1", "-k1", "-n%d" % n,
                            "-m%d" % m, "-uus", "--progress=never", "-r", save,
                            "--json", out, cmd], stdout=subprocess.DEVNULL,
                           check=True)
            o = json.load(open(out))["results"][-1]
            est.append(o["estimate"])
            err.append(o["estimate_error"])
    lo, hi = interval(lambda ix: med_over_sd([est[i] for i in ix],
                                             [err[i] for i in ix]), reps, 4)
    return med_over_sd(est, err), lo, hi


def main(a):
    if a[0] == "ratio":
        v = ratio(a[1])
    elif a[0] == "rratio":
        v = ratio(a[1], rsd)
    elif a[0] == "cvratio":
        v = cvratio(a[1], int(a[2]), a[3], int(a[4]))
    elif a[0] == "rcvratio":
        v = cvratio(a[1], int(a[2]), a[3], int(a[4]), rcv)
    elif a[0] == "sdratio":
        v = cvratio(a[1], int(a[2]), a[3], int(a[4]), sd)
    elif a[0] == "rcv":
        print("%.2f" % (100 * rcv([x[0] for x in cols(a[1], int(a[2]))])))
        return
    elif a[0] == "iid":
        v = iid(a[1], a[2], int(a[3]), int(a[4]), int(a[5]))
    else:
        sys.exit("timcal.py: unknown command '%s'" % a[0])
    print("%.3g %.3g %.3g" % v)


if __name__ == "__main__":
    main(sys.argv[1:])
