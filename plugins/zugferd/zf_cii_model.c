/* The CII -> canonical model mapping of plugins/cii, built into the zugferd plugin for the
 * canonicalJson of hybrid PDFs (the source stays in plugins/cii). */
#include "../cii/cii_to_model.c"
