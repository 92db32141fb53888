/* The query of GET /api/v1/invoices (docs/api.md "Listing invoices"): every parameter is
 * known (page, size, sort and the filters) and given at most once, and each filter's value
 * is checked and normalised into a store_list_filter_t. */
#ifndef EINV_ROUTES_INVOICES_FILTER_H
#define EINV_ROUTES_INVOICES_FILTER_H

#include "http.h"

/* Holds the filters' normalised values (f points into it). */
typedef struct list_query {
    store_list_filter_t f;
    char status[24], profile[16], format[16], number[520], after[40];
} list_query_t;

/* Read the filters of r's query into q. Returns 0, or -1 after sending a 400 that names
 * the parameter (unknown, repeated or with a bad value). */
int list_query_read(einv_req_t *r, list_query_t *q);

/* An ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDThh:mm[:ss[.fff]] with Z, +hh:mm
 * or -hh:mm; without an offset it is UTC) as epoch milliseconds. A date stands for its
 * whole day: its first millisecond, or with end = 1 its last. Returns 0, or -1 when s is
 * not such a value (or before 1970). */
int list_query_time(const char *s, int end, long long *ms);

#endif
