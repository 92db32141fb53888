/* Training of the extraction models (docs/extraction.md): reads a generated corpus
 * (tools/extract-gen: index.jsonl, PDFs, ground truth), builds the candidates of every
 * document exactly as the extractor does at run time, labels them from the ground truth and
 * trains the two boosted-tree models with a fixed seed.
 *
 * usage: extract_train CORPUS_DIR OUT_DIR [ROUNDS [MAX_SCANS]]
 * MAX_SCANS bounds the image-only documents read (OCR takes seconds a page). */
#include "ex_cand.h"
#include "ex_model.h"
#include "ex_read.h"
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rows {
    float *x, *y;
    size_t n, cap, nf;
} rows_t;

static int push(rows_t *r, const float *f, int label)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 4096;
        float *x = realloc(r->x, cap * r->nf * sizeof *x), *y;
        if (!x)
            return -1;
        r->x = x;
        y = realloc(r->y, cap * sizeof *y);
        if (!y)
            return -1;
        r->y = y, r->cap = cap;
    }
    memcpy(r->x + r->n * r->nf, f, r->nf * sizeof *f);
    r->y[r->n++] = (float)label;
    return 0;
}

static const char *jstr(json_object *o, const char *a, const char *b, const char *c)
{
    json_object *v = o;
    if (a && !json_object_object_get_ex(v, a, &v)) return NULL;
    if (b && !json_object_object_get_ex(v, b, &v)) return NULL;
    if (c && !json_object_object_get_ex(v, c, &v)) return NULL;
    return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

static int eq(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *p;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    p = malloc((size_t)n + 1);
    if (p && fread(p, 1, (size_t)n, f) != (size_t)n) {
        free(p);
        p = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return p;
}

/* Block b is the party's: its postcode, and its street or name (real documents' truths
 * leave out what the page does not print). */
static int party_block(const ex_block_t *b, json_object *t, const char *role)
{
    const char *pc = jstr(t, role, "address", "postalCode"), *l1 = jstr(t, role, "address", "line1");
    const char *nm = jstr(t, role, "name", NULL);
    if (!pc || !*pc || !eq(b->postal, pc))
        return 0;
    return (l1 && *l1 && eq(b->line1, l1)) || (nm && *nm && eq(b->name, nm)) ||
           (!(l1 && *l1) && !(nm && *nm));
}

static void label_doc(const ex_doc_t *d, json_object *t, rows_t *head, rows_t *block, int *counts)
{
    ex_cands_t c;
    size_t i;
    if (ex_cands_build(d, &c) != 0)
        return;
    for (i = 0; i < c.n_head; i++) {
        const ex_head_cand_t *h = &c.head[i];
        int y = EXH_OTHER;
        if (!h->is_date && eq(h->value, jstr(t, "invoiceNumber", NULL, NULL)))
            y = EXH_NUMBER;
        else if (!h->is_date && eq(h->value, jstr(t, "buyerReference", NULL, NULL)))
            y = EXH_REF;
        else if (h->is_date && eq(h->iso, jstr(t, "issueDate", NULL, NULL)))
            y = EXH_ISSUE;
        else if (h->is_date && eq(h->iso, jstr(t, "dueDate", NULL, NULL)))
            y = EXH_DUE;
        counts[y]++;
        push(head, h->f, y);
    }
    for (i = 0; i < c.n_blocks; i++) {
        const ex_block_t *b = &c.blocks[i];
        int y = EXB_OTHER;
        if (party_block(b, t, "supplier"))
            y = EXB_SUPPLIER;
        else if (party_block(b, t, "buyer"))
            y = EXB_BUYER;
        counts[EXH_COUNT + y]++;
        push(block, b->f, y);
    }
    ex_cands_clear(&c);
}

int main(int argc, char **argv)
{
    char path[2048], line[4096], msg[512];
    FILE *idx;
    rows_t head = {0}, block = {0};
    int counts[EXH_COUNT + EXB_COUNT] = {0}, docs = 0, rounds = argc > 3 ? atoi(argv[3]) : 120;
    int max_scans = argc > 4 ? atoi(argv[4]) : 1000000, scans = 0;
    if (argc < 3) {
        fprintf(stderr, "usage: extract_train CORPUS_DIR OUT_DIR [ROUNDS]\n");
        return 2;
    }
    head.nf = EX_NF_HEAD, block.nf = EX_NF_BLOCK;
    snprintf(path, sizeof path, "%s/index.jsonl", argv[1]);
    if (!(idx = fopen(path, "r"))) {
        fprintf(stderr, "extract_train: cannot open %s\n", path);
        return 2;
    }
    while (fgets(line, sizeof line, idx)) {
        json_object *doc = json_tokener_parse(line), *t, *v;
        ex_read_opts_t ro = {0};
        ex_doc_t d = {0};
        unsigned char *data;
        size_t len;
        int to = 0;
        if (!doc || !json_object_object_get_ex(doc, "truth", &v)) {
            json_object_put(doc);
            continue;
        }
        {
            json_object *k;
            if (json_object_object_get_ex(doc, "kind", &k) && !strcmp(json_object_get_string(k), "scan") &&
                ++scans > max_scans) {
                json_object_put(doc);
                continue;
            }
        }
        snprintf(path, sizeof path, "%s/%s", argv[1], json_object_get_string(v));
        t = json_object_from_file(path);
        json_object_object_get_ex(doc, "pdf", &v);
        snprintf(path, sizeof path, "%s/%s", argv[1], json_object_get_string(v));
        data = slurp(path, &len);
        if (t && data && ex_read_pdf(data, len, &ro, &d, &to, msg, sizeof msg) == EX_READ_OK && ex_layout(&d) == 0) {
            label_doc(&d, t, &head, &block, counts);
            docs++;
            if (docs % 50 == 0)
                fprintf(stderr, "extract_train: %d documents\n", docs);
        }
        ex_doc_clear(&d);
        free(data);
        json_object_put(t);
        json_object_put(doc);
    }
    fclose(idx);
    fprintf(stderr, "extract_train: %d documents; head rows %zu (other %d number %d issue %d due %d ref %d), "
            "block rows %zu (other %d supplier %d buyer %d)\n", docs, head.n, counts[0], counts[1], counts[2],
            counts[3], counts[4], block.n, counts[5], counts[6], counts[7]);
    snprintf(path, sizeof path, "%s/head.json", argv[2]);
    if (ex_model_train(head.x, head.y, head.n, head.nf, EXH_COUNT, rounds, path, msg, sizeof msg) != 0) {
        fprintf(stderr, "extract_train: %s\n", msg);
        return 1;
    }
    snprintf(path, sizeof path, "%s/block.json", argv[2]);
    if (ex_model_train(block.x, block.y, block.n, block.nf, EXB_COUNT, rounds, path, msg, sizeof msg) != 0) {
        fprintf(stderr, "extract_train: %s\n", msg);
        return 1;
    }
    free(head.x), free(head.y), free(block.x), free(block.y);
    return 0;
}
