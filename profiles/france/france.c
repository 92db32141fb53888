/* The FRANCE profile: the FNFE-MPE CTC "BR-FR" Flux 2 Schematron 1.4.0 (UBL and CII) on top
 * of the EN16931 profile (CEN 1.3.16), as the official French chain runs them.
 *
 * This file registers the profile and holds the value helpers shared by the rule families
 * (see fr_int.h): the artefact's custom: functions and the XPath 2.0 string semantics. */
#include "fr_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const fr_family_t *const FAMILIES[] = {&fr_ubl_core, &fr_ubl_co, &fr_ubl_mv,
                                              &fr_cii_core, &fr_cii_co, &fr_cii_mv};
#define N_FAMILIES (sizeof FAMILIES / sizeof FAMILIES[0])

/* ---- strings ---- */

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

const char *fr_trim(const char *s, size_t *len)
{
    const char *e;
    if (!s)
        s = "";
    while (is_ws(*s))
        s++;
    e = s + strlen(s);
    while (e > s && is_ws(e[-1]))
        e--;
    *len = (size_t)(e - s);
    return s;
}

char *fr_norm_dup(const char *s)
{
    size_t n, i, k = 0;
    const char *t = fr_trim(s, &n);
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    for (i = 0; i < n; i++) {
        if (is_ws(t[i])) {
            if (k && out[k - 1] != ' ')
                out[k++] = ' ';
        } else
            out[k++] = t[i];
    }
    out[k] = 0;
    return out;
}

int fr_nonblank(const char *s)
{
    size_t n;
    fr_trim(s, &n);
    return n > 0;
}

size_t fr_strlen(const char *s)
{
    size_t k = 0;
    if (!s)
        return 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            k++;
    return k;
}

/* The zero of every block of ten characters that Saxon-HE 9.9 treats as \d (category Nd
 * of the Unicode version it was built with; later additions are not digits for it). */
static const unsigned long ND_ZERO[] = {
    0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66,
    0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
    0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xAA50, 0xABF0, 0xFF10,
    0x104A0, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x116C0, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC,
    0x1D7F6};

size_t fr_digit(const char *p, size_t n)
{
    const unsigned char *u = (const unsigned char *)p;
    unsigned long cp;
    size_t len, i;
    if (!n)
        return 0;
    if (u[0] >= '0' && u[0] <= '9')
        return 1;
    if (u[0] < 0xC0)
        return 0;
    len = u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : 2;
    if (len > n)
        return 0;
    cp = u[0] & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (i = 1; i < len; i++)
        cp = (cp << 6) | (u[i] & 0x3F);
    for (i = 0; i < sizeof ND_ZERO / sizeof ND_ZERO[0]; i++)
        if (cp >= ND_ZERO[i] && cp < ND_ZERO[i] + 10)
            return len;
    return 0;
}

int fr_k_digits(const char *s, size_t n, size_t k)
{
    size_t i = 0, cnt = 0, d;
    while (i < n) {
        if (!(d = fr_digit(s + i, n - i)))
            return 0;
        i += d;
        cnt++;
    }
    return cnt == k;
}

int fr_starts(const char *a, const char *b)
{
    size_t nb;
    a = a ? a : "";
    b = b ? b : "";
    nb = strlen(b);
    return strncmp(a, b, nb) == 0;
}

size_t fr_count_occ(const char *s, const char *pat)
{
    size_t k = 0, n = strlen(pat);
    const char *p = s;
    while ((p = strstr(p, pat)) != NULL) {
        k++;
        p += n;
    }
    return k;
}

int fr_in(const char *s, const char *const *list)
{
    if (!s)
        return 0;
    for (; *list; list++)
        if (strcmp(s, *list) == 0)
            return 1;
    return 0;
}

/* ---- the custom: functions ---- */

