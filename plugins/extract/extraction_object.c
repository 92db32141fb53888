/* The extraction object of an extracted invoice (extraction_object.h). Everything is taken
 * from the extractor's output member by member and only in the shape the API documents, so
 * a value of another type or out of range (a confidence of 7, a page 0, a box of three
 * numbers) never reaches a client: it is left out, the rest of the entry kept. */
#include "extraction_object.h"
#include <einvoice/json_strict.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Coordinates beyond PDF's largest page (14,400 pt) are not on any page. */
#define BOX_MAX 14400.0

static int is_number(json_object *v)
{
    return json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int);
}

/* A number written with a fixed spelling: json-c would print 0.97 as 0.96999999999999997. */
static json_object *number(double d, const char *fmt)
{
    char buf[32];
    snprintf(buf, sizeof buf, fmt, d);
    return json_object_new_double_s(d, buf);
}

/* A non-negative integer member of res (a count), else 0. */
static int count(json_object *res, const char *name)
{
    json_object *v;
    int64_t n;
    if (!json_object_object_get_ex(res, name, &v) || !json_object_is_type(v, json_type_int))
        return 0;
    n = json_object_get_int64(v);
    return n < 0 ? 0 : n > 1000000 ? 1000000 : (int)n;
}

/* The tier that ran: res's own word, else the one asked for. */
static const char *tier_of(json_object *res, const char *asked)
{
    json_object *v;
    const char *t = json_object_object_get_ex(res, "tier", &v) && json_object_is_type(v, json_type_string)
                        ? json_object_get_string(v) : asked;
    return t && !strcmp(t, "ACCURATE") ? "ACCURATE" : "FAST";
}

/* The confidence a value gives: 1 and a number in [0, 1] (clamped: a model's score may
 * overshoot by rounding), else 0. */
static int confidence(json_object *v, double *c)
{
    if (!is_number(v))
        return 0;
    *c = json_object_get_double(v);
    if (!isfinite(*c))
        return 0;
    *c = *c < 0 ? 0 : *c > 1 ? 1 : *c;
    return 1;
}

/* The entry of path in fields; made when it names a value of the canonical invoice and
 * make is set, else NULL. A pointer to nothing (or to null) is not an extracted field: the
 * clerk has nothing to compare (a low confidence there is still an EXTRACTION finding). */
static json_object *entry(json_object *fields, json_object *canon, const char *path, int make)
{
    json_object *e, *val = NULL;
    if (json_object_object_get_ex(fields, path, &e))
        return e;
    if (!make || !canon || path[0] != '/' || json_pointer_get(canon, path, &val) != 0 || !val)
        return NULL;
    e = json_object_new_object();
    if (e && json_object_object_add(fields, path, e) != 0) {
        json_object_put(e);
        e = NULL;
    }
    return e;
}

static void set_confidence(json_object *e, double c)
{
    json_object_object_add(e, "confidence", number(c, "%.3g"));
}

/* [x0, y0, x1, y1] when v is four coordinates on a page (x0 <= x1, y0 <= y1), else NULL. */
static json_object *box(json_object *v)
{
    double d[4];
    json_object *a;
    int i;
    if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != 4)
        return NULL;
    for (i = 0; i < 4; i++) {
        json_object *x = json_object_array_get_idx(v, (size_t)i);
        if (!is_number(x) || !isfinite(d[i] = json_object_get_double(x)) || d[i] < 0 || d[i] > BOX_MAX)
            return NULL;
    }
    if (d[0] > d[2] || d[1] > d[3] || !(a = json_object_new_array()))
        return NULL;
    for (i = 0; i < 4; i++)
        json_object_array_add(a, number(d[i], "%.1f"));
    return a;
}

/* A note as valid UTF-8 of at most EXTRACTION_NOTE_MAX bytes, cut at a character boundary
 * (the core refuses an object that is not valid UTF-8 as a whole); NULL when empty. */
static json_object *note(json_object *v)
{
    size_t n;
    const char *s;
    if (!json_object_is_type(v, json_type_string))
        return NULL;
    s = json_object_get_string(v);
    n = (size_t)json_object_get_string_len(v);
    n = einv_utf8_valid(s, n < EXTRACTION_NOTE_MAX ? n : EXTRACTION_NOTE_MAX);
    return n ? json_object_new_string_len(s, (int)n) : NULL;
}

/* One entry of the extractor's "fields" map over e: its confidence, page, box and note
 * where each has the documented shape. */
static void take_field(json_object *e, json_object *f, int pages)
{
    json_object *v, *x;
    double c;
    if (json_object_object_get_ex(f, "confidence", &v) && confidence(v, &c))
        set_confidence(e, c);
    if (json_object_object_get_ex(f, "page", &v) && json_object_is_type(v, json_type_int)) {
        int64_t p = json_object_get_int64(v);
        if (p >= 1 && (pages == 0 || p <= pages))
            json_object_object_add(e, "page", json_object_new_int((int)p));
    }
    if (json_object_object_get_ex(f, "box", &v) && (x = box(v)))
        json_object_object_add(e, "box", x);
    if (json_object_object_get_ex(f, "note", &v) && (x = note(v)))
        json_object_object_add(e, "note", x);
}

/* fields from the "confidence" map ({pointer: c}), then the "fields" map ({pointer:
 * {confidence, page, box, note}}), which completes and overrides it. An entry is made only
 * with a confidence: the API promises one for every field. */
static void fill(json_object *fields, json_object *res, json_object *canon, int pages)
{
    json_object *map, *e;
    double c;
    if (json_object_object_get_ex(res, "confidence", &map) && json_object_is_type(map, json_type_object)) {
        json_object_object_foreach(map, path, v) {
            if (confidence(v, &c) && (e = entry(fields, canon, path, 1)))
                set_confidence(e, c);
        }
    }
    if (json_object_object_get_ex(res, "fields", &map) && json_object_is_type(map, json_type_object)) {
        json_object_object_foreach(map, path, f) {
            json_object *v;
            if (!json_object_is_type(f, json_type_object))
                continue;
            int has = json_object_object_get_ex(f, "confidence", &v) && confidence(v, &c);
            if ((e = entry(fields, canon, path, has)))
                take_field(e, f, pages);
        }
    }
}

json_object *extraction_object(json_object *res, const char *tier)
{
    json_object *o = json_object_new_object(), *fields = json_object_new_object(), *canon = NULL;
    int pages = count(res, "pages");
    if (!o || !fields) {
        json_object_put(o);
        json_object_put(fields);
        return NULL;
    }
    if (!json_object_object_get_ex(res, "canonicalJson", &canon) || !json_object_is_type(canon, json_type_object))
        canon = NULL;
    json_object_object_add(o, "tier", json_object_new_string(tier_of(res, tier)));
    json_object_object_add(o, "readings", json_object_new_int(count(res, "readings")));
    json_object_object_add(o, "pages", json_object_new_int(pages));
    json_object_object_add(o, "ocrPages", json_object_new_int(count(res, "ocrPages")));
    fill(fields, res, canon, pages);
    json_object_object_add(o, "fields", fields);
    return o;
}
