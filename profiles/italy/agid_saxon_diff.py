#!/usr/bin/env python3
"""ITALY against the official AgID 3.2.1 chain on documents neither was tuned on.

Seeds: the UBL documents of the shared suites (../shared/conformance/cases: it, xr-business,
xr-rules, peppol-examples, cen-examples, fr). Each is used as it is, with the mutations of
agid_unseen.py (what newer CEN/PEPPOL releases warn about, a German domestic variant), a split-payment
variant (one breakdown category S made B) and with
--random seeded random mutations, one to three each: a leaf element removed (missing
element), followed by an unknown element, given another value (bad date, decimal comma, a
letter appended to a code), duplicated (cardinality) or swapped with the next leaf (order); an
attribute (schemeID, currencyID, unitCode, ...) given another code (some of them codes the
newer lists added or dropped); a whole aggregate removed; a country code changed (national
rules); an element of the document copied into another aggregate (syntax binding rules).

The official verdicts come from Saxon-HE (the conformance oracle uses 9.9.1.5; Debian package
libsaxonhe-java) running AGID-EN16931-UBL.xslt 3.2.1 (phax/phive-rules, see
docs/conformance.md) over the whole directory in one JVM; documents where the XSLT stops with
a dynamic error have no verdict and are skipped. Ours: `einvoice validate --profile ITALY
--json`, core findings (XML-, SCHEMA-, LIMIT-, ...) left out. Compared per document: the set
of fatal ids and the set of warning ids.

    python3 profiles/italy/agid_saxon_diff.py --cli build/bin/einvoice \\
        --saxon /usr/share/java/Saxon-HE.jar --xslt AGID-EN16931-UBL.xslt [--random 8] [--show 20]

Prints the agreement and the ids that differ, with example documents (kept in --work).
"""
import argparse, collections, glob, json, os, random, re, subprocess, sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SVRL = '{http://purl.oclc.org/dsdl/svrl}'
CORE = ('XML-', 'SCHEMA-', 'FORMAT-', 'PROFILE-', 'MODEL-', 'LIMIT-', 'FINDINGS-')
SUITES = ('it', 'xr-business', 'xr-rules', 'peppol-examples', 'cen-examples', 'fr')


def fixed_mutations():
    """MUT and german() of agid_unseen.py (one definition of the named mutations)."""
    src = open(os.path.join(HERE, 'agid_unseen.py'), encoding='utf-8').read()
    ns = {'re': re}
    exec(src[src.index('MUT = ['):src.index('seen = collections')], ns)
    return ns['MUT'], ns['german']


LEAF = re.compile(r'<(cbc:[A-Za-z]+)([^>]*)>([^<]*)</\1>')
ATTR = re.compile(r'\b(schemeID|currencyID|unitCode|listID|mimeCode)="([^"]*)"')
AGGREGATE = re.compile(r'<(cac:[A-Za-z]+)\b[^>]*>(?:(?!<\1\b).)*?</\1>', re.S)
COUNTRY = re.compile(r'(<cbc:IdentificationCode>)([A-Z]{2})(</cbc:IdentificationCode>)')
# values national and code-list rules look at
CODES = {'schemeID': ['0088', '0007', '0184', '0192', '0151', '9906', '0211', '0210', '9925', '0201', 'VAT', 'XX',
                      '9901', '9955', '0037', '0193', '0202', '0205', '0212', '0213', '0215', '0225',
                      '0240', '0246', 'AXU', 'AVV', 'EM'],
         'currencyID': ['EUR', 'SEK', 'NOK', 'DKK', 'AUD', 'XXX', 'HRK'],
         'unitCode': ['C62', 'H87', 'XYZ', 'EA'], 'listID': ['UNCL1001', 'X'], 'mimeCode': ['application/pdf', 'text/plain']}
COUNTRIES = ['IT', 'DE', 'FR', 'SE', 'NO', 'DK', 'NL', 'GR', 'IS', 'AU', 'BE', 'XX']


OPEN = re.compile(r'<cac:[A-Za-z]+\b[^>/]*>')


def mutate_once(s, rnd):
    k = rnd.randrange(9)
    if k == 8:   # an element of the document copied into another aggregate (binding rules)
        parts = list(LEAF.finditer(s)) + list(AGGREGATE.finditer(s))
        opens = list(OPEN.finditer(s))
        if parts and opens:
            m, o = rnd.choice(parts), rnd.choice(opens)
            return s[:o.end()] + m.group(0) + s[o.end():]
    if k == 5:   # an attribute takes another code
        attrs = list(ATTR.finditer(s))
        if attrs:
            m = rnd.choice(attrs)
            return s[:m.start(2)] + rnd.choice(CODES[m.group(1)]) + s[m.end(2):]
    if k == 6:   # a whole aggregate goes
        aggs = list(AGGREGATE.finditer(s))
        if aggs:
            m = rnd.choice(aggs)
            return s[:m.start()] + s[m.end():]
    if k == 7:   # a party moves to another country
        cs = list(COUNTRY.finditer(s))
        if cs:
            m = rnd.choice(cs)
            return s[:m.start(2)] + rnd.choice(COUNTRIES) + s[m.end(2):]
    leaves = list(LEAF.finditer(s))
    if not leaves:
        return s
    i = rnd.randrange(len(leaves))
    m, k = leaves[i], rnd.randrange(5)
    if k == 0:
        return s[:m.start()] + s[m.end():]
    if k == 1:
        return s[:m.end()] + '<cbc:Unknown>x</cbc:Unknown>' + s[m.end():]
    if k == 2:
        v = m.group(3)
        nv = '2024-13-45' if re.fullmatch(r'\d{4}-\d\d-\d\d', v) else (
            v.replace('.', ',') if re.fullmatch(r'-?\d+\.\d+', v) else v + 'X')
        return s[:m.start()] + '<%s%s>%s</%s>' % (m.group(1), m.group(2), nv, m.group(1)) + s[m.end():]
    if k == 3:
        return s[:m.end()] + m.group(0) + s[m.end():]
    if i + 1 < len(leaves):
        n = leaves[i + 1]
        return s[:m.start()] + n.group(0) + s[m.end():n.start()] + m.group(0) + s[n.end():]
    return s