int fr_id_format_ok(const char *s)
{
    size_t n, i;
    const char *t;
    if (!s || strchr(s, ' '))
        return 0;   /* not(matches($id, ' ')) */
    t = fr_trim(s, &n);
    if (!n)
        return 0;
    for (i = 0; i < n; i++) {
        char c = t[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '+' || c == '-' || c == '_' || c == '/'))
            return 0;
    }
    return 1;
}

/* Two characters "<lit>\d" or a literal pair at p: used by the date pattern. Writes the
 * number() of the two characters (-1 = NaN when one is a non-ASCII digit). */
static int ascii2(const char *p, int *v)
{
    if (p[0] >= '0' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9') {
        *v = (p[0] - '0') * 10 + (p[1] - '0');
        return 1;
    }
    return 0;
}

/* The date pattern over a string: '20' \d{2} [sep] (0[1-9]|1[0-2]) [sep] (0[1-9]|[12]\d|3[01]),
 * then day <= days in month (number() of the parts; a non-ASCII digit gives NaN). */
int fr_date_ok(const char *s, int cii)
{
    char buf[64];
    const char *p;
    size_t n, d;
    int year = -1, month, day = -1, maxd, yascii = 1;
    if (!s)
        return 0;
    if (cii) {
        /* substring($date, 1, 8): the first 8 characters */
        size_t i = 0, k = 0;
        while (s[i] && k < 8) {
            size_t j = i + 1;
            while (((unsigned char)s[j] & 0xC0) == 0x80)
                j++;
            if (j >= sizeof buf)
                break;
            i = j, k++;
        }
        memcpy(buf, s, i);
        buf[i] = 0;
        p = buf;
    } else
        p = s;
    n = strlen(p);
    /* "20" */
    if (n < 2 || p[0] != '2' || p[1] != '0')
        return 0;
    p += 2, n -= 2;
    {
        /* \d{2} */
        int yy = 0, k;
        for (k = 0; k < 2; k++) {
            if (!(d = fr_digit(p, n)))
                return 0;
            if (d == 1)
                yy = yy * 10 + (*p - '0');
            else
                yascii = 0;
            p += d, n -= d;
        }
        year = yascii ? 2000 + yy : -1;
    }
    if (!cii) {
        if (!n || *p != '-')
            return 0;
        p++, n--;
    }
    if (n < 2 || !ascii2(p, &month) || month < 1 || month > 12)
        return 0;
    p += 2, n -= 2;
    if (!cii) {
        if (!n || *p != '-')
            return 0;
        p++, n--;
    }
    /* (0[1-9]|[12]\d|3[01]) */
    if (n < 2)
        return 0;
    if (p[0] == '0' && p[1] >= '1' && p[1] <= '9' && n == 2)
        day = p[1] - '0';
    else if ((p[0] == '1' || p[0] == '2') && (d = fr_digit(p + 1, n - 1)) && 1 + d == n)
        day = d == 1 ? (p[0] - '0') * 10 + (p[1] - '0') : -1;
    else if (p[0] == '3' && (p[1] == '0' || p[1] == '1') && n == 2)
        day = 30 + (p[1] - '0');
    else
        return 0;
    if (day < 0)
        return 0;   /* NaN le maxDay */
    {
        int leap = year >= 0 && ((year % 4 == 0 && year % 100 != 0) || year % 400 == 0);
        static const int md[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
        maxd = md[month - 1] + (month == 2 && leap);
    }
    return day <= maxd;
}

int fr_doc_type_ok(const char *s)
{
    static const char *const L[] = {"380", "389", "393", "501", "386", "500", "384", "471",
                                    "472", "473", "261", "262", "381", "396", "502", "503", NULL};
    return fr_in(s, L);
}

int fr_billing_mode_ok(const char *s)
{
    static const char *const L[] = {"B1", "S1", "M1", "B2", "S2", "M2", "S3", "B4", "S4", "M4",
                                    "S5", "S6", "B7", "S7", "B8", "S8", "M8", "B9", "S9", "M9",
                                    NULL};
    return fr_in(s, L);
}

int fr_vat_cat_ok(const char *s)
{
    static const char *const L[] = {"S", "E", "AE", "K", "G", "O", "Z", NULL};
    return fr_in(s, L);
}

int fr_vat_rate_ok(const char *s)
{
    static const char *const L[] = {"0",    "0.0",   "0.00", "10",   "10.0",  "10.00", "13",
                                    "13.0", "13.00", "20",   "20.0", "20.00", "8.5",   "8.50",
                                    "19.6", "19.60", "2.1",  "2.10", "5.5",   "5.50",  "7",
                                    "7.0",  "7.00",  "20.6", "20.60", "1.05", "0.9",   "0.90",
                                    "1.75", "9.2",   "9.20", "9.6",  "9.60",  NULL};
    return fr_in(s, L);
}

int fr_attachment_ok(const char *s)
{
    static const char *const L[] = {"RIB", "LISIBLE", "FEUILLE_DE_STYLE", "PJA", "BORDEREAU_SUIVI",
                                    "DOCUMENT_ANNEXE", "BON_LIVRAISON", "BON_COMMANDE",
                                    "BORDEREAU_SUIVI_VALIDATION", "ETAT_ACOMPTE",
                                    "FACTURE_PAIEMENT_DIRECT", "RECAPITULATIF_COTRAITANCE", NULL};
    return fr_in(s, L);
}

int fr_scheme_format_ok(const char *s)
{
    if (!s || !*s)
        return 0;
    for (; *s; s++) {
        char c = *s;
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '+' || c == '-' || c == '_' || c == '.'))
            return 0;
    }
    return 1;
}

