#!/usr/bin/env python3
"""A large canonical-JSON invoice: tests/data/json/sample-invoice.json with its lines repeated.
usage: make_invoice.py LINES OUT   (20000 lines is about 7 MB)"""
import json, sys

src = json.load(open(sys.argv[3] if len(sys.argv) > 3 else "tests/data/json/sample-invoice.json"),
              parse_float=lambda s: s)
n = int(sys.argv[1])
lines = src["lines"]
out = []
for i in range(n):
    line = dict(lines[i % len(lines)])
    line["id"] = str(i + 1)
    line["description"] = "Item %d: caf\u00e9 cr\u00e8me \u20ac \\ \"quoted\"" % (i + 1)
    out.append(line)
src["lines"] = out
text = json.dumps(src, indent=2, ensure_ascii=False)
# amounts were kept as their literal text (parse_float): write them back unquoted
import re
text = re.sub(r'": "(-?\d+\.\d+)"', r'": \1', text)
open(sys.argv[2], "w", encoding="utf-8").write(text)
