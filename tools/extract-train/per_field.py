#!/usr/bin/env python3
"""Per-field accuracy of the extractor on a scored folder (../shared/extraction layout), with
the field list and comparison of ../shared/tools/extraction-score (imported, not copied), split
by kind (text/scan). Fields of item lines and tax entries are grouped ("lines[].price").

usage: per_field.py --dir DIR --cli 'build/bin/einvoice extract --tier FAST {file}' [--jobs 2]
"""
import argparse, concurrent.futures as cf, importlib.machinery, importlib.util, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCORER = os.path.join(HERE, "..", "..", "..", "shared", "tools", "extraction-score")


def load_scorer():
    loader = importlib.machinery.SourceFileLoader("extraction_score", SCORER)
    spec = importlib.util.spec_from_loader("extraction_score", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--tier", default="FAST")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=120)
    a = ap.parse_args()
    sc = load_scorer()
    docs = [json.loads(l) for l in open(os.path.join(a.dir, "index.jsonl"), encoding="utf-8") if l.strip()]
    args = argparse.Namespace(dir=a.dir, cli=a.cli, tier=a.tier, timeout=a.timeout)

    def one(doc):   # the scorer's run_one, keeping every row (not only the wrong ones)
        truth = json.load(open(os.path.join(a.dir, doc["truth"]), encoding="utf-8"))
        _, _, _, wrong, error, _ = sc.run_one(args, doc)
        wrong_names = {w[0] for w in wrong}
        rows = sc.fields(truth, {})   # the names of the fields this truth has
        return doc["kind"], [(name, name not in wrong_names) for name, _, _, _ in rows]

    with cf.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        results = list(ex.map(one, docs))
    agg = {}
    for kind, rows in results:
        for name, ok in rows:
            key = (re.sub(r"\[[^\]]*\]", "[]", name), kind)
            c = agg.setdefault(key, [0, 0])
            c[0] += ok
            c[1] += 1
    kinds = sorted({k for _, k in agg})
    print("%-36s" % "field" + "".join("%18s" % k for k in kinds))
    for name in sorted({n for n, _ in agg}):
        cells = []
        for k in kinds:
            c = agg.get((name, k))
            cells.append("%18s" % ("%d/%d %5.1f%%" % (c[0], c[1], 100.0 * c[0] / c[1]) if c else "-"))
        print("%-36s" % name + "".join(cells))


if __name__ == "__main__":
    main()
