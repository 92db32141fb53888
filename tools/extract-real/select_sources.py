#!/usr/bin/python3
"""Choose the sources of the corpus from the harvest (CACHE/cands/*.jsonl) and write sources.json.

  select_sources.py [--cap 8] [--dev-share 0.3] [--out tools/extract-real/sources.json]

Drops candidates that check_disjoint.py rejects, broken / encrypted / over-long PDFs, Order-X and
unreadable XML, exact duplicates (same SHA-1) and repeated invoices (same identity); caps every layout family
at --cap documents; assigns whole layout families to train or dev (about 30 % of documents to dev, seeded);
finds for every blob a commit and path that hold it; records the repository's licence where one is stated.
"""
import argparse, glob, json, os, random, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import realdev as rd
import check_disjoint as cd

# layout family names for producers seen in the harvest (repo -> family); others get a slug of the repo
FAMILY = {
    "mahdiabderraouf/facturx-php": "fpdf-facturx-php",
    "vingtcent123/ouvretaferme": "ouvretaferme-fpdf",
    "itext/i7js-zugferd": "itext7-zugferd1-basic",
    "TextControl/TextControl.WindowsForms.Zugferd": "textcontrol-tx-pdf",
    "akitogo/cbZUGFeRD": "cbzugferd-mustang",
    "facturx-engine/facturx-engine": "reportlab-facturx-engine",
    "rayansekkatkr/pont-facturx": "reportlab-pont-facturx",
    "opendatalab-de/zugferd": "intarsys-beispielrechnung",
    "bba-git/test-factur-x-replit": "pikepdf-replit",
    ("bba-git/test-factur-x-replit", "Cecurity.com"): "cecurity-azimut",
    ("Wolle181/HtmXRechnung", "Developer"): "easyfirma3-devexpress",
    ("Wolle181/HtmXRechnung", "pypdf"): "excel2zugferd-drafthorse",
    ("omerfkgoze/RechnungsAI", "pdf-lib"): "rechnungsai-pdf-lib",
    ("LandrixSoftware/XRechnung-for-Delphi", "Microsoft®"): "kosit-testsuite-word",
}


def licence(repo):
    gd = rd.mirror_dir(repo)
    files = rd.git(gd, "ls-tree", "--name-only", "HEAD").decode("utf-8", "replace").split("\n")
    for f in files:
        if re.match(r"(?i)(licen[cs]e|copying)(\.|$)", f):
            t = rd.git(gd, "show", f"HEAD:{f}").decode("utf-8", "replace")[:3000]
            for pat, name in ((r"MIT License|Permission is hereby granted, free of charge", "MIT"),
                              (r"Apache License", "Apache-2.0"), (r"GNU AFFERO", "AGPL-3.0"),
                              (r"GNU LESSER", "LGPL"), (r"GNU GENERAL PUBLIC LICENSE", "GPL"),
                              (r"Mozilla Public License", "MPL-2.0"), (r"BSD", "BSD"), (r"Unlicense|unlicense.org", "Unlicense"),
                              (r"Creative Commons", "CC")):
                if re.search(pat, t, re.I):
                    return name
            return f"see {f}"
    for f in files:
        if re.match(r"(?i)(package\.json|composer\.json)$", f):
            t = rd.git(gd, "show", f"HEAD:{f}").decode("utf-8", "replace")
            m = re.search(r'"license"\s*:\s*"([^"]+)"', t)
            if m:
                return m.group(1) + f" ({f})"
    return None