int fr_decfmt_ok(const char *s, int width, int frac, int neg)
{
    size_t n, i = 0, d;
    int ints = 0, fr = 0, chars = 0;
    const char *t = fr_trim(s, &n);
    if (neg && i < n && t[i] == '-')
        i++, chars++;
    while (i < n && (d = fr_digit(t + i, n - i)))
        i += d, ints++, chars++;
    if (ints < 1 || ints > width)
        return 0;
    if (i < n && t[i] == '.') {
        i++;
        while (i < n && (d = fr_digit(t + i, n - i)))
            i += d, fr++, chars++;
        if (fr < 1 || fr > frac)
            return 0;
    }
    return i == n && chars <= width;
}

int fr_prefix9_eq(const char *s, const char *t)
{
    size_t i = 0, k = 0;
    s = s ? s : "";
    t = t ? t : "";
    /* the byte length of the first 9 characters of s */
    while (s[i] && k < 9) {
        i++;
        while (((unsigned char)s[i] & 0xC0) == 0x80)
            i++;
        k++;
    }
    return strlen(t) == i && memcmp(s, t, i) == 0;
}

int fr_special_contract(const char *fw)
{
    static const char *const MV[] = {"S8", "B8", "M8", NULL}, *const BD[] = {"S9", "B9", "M9", NULL};
    size_t n;
    char b[4];
    const char *t = fr_trim(fw, &n);
    if (n != 2)
        return 0;
    memcpy(b, t, 2);
    b[2] = 0;
    return fr_in(b, MV) ? 1 : fr_in(b, BD) ? 2 : 0;
}

int fr_self_billed_type(const char *s)
{
    static const char *const L[] = {"389", "261", "501", "500", "502", "471", "473", NULL};
    return fr_in(s, L);
}

/* xs:double lexical space (XSD 1.1 as Saxon casts: optional sign, digits with an optional
 * point, optional exponent; INF, +INF, -INF, NaN), after trimming white space. */
