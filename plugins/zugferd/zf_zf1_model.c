/* The ZUGFeRD 1.0 -> canonical model mapping of plugins/cii, built into the zugferd plugin
 * for PDFs that carry a ZUGFeRD 1.0 ZUGFeRD-invoice.xml (the source stays in plugins/cii;
 * it reads the tree with the CII mapper that zf_cii_model.c builds in). */
#include "../cii/zf1_to_model.c"
