#!/usr/bin/python3
"""Keep the real-layout development corpus disjoint from the repositories reserved for measuring.

  check_disjoint.py excluded            read every excluded repository's mirror and write the identity cache
                                        (CACHE/excluded.json): PDF blob ids (all objects of the mirror, so every
                                        ref and all history, present or absent), SHA-1 of the PDF contents, root
                                        commits (to recognise forks), and the invoice identities of every hybrid
                                        PDF in them (number+date, seller+number, seller+amount due)
  check_disjoint.py check FILE.jsonl    check candidates (one JSON object a line with repo, blob, sha1, R) and
                                        print the counts dropped per reason

The excluded repositories' PDFs are opened only to compute these identities; nothing else of them is used.
Library use: `load()` then `reason(candidate, excl)` -> None or the reason a candidate must be dropped.
"""
import base64, json, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import realdev as rd

CACHE = os.environ.get("REALDEV_CACHE", "/work/corpus/real-dev/cache")

# reserved by the CEO for measuring (hidden set) and the public measuring sample (shared/extraction-real)
EXCLUDED = [
    "ZUGFeRD/corpus", "ZUGFeRD/mustangproject", "ZUGFeRD/ZUV", "ZUGFeRD/quba-viewer",
    "LandrixSoftware/ZUGFeRD-for-Delphi", "FacturX-NET/FacturXDotNet", "stephanstapel/ZUGFeRD-csharp",
    "OpenPEPPOL/vida-pilot-testing", "TuloSharp/tulo.eInvoiceCreatorZUGFeRD", "VALENTINDML/facturx-cas-limites",
    "horstoeko/zugferd", "akretion/factur-x", "konik-io/konik", "easybill/zugferd-php", "OCA/edi",
    "codinux-gmbh/eInvoicing",
    "4d-depot/HDI_4DWP_GenerateFacturX", "doreviateam/dorevia-vault", "ahelmberger/factur-x-kit", "Securibox/facturx",
    "audrenbdb/facturx", "fbonnafous31/eInvoicing", "foliojs/pdfkit", "phax/phive-rules",
]
# known forks / other spellings (also caught by shared root commits)
EXCLUDED_ALSO = ["TuloSharp/Tulo.eInvoiceCreatorZUGFeRD", "Voscha/ZUGFeRD-for-Delphi", "miyako/HDI_4DWP_GenerateFacturX",
                 "NikolaiMe/factur-x-kit"]
# repository names whose copies elsewhere are forks or vendored copies of an excluded project
FORK_NAMES = {"zugferd-csharp", "mustangproject", "zugferd-php", "zugferd-for-delphi", "facturxdotnet",
              "hdi_4dwp_generatefacturx", "factur-x-kit", "phive-rules", "quba-viewer", "konik", "dorevia-vault",
              "tulo.einvoicecreatorzugferd", "facturx-cas-limites"}


def excluded_repo(repo):
    low = repo.lower()
    if low in {r.lower() for r in EXCLUDED + EXCLUDED_ALSO}:
        return "excluded repository"
    if low.split("/")[-1] in FORK_NAMES:
        return "fork of an excluded repository (name)"
    return None


def build_cache():
    out = {"repos": {}, "blobs": {}, "sha1": {}, "roots": {}, "ident": {}, "missing": []}
    for repo in EXCLUDED + EXCLUDED_ALSO:
        gd = rd.mirror_dir(repo)
        if not gd:
            out["missing"].append(repo)
            print(f"{repo}: no mirror", file=sys.stderr)
            continue
        roots = rd.git(gd, "rev-list", "--max-parents=0", "--all").decode().split()
        for r in roots:
            out["roots"][r] = repo
        blobs = rd.pdf_blobs(gd)
        cat = rd.Cat(gd)
        n_hyb = n_abs = 0
        for oid in blobs:
            out["blobs"][oid] = repo
            typ, data = cat.get(oid)
            if data is None:
                n_abs += 1
                continue
            out["sha1"][rd.sha1(data)] = repo
            info = rd.inspect_pdf_bytes(data)
            R = info.get("R")
            if R:
                n_hyb += 1
                for k, v in rd.identity(R).items():
                    out["ident"].setdefault(k, {})[v] = repo
        # XML invoices that carry their PDF (UBL AdditionalDocumentReference, CII AdditionalReferencedDocument)
        n_xpdf = 0
        for oid in rd.pdf_blobs(gd, exts=(".xml",)):
            typ, data = cat.get(oid)
            if not data or b"application/pdf" not in data:
                continue
            for m in re.finditer(rb"<[^>]*(?:EmbeddedDocumentBinaryObject|AttachmentBinaryObject)[^>]*application/pdf[^>]*>([^<]+)<", data):
                try:
                    pdfdata = base64.b64decode(m.group(1), validate=False)
                except Exception:
                    continue
                n_xpdf += 1
                out["blobs"][oid] = repo
                out["sha1"][rd.sha1(data)] = repo
                out["sha1"][rd.sha1(pdfdata)] = repo
                out["blobs"][rd.git_blob_id(pdfdata)] = repo
                try:
                    R = rd.parse_invoice_xml(data)
                except Exception:
                    R = None
                for k, v in (rd.identity(R).items() if R else []):
                    out["ident"].setdefault(k, {})[v] = repo
        cat.close()
        out["repos"][repo] = {"pdfBlobs": len(blobs), "absent": n_abs, "hybrids": n_hyb, "roots": len(roots),
                              "pdfsInXml": n_xpdf}
        print(f"{repo}: {len(blobs)} PDF blobs ({n_abs} absent), {n_hyb} hybrids, {n_xpdf} PDFs in XML", file=sys.stderr)
    os.makedirs(CACHE, exist_ok=True)
    json.dump(out, open(os.path.join(CACHE, "excluded.json"), "w"), indent=0)
    return out


def load():
    return json.load(open(os.path.join(CACHE, "excluded.json")))


def repo_roots(repo):
    gd = rd.mirror_dir(repo)
    return rd.git(gd, "rev-list", "--max-parents=0", "--all").decode().split() if gd else []


def reason(c, excl, roots=None):
    """c: {repo, blob, sha1, R}; returns None (keep) or the reason"""
    r = excluded_repo(c["repo"])
    if r:
        return r
    if roots is None:
        roots = repo_roots(c["repo"])
    if any(x in excl["roots"] for x in roots):
        return "fork of an excluded repository (shared root commit)"
    if c.get("blob") in excl["blobs"]:
        return "blob id equals a PDF of an excluded repository"
    if c.get("pdfBlob") in excl["blobs"] or c.get("pdfSha1") in excl["sha1"]:
        return "the carried PDF equals a PDF of an excluded repository"
    if c.get("sha1") in excl["sha1"]:
        return "content SHA-1 equals a PDF of an excluded repository"
    ident = c.get("ident")
    if ident is None:
        ident = rd.identity(c["R"]) if c.get("R") else {}
    for k, v in ident.items():
        if v in excl["ident"].get(k, {}):
            return f"same invoice ({k}) as a hybrid of an excluded repository"
    return None


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "excluded":
        build_cache()
        return
    if len(sys.argv) >= 3 and sys.argv[1] == "check":
        excl = load()
        counts, roots = {}, {}
        for line in open(sys.argv[2]):
            c = json.loads(line)
            if c["repo"] not in roots:
                roots[c["repo"]] = repo_roots(c["repo"])
            r = reason(c, excl, roots[c["repo"]]) or "kept"
            counts[r] = counts.get(r, 0) + 1
        print(json.dumps(counts, indent=1))
        return
    print(__doc__)
    sys.exit(2)


if __name__ == "__main__":
    main()