int fr_number(const char *s, double *out)
{
    size_t n, i = 0;
    int digits = 0;
    char buf[128];
    const char *t;
    if (!s)
        return 0;
    t = fr_trim(s, &n);
    if (n == 3 && !memcmp(t, "INF", 3))
        return *out = HUGE_VAL, 1;
    if (n == 4 && !memcmp(t, "+INF", 4))
        return *out = HUGE_VAL, 1;
    if (n == 4 && !memcmp(t, "-INF", 4))
        return *out = -HUGE_VAL, 1;
    if (i < n && (t[i] == '+' || t[i] == '-'))
        i++;
    while (i < n && t[i] >= '0' && t[i] <= '9')
        i++, digits++;
    if (i < n && t[i] == '.') {
        i++;
        while (i < n && t[i] >= '0' && t[i] <= '9')
            i++, digits++;
    }
    if (!digits)
        return 0;
    if (i < n && (t[i] == 'e' || t[i] == 'E')) {
        int ed = 0;
        i++;
        if (i < n && (t[i] == '+' || t[i] == '-'))
            i++;
        while (i < n && t[i] >= '0' && t[i] <= '9')
            i++, ed++;
        if (!ed)
            return 0;
    }
    if (i != n || n >= sizeof buf)
        return 0;
    memcpy(buf, t, n);
    buf[n] = 0;
    *out = strtod(buf, NULL);
    return 1;
}

/* ---- UBL notes ---- */

char *fr_ubl_join_notes(const xmlNode *root)
{
    size_t total = 0, k;
    xmlNodePtr n;
    char *out, *p;
    for (n = einv_x_child(root, EINV_NS_CBC, "Note"); n; n = einv_x_next_same(n))
        total += strlen(einv_x_text(n));
    out = malloc(total + 1);
    if (!out)
        return NULL;
    p = out;
    for (n = einv_x_child(root, EINV_NS_CBC, "Note"); n; n = einv_x_next_same(n)) {
        const char *t = einv_x_text(n);
        k = strlen(t);
        memcpy(p, t, k);
        p += k;
    }
    *p = 0;
    return out;
}

const char *fr_note_value(const char *joined, const char *code, char *buf, size_t size)
{
    char pat[16];
    const char *a, *e;
    size_t n;
    buf[0] = 0;
    snprintf(pat, sizeof pat, "#%s#", code);
    if (!joined || !(a = strstr(joined, pat)))
        return buf;
    a += strlen(pat);
    e = strchr(a, '#');
    n = e ? (size_t)(e - a) : strlen(a);
    if (n >= size) {
        /* longer than any value we compare with: keep a marker that matches none */
        n = size - 1;
    }
    memcpy(buf, a, n);
    buf[n] = 0;
    return buf;
}

/* ---- node helpers ---- */

xmlNodePtr fr_child_attr(const xmlNode *parent, int ns, const char *name, const char *attr,
                         const char *val)
{
    xmlNodePtr c;
    for (c = einv_x_child(parent, ns, name); c; c = einv_x_next_same(c)) {
        const char *v = einv_x_attr(c, attr);
        if (v && (!val || strcmp(v, val) == 0))
            return c;
    }
    return NULL;
}

int fr_child_is(const xmlNode *parent, int ns, const char *name, const char *s)
{
    xmlNodePtr c;
    for (c = einv_x_child(parent, ns, name); c; c = einv_x_next_same(c))
        if (strcmp(einv_x_text(c), s) == 0)
            return 1;
    return 0;
}

xmlNodePtr fr_path_attr(const xmlNode *from, const char *path, const char *attr, const char *val)
{
    xmlNodePtr hit = NULL;
    FR_EACH(from, path, n)
        if (!hit) {
            const char *v = einv_x_attr(n, attr);
            if (v && strcmp(v, val) == 0)
                hit = n;
        }
    return hit;
}

int fr_path_is(const xmlNode *from, const char *path, const char *s)
{
    int hit = 0;
    FR_EACH(from, path, n)
        if (!hit && strcmp(einv_x_text(n), s) == 0)
            hit = 1;
    return hit;
}

int fr_parent_is(const xmlNode *n, int ns, const char *name)
{
    return n && einv_x_is(n->parent, ns, name);
}

/* ---- root-anchored paths through the name index ----
 *
 * A child-step path from the document root is evaluated from its rarest step: the index
 * gives every element of that name in document order; each one whose ancestors match the
 * steps before it (up to the root) contributes the descendants matching the steps after it.
 * Candidates of one step sit at the same depth, so their subtrees are disjoint and the result
 * keeps document order. */

