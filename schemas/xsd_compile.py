#!/usr/bin/env python3
"""Compile the content models of the shipped XSDs into C tables (core/xsd_tables.c).

The schema layer first walks a document with these tables (core/xsd_fast.c) and only hands
it to libxml2's XSD validator when the walk cannot vouch for it. The tables cover the subset
of XML Schema that the UBL 2.1 and CII D16B schemas use on the paths an invoice can take:
sequences and choices of element particles, simple content with attributes, restrictions of
built-in types by length facets and enumerations, fixed attribute values, and the lax
wildcard of UBL's ExtensionContent. Whatever else is reachable is compiled as "fallback": an
element of such a type sends the document to libxml2.

usage: schemas/xsd_compile.py [SCHEMA_DIR] > core/xsd_tables.c
       schemas/xsd_compile.py --check SCHEMA_DIR core/xsd_tables.c   (exit 1 when stale)
"""
import os
import struct
import sys
import xml.etree.ElementTree as ET

XS = "http://www.w3.org/2001/XMLSchema"
XSNS = "{%s}" % XS

# The kinds of core/xsd.h, with their main schema (relative to the schema directory).
KINDS = [
    ("EINV_XSD_UBL_INVOICE", "ubl-2.1/maindoc/UBL-Invoice-2.1.xsd"),
    ("EINV_XSD_UBL_CREDITNOTE", "ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd"),
    ("EINV_XSD_CII", "cii-d16b/CrossIndustryInvoice_100pD16B.xsd"),
]

# Namespaces the document index knows (include/einvoice/xml.h); elements in others are only
# met under a wildcard, where the walk hands the document to libxml2.
NS_IDS = {
    "": "EINV_NS_NONE",
    "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2": "EINV_NS_UBL_INV",
    "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2": "EINV_NS_UBL_CN",
    "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2": "EINV_NS_CAC",
    "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2": "EINV_NS_CBC",
    "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2": "EINV_NS_EXT",
    "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100": "EINV_NS_RSM",
    "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100": "EINV_NS_RAM",
    "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100": "EINV_NS_UDT",
    "urn:un:unece:uncefact:data:standard:QualifiedDataType:100": "EINV_NS_QDT",
}

# Built-in simple types the walk checks (XSDT_V_* in core/xsd_tables.h).
BUILTIN = {
    "string": "XSDT_V_STRING",
    "normalizedString": "XSDT_V_NSTRING",
    "token": "XSDT_V_TOKEN",
    "decimal": "XSDT_V_DECIMAL",
    "date": "XSDT_V_DATE",
    "dateTime": "XSDT_V_DATETIME",
    "time": "XSDT_V_TIME",
    "boolean": "XSDT_V_BOOLEAN",
    "anyURI": "XSDT_V_ANYURI",
    "language": "XSDT_V_LANGUAGE",
    "base64Binary": "XSDT_V_BASE64",
}
UNBOUNDED = 0xFFFF


class Unsupported(Exception):
    pass


FH_PRIME = 0x100000001B3
FH_BASIS = 0xCBF29CE484222325
M64 = 0xFFFFFFFFFFFFFFFF


