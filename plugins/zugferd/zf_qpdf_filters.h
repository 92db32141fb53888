/* The plugin's streaming decoders registered as qpdf's own (zf_qpdf_filters.cc), so the
 * streams qpdf decodes while reading a file (cross-reference and object streams) are
 * bounded by the same budget as the attachment. */
#ifndef ZF_QPDF_FILTERS_H
#define ZF_QPDF_FILTERS_H

/* Register once per process (later calls do nothing). 0 on success. */
int zf_qpdf_filters_register(void);
/* ZF_DEC_LIMIT or ZF_DEC_TIME when a decode qpdf ran on this thread stopped at a limit
 * since the last call, else 0; clears it. */
int zf_qpdf_limit_take(void);

#endif