typedef struct fr_step {
    int ns;
    char name[64];
} fr_step;

#define FR_MAX_STEPS 16

static int prefix_ns(const char *p, size_t n)
{
    static const struct { const char *p; int ns; } map[] = {
        {"ubl", EINV_NS_UBL_INV}, {"cn", EINV_NS_UBL_CN}, {"cac", EINV_NS_CAC}, {"cbc", EINV_NS_CBC},
        {"rsm", EINV_NS_RSM},     {"ram", EINV_NS_RAM},   {"udt", EINV_NS_UDT}, {"qdt", EINV_NS_QDT}};
    size_t i;
    for (i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strlen(map[i].p) == n && memcmp(map[i].p, p, n) == 0)
            return map[i].ns;
    return EINV_NS_OTHER;
}

/* "pfx:name/pfx:name..." -> steps; -1 when the path has a step we cannot index. */
static int parse_path(const char *path, fr_step *st)
{
    int k = 0;
    const char *p = path;
    while (*p) {
        const char *e = strchr(p, '/'), *colon;
        size_t n = e ? (size_t)(e - p) : strlen(p), len;
        if (k == FR_MAX_STEPS || !(colon = memchr(p, ':', n)))
            return -1;
        len = n - (size_t)(colon - p) - 1;
        if (len >= sizeof st[k].name)
            return -1;
        st[k].ns = prefix_ns(p, (size_t)(colon - p));
        memcpy(st[k].name, colon + 1, len);
        st[k].name[len] = 0;
        k++;
        p = e ? e + 1 : p + n;
    }
    return k;
}

static int step_is(const xmlNode *n, const fr_step *s)
{
    return n && n->type == XML_ELEMENT_NODE && (int)n->extra == s->ns && strcmp((const char *)n->name, s->name) == 0;
}

/* mode 0: stop at the first match, 1: count, 2: collect */
static size_t down(const xmlNode *n, const fr_step *st, int k, int mode, xmlNodePtr *first, einv_nodes_t *out)
{
    size_t total = 0;
    xmlNodePtr c;
    if (k == 0) {
        if (mode == 0 && !*first)
            *first = (xmlNodePtr)n;
        if (mode == 2)
            einv_nodes_push(out, (xmlNodePtr)n);
        return 1;
    }
    for (c = n->children; c; c = c->next) {
        if (!step_is(c, st))
            continue;
        total += down(c, st + 1, k - 1, mode, first, out);
        if (mode == 0 && total)
            break;
    }
    return total;
}

/* -1: not indexable (use the plain walk); otherwise the number of matches. */
static long indexed(const xmlNode *from, const char *path, int mode, xmlNodePtr *first, einv_nodes_t *out)
{
    fr_step st[FR_MAX_STEPS];
    const einv_nodelist_t *best = NULL;
    const einv_xdoc_t *d;
    int k, i, bi = 0, j;
    size_t m, total = 0;
    if (!from || !from->parent || from->parent->type != XML_DOCUMENT_NODE || !strchr(path, '/'))
        return -1;
    d = einv_x_xdoc(from);
    if (!d || (k = parse_path(path, st)) < 2)
        return -1;
    /* Start from the last step (each candidate costs an upward check that usually fails at
     * its parent), unless an earlier step has a few candidates with few children: then the
     * downward walk from them is cheaper. */
    best = einv_xdoc_all(d, st[k - 1].ns, st[k - 1].name);
    bi = k - 1;
    {
        size_t best_cost = best->n;
        for (i = 0; i < k - 1 && best_cost > 8; i++) {
            const einv_nodelist_t *l = einv_xdoc_all(d, st[i].ns, st[i].name);
            size_t cost = l->n, kids = 0;
            if (l->n > 8)
                continue;
            /* count children only as long as this start can still win */
            for (m = 0; m < l->n && cost + kids * (size_t)(k - 1 - i) < best_cost; m++) {
                xmlNodePtr c;
                for (c = l->v[m]->children; c && cost + kids * (size_t)(k - 1 - i) < best_cost; c = c->next)
                    kids++;
            }
            cost += kids * (size_t)(k - 1 - i);
            if (cost < best_cost)
                best = l, bi = i, best_cost = cost;
        }
    }
    for (m = 0; m < best->n; m++) {
        const xmlNode *n = best->v[m], *p = n->parent;
        for (j = bi - 1; j >= 0 && step_is(p, &st[j]); j--)
            p = p->parent;
        if (j >= 0 || p != from)
            continue;
        total += down(n, st + bi + 1, k - bi - 1, mode, first, out);
        if (mode == 0 && total)
            break;
    }
    return (long)total;
}

