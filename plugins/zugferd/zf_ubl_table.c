/* The rule table of the UBL syntax binding (plugins/ubl), for zf_ubl_syntax.c. */
#include "../ubl/ubl_syntax_table.c"
