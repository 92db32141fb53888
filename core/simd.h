/* Which vector code the byte scans use (core/xml_bulk.c, core/xsd_base64.c): the best the
 * CPU has, unless a test caps it (einv_simd_cap; the core reads no environment). Every level
 * gives the same results; tests/core/test_xml_bulk.c holds them to that. */
#ifndef EINV_CORE_SIMD_H
#define EINV_CORE_SIMD_H

enum { EINV_SIMD_SCALAR = 0, EINV_SIMD_AVX2 = 1, EINV_SIMD_VBMI = 2 };

int einv_simd_level(void);
/* Caps the level for the rest of the process (tests); -1 lifts the cap. */
void einv_simd_cap(int level);

#endif
