/* The reports' view of one validated document (a validationResult and a canonicalJson, as
 * the API stores them), the run's tally and the escaping every writer shares. */
#include "report.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *member(json_object *o, const char *key)
{
    json_object *v;
    const char *s;
    if (!o || !json_object_object_get_ex(o, key, &v) || !v)
        return "";
    s = json_object_get_string(v);
    return s ? s : "";
}

static char *dup_or_empty(const char *s)
{
    return strdup(s ? s : "");
}

void einv_rep_doc_clear(einv_rep_doc_t *d)
{
    free(d->name);
    free(d->profile);
    free(d->format);
    free(d->f);
    json_object_put(d->result);
    json_object_put(d->canonical);
    memset(d, 0, sizeof *d);
}

/* Borrow one finding's strings from its JSON object. */
static void take_finding(einv_rep_finding_t *f, json_object *o, einv_rep_terms_fn terms, void *arg)
{
    const char *t;
    f->code = member(o, "code");
    f->message = member(o, "message");
    f->field = member(o, "field");
    f->suggestion = member(o, "suggestion");
    f->url = member(o, "documentationUrl");
    f->layer = member(o, "layer");
    f->severity = member(o, "severity");
    t = terms ? terms(arg, f->code) : NULL;
    f->terms = t ? t : "";
}

int einv_rep_doc_init(einv_rep_doc_t *d, const char *name, const char *profile, const char *format,
                      const char *result_json, const char *canonical_json, einv_rep_terms_fn terms,
                      void *terms_arg)
{
    json_object *errs, *valid, *kosit, *kerrs, *lists[2] = {NULL, NULL};
    size_t i, n, l;
    memset(d, 0, sizeof *d);
    d->name = dup_or_empty(name);
    d->profile = dup_or_empty(profile);
    d->format = dup_or_empty(format);
    d->result = result_json ? json_tokener_parse(result_json) : NULL;
    if (canonical_json && *canonical_json) {
        d->canonical = json_tokener_parse(canonical_json);
        if (d->canonical && !json_object_is_type(d->canonical, json_type_object)) {
            json_object_put(d->canonical);
            d->canonical = NULL;
        }
    }
    if (!d->name || !d->profile || !d->format || !d->result ||
        !json_object_is_type(d->result, json_type_object) ||
        !json_object_object_get_ex(d->result, "errors", &errs) ||
        !json_object_is_type(errs, json_type_array) ||
        !json_object_object_get_ex(d->result, "valid", &valid)) {
        einv_rep_doc_clear(d);
        return -1;
    }
    d->valid = json_object_get_boolean(valid);
    /* the SCHEMA findings are in kositResult.errors (API.md), the others in errors */
    if (json_object_object_get_ex(d->result, "kositResult", &kosit) &&
        json_object_object_get_ex(kosit, "errors", &kerrs) && json_object_is_type(kerrs, json_type_array))
        lists[0] = kerrs;
    lists[1] = errs;
    n = (lists[0] ? json_object_array_length(lists[0]) : 0) + json_object_array_length(errs);
    d->f = calloc(n ? n : 1, sizeof *d->f);
    if (!d->f) {
        einv_rep_doc_clear(d);
        return -1;
    }
    for (l = 0; l < 2; l++)
        for (i = 0; lists[l] && i < json_object_array_length(lists[l]); i++) {
            einv_rep_finding_t *f = &d->f[d->n];
            json_object *o = json_object_array_get_idx(lists[l], i);
            if (!json_object_is_type(o, json_type_object))
                continue;
            take_finding(f, o, terms, terms_arg);
            d->n++;
            if (strcmp(f->severity, "ERROR") == 0)
                d->errors++;
            else if (strcmp(f->severity, "WARNING") == 0)
                d->warnings++;
            else
                d->infos++;
        }
    return 0;
}

/* ---- the tally ---- */

