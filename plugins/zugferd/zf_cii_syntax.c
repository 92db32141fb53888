/* The CII syntax-binding rules (CII-SR/CII-DT) built into the zugferd plugin, so the XML
 * embedded in a Factur-X/ZUGFeRD PDF meets exactly the rules of a bare CII upload. The
 * source stays in plugins/cii; every symbol is hidden, so nothing clashes with cii.so. */
#include "../cii/cii_syntax_rules.c"