def make_documents(cases, work, n_random):
    rnd = random.Random(20261125)
    mut, german = fixed_mutations()
    out = os.path.join(work, 'in')
    os.makedirs(out, exist_ok=True)
    for f in glob.glob(out + '/*.xml'):
        os.remove(f)
    n = 0
    for suite in SUITES:
        for f in sorted(glob.glob(f'{cases}/{suite}/*.xml')):
            s = open(f, encoding='utf-8', errors='replace').read()
            if 'CrossIndustryInvoice' in s[:2000] or not re.search(r'<(\w+:)?(Invoice|CreditNote)\b', s):
                continue
            name = os.path.basename(f)[:-4]
            variants = [('orig', s), ('german', german(s))]
            variants += [(nm, re.sub(p, r, s, count=1, flags=re.S)) for nm, p, r in mut]
            # split payment (VAT category B) in the breakdown next to standard rated lines
            variants.append(('split-payment', re.sub(r'(<cac:TaxSubtotal>(?:(?!</cac:TaxSubtotal>).)*?'
                                                     r'<cac:TaxCategory>\s*<cbc:ID>)S(</cbc:ID>)', r'\1B\2', s,
                                                     count=1, flags=re.S)))
            for j in range(n_random):
                v = s
                for _ in range(rnd.randint(1, 3)):
                    v = mutate_once(v, rnd)
                variants.append((f'rnd{j}', v))
            for nm, v in variants:
                if nm != 'orig' and v == s:
                    continue
                open(f'{out}/{suite}__{name}__{nm}.xml', 'w', encoding='utf-8').write(v)
                n += 1
    return out, n


def oracle(svrl_path):
    if not os.path.exists(svrl_path) or os.path.getsize(svrl_path) == 0:
        return None
    try:
        root = ET.parse(svrl_path).getroot()
    except ET.ParseError:
        return None
    fatal, warn = set(), set()
    for a in root.iter(SVRL + 'failed-assert'):
        (fatal if a.get('flag') == 'fatal' else warn).add(a.get('id'))
    return fatal, warn


def ours(cli, files):
    res = {}
    for i in range(0, len(files), 100):
        chunk = files[i:i + 100]
        p = subprocess.run([cli, 'validate', '--profile', 'ITALY', '--json'] + chunk,
                           capture_output=True, text=True)
        lines = p.stdout.splitlines()
        if len(lines) != len(chunk):
            sys.exit(f'{cli}: {len(lines)} results for {len(chunk)} files')
        for f, line in zip(chunk, lines):
            fatal, warn = set(), set()
            for e in json.loads(line).get('errors', []):
                if not e['code'].startswith(CORE):
                    (fatal if e['severity'] == 'ERROR' else warn).add(e['code'])
            res[f] = (fatal, warn)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--cli', required=True)
    ap.add_argument('--saxon', required=True)
    ap.add_argument('--xslt', required=True)
    ap.add_argument('--cases', default='../shared/conformance/cases')
    ap.add_argument('--work', default='/tmp/agid-diff')
    ap.add_argument('--random', type=int, default=8)
    ap.add_argument('--show', type=int, default=20)
    a = ap.parse_args()
    indir, n = make_documents(a.cases, a.work, a.random)
    svrl = os.path.join(a.work, 'svrl')
    os.makedirs(svrl, exist_ok=True)
    for f in glob.glob(svrl + '/*.xml'):
        os.remove(f)
    subprocess.run(['java', '-Xmx1g', '-cp', a.saxon, 'net.sf.saxon.Transform', f'-s:{indir}',
                    f'-xsl:{a.xslt}', f'-o:{svrl}', '-warnings:silent'],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    files = sorted(glob.glob(indir + '/*.xml'))
    mine = ours(a.cli, files)
    judged = same_f = same_w = same_v = 0
    diff = collections.Counter()
    examples = collections.defaultdict(list)
    for f in files:
        o = oracle(os.path.join(svrl, os.path.basename(f)))
        if o is None:
            continue
        judged += 1
        (of, ow), (uf, uw) = o, mine[f]
        same_f += of == uf
        same_w += ow == uw
        same_v += (not of) == (not uf)
        for label, ids in (('fatal missing', of - uf), ('fatal extra', uf - of),
                           ('warning missing', ow - uw), ('warning extra', uw - ow)):
            for x in ids:
                diff[f'{x} ({label})'] += 1
                examples[f'{x} ({label})'].append(os.path.basename(f))
    print(f'{n} documents, {judged} with an AgID verdict (the others stop the XSLT with a dynamic error)')
    print(f'fatal id sets equal: {same_f}/{judged} ({100 * same_f / max(judged, 1):.2f}%), '
          f'warning id sets equal: {same_w}/{judged} ({100 * same_w / max(judged, 1):.2f}%), '
          f'valid/invalid equal: {same_v}/{judged}')
    for k, c in diff.most_common(a.show):
        print(f'  {k}: {c}  e.g. {", ".join(examples[k][:2])}')


if __name__ == '__main__':
    main()
