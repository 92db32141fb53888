#!/usr/bin/env python3
"""Schema verdicts on unseen documents: seeded structural mutations of the shared corpus'
full documents, each judged by `xmllint --schema` (the corpus' schemaValid) and by einvoice
(any SCHEMA-layer finding = invalid). Prints the agreement and the first disagreements.

usage: bench/xsd_mutations.py SEED COUNT        (from the repository root)
env:   KINDS   comma list of swap,delete,unknown,datatype,dup,b64 (default: all, b64 x3)
       EINV    the CLI (default build/bin/einvoice)
       MUT_DIR where the mutants are written (default a temporary directory)
"""
import random, re, subprocess, sys, os, glob, json
import xml.dom.minidom as md
KINDS = os.environ.get('KINDS', 'swap,delete,unknown,datatype,dup,b64,b64,b64').split(',')
rnd = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
import tempfile
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
C = os.path.join(ROOT, '..', 'shared', 'conformance', 'cases')
files = sorted(glob.glob(C + '/cen-examples/*.xml') + glob.glob(C + '/xr-business/*.xml') + glob.glob(C + '/peppol-examples/*.xml') + glob.glob(C + '/it/*.xml') + glob.glob(C + '/zugferd-xml/*.xml') + glob.glob(C + '/fr/*.xml'))
S = os.path.join(ROOT, 'schemas') + '/'
def schema_of(txt):
    if re.search(r'<(\w+:)?CrossIndustryInvoice[\s>]', txt): return S + 'cii-d16b/CrossIndustryInvoice_100pD16B.xsd'
    if re.search(r'<(\w+:)?CreditNote[\s>]', txt[:5000]): return S + 'ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd'
    return S + 'ubl-2.1/maindoc/UBL-Invoice-2.1.xsd'
def elems(dom):
    out = []
    def walk(n):
        for c in n.childNodes:
            if c.nodeType == c.ELEMENT_NODE:
                out.append(c); walk(c)
    walk(dom.documentElement)
    return out
def mutate(dom):
    es = elems(dom)
    kind = rnd.choice(KINDS)
    e = rnd.choice(es)
    if kind == 'swap':
        sib = e.nextSibling
        while sib is not None and sib.nodeType != sib.ELEMENT_NODE: sib = sib.nextSibling
        if sib is None: return None
        e.parentNode.insertBefore(sib, e)
    elif kind == 'delete':
        e.parentNode.removeChild(e)
    elif kind == 'unknown':
        x = dom.createElementNS(e.namespaceURI, (e.prefix + ':' if e.prefix else '') + 'Bogus' + e.localName)
        x.appendChild(dom.createTextNode('1'))
        e.parentNode.insertBefore(x, e)
    elif kind == 'dup':
        e.parentNode.insertBefore(e.cloneNode(True), e)
    elif kind == 'b64':
        bs = [x for x in es if x.localName.endswith('BinaryObject') and x.firstChild is not None and len(x.childNodes) == 1 and len(x.firstChild.data) > 300]
        if not bs: return None
        x = rnd.choice(bs); t = x.firstChild.data; k = rnd.randrange(len(t))
        op = rnd.choice(['del', 'eq', 'bad', 'ws', 'none'])
        if op == 'del': t = t[:k] + t[k+1:]
        elif op == 'eq': t = t[:k] + '=' + t[k:]
        elif op == 'bad': t = t[:k] + rnd.choice('!*-_.é') + t[k+1:]
        elif op == 'ws': t = t[:k] + '\n  \t' + t[k:]
        x.firstChild.data = t
    else:
        leaves = [x for x in es if x.firstChild is not None and x.firstChild.nodeType == x.TEXT_NODE and len(x.childNodes) == 1 and re.match(r'^\s*[\d.-]+\s*$', x.firstChild.data)]
        if not leaves: return None
        x = rnd.choice(leaves)
        x.firstChild.data = rnd.choice(['12,5', '2024-13-45', 'abc', '1.2.3', ''])
    return kind
n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
KEEP = bool(os.environ.get('MUT_DIR'))
MUT_DIR = os.environ.get('MUT_DIR') or tempfile.mkdtemp(prefix='einv-xsd-mut.')
agree = tot = 0; dis = []
for i in range(n):
    f = rnd.choice(files)
    try:
        dom = md.parse(f)
    except Exception:
        continue
    kind = mutate(dom)
    if not kind: continue
    p = os.path.join(MUT_DIR, 'm%d.xml' % i)
    open(p, 'wb').write(dom.toxml('utf-8'))
    txt = open(p, encoding='utf-8', errors='replace').read()
    xv = subprocess.run(['xmllint', '--noout', '--nonet', '--schema', schema_of(txt), p], capture_output=True).returncode == 0
    r = subprocess.run([os.environ.get('EINV', os.path.join(ROOT, 'build/bin/einvoice')), 'validate', '--profile', 'EN16931', '--json', p], capture_output=True, text=True)
    try:
        d = json.loads(r.stdout)
    except Exception:
        dis.append((p, kind, 'no json')); tot += 1; continue
    ours = not any(e['layer'] == 'SCHEMA' for e in d['kositResult']['errors'] + d['errors'])
    tot += 1
    if ours == xv: agree += 1
    else: dis.append((p, kind, os.path.basename(f), 'xmllint valid=%s ours valid=%s' % (xv, ours)))
print('agree %d/%d' % (agree, tot))
for x in dis[:20]: print(x)
if not KEEP:
    import shutil
    shutil.rmtree(MUT_DIR, ignore_errors=True)
