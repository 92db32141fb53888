#!/usr/bin/python3
"""List the hybrid invoice PDFs (embedded CII / UBL invoice) of fetched repositories.

  harvest.py OWNER/NAME ...     (or --all: every mirror under $MIRRORS that is not excluded)

For each repository: every PDF blob of every tree object of its mirror (all refs, all history), opened with
pikepdf; writes CACHE/cands/OWNER+NAME.jsonl, one line per distinct PDF blob that carries an invoice XML
(and a line with "error" for broken/encrypted PDFs), and CACHE/cands/OWNER+NAME.done with the counts.
This only finds candidates; selection is sources.json, building is build.py.
"""
import json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import realdev as rd
import check_disjoint as cd

CACHE = cd.CACHE


def harvest(repo):
    gd = rd.mirror_dir(repo)
    outdir = os.path.join(CACHE, "cands")
    os.makedirs(outdir, exist_ok=True)
    base = os.path.join(outdir, repo.replace("/", "+"))
    if not gd:
        return {"repo": repo, "error": "no mirror"}
    blobs = rd.pdf_blobs(gd)
    cat = rd.Cat(gd)
    stats = {"repo": repo, "pdfBlobs": len(blobs), "absent": 0, "hybrids": 0, "broken": 0}
    with open(base + ".jsonl", "w") as f:
        for oid, names in sorted(blobs.items()):
            typ, data = cat.get(oid)
            if data is None:
                stats["absent"] += 1
                continue
            info = rd.inspect_pdf_bytes(data)
            rec = {"repo": repo, "blob": oid, "sha1": rd.sha1(data), "names": sorted(names), "size": len(data)}
            if not info.get("ok"):
                stats["broken"] += 1
                rec["error"] = info.get("error")
                f.write(json.dumps(rec) + "\n")
                continue
            if not info.get("xml"):
                continue
            R = info.get("R")
            rec.update({"pages": info.get("pages"), "encrypted": info.get("encrypted"), "producer": info.get("producer"),
                        "creator": info.get("creator"), "xml": info.get("xml"), "xmlKind": info.get("xmlKind"),
                        "attachments": info.get("attachments")})
            if R:
                stats["hybrids"] += 1
                rec.update({"typeCode": R.get("typeCode"), "invoiceNumber": R.get("invoiceNumber"),
                            "issueDate": R.get("issueDate"), "seller": (R.get("supplier") or {}).get("name"),
                            "payable": rd.amt(R["totals"].get("payableAmount")) if R["totals"].get("payableAmount") is not None else None,
                            "nLines": len(R.get("lines") or []), "ident": rd.identity(R)})
            else:
                rec["error"] = info.get("error") or "xml not parsed"
            f.write(json.dumps(rec) + "\n")
    # XML invoices that carry their PDF (container "pdf-in-xml")
    stats["pdfInXml"] = 0
    with open(base + ".x.jsonl", "w") as f:
        for oid, names in sorted(rd.pdf_blobs(gd, exts=(".xml",)).items()):
            typ, data = cat.get(oid)
            if not data or b"application/pdf" not in data:
                continue
            try:
                R = rd.parse_invoice_xml(data)
            except Exception:
                R = None
            if not R:
                continue
            for n, (fn, pdf) in enumerate(rd.pdfs_in_xml(data)):
                info = rd.inspect_pdf_bytes(pdf)
                stats["pdfInXml"] += 1
                rec = {"repo": repo, "blob": oid, "sha1": rd.sha1(data), "names": sorted(names), "size": len(data),
                       "container": "pdf-in-xml", "attachment": fn, "attachmentIndex": n, "pdfSha1": rd.sha1(pdf),
                       "pdfBlob": rd.git_blob_id(pdf), "pages": info.get("pages"), "encrypted": info.get("encrypted"),
                       "producer": info.get("producer"), "creator": info.get("creator"), "xml": sorted(names)[0],
                       "xmlKind": rd.xml_kind(data), "typeCode": R.get("typeCode"), "invoiceNumber": R.get("invoiceNumber"),
                       "issueDate": R.get("issueDate"), "seller": (R.get("supplier") or {}).get("name"),
                       "nLines": len(R.get("lines") or []), "ident": rd.identity(R)}
                if not info.get("ok"):
                    rec["error"] = info.get("error")
                f.write(json.dumps(rec) + "\n")
    cat.close()
    json.dump(stats, open(base + ".done", "w"))
    return stats


def main():
    repos = sys.argv[1:]
    if repos == ["--all"]:
        repos = []
        for d in sorted(os.listdir(rd.MIRRORS)):
            if "+" in d and os.path.isdir(os.path.join(rd.MIRRORS, d)):
                repo = d.replace("+", "/", 1)
                if cd.excluded_repo(repo) is None and not os.path.exists(
                        os.path.join(CACHE, "cands", d + ".done")):
                    repos.append(repo)
    for repo in repos:
        if cd.excluded_repo(repo):
            print(f"{repo}: skipped ({cd.excluded_repo(repo)})")
            continue
        try:
            print(json.dumps(harvest(repo)), flush=True)
        except Exception as e:
            print(json.dumps({"repo": repo, "error": repr(e)[:200]}), flush=True)


if __name__ == "__main__":
    main()
