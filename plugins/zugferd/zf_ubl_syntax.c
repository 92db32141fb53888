/* The UBL syntax-binding rules of plugins/ubl, built into the zugferd plugin for PDFs that
 * embed a UBL invoice (e.g. xrechnung.xml); symbols are hidden, nothing clashes with ubl.so. */
#include "../ubl/ubl_syntax_rules.c"