def commit_path(repo, blob, names):
    gd = rd.mirror_dir(repo)
    log = rd.git(gd, "log", "--all", "--format=C %H", "--raw", "--no-abbrev", "--no-renames", "-m").decode("utf-8", "replace")
    commit = None
    for line in log.split("\n"):
        if line.startswith("C "):
            commit = line[2:].strip()
        elif line.startswith(":"):
            meta, _, path = line.partition("\t")
            parts = meta.split()
            if len(parts) >= 4 and parts[3] == blob:
                return commit, path
    # fall back: the blob may only sit in a root commit's tree (no diff line for it)
    for c in rd.git(gd, "rev-list", "--all").decode().split():
        for l in rd.git(gd, "ls-tree", "-r", c).decode("utf-8", "replace").split("\n"):
            if blob in l:
                return c, l.split("\t", 1)[1]
    return None, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cap", type=int, default=8)
    ap.add_argument("--dev-share", type=float, default=0.3)
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--out", default=os.path.join(HERE, "sources.json"))
    ap.add_argument("--after-build", metavar="CORPUS", help="leave out the sources a previous build of CORPUS excluded "
                    "(its build-report.json files), so that the split is made on documents that survive the build")
    args = ap.parse_args()
    build_excl = {}
    if args.after_build and os.path.exists(args.out):
        for r, sh, psh, why in json.load(open(args.out)).get("buildExcluded", []):
            build_excl[(r, sh, psh)] = why
    if args.after_build:
        for sub in ("train", "dev"):
            p = os.path.join(args.after_build, sub, "build-report.json")
            for e in json.load(open(p)) if os.path.exists(p) else []:
                if e.get("excluded"):
                    build_excl[(e["source"]["repo"], e["source"]["sha1"], e["source"].get("pdfSha1"))] = e["excluded"]
    excl = cd.load()
    roots, counts, fam_docs = {}, {}, {}
    seen_sha, seen_ident = set(), set()
    chosen = []
    for f in sorted(glob.glob(os.path.join(cd.CACHE, "cands", "*.jsonl"))):
        for l in open(f):
            c = json.loads(l)
            def drop(why):
                counts[why] = counts.get(why, 0) + 1
            if "ident" not in c:
                drop("no readable invoice XML / broken PDF" if c.get("error") else "no invoice XML")
                continue
            if c["repo"] not in roots:
                roots[c["repo"]] = cd.repo_roots(c["repo"])
            r = cd.reason(c, excl, roots[c["repo"]])
            if r:
                drop("disjointness: " + r)
                continue
            if c.get("encrypted"):
                drop("encrypted")
                continue
            if (c.get("pages") or 0) > 20:
                drop("over 20 pages")
                continue
            if c.get("nLines") == 0:
                drop("the XML has no invoice lines")
                continue
            if (c.get("pdfSha1") or c["sha1"]) in seen_sha:
                drop("same file twice")
                continue
            seen_sha.add(c.get("pdfSha1") or c["sha1"])
            ids = set(c["ident"].values())
            if ids & seen_ident:
                drop("same invoice twice")
                continue
            prod = (c.get("producer") or c.get("creator") or "unknown").split()[0]
            fam = FAMILY.get((c["repo"], prod)) or FAMILY.get(c["repo"]) or (
                re.sub(r"[^a-z0-9]+", "-", c["repo"].split("/")[1].lower()).strip("-") + "-"
                + re.sub(r"[^a-z0-9]+", "-", prod.lower()).strip("-"))
            if fam_docs.get(fam, 0) >= args.cap:
                drop("layout cap")
                continue
            be = build_excl.get((c["repo"], c["sha1"], c.get("pdfSha1")))
            if be:
                drop("build: " + re.sub(r"\d+", "N", be.split(" (")[0])[:70])
                continue
            seen_ident |= ids
            fam_docs[fam] = fam_docs.get(fam, 0) + 1
            c["layout"] = fam
            chosen.append(c)
    fams = sorted(fam_docs)
    rng = random.Random(args.seed)
    rng.shuffle(fams)
    total = sum(fam_docs.values())
    dev, n_dev = set(), 0
    for fam in fams:
        if n_dev + fam_docs[fam] <= args.dev_share * total + 2 and n_dev < args.dev_share * total:
            dev.add(fam)
            n_dev += fam_docs[fam]
    lic = {}
    out = []
    for c in chosen:
        commit, path = commit_path(c["repo"], c["blob"], c["names"])
        if not commit:
            counts["no commit found"] = counts.get("no commit found", 0) + 1
            continue
        if c["repo"] not in lic:
            lic[c["repo"]] = licence(c["repo"])
        prod = c.get("producer") or c.get("creator") or "unknown"
        out.append({"repo": c["repo"], "commit": commit, "path": path, "blob": c["blob"], "sha1": c["sha1"],
                    "xml": c.get("xml"), "licence": lic[c["repo"]], "producer": prod, "creator": c.get("creator"),
                    "layout": c["layout"], "split": "dev" if c["layout"] in dev else "train"})
        if c.get("container"):
            out[-1].update({k: c[k] for k in ("container", "attachment", "attachmentIndex", "pdfSha1", "pdfBlob")})
    out.sort(key=lambda s: (s["split"] != "train", s["layout"], s["repo"], s["path"]))
    json.dump({"note": "selected by select_sources.py from the harvest; build.py builds the corpus from this list",
               "candidatesDropped": counts, "sources": out,
               "buildExcluded": sorted([list(k) + [v] for k, v in build_excl.items()], key=lambda x: (x[0], x[1]))}, open(args.out, "w"), indent=1, ensure_ascii=False)
    print(json.dumps(counts, indent=1))
    print(len(out), "sources;", len(fam_docs), "families;", "dev families:", sorted(dev))


if __name__ == "__main__":
    main()
