/* SARIF 2.1.0 (OASIS): one run of the tool "einvoice". Each finding is a result with its
 * ruleId and ruleIndex, a level (ERROR error, WARNING warning, INFO note), the message, the
 * file as physical location and the finding's field (the path in the submitted document)
 * as logical location. The rules seen are listed once in tool.driver.rules with their
 * helpUri (the finding's documentationUrl). Results stream out as they come; the tool
 * object follows them (member order is free in JSON). */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#define SARIF_SCHEMA "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

typedef struct sarif_rule {
    char *id, *text, *url, *severity;
} sarif_rule_t;

struct einv_rep_sarif {
    FILE *out;
    char *version;
    size_t results;
    sarif_rule_t *rules;
    size_t n_rules, cap_rules;
    char started[32];
};

einv_rep_sarif_t *einv_rep_sarif_begin(FILE *out, const char *tool_version)
{
    einv_rep_sarif_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->out = out;
    s->version = strdup(tool_version ? tool_version : "0");
    if (!s->version) {
        free(s);
        return NULL;
    }
    einv_rep_now(s->started);
    fputs("{\"$schema\":\"" SARIF_SCHEMA "\",\"version\":\"2.1.0\",\"runs\":[{\"results\":[", out);
    return s;
}

static const char *level(const char *severity)
{
    if (strcmp(severity, "ERROR") == 0)
        return "error";
    if (strcmp(severity, "WARNING") == 0)
        return "warning";
    return "note";
}

/* The index of the rule in tool.driver.rules, added when new; -1 when memory ran out. */
static long rule_index(einv_rep_sarif_t *s, const einv_rep_finding_t *f)
{
    size_t i;
    sarif_rule_t *r;
    for (i = 0; i < s->n_rules; i++)
        if (strcmp(s->rules[i].id, f->code) == 0)
            return (long)i;
    if (s->n_rules == s->cap_rules) {
        size_t cap = s->cap_rules ? s->cap_rules * 2 : 32;
        sarif_rule_t *nr = realloc(s->rules, cap * sizeof *nr);
        if (!nr)
            return -1;
        s->rules = nr;
        s->cap_rules = cap;
    }
    r = &s->rules[s->n_rules];
    r->id = strdup(f->code);
    r->text = strdup(f->message);
    r->url = strdup(f->url);
    r->severity = strdup(f->severity);
    if (!r->id || !r->text || !r->url || !r->severity) {
        free(r->id);
        free(r->text);
        free(r->url);
        free(r->severity);
        return -1;
    }
    return (long)s->n_rules++;
}

/* A file path as a URI reference: unreserved characters and '/' as they are, the rest
 * percent-encoded (spaces, '#', '%', non-ASCII bytes). */
static void uri_ref(FILE *o, const char *path)
{
    const unsigned char *p = (const unsigned char *)path;
    fputc('"', o);
    for (; *p; p++) {
        if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~/", *p))
            fputc(*p, o);
        else
            fprintf(o, "%%%02X", *p);
    }
    fputc('"', o);
}

void einv_rep_sarif_add(einv_rep_sarif_t *s, const einv_rep_doc_t *d)
{
    FILE *o = s->out;
    size_t i;
    for (i = 0; i < d->n; i++) {
        const einv_rep_finding_t *f = &d->f[i];
        long ri = rule_index(s, f);
        fputs(s->results++ ? "," : "", o);
        fputs("{\"ruleId\":", o);
        einv_rep_json_str(o, f->code);
        if (ri >= 0)
            fprintf(o, ",\"ruleIndex\":%ld", ri);
        fprintf(o, ",\"level\":\"%s\",\"message\":{\"text\":", level(f->severity));
        einv_rep_json_str(o, f->message);
        fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{\"uri\":", o);
        uri_ref(o, d->name);
        fputs("}}", o);
        if (*f->field) {
            fputs(",\"logicalLocations\":[{\"fullyQualifiedName\":", o);
            einv_rep_json_str(o, f->field);
            fputs(",\"kind\":\"element\"}]", o);
        }
        fputs("}],\"properties\":{\"layer\":", o);
        einv_rep_json_str(o, f->layer);
        fputs(",\"profile\":", o);
        einv_rep_json_str(o, d->profile);
        if (*d->format) {
            fputs(",\"invoiceFormat\":", o);
            einv_rep_json_str(o, d->format);
        }
        if (*f->suggestion) {
            fputs(",\"suggestion\":", o);
            einv_rep_json_str(o, f->suggestion);
        }
        fputs("}}", o);
    }
}

static void write_rule(FILE *o, const sarif_rule_t *r, int first)
{
    fputs(first ? "{\"id\":" : ",{\"id\":", o);
    einv_rep_json_str(o, r->id);
    fputs(",\"shortDescription\":{\"text\":", o);
    einv_rep_json_str(o, r->text);
    fputs("}", o);
    /* helpUri must be an absolute URI (SARIF 3.49.12): only http(s) URLs are given */
    if (strncmp(r->url, "https://", 8) == 0 || strncmp(r->url, "http://", 7) == 0) {
        fputs(",\"helpUri\":", o);
        einv_rep_json_str(o, r->url);
    }
    fprintf(o, ",\"defaultConfiguration\":{\"level\":\"%s\"}}", level(r->severity));
}

int einv_rep_sarif_end(einv_rep_sarif_t *s, int exit_code)
{
    FILE *o = s->out;
    char now[32];
    size_t i;
    int rc;
    einv_rep_now(now);
    fputs("],\"tool\":{\"driver\":{\"name\":\"einvoice\",\"version\":", o);
    einv_rep_json_str(o, s->version);
    fputs(",\"rules\":[", o);
    for (i = 0; i < s->n_rules; i++)
        write_rule(o, &s->rules[i], i == 0);
    fprintf(o, "]}},\"invocations\":[{\"executionSuccessful\":%s,\"exitCode\":%d,"
               "\"startTimeUtc\":\"%s\",\"endTimeUtc\":\"%s\"}],\"columnKind\":\"unicodeCodePoints\"}]}\n",
            exit_code == 2 ? "false" : "true", exit_code, s->started, now);
    rc = ferror(o) ? -1 : 0;
    for (i = 0; i < s->n_rules; i++) {
        free(s->rules[i].id);
        free(s->rules[i].text);
        free(s->rules[i].url);
        free(s->rules[i].severity);
    }
    free(s->rules);
    free(s->version);
    free(s);
    return rc;
}
