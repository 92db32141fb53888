#!/usr/bin/env python3
"""Check a JSON document against a JSON Schema (draft-04 / draft-07 keywords), with the
Python standard library alone: the tests' SARIF check (tests/core/test_cli_reports.c).

    python3 json_schema_check.py SCHEMA.json DOCUMENT.json

Exit 0 when the document conforms, 1 with one line per violation (JSON pointer: reason),
2 when a file cannot be read or the schema uses a keyword this checker does not know (so a
schema is never checked only in part). Keywords: $ref (local), type, enum, const,
properties, required, additionalProperties, patternProperties, items, minItems, maxItems,
uniqueItems, minimum, maximum, minLength, pattern, format (uri, uri-reference, date-time),
oneOf, anyOf, allOf, not, dependencies; annotations ($schema, id, $id, title,
description, default, definitions, examples) are skipped."""
import json
import re
import sys

ANNOTATIONS = {"$schema", "id", "$id", "title", "description", "default", "definitions",
               "examples", "$comment", "deprecated"}
KNOWN = ANNOTATIONS | {"$ref", "type", "enum", "const", "properties", "required",
                       "additionalProperties", "patternProperties", "items", "minItems",
                       "maxItems", "uniqueItems", "minimum", "maximum", "minLength", "pattern",
                       "format", "oneOf", "anyOf", "allOf", "not", "dependencies"}

# RFC 3339 date-time; RFC 3986 URI (scheme required) and URI reference: only legal characters
# and well-formed percent escapes
DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")
URI_CHARS = re.compile(r"^([A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


class UnknownKeyword(Exception):
    pass


def type_ok(value, t):
    if t == "object":
        return isinstance(value, dict)
    if t == "array":
        return isinstance(value, list)
    if t == "string":
        return isinstance(value, str)
    if t == "boolean":
        return isinstance(value, bool)
    if t == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if t == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if t == "null":
        return value is None
    raise UnknownKeyword("type " + str(t))


def format_ok(value, fmt):
    if not isinstance(value, str):
        return True
    if fmt == "date-time":
        return bool(DATE_TIME.match(value))
    if fmt == "uri":
        return bool(URI_CHARS.match(value)) and bool(SCHEME.match(value))
    if fmt == "uri-reference":
        return bool(URI_CHARS.match(value))
    raise UnknownKeyword("format " + fmt)


class Checker:
    def __init__(self, root):
        self.root = root

    def resolve(self, ref):
        if not ref.startswith("#"):
            raise UnknownKeyword("non-local $ref " + ref)
        node = self.root
        for part in ref[1:].split("/")[1:]:
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def errors(self, value, schema, path):
        """Every violation of schema by value, as (path, reason)."""
        out = []
        if isinstance(schema, bool):
            return [] if schema else [(path, "no value is allowed here")]
        for k in schema:
            if k not in KNOWN:
                raise UnknownKeyword(k)
        if "$ref" in schema:
            return self.errors(value, self.resolve(schema["$ref"]), path)
        if "type" in schema:
            types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(type_ok(value, t) for t in types):
                return [(path, "is %s, not %s" % (type(value).__name__, "/".join(types)))]
        if "enum" in schema and value not in schema["enum"]:
            out.append((path, "%r is not one of %r" % (value, schema["enum"])))
        if "const" in schema and value != schema["const"]:
            out.append((path, "%r is not %r" % (value, schema["const"])))
        if "format" in schema and not format_ok(value, schema["format"]):
            out.append((path, "%r is not a %s" % (value, schema["format"])))
        if isinstance(value, str):
            if len(value) < schema.get("minLength", 0):
                out.append((path, "shorter than %d" % schema["minLength"]))
            if "pattern" in schema and not re.search(schema["pattern"], value):
                out.append((path, "%r does not match %s" % (value, schema["pattern"])))
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if "minimum" in schema and value < schema["minimum"]:
                out.append((path, "%r is below %r" % (value, schema["minimum"])))
            if "maximum" in schema and value > schema["maximum"]:
                out.append((path, "%r is above %r" % (value, schema["maximum"])))
        if isinstance(value, list):
            out += self.array(value, schema, path)
        if isinstance(value, dict):
            out += self.object(value, schema, path)
        for sub in schema.get("allOf", []):
            out += self.errors(value, sub, path)
        if "anyOf" in schema and not any(not self.errors(value, s, path) for s in schema["anyOf"]):
            out.append((path, "matches none of anyOf"))
        if "oneOf" in schema:
            n = sum(1 for s in schema["oneOf"] if not self.errors(value, s, path))
            if n != 1:
                out.append((path, "matches %d of oneOf, not exactly one" % n))
        if "not" in schema and not self.errors(value, schema["not"], path):
            out.append((path, "matches what 'not' forbids"))
        return out

    def array(self, value, schema, path):
        out = []
        if len(value) < schema.get("minItems", 0):
            out.append((path, "fewer than %d items" % schema["minItems"]))
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.append((path, "more than %d items" % schema["maxItems"]))
        if schema.get("uniqueItems"):
            seen = [json.dumps(v, sort_keys=True) for v in value]
            if len(set(seen)) != len(seen):
                out.append((path, "items are not unique"))
        if "items" in schema:
            items = schema["items"]
            for i, v in enumerate(value):
                sub = items[i] if isinstance(items, list) else items
                if isinstance(items, list) and i >= len(items):
                    break
                out += self.errors(v, sub, "%s/%d" % (path, i))
        return out

    def object(self, value, schema, path):
        out = []
        props = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        for name in schema.get("required", []):
            if name not in value:
                out.append((path, "lacks the required member %r" % name))
        for name, v in value.items():
            sub_path = "%s/%s" % (path, name)
            matched = False
            if name in props:
                out += self.errors(v, props[name], sub_path)
                matched = True
            for pat, sub in patterns.items():
                if re.search(pat, name):
                    out += self.errors(v, sub, sub_path)
                    matched = True
            if not matched and "additionalProperties" in schema:
                out += self.errors(v, schema["additionalProperties"], sub_path)
        for name, dep in schema.get("dependencies", {}).items():
            if name in value:
                if isinstance(dep, list):
                    out += [(path, "%r needs %r" % (name, d)) for d in dep if d not in value]
                else:
                    out += self.errors(value, dep, path)
        return out


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        with open(argv[2], encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print("cannot read: %s" % e, file=sys.stderr)
        return 2
    try:
        errs = Checker(schema).errors(doc, schema, "")
    except UnknownKeyword as e:
        print("the schema uses what this checker does not know: %s" % e, file=sys.stderr)
        return 2
    for p, why in errs[:50]:
        print("%s: %s" % (p or "/", why))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
