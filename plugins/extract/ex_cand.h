/* Candidates for the learned fields and their features. Header candidates are values in
 * segments (identifiers and dates) with the labels around them; block candidates are
 * address blocks (name, street, postcode and city). The same code makes the training rows
 * (tools/extract-train) and the rows the committed model scores at run time. */
#ifndef PLUGINS_EXTRACT_EX_CAND_H
#define PLUGINS_EXTRACT_EX_CAND_H

#include "ex_doc.h"

#define EX_NF_HEAD 96     /* 21 + 3 label masks + 9; the rest 0 */
#define EX_NF_BLOCK 64    /* 16 + 2 label masks + 10 of the block among the others */

/* classes of the header model */
enum { EXH_OTHER, EXH_NUMBER, EXH_ISSUE, EXH_DUE, EXH_REF, EXH_COUNT };
/* classes of the block model */
enum { EXB_OTHER, EXB_SUPPLIER, EXB_BUYER, EXB_COUNT };

typedef struct ex_head_cand {
    int seg;
    int is_date;
    char value[96];          /* the value as printed (identifier) */
    char iso[11];            /* the date, for date candidates */
    float f[EX_NF_HEAD];
    float p[EXH_COUNT];      /* model output */
} ex_head_cand_t;

typedef struct ex_block {
    int name_seg, line1_seg, pc_seg;   /* -1 where absent */
    char name[128], line1[128], city[64], postal[16], country[3];
    int one_liner;
    float f[EX_NF_BLOCK];
    float p[EXB_COUNT];
} ex_block_t;

typedef struct ex_cands {
    ex_head_cand_t *head;
    size_t n_head, cap_head;
    ex_block_t *blocks;
    size_t n_blocks, cap_blocks;
} ex_cands_t;

/* Build every candidate of d with its features. 0 or -1 (out of memory). */
int ex_cands_build(const ex_doc_t *d, ex_cands_t *c);
void ex_cands_clear(ex_cands_t *c);
/* The nearest segment above segment si (its page, within max_dy points) overlapping it
 * horizontally, or -1. */
int ex_seg_above(const ex_doc_t *d, int si, double max_dy);
/* The same below segment si. */
int ex_seg_below(const ex_doc_t *d, int si, double max_dy);
/* 1 when s carries a company's legal form (GmbH, SAS, S.r.l., Ltd, Inc., ...). */
int ex_has_legal_form(const char *s);

#endif
