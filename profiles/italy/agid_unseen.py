#!/usr/bin/env python3
"""ITALY on documents it was not tuned on: which ids (or flags) does it report that the AgID
3.2.1 chain (profiles/italy/agid-ubl-3.2.1.ids) does not have?

The UBL documents of the shared suites xr-business, peppol-examples and cen-examples
(../shared/conformance/cases), each as it is and with mutations that add what newer CEN and
PEPPOL releases warn about (an extension, an order issue date, line order/despatch references,
a service provider party, a tax level code) and a German domestic variant (seller and buyer
DE, no payment means, type code 71). Run from the project root:

    python3 profiles/italy/agid_unseen.py build/bin/einvoice

It prints the number of documents validated and each foreign id with its count ("none" is the
goal). The core's own findings (XML-, SCHEMA-, LIMIT-, ...) are not rule ids and are skipped.
"""
import glob, json, subprocess, sys, collections, re
cli = sys.argv[1]
art = dict(l.split() for l in open('profiles/italy/agid-ubl-3.2.1.ids'))
CASES = '../shared/conformance/cases'
docs = sorted(glob.glob(CASES + '/xr-business/*ubl*.xml') + glob.glob(CASES + '/peppol-examples/*.xml') +
              glob.glob(CASES + '/cen-examples/*.xml'))
MUT = [
  ('order-issue-date', r'(<cac:OrderReference>\s*<cbc:ID>[^<]*</cbc:ID>)', r'\1<cbc:IssueDate>2024-01-01</cbc:IssueDate>'),
  ('ext', r'(<(?:ubl:)?Invoice\b[^>]*>)', r'\1<ext:UBLExtensions xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>'),
  ('line-refs', r'(<cac:(?:Invoice|CreditNote)Line>\s*<cbc:ID>[^<]*</cbc:ID>)', r'\1<cac:OrderLineReference><cbc:LineID>1</cbc:LineID><cac:OrderReference><cbc:ID>1</cbc:ID></cac:OrderReference></cac:OrderLineReference><cac:DespatchLineReference><cbc:LineID>NA</cbc:LineID></cac:DespatchLineReference>'),
  ('supplier-extras', r'(<cac:AccountingSupplierParty>\s*<cac:Party>)', r'\1<cac:ServiceProviderParty><cac:Party/></cac:ServiceProviderParty>'),
  ('tax-level', r'(<cac:AccountingSupplierParty>.*?<cac:PartyTaxScheme>\s*<cbc:CompanyID>[^<]*</cbc:CompanyID>)', r'\1<cbc:TaxLevelCode>1</cbc:TaxLevelCode>'),
]
def german(s):
    s = re.sub(r'(<cac:Accounting(?:Supplier|Customer)Party>.*?<cbc:IdentificationCode>)[A-Z]{2}(</cbc:IdentificationCode>)', r'\1DE\2', s, flags=re.S)
    s = re.sub(r'(<cac:AccountingCustomerParty>.*?<cbc:IdentificationCode>)[A-Z]{2}(</cbc:IdentificationCode>)', r'\1DE\2', s, flags=re.S)
    s = re.sub(r'<cac:PaymentMeans>.*?</cac:PaymentMeans>', '', s, flags=re.S)
    return re.sub(r'<cbc:InvoiceTypeCode>[^<]*</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode>71</cbc:InvoiceTypeCode>', s)
seen = collections.Counter(); nd = 0
core = ('XML-', 'SCHEMA-', 'FORMAT-', 'PROFILE-', 'MODEL-', 'LIMIT-', 'FINDINGS-')
def run(data, name):
    global nd
    p = subprocess.run(cli.split() + ['validate', '--profile', 'ITALY', '--json', '/dev/stdin'], input=data, capture_output=True)
    try: j = json.loads(p.stdout.decode().splitlines()[0])
    except Exception: return
    nd += 1
    errs = j.get('errors', []) + j.get('kositResult', {}).get('errors', [])
    for e in errs:
        c = e.get('code') or e.get('id') or e.get('ruleId')
        if c and c not in art and not c.startswith(core):
            seen[c] += 1
        elif c in art and (art[c] == 'fatal') != (e.get('severity') == 'ERROR'):
            seen[c + ' (flag)'] += 1
for d in docs:
    b = open(d, 'rb').read()
    if b'CrossIndustryInvoice' in b: continue
    run(b, d)
    s = b.decode('utf-8', 'replace')
    for name, pat, rep in MUT:
        m = re.sub(pat, rep, s, count=1, flags=re.S)
        if m != s: run(m.encode(), d + ':' + name)
    run(german(s).encode(), d + ':german')
print(f'{sys.argv[1]}: {nd} documents; ids under ITALY outside the AgID chain (or with another flag): {dict(seen) or "none"}')