void einv_rep_tally_add(einv_rep_tally_t *t, const einv_rep_doc_t *d, int unreadable)
{
    size_t i, k;
    t->files++;
    if (unreadable)
        t->unreadable++;
    else if (d->valid)
        t->valid++;
    else
        t->invalid++;
    for (i = 0; i < d->n; i++) {
        const einv_rep_finding_t *f = &d->f[i];
        int seen_before = 0;
        /* a rule counts once per file however often it fired there */
        for (k = 0; k < i && !seen_before; k++)
            seen_before = strcmp(d->f[k].code, f->code) == 0;
        for (k = 0; k < t->n_rules && strcmp(t->rules[k].code, f->code) != 0; k++)
            ;
        if (k == t->n_rules) {
            einv_rep_rule_count_t *nr;
            if (t->n_rules == t->cap_rules) {
                size_t cap = t->cap_rules ? t->cap_rules * 2 : 32;
                nr = realloc(t->rules, cap * sizeof *nr);
                if (!nr)
                    return;   /* the per-rule table stays short; the totals are right */
                t->rules = nr;
                t->cap_rules = cap;
            }
            nr = &t->rules[k];
            memset(nr, 0, sizeof *nr);
            nr->code = strdup(f->code);
            nr->severity = strdup(f->severity);
            if (!nr->code || !nr->severity) {
                free(nr->code);
                free(nr->severity);
                return;
            }
            t->n_rules++;
        }
        t->rules[k].findings++;
        if (!seen_before)
            t->rules[k].files++;
    }
}

static int by_findings(const void *a, const void *b)
{
    const einv_rep_rule_count_t *x = a, *y = b;
    if (x->findings != y->findings)
        return x->findings > y->findings ? -1 : 1;
    return strcmp(x->code, y->code);
}

void einv_rep_tally_sort(einv_rep_tally_t *t)
{
    if (t->n_rules > 1)
        qsort(t->rules, t->n_rules, sizeof *t->rules, by_findings);
}

void einv_rep_tally_clear(einv_rep_tally_t *t)
{
    size_t i;
    for (i = 0; i < t->n_rules; i++) {
        free(t->rules[i].code);
        free(t->rules[i].severity);
    }
    free(t->rules);
    memset(t, 0, sizeof *t);
}

/* ---- escaping ---- */

/* Length of the well-formed UTF-8 sequence at p that XML 1.0 may carry (no surrogates,
 * no U+FFFE/U+FFFF, nothing over U+10FFFF), or 0. */
static size_t utf8_ok(const unsigned char *p)
{
    unsigned c;
    size_t n, i;
    if (p[0] < 0x80)
        return 1;
    if (p[0] >= 0xC2 && p[0] <= 0xDF)
        n = 2, c = p[0] & 0x1F;
    else if (p[0] >= 0xE0 && p[0] <= 0xEF)
        n = 3, c = p[0] & 0x0F;
    else if (p[0] >= 0xF0 && p[0] <= 0xF4)
        n = 4, c = p[0] & 0x07;
    else
        return 0;
    for (i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (p[i] & 0x3F);
    }
    if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10FFFF)) ||
        (c >= 0xD800 && c <= 0xDFFF) || c == 0xFFFE || c == 0xFFFF)
        return 0;
    return n;
}

/* Control characters XML 1.0 cannot carry (C0 but TAB, LF, CR) and malformed UTF-8 become
 * U+FFFD, so a hostile document's text never breaks the report. */
void einv_rep_xml_text(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (p && *p) {
        size_t n;
        switch (*p) {
        case '<': fputs("&lt;", out); p++; continue;
        case '>': fputs("&gt;", out); p++; continue;
        case '&': fputs("&amp;", out); p++; continue;
        case '"': fputs("&quot;", out); p++; continue;
        case '\'': fputs("&#39;", out); p++; continue;
        default: break;
        }
        n = utf8_ok(p);
        if (n == 0 || (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')) {
            fputs("\xEF\xBF\xBD", out);
            p++;
        } else {
            fwrite(p, 1, n, out);
            p += n;
        }
    }
}

void einv_rep_json_str(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', out);
    while (p && *p) {
        size_t n = utf8_ok(p);
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else if (n == 0)
            fputs("\\ufffd", out);
        else {
            fwrite(p, 1, n, out);
            p += n;
            continue;
        }
        p++;
    }
    fputc('"', out);
}

FILE *einv_rep_spool(void)
{
    return tmpfile();
}

int einv_rep_spool_copy(FILE *spool, FILE *out)
{
    char buf[65536];
    size_t n;
    int rc = 0;
    if (fflush(spool) != 0 || fseek(spool, 0, SEEK_SET) != 0)
        rc = -1;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, spool)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            rc = -1;
    if (ferror(spool))
        rc = -1;
    fclose(spool);
    return rc;
}

void einv_rep_now(char out[32])
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
