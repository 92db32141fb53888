#!/usr/bin/env python3
"""Invoices the conformance corpus holds back, with the official verdicts, made here.

../shared/conformance keeps back a quarter of each full-document suite (its suites.md,
"Holdout split"). The suites' sources are public at the commits suites.md names. This takes
every file of those sources whose content is in no case of ../shared (by SHA-1), keeps the
invoices and credit notes, runs the official chains of suites.md on them (Saxon-HE, Oracle.java)
and writes a folder of the corpus's shape:

    OUT/cases/hold/<source>-<path with / as _>.xml
    OUT/expected.jsonl      per (case, profile): fatal, warning, schemaValid

so that both harnesses take it as they take ../shared:

    ../shared/tools/conformance --dir OUT --cli 'build/bin/einvoice validate --profile {profile} --json {file}'
    python3 tests/blackbox/export_roundtrip.py --cli build/bin/einvoice --dir OUT/cases/hold \\
        --targets cii,ubl,facturx,idoc --min 0 --strict

Needs git mirrors of the sources (the tool library's fetch puts them in /work/.mirror; --mirror),
java and javac, Debian's libsaxonhe-java, xmllint. The sources' files and the XSLTs are only
copied into OUT, never into the repository (several sources forbid redistribution).
docs/conformance.md and docs/exports.md give the figures.
"""
import argparse, hashlib, json, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

# (name, mirror, commit, paths): the full-document suites of ../shared/conformance/suites.md
SOURCES = [
    ("cen", "ConnectingEurope+eInvoicing-EN16931", "b6c9e06",
     ["ubl/examples", "cii/examples", "test/testfiles"]),
    ("xrb", "itplr-kosit+xrechnung-testsuite", "5528afa",
     ["src/test/business-cases", "src/test/technical-cases"]),
    ("xrr", "itplr-kosit+xrechnung-schematron", "3098f3d", ["test/instances"]),
    ("pe", "OpenPEPPOL+peppol-bis-invoice-3", "78d7f7d", ["rules/examples"]),
    ("ph", "phax+phive-rules", "432f0e9",
     ["phive-rules-peppol-italy/src/test/resources/external/test-files/3.2.1/invoice",
      "phive-rules-peppol-italy/src/test/resources/external/test-files/3.2.1/credit-note",
      "phive-rules-zugferd/src/test/resources/external/test-files/2.5.2/en16931"]),
]

XSLT = {  # name -> (mirror, commit, path)
    "cen-ubl": ("ConnectingEurope+eInvoicing-EN16931", "b6c9e06", "ubl/xslt/EN16931-UBL-validation.xslt"),
    "cen-cii": ("ConnectingEurope+eInvoicing-EN16931", "b6c9e06", "cii/xslt/EN16931-CII-validation.xslt"),
    "xr-ubl": ("phax+phive-rules", "432f0e9", "phive-rules-xrechnung/src/main/resources/external/schematron/3.0.2/XRechnung-UBL-validation.xslt"),
    "xr-cii": ("phax+phive-rules", "432f0e9", "phive-rules-xrechnung/src/main/resources/external/schematron/3.0.2/XRechnung-CII-validation.xslt"),
    "peppol-cen": ("phax+phive-rules", "432f0e9", "phive-rules-peppol/src/main/resources/external/schematron/openpeppol/2026.5/xslt/CEN-EN16931-UBL.xslt"),
    "peppol": ("phax+phive-rules", "432f0e9", "phive-rules-peppol/src/main/resources/external/schematron/openpeppol/2026.5/xslt/PEPPOL-EN16931-UBL.xslt"),
    "fr-ubl": ("phax+phive-rules", "432f0e9", "phive-rules-france/src/main/resources/external/schematron/ctc/1.4.0/xslt/20260630_BR-FR-Flux2-Schematron-UBL_V1.4.0.xslt"),
    "fr-cii": ("phax+phive-rules", "432f0e9", "phive-rules-france/src/main/resources/external/schematron/ctc/1.4.0/xslt/20260630_BR-FR-Flux2-Schematron-CII_V1.4.0.xslt"),
    "it": ("phax+phive-rules", "432f0e9", "phive-rules-peppol-italy/src/main/resources/external/schematron/peppol-italy/3.2.1/invoice/AGID-EN16931-UBL.xslt"),
}

# profile -> syntax -> chain (suites.md "Profile -> XSLT chain"); no PEPPOL or ITALY for CII
CHAINS = {
    "EN16931": {"UBL": ["cen-ubl"], "CII": ["cen-cii"]},
    "XRECHNUNG": {"UBL": ["cen-ubl", "xr-ubl"], "CII": ["cen-cii", "xr-cii"]},
    "PEPPOL": {"UBL": ["peppol-cen", "peppol"]},
    "FRANCE": {"UBL": ["cen-ubl", "fr-ubl"], "CII": ["cen-cii", "fr-cii"]},
    "ITALY": {"UBL": ["it"]},
}

XSD = {
    "Invoice": "schemas/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd",
    "CreditNote": "schemas/ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd",
    "CrossIndustryInvoice": "schemas/cii-d16b/CrossIndustryInvoice_100pD16B.xsd",
}


def die(msg):
    print("heldback: " + msg, file=sys.stderr)
    sys.exit(2)


def git(mirror, *args):
    return subprocess.run(["git", "--git-dir", mirror] + list(args), check=True,
                          stdout=subprocess.PIPE).stdout


def root_of(data):
    """The local name of the document element, or ''."""
    text = re.sub(rb"<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>", b"", data[:8192], flags=re.S)
    m = re.search(rb"<(?:[A-Za-z0-9_.-]+:)?([A-Za-z]+)[\s/>]", text)
    return m.group(1).decode() if m else ""


