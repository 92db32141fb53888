/* The UBL -> canonical model mapping of plugins/ubl, built into the zugferd plugin. */
#include "../ubl/ubl_to_model.c"