def file_hash(data, h=FH_BASIS):
    """core/xsd_fast.c's file_hash: FNV-1a's prime over four lanes of little-endian words."""
    n = len(data)
    padded = data + b"\0" * (-n % 32)
    lanes = [FH_BASIS, FH_BASIS ^ 1, FH_BASIS ^ 2, FH_BASIS ^ 3]
    words = struct.unpack("<%dQ" % (len(padded) // 8), padded)
    for i in range(0, len(words), 4):
        for j in range(4):
            lanes[j] = ((lanes[j] ^ words[i + j]) * FH_PRIME) & M64
    for j in range(4):
        h = ((h ^ lanes[j]) * FH_PRIME) & M64
    return ((h ^ n) * FH_PRIME) & M64


class SchemaDoc:
    def __init__(self, path, rel):
        self.path, self.rel = path, rel
        self.nsmap = {}
        for ev, item in ET.iterparse(path, events=("start-ns",)):
            prefix, uri = item
            if self.nsmap.get(prefix, uri) != uri:
                raise SystemExit("%s: prefix %s bound twice" % (rel, prefix))
            self.nsmap[prefix] = uri
        self.root = ET.parse(path).getroot()
        self.tns = self.root.get("targetNamespace", "")
        self.qualified = self.root.get("elementFormDefault") == "qualified"
        if self.root.get("attributeFormDefault", "unqualified") != "unqualified":
            raise SystemExit("%s: qualified attributes are not supported" % rel)

    def qname(self, text):
        prefix, _, local = text.rpartition(":")
        if prefix not in self.nsmap and prefix:
            raise SystemExit("%s: unknown prefix in %s" % (self.rel, text))
        return (self.nsmap.get(prefix, ""), local)


class Compiler:
    def __init__(self, root_dir):
        self.dir = root_dir
        self.docs = {}            # rel path -> SchemaDoc
        self.elements = {}        # (ns, name) -> (xml element, doc)
        self.ctypes = {}
        self.stypes = {}
        self.names = []           # (ns, local)
        self.name_ids = {}
        self.types = []           # dicts, see type_record()
        self.type_ids = {}        # key -> index
        self.notes = []

    # ---- loading ----
    def load(self, rel):
        """Load rel and everything it imports or includes; returns the files, in load order."""
        rel = os.path.normpath(rel)
        if rel in self.docs:
            return []
        doc = SchemaDoc(os.path.join(self.dir, rel), rel)
        self.docs[rel] = doc
        files = [rel]
        for child in doc.root:
            if child.tag in (XSNS + "import", XSNS + "include"):
                loc = child.get("schemaLocation")
                if not loc:
                    continue
                files += self.load(os.path.join(os.path.dirname(rel), loc))
            elif child.tag == XSNS + "element":
                self.elements[(doc.tns, child.get("name"))] = (child, doc)
            elif child.tag == XSNS + "complexType":
                self.ctypes[(doc.tns, child.get("name"))] = (child, doc)
            elif child.tag == XSNS + "simpleType":
                self.stypes[(doc.tns, child.get("name"))] = (child, doc)
        return files

    def files_of(self, rel):
        """All files reachable from rel (libxml2 reads the same ones)."""
        seen, order = set(), []

        def walk(r):
            r = os.path.normpath(r)
            if r in seen:
                return
            seen.add(r)
            order.append(r)
            for child in self.docs[r].root:
                if child.tag in (XSNS + "import", XSNS + "include") and child.get("schemaLocation"):
                    walk(os.path.join(os.path.dirname(r), child.get("schemaLocation")))
        walk(rel)
        return sorted(order)

    # ---- names ----
    def name_id(self, ns, local):
        key = (ns, local)
        if key not in self.name_ids:
            self.name_ids[key] = len(self.names)
            self.names.append(key)
        return self.name_ids[key]

    # ---- simple types ----
    def simple(self, qn_or_node, doc):
        """A value description: dict(v=XSDT_V_*, minlen, maxlen, enum) or raise Unsupported."""
        if isinstance(qn_or_node, tuple):
            ns, local = qn_or_node
            if ns == XS:
                if local not in BUILTIN:
                    raise Unsupported("built-in type xsd:%s" % local)
                return {"v": BUILTIN[local], "minlen": 0, "maxlen": UNBOUNDED, "enum": None}
            if qn_or_node not in self.stypes:
                raise Unsupported("simple type %s" % (qn_or_node,))
            node, doc = self.stypes[qn_or_node]
        else:
            node = qn_or_node
        kids = [c for c in node if c.tag != XSNS + "annotation"]
        if len(kids) != 1 or kids[0].tag != XSNS + "restriction":
            raise Unsupported("simple type by list or union")
        return self.restrict(self.base_value(kids[0], doc), kids[0], doc)

    def base_value(self, restriction, doc):
        if restriction.get("base"):
            return self.simple(doc.qname(restriction.get("base")), doc)
        inline = restriction.find(XSNS + "simpleType")
        if inline is None:
            raise Unsupported("restriction without a base")
        return self.simple(inline, doc)

    def restrict(self, value, restriction, doc):
        value = dict(value)
        enum = []
        for f in restriction:
            tag = f.tag[len(XSNS):]
            if tag in ("annotation", "simpleType", "attribute"):
                continue
            v = f.get("value")
            if tag == "minLength":
                value["minlen"] = max(value["minlen"], int(v))
            elif tag == "maxLength":
                value["maxlen"] = min(value["maxlen"], int(v))
            elif tag == "length":
                value["minlen"] = max(value["minlen"], int(v))
                value["maxlen"] = min(value["maxlen"], int(v))
            elif tag == "enumeration":
                enum.append(v)
            else:
                raise Unsupported("facet %s" % tag)
        if enum:
            if value["enum"] is not None and not set(enum) <= set(value["enum"]):
                raise Unsupported("enumeration wider than its base's")
            if value["v"] not in ("XSDT_V_STRING", "XSDT_V_NSTRING", "XSDT_V_TOKEN"):
                raise Unsupported("enumeration of a non-string type")
            value["enum"] = enum
        if value["maxlen"] < value["minlen"]:
            raise Unsupported("empty length range")
        return value

    # ---- attributes ----
    def attribute(self, node, doc):
        if node.get("ref") or node.get("form") == "qualified":
            raise Unsupported("attribute by reference or qualified")
        if node.get("type"):
            value = self.simple(doc.qname(node.get("type")), doc)
        elif node.find(XSNS + "simpleType") is not None:
            value = self.simple(node.find(XSNS + "simpleType"), doc)
        else:
            raise Unsupported("attribute of anySimpleType")
        fixed = node.get("fixed")
        if fixed is not None and value["v"] not in ("XSDT_V_STRING", "XSDT_V_NSTRING", "XSDT_V_TOKEN"):
            raise Unsupported("fixed value of a non-string attribute")
        return {"name": node.get("name"), "value": value, "use": node.get("use", "optional"), "fixed": fixed}

    def attributes(self, parent, doc, inherited):
        attrs = {a["name"]: a for a in inherited}
        for node in parent:
            if node.tag == XSNS + "attribute":
                a = self.attribute(node, doc)
                if a["use"] == "prohibited":
                    attrs.pop(a["name"], None)
                else:
                    attrs[a["name"]] = a
            elif node.tag in (XSNS + "attributeGroup", XSNS + "anyAttribute"):
                raise Unsupported(node.tag[len(XSNS):])
        return list(attrs.values())

    # ---- complex types ----
    def complex(self, node, doc):
        """A type record, without its particles' types resolved yet."""
        if node.get("mixed") == "true" or node.get("abstract") == "true":
            raise Unsupported("mixed or abstract complex type")
        kids = [c for c in node if c.tag != XSNS + "annotation"]
        if kids and kids[0].tag == XSNS + "simpleContent":
            der = [c for c in kids[0] if c.tag != XSNS + "annotation"][0]
            base = doc.qname(der.get("base"))
            if base[0] == XS or base in self.stypes:
                if der.tag != XSNS + "extension":
                    raise Unsupported("simple content restricting a simple type")
                value, inherited = self.simple(base, doc), []
            elif base in self.ctypes:
                bnode, bdoc = self.ctypes[base]
                brec = self.complex(bnode, bdoc)
                if brec["kind"] != "XSDT_SIMPLE":
                    raise Unsupported("simple content over complex content")
                value, inherited = brec["value"], brec["attrs"]
                if der.tag == XSNS + "restriction":
                    value = self.restrict(value, der, doc)
            else:
                raise Unsupported("unknown base %s" % (base,))
            return {"kind": "XSDT_SIMPLE", "value": value, "attrs": self.attributes(der, doc, inherited), "parts": []}
        if kids and kids[0].tag == XSNS + "complexContent":
            raise Unsupported("complex content derivation")
        rec = {"kind": "XSDT_EMPTY", "value": None, "parts": [], "attrs": []}
        rest = kids
        if kids and kids[0].tag in (XSNS + "sequence", XSNS + "choice"):
            group = kids[0]
            rest = kids[1:]
            if group.get("minOccurs", "1") != "1" or group.get("maxOccurs", "1") != "1":
                raise Unsupported("repeated model group")
            rec["kind"] = "XSDT_SEQ" if group.tag == XSNS + "sequence" else "XSDT_CHOICE"
            for p in group:
                if p.tag == XSNS + "annotation":
                    continue
                lo = int(p.get("minOccurs", "1"))
                hi = p.get("maxOccurs", "1")
                hi = UNBOUNDED if hi == "unbounded" else int(hi)
                if (hi != UNBOUNDED and hi >= 0xFF) or lo > hi or lo >= 0xFF:
                    raise Unsupported("occurrence range")
                if p.tag == XSNS + "element":
                    rec["parts"].append(("element", p, doc, lo, hi))
                elif p.tag == XSNS + "any":
                    if len([q for q in group if q.tag != XSNS + "annotation"]) != 1:
                        raise Unsupported("wildcard beside other particles")
                    if p.get("namespace") != "##other" or p.get("processContents") not in ("lax", "skip"):
                        raise Unsupported("wildcard other than ##other lax/skip")
                    rec["kind"] = "XSDT_LAX_OTHER" if p.get("processContents") == "lax" else "XSDT_SKIP_OTHER"
                    rec["parts"].append(("any", p, doc, lo, hi))
                else:
                    raise Unsupported("nested model group")
        rec["attrs"] = self.attributes(rest, doc, [])
        for r in rest:
            if r.tag not in (XSNS + "attribute", XSNS + "annotation"):
                raise Unsupported(r.tag[len(XSNS):])
        return rec

    def element_type(self, decl, doc):
        """Index of the type record of an element declaration (built on first use)."""
        for bad in ("nillable", "fixed", "default", "abstract", "substitutionGroup"):
            if decl.get(bad) not in (None, "false"):
                return self.fallback("element %s with %s" % (decl.get("name"), bad))
        if decl.get("type"):
            qn = doc.qname(decl.get("type"))
            key = ("named",) + qn
            if key in self.type_ids:
                return self.type_ids[key]
            try:
                if qn[0] == XS or qn in self.stypes:
                    rec = {"kind": "XSDT_SIMPLE", "value": self.simple(qn, doc), "attrs": [], "parts": []}
                elif qn in self.ctypes:
                    rec = self.complex(*self.ctypes[qn])
                    doc = self.ctypes[qn][1]
                else:
                    raise Unsupported("unknown type %s" % (qn,))
            except Unsupported as e:
                return self.fallback("type %s: %s" % (qn[1], e), key)
            rec["label"] = qn[1]
            return self.add_type(key, rec, doc)
        inline = [c for c in decl if c.tag in (XSNS + "complexType", XSNS + "simpleType")]
        if not inline:
            return self.fallback("element %s of anyType" % decl.get("name"))
        key = ("anon", doc.rel, id(inline[0]))
        if key in self.type_ids:
            return self.type_ids[key]
        try:
            if inline[0].tag == XSNS + "simpleType":
                rec = {"kind": "XSDT_SIMPLE", "value": self.simple(inline[0], doc), "attrs": [], "parts": []}
            else:
                rec = self.complex(inline[0], doc)
        except Unsupported as e:
            return self.fallback("anonymous type of %s: %s" % (decl.get("name"), e), key)
        rec["label"] = "(%s)" % decl.get("name")
        return self.add_type(key, rec, doc)

    def fallback(self, why, key=None):
        self.notes.append(why)
        key = key or ("fallback", why)
        if key not in self.type_ids:
            self.type_ids[key] = len(self.types)
            self.types.append({"kind": "XSDT_FALLBACK", "value": None, "attrs": [], "parts": [], "label": why[:60]})
        return self.type_ids[key]

    def add_type(self, key, rec, doc):
        idx = len(self.types)
        self.type_ids[key] = idx
        self.types.append(rec)
        parts = []
        for kind, p, pdoc, lo, hi in rec["parts"]:
            if kind == "any":
                parts.append({"name": -1, "type": -1, "min": lo, "max": hi, "ns": pdoc.tns})
                continue
            if p.get("ref"):
                qn = pdoc.qname(p.get("ref"))
                if qn not in self.elements:
                    raise SystemExit("unknown element %s" % (qn,))
                decl, ddoc = self.elements[qn]
            else:
                decl, ddoc = p, pdoc
                qn = (pdoc.tns if pdoc.qualified or p.get("form") == "qualified" else "", p.get("name"))
            parts.append({"name": self.name_id(*qn), "min": lo, "max": hi, "decl": (decl, ddoc)})
        rec["parts"] = parts
        for part in parts:   # after the record is in place: types may be recursive
            if "decl" in part:
                part["type"] = self.element_type(*part.pop("decl"))
        if rec["kind"] == "XSDT_SEQ":
            ids = [p["name"] for p in parts]
            if len(ids) != len(set(ids)):
                raise SystemExit("type %s: a name repeats in a sequence" % rec.get("label"))
        return idx

    def root(self, rel):
        doc = self.docs[os.path.normpath(rel)]
        out = []
        for child in doc.root:
            if child.tag == XSNS + "element":
                out.append((self.name_id(doc.tns, child.get("name")), self.element_type(child, doc)))
        return out


def c_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def generate(root_dir):
    comp = Compiler(root_dir)
    kinds = []
    for sym, main in KINDS:
        comp.load(main)
    for sym, main in KINDS:
        files = comp.files_of(main)
        h = FH_BASIS
        for rel in files:
            with open(os.path.join(root_dir, rel), "rb") as fh:
                h = file_hash(rel.encode() + b"\0" + fh.read(), h)
        kinds.append((sym, main, files, h, comp.root(main)))
    # global elements of the namespaces the index knows: what a lax wildcard validates
    globals_ = {}
    for (ns, local), (decl, ddoc) in sorted(comp.elements.items()):
        if ns in NS_IDS:
            globals_[comp.name_id(ns, local)] = comp.element_type(decl, ddoc)
    # every namespace that declares a global element (elements met under a lax wildcard in one
    # of them are validated by libxml2, so the walk hands such documents over)
    declaring = sorted({ns for (ns, _n) in comp.elements})

    out = []
    w = out.append
    w("/* Generated by schemas/xsd_compile.py from the shipped XSDs; do not edit. The content")
    w(" * models the schema layer walks before it asks libxml2 (core/xsd_fast.c). Regenerate:")
    w(" *   python3 schemas/xsd_compile.py schemas > core/xsd_tables.c */")
    w('#include "xsd_tables.h"')
    w("")
    strings = []
    string_ids = {}

    def sid(s):
        if s not in string_ids:
            string_ids[s] = len(strings)
            strings.append(s)
        return string_ids[s]

    values = []
    value_ids = {}

    def vid(v):
        key = (v["v"], v["minlen"], v["maxlen"], tuple(v["enum"] or ()))
        if key not in value_ids:
            first = len(strings) if v["enum"] else -1
            strings.extend(v["enum"] or ())   # contiguous, not shared: xsdt_value counts them
            key_row = (v["v"], v["minlen"], v["maxlen"], first, len(v["enum"] or ()))
            value_ids[key] = len(values)
            values.append(key_row)
        return value_ids[key]

    attrs = []
    parts = []
    type_rows = []
    for t in comp.types:
        a0 = len(attrs)
        for a in t["attrs"]:
            attrs.append((sid(a["name"]), vid(a["value"]), 1 if a["use"] == "required" else 0,
                          sid(a["fixed"]) if a["fixed"] is not None else -1))
        if len(t["attrs"]) > 32:
            raise SystemExit("more than 32 attributes on %s" % t.get("label"))
        p0 = len(parts)
        for p in t["parts"]:
            ns = NS_IDS.get(p["ns"] if p["name"] < 0 else comp.names[p["name"]][0], "EINV_NS_OTHER")
            parts.append((p["name"], p.get("type", -1), p["min"], p["max"], ns))
        required = sum(1 << j for j, a in enumerate(t["attrs"]) if a["use"] == "required")
        type_rows.append((t["kind"], vid(t["value"]) if t["value"] else -1, a0, len(t["attrs"]), p0, len(t["parts"]),
                          required, t.get("label", "")))

    if len(comp.names) >= 0xFFFF or len(comp.types) >= 0xFFFF or len(parts) >= 0xFFFF or len(attrs) >= 0xFFFF:
        raise SystemExit("the tables outgrow their 16-bit indexes")
    w("const xsdt_name xsdt_names[] = {")
    for ns, local in comp.names:
        w("    {%s, %s}," % (NS_IDS.get(ns, "EINV_NS_OTHER"), c_str(local)))
    w("};")
    w("const size_t xsdt_n_names = sizeof xsdt_names / sizeof xsdt_names[0];")
    w("")
    w("const char *const xsdt_strings[] = {")
    for s in strings:
        w("    %s," % c_str(s))
    w("};")
    w("")
    w("const size_t xsdt_n_strings = sizeof xsdt_strings / sizeof xsdt_strings[0];")
    w("")
    w("const xsdt_value xsdt_values[] = {")
    for v, lo, hi, enum, nenum in values:
        w("    {%s, %d, %d, %d, %d}," % (v, lo, hi, enum, nenum))
    w("};")
    w("")
    w("const xsdt_attr xsdt_attrs[] = {")
    for name, value, req, fixed in attrs:
        w("    {%d, %d, %d, %d},   /* %s */" % (name, value, req, fixed, strings[name]))
    w("};")
    w("")
    w("const xsdt_part xsdt_parts[] = {")
    for name, typ, lo, hi, ns in parts:
        label = "%s" % comp.names[name][1] if name >= 0 else "any"
        w("    {%s, %s, %d, %d, %s},   /* %s */" % (name if name >= 0 else "XSDT_NONE", typ if typ >= 0 else "XSDT_NONE",
                                                hi, lo, ns, label))
    w("};")
    w("")
    w("const size_t xsdt_n_parts = sizeof xsdt_parts / sizeof xsdt_parts[0];")
    w("")
    w("const xsdt_type xsdt_types[] = {")
    for i, (kind, value, a0, na, p0, np, req, label) in enumerate(type_rows):
        w("    {%s, %d, %s, %d, %d, %d, 0x%x},   /* %d %s */" % (kind, na, value if value >= 0 else "XSDT_NONE", a0, p0, np,
                                                               req, i, label.replace("*/", "")))
    w("};")
    w("")
    w("const int xsdt_global_type[] = {")
    for i in range(len(comp.names)):
        w("    %d,%s" % (globals_.get(i, -1), "   /* %s */" % comp.names[i][1] if i in globals_ else ""))
    w("};")
    w("")
    w("const char *const xsdt_declaring_ns[] = {")
    for ns in declaring:
        w("    %s," % c_str(ns))
    w("    NULL,")
    w("};")
    w("")
    for sym, main, files, h, roots in kinds:
        w("static const char *const files_%s[] = {%s, NULL};" % (sym, ", ".join(c_str(f) for f in files)))
    w("")
    w("const xsdt_kind xsdt_kinds[EINV_XSD_KINDS] = {")
    for sym, main, files, h, roots in kinds:
        rows = [r for r in roots if comp.names[r[0]][1] in ("Invoice", "CreditNote", "CrossIndustryInvoice")]
        if len(rows) != 1:
            raise SystemExit("%s: no single root element" % main)
        w("    [%s] = {files_%s, 0x%016xULL, %d, %d}," % (sym, sym, h, rows[0][0], rows[0][1]))
    w("};")
    return "\n".join(out) + "\n", comp.notes


def main(argv):
    if len(argv) >= 2 and argv[1] == "--check":
        text, _ = generate(argv[2])
        with open(argv[3], encoding="utf-8") as fh:
            if fh.read() != text:
                sys.stderr.write("%s is stale: run python3 schemas/xsd_compile.py %s > %s\n" % (argv[3], argv[2], argv[3]))
                return 1
        return 0
    text, notes = generate(argv[1] if len(argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
    sys.stdout.write(text)
    for n in sorted(set(notes)):
        sys.stderr.write("fallback: %s\n" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