def fr_ubl_patterns(text):
    """Saxon-HE 9.9 cannot compile two template patterns of BR-FR-Flux2 UBL 1.4.0 that start
    with a parenthesised union; the oracle of ../shared ran them rewritten into this
    equivalent form (the same BillingReference elements match)."""
    pat = re.compile(r'match="\(ubl:Invoice \| cn:CreditNote\)\[(\(cbc:InvoiceTypeCode \| '
                     r'cbc:CreditNoteTypeCode\) = \([^)]*\))\]/\(cac:InvoiceLine \| '
                     r'cac:CreditNoteLine\)/cac:BillingReference(\[[^"]*)"')
    return pat.subn(lambda m: 'match="cac:BillingReference[(parent::cac:InvoiceLine | '
                    'parent::cac:CreditNoteLine)/parent::*[self::ubl:Invoice or self::cn:CreditNote]'
                    '[%s][parent::document-node()]]%s"' % (m.group(1), m.group(2)), text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", help="folder to write (emptied first)")
    ap.add_argument("--mirror", default="/work/.mirror", help="folder of the git mirrors (owner+name/repo)")
    ap.add_argument("--shared", default=os.path.join(ROOT, "..", "shared", "conformance"))
    ap.add_argument("--saxon", default="/usr/share/java/Saxon-HE.jar")
    a = ap.parse_args()
    for tool in ("git", "java", "javac", "xmllint"):
        if not shutil.which(tool):
            die("needs " + tool)
    if not os.path.isfile(a.saxon):
        die("no Saxon-HE jar at %s (Debian: libsaxonhe-java)" % a.saxon)
    cases_dir = os.path.join(a.shared, "cases")
    if not os.path.isdir(cases_dir):
        die("no corpus at %s" % a.shared)
    seen = set()
    for d, _, files in os.walk(cases_dir):
        for f in files:
            with open(os.path.join(d, f), "rb") as fh:
                seen.add(hashlib.sha1(fh.read()).hexdigest())

    shutil.rmtree(a.out, ignore_errors=True)
    hold = os.path.join(a.out, "cases", "hold")
    os.makedirs(hold)
    work = tempfile.mkdtemp(prefix="heldback-")
    docs = []  # (case name, syntax, root)
    counts = {}
    for name, mirror, commit, paths in SOURCES:
        repo = os.path.join(a.mirror, mirror, "repo")
        if not os.path.isdir(repo):
            die("no mirror %s (fetch github:%s)" % (repo, mirror.replace("+", "/")))
        listing = git(repo, "ls-tree", "-r", "--name-only", commit, "--", *paths).decode().splitlines()
        kept = 0
        for path in listing:
            if not path.endswith(".xml"):
                continue
            data = git(repo, "show", "%s:%s" % (commit, path))
            if hashlib.sha1(data).hexdigest() in seen:
                continue
            root = root_of(data)
            if root not in XSD:
                continue
            case = "%s-%s" % (name, re.sub(r"[^A-Za-z0-9._-]", "_", path))
            with open(os.path.join(hold, case), "wb") as fh:
                fh.write(data)
            docs.append((case, "CII" if root == "CrossIndustryInvoice" else "UBL", root))
            kept += 1
        counts[name] = kept

    xdir = os.path.join(work, "xslt")
    os.makedirs(xdir)
    for key, (mirror, commit, path) in XSLT.items():
        text = git(os.path.join(a.mirror, mirror, "repo"), "show", "%s:%s" % (commit, path)).decode("utf-8")
        if key == "fr-ubl":
            text, n = fr_ubl_patterns(text)
            if n != 2:
                die("expected 2 BR-FR UBL patterns to rewrite, found %d" % n)
        with open(os.path.join(xdir, key + ".xslt"), "w", encoding="utf-8") as fh:
            fh.write(text)
    chains = os.path.join(work, "chains")
    with open(chains, "w") as fh:
        for prof, per in CHAINS.items():
            for syn, keys in per.items():
                fh.write("%s-%s %s\n" % (prof, syn, " ".join(os.path.join(xdir, k + ".xslt") for k in keys)))
    classes = os.path.join(work, "classes")
    os.makedirs(classes)
    subprocess.run(["javac", "-nowarn", "-cp", a.saxon, "-d", classes, os.path.join(HERE, "Oracle.java")], check=True)
    jobs = "".join("%s-%s\t%s\n" % (prof, syn, os.path.join(hold, case))
                   for case, syn, _ in docs for prof in CHAINS if syn in CHAINS[prof])
    res = subprocess.run(["java", "-cp", a.saxon + os.pathsep + classes, "Oracle", chains],
                         input=jobs.encode(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    verdicts = [json.loads(l) for l in res.stdout.decode().splitlines()]

    schema_ok = {}
    for case, _, root in docs:
        r = subprocess.run(["xmllint", "--noout", "--nonet", "--schema", os.path.join(ROOT, XSD[root]),
                            os.path.join(hold, case)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        schema_ok[case] = r.returncode == 0
    failed = 0
    with open(os.path.join(a.out, "expected.jsonl"), "w") as fh:
        for v in verdicts:
            prof, syn = v["chain"].split("-")
            case = os.path.basename(v["file"])
            if v["error"]:  # no verdict from the official chain: nothing to compare with
                failed += 1
                continue
            fh.write(json.dumps({"case": "hold/" + case, "syntax": syn, "profile": prof,
                                 "fatal": v["fatal"], "warning": v["warning"], "info": [],
                                 "schemaValid": schema_ok[case]}) + "\n")
    shutil.rmtree(work)
    print("heldback: %d documents (%s), %d verdicts, %d without a verdict of the chain" % (
        len(docs), ", ".join("%s %d" % kv for kv in counts.items()), len(verdicts) - failed, failed))


if __name__ == "__main__":
    main()