size_t fr_select(const xmlNode *from, const char *path, einv_nodes_t *out)
{
    long r = indexed(from, path, 2, NULL, out);
    return r < 0 ? einv_x_select(from, path, out) : (size_t)r;
}

xmlNodePtr fr_path(const xmlNode *from, const char *path)
{
    xmlNodePtr first = NULL;
    if (indexed(from, path, 0, &first, NULL) < 0)
        return einv_x_path(from, path);
    return first;
}

size_t fr_path_count(const xmlNode *from, const char *path)
{
    long r = indexed(from, path, 1, NULL, NULL);
    return r < 0 ? einv_x_path_count(from, path) : (size_t)r;
}

/* ---- the profile ---- */

static void fr_check(einv_ctx_t *ctx)
{
    einv_syntax s = einv_ctx_syntax(ctx);
    size_t i;
    if (!einv_ctx_xdoc(ctx))
        return;
    for (i = 0; i < N_FAMILIES; i++)
        if (FAMILIES[i]->syntax == s)
            FAMILIES[i]->check(ctx);
}

/* One list of every rule id (ids shared by both syntaxes are listed once). */
static const einv_rule_t **all_rules;
static size_t n_all;
/* Engines in one process share this object: build the list once, free it with the last. */
static int inits;

static int fr_init(const einv_host_api_t *host, einv_error_t *err)
{
    static einv_profile_ops_t ops = {
        sizeof(einv_profile_ops_t), "FRANCE", "EN16931", 1,
        "FNFE-MPE CTC BR-FR Flux 2 schematron 1.4.0",
        EINV_SYNTAX_BIT(EINV_SYNTAX_UBL) | EINV_SYNTAX_BIT(EINV_SYNTAX_CII), fr_check, NULL, 0,
        NULL, NULL, NULL, 0};   /* converters use EN 16931's BT-24; BT-23 has no ERP source */
    size_t i, j, k, total = 0;
    if (inits++ > 0)
        return host->register_profile(&ops, err);
    n_all = 0;
    for (i = 0; i < N_FAMILIES; i++)
        total += FAMILIES[i]->n_rules;
    all_rules = calloc(total ? total : 1, sizeof *all_rules);
    if (!all_rules)
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
    n_all = 0;
    for (i = 0; i < N_FAMILIES; i++)
        for (j = 0; j < FAMILIES[i]->n_rules; j++) {
            const einv_rule_t *r = FAMILIES[i]->rules[j];
            for (k = 0; k < n_all; k++)
                if (strcmp(all_rules[k]->id, r->id) == 0)
                    break;
            if (k == n_all)
                all_rules[n_all++] = r;
        }
    ops.rules = all_rules;
    ops.n_rules = n_all;
    return host->register_profile(&ops, err);
}

static void fr_fini(void)
{
    if (inits > 0 && --inits > 0)
        return;
    free(all_rules);
    all_rules = NULL;
    n_all = 0;
}

EINV_PLUGIN_DEFINE("france", EINV_PLUGIN_PROFILE, "1.4.0",
                   "French CTC rules BR-FR (FNFE-MPE Flux 2 schematron 1.4.0) on EN 16931",
                   fr_init, fr_fini)
