# An allocation-heavy python3 run (issue 25's reproducer): dictionaries of
# lists and small dicts built, serialised, parsed back, sorted and
# counted, six rounds; prints one hash of everything it made.  Run with
# PYTHONMALLOC=malloc so every object goes through malloc().
import collections
import hashlib
import json
import random

random.seed(12345)
h = hashlib.sha256()
for rnd in range(6):
    d = {}
    for i in range(200000):
        k = "key-%d-%d" % (rnd, random.randrange(10**6))
        d[k] = [i, str(i) * (i % 7),
                {"x": i, "y": [random.random() for _ in range(i % 5)]}]
    s = json.dumps(d, sort_keys=True)
    back = json.loads(s)
    assert back == d
    h.update(s.encode())
    lst = sorted(d.items(), key=lambda kv: kv[1][0])
    c = collections.Counter(len(v[1]) for _, v in lst)
    h.update(repr(sorted(c.items())).encode())
    del d, back, lst, s
print(h.hexdigest())
