#!/usr/bin/env python3
"""Writes the hostile XML documents of bench/limits/xml_bombs.sh (issue 9, item 2).

usage: xml_bombs.py KIND OUT
  attr-100k      one element with 100,000 attributes (1.1 MB)
  attr-170k      one element with 170,000 attributes
  tags-250       20 MiB of elements with 250 attributes each (under the default limit)
  elements-5m    5,000,000 empty elements
  text-20mib     one text node of 20 MiB
"""
import sys

NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'
MIB = 1 << 20


def attrs(n):
    return ''.join(' a%d="1"' % i for i in range(n))


def write(kind, out):
    with open(out, 'w') as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        if kind in ('attr-100k', 'attr-170k'):
            f.write('<Invoice xmlns="%s"%s/>\n' % (NS, attrs(100000 if kind == 'attr-100k' else 170000)))
        elif kind == 'tags-250':
            tag = '<e%s/>\n' % attrs(250)
            f.write('<Invoice xmlns="%s">\n' % NS)
            f.write(tag * (20 * MIB // len(tag)))
            f.write('</Invoice>\n')
        elif kind == 'elements-5m':
            f.write('<Invoice xmlns="%s">' % NS)
            f.write('<a/>' * 5000000)
            f.write('</Invoice>\n')
        elif kind == 'text-20mib':
            f.write('<Invoice xmlns="%s"><n>' % NS)
            f.write(('text ' * 1024) * (20 * MIB // 5120))
            f.write('</n></Invoice>\n')
        else:
            sys.exit('unknown kind %s' % kind)


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    write(sys.argv[1], sys.argv[2])
