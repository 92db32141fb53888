/* einvoice: the command-line validator.
 *   einvoice validate --profile P [--format F] [--json] [--mapping FILE] FILE...
 *   einvoice rules --profile P [--json]
 *   einvoice profiles | formats | version
 * Exit status of validate: 0 all valid, 1 some invalid, 2 usage or I/O error. */
#include "engine.h"
#include "convert.h"
#include "extract.h"
#include "validate.h"
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EINV_CLI_MAX_INPUT ((size_t)1 << 30)

static void usage(FILE *f)
{
    fprintf(f,
            "usage: einvoice validate --profile P [--format auto|ubl|cii|...] [--json] [--mapping FILE]\n"
            "                         [--report junit|sarif|html|xml [-o OUT]] [--fail-on error|warning]\n"
            "                         [--jobs N] FILE|DIR|-...\n"
            "       einvoice rules --profile P [--json|--markdown]\n"
            "       einvoice convert --to json|ubl|cii|facturx|idoc [--format F] [--mapping FILE]\n"
            "                        [--profile P] FILE [-o OUT]\n"
            "       einvoice extract [--tier FAST|ACCURATE] [--profile P] FILE...\n"
            "       einvoice profiles\n"
            "       einvoice formats\n"
            "       einvoice version\n"
            "Options may also be written --opt=value; 'einvoice COMMAND --help' explains a command.\n"
            "Exit status of validate: 0 valid, 1 invalid, 2 usage or I/O error (docs/cli.md).\n"
            "With several files and --json, one JSON object per line.\n"
            "The limits per document are read from EINV_LIMIT_ATTRIBUTES, EINV_LIMIT_ELEMENTS,\n"
            "EINV_LIMIT_TEXT, EINV_LIMIT_PDF_DECODED, EINV_LIMIT_TIMEOUT_MS,\n"
            "EINV_LIMIT_FINDINGS_PER_RULE and EINV_LIMIT_FINDINGS, as einvoiced reads them.\n"
            "Plugins: EINV_PLUGIN_PATH (colon list searched first), EINV_PLUGIN_DIR (the built-in\n"
            "folder), EINV_PLUGINS (comma list of plugin names); also EINV_DOCS_URL,\n"
            "EINV_SCHEMA_DIR and EINV_XML_ARENA (docs/operations.md).\n");
}

/* The budget of every validation of this run (limits.h), from the same EINV_LIMIT_*
 * variables as the server's (docs/operations.md); unset ones keep the SDK's defaults. */
static einv_limits_t cli_limits;

static int load_limits(void)
{
    static const struct {
        const char *key;
        size_t off;
        unsigned long long max;
        int bytes;   /* K, M, G allowed */
    } LIMITS[] = {
        {"EINV_LIMIT_ATTRIBUTES", offsetof(einv_limits_t, max_attributes), 1000000, 0},
        {"EINV_LIMIT_ELEMENTS", offsetof(einv_limits_t, max_elements), 1000000000, 0},
        {"EINV_LIMIT_TEXT", offsetof(einv_limits_t, max_text), 4ULL << 30, 1},
        {"EINV_LIMIT_PDF_DECODED", offsetof(einv_limits_t, max_decoded), 4ULL << 30, 1},
        {"EINV_LIMIT_TIMEOUT_MS", 0, 86400000, 0},   /* offset 0: timeout_ms, an unsigned */
        {"EINV_LIMIT_FINDINGS_PER_RULE", offsetof(einv_limits_t, max_findings_per_rule), 1000000, 0},
        {"EINV_LIMIT_FINDINGS", offsetof(einv_limits_t, max_findings), 10000000, 0}};
    size_t i;
    einv_limits_default(&cli_limits);
    for (i = 0; i < sizeof LIMITS / sizeof LIMITS[0]; i++) {
        const char *v = getenv(LIMITS[i].key);
        char *end;
        unsigned long long n, mul = 1;
        if (!v || !*v)
            continue;
        errno = 0;
        n = strtoull(v, &end, 10);
        if (LIMITS[i].bytes && (*end == 'K' || *end == 'M' || *end == 'G' || *end == 'k' || *end == 'm' || *end == 'g'))
            mul = 1ULL << (*end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20 : 30), end++;
        if (end == v || *end || errno || v[0] < '0' || v[0] > '9' || n == 0 || n > LIMITS[i].max / mul) {
            fprintf(stderr, "einvoice: %s=%s is not a whole number between 1 and %llu%s\n", LIMITS[i].key, v,
                    LIMITS[i].max, LIMITS[i].bytes ? " (K, M or G allowed)" : "");
            return -1;
        }
        if (LIMITS[i].off)
            *(size_t *)(void *)((char *)&cli_limits + LIMITS[i].off) = (size_t)(n * mul);
        else
            cli_limits.timeout_ms = (unsigned)n;
    }
    return 0;
}

/* Read a whole file (or stdin for "-"). Returns malloc'd bytes or NULL with errno set. */
unsigned char *read_all(const char *path, size_t *len, const char **why)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t n = 0, cap = 0;
    *why = NULL;
    if (!f) {
        *why = strerror(errno);
        return NULL;
    }
    for (;;) {
        size_t r;
        if (n == cap) {
            unsigned char *nb;
            cap = cap ? cap * 2 : 65536;
            if (cap > EINV_CLI_MAX_INPUT + 1)
                cap = EINV_CLI_MAX_INPUT + 1;
            if (n == cap) {
                *why = "file larger than 1 GiB";
                break;
            }
            nb = realloc(buf, cap);
            if (!nb) {
                *why = "out of memory";
                break;
            }
            buf = nb;
        }
        r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0) {
            if (ferror(f))
                *why = strerror(errno);
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    if (*why) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf ? buf : malloc(1);
}

const char *arg_value(int argc, char **argv, int *i, const char *name)
{
    size_t l = strlen(name);
    if (strncmp(argv[*i], name, l) == 0 && argv[*i][l] == '=')
        return argv[*i] + l + 1;
    if (strcmp(argv[*i], name) == 0) {
        if (*i + 1 >= argc)
            return NULL;
        return argv[++*i];
    }
    return NULL;
}

static void json_escape(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

enum { OUT_TEXT, OUT_JSON, OUT_MD };

static void md_cell(const char *s)
{
    for (; s && *s; s++) {
        if (*s == '|')
            fputs("\\|", stdout);
        else if (*s == '\n')
            fputc(' ', stdout);
        else
            fputc(*s, stdout);
    }
}

static void emit_rule(const einv_rule_t *r, const char *source, int mode, int *first)
{
    if (mode == OUT_JSON) {
        printf("%s{\"id\":", *first ? "" : ",");
        json_escape(stdout, r->id);
        printf(",\"severity\":\"%s\",\"layer\":\"%s\",\"terms\":", einv_severity_name(r->severity),
               einv_layer_name(r->layer));
        json_escape(stdout, r->terms);
        printf(",\"message\":");
        json_escape(stdout, r->message);
        printf(",\"suggestion\":");
        json_escape(stdout, r->suggestion);
        printf(",\"source\":");
        json_escape(stdout, source);
        printf("}");
    } else if (mode == OUT_MD) {
        printf("| <a id=\"%s\"></a>%s | %s | %s | ", r->id, r->id, einv_severity_name(r->severity),
               einv_layer_name(r->layer));
        md_cell(r->terms);
        printf(" | ");
        md_cell(r->message);
        printf(" | ");
        md_cell(r->suggestion);
        printf(" |\n");
    } else
        printf("%-28s %-8s %-8s %s\n", r->id, einv_severity_name(r->severity),
               einv_layer_name(r->layer), source);
    *first = 0;
}


/* Whether a profile below chain[k] (chain[0] is the one asked for; k = n: any profile of the
 * chain) withdraws rule id: its findings never reach a result of chain[0], so the listing
 * leaves the entry out. */
static int withdrawn_below(const einv_profile_ops_t *const *chain, int k, const char *id)
{
    const char *const *ids;
    size_t i, n;
    int m;
    for (m = 0; m < k; m++)
        for (n = einv_profile_withdraws(chain[m], &ids), i = 0; i < n; i++)
            if (strcmp(ids[i], id) == 0)
                return 1;
    return 0;
}

static int cmd_rules(einv_engine_t *e, int argc, char **argv)
{
    const char *profile = NULL, *v;
    int mode = OUT_TEXT, i, first = 1, n = 0, k;
    const einv_profile_ops_t *p, *chain[8];
    size_t j, f;
    for (i = 0; i < argc; i++) {
        if ((v = arg_value(argc, argv, &i, "--profile")))
            profile = v;
        else if (strcmp(argv[i], "--json") == 0)
            mode = OUT_JSON;
        else if (strcmp(argv[i], "--markdown") == 0)
            mode = OUT_MD;
        else {
            usage(stderr);
            return 2;
        }
    }
    p = einv_engine_profile(e, profile);
    if (!p) {
        fprintf(stderr, "einvoice: rules needs --profile with an installed profile\n");
        return 2;
    }
    for (; p && n < 8; p = p->base ? einv_engine_profile(e, p->base) : NULL)
        chain[n++] = p;
    if (mode == OUT_JSON)
        printf("[");
    if (mode == OUT_MD)
        printf("| id | severity | layer | terms | message | suggestion |\n|---|---|---|---|---|---|\n");
    /* the core's own findings, the syntax rules of every format, then the profile chain */
    for (j = 0; j < einv_core_rules_count; j++)
        emit_rule(einv_core_rules[j], "core", mode, &first);
    for (f = 0; f < einv_engine_format_count(e); f++) {
        const einv_format_ops_t *fo = einv_engine_format_at(e, f);
        for (j = 0; fo->rules && j < fo->n_rules; j++)
            if (!withdrawn_below(chain, n, fo->rules[j]->id))   /* syntax rules a profile replaces */
                emit_rule(fo->rules[j], fo->name, mode, &first);
    }
    for (k = n - 1; k >= 0; k--)
        for (j = 0; chain[k]->rules && j < chain[k]->n_rules; j++)
            if (!withdrawn_below(chain, k, chain[k]->rules[j]->id))
                emit_rule(chain[k]->rules[j], chain[k]->name, mode, &first);
    if (mode == OUT_JSON)
        printf("]\n");
    return 0;
}

/* einvoice COMMAND --help: the command's options on stdout, exit 0 (2 for no such command). */
static int command_help(const char *cmd)
{
    static const struct {
        const char *name, *text;
    } HELP[] = {
        {"rules", "usage: einvoice rules --profile P [--json|--markdown]\n"
                  "Lists the rules a validation under profile P can report: the core's, every format's\n"
                  "syntax rules and the profile chain's, with severity, layer and source.\n"},
        {"convert", "usage: einvoice convert --to json|ubl|cii|facturx|idoc [--format F] [--mapping FILE]\n"
                    "                        [--profile P] FILE [-o OUT]\n"
                    "Writes the canonical invoice of FILE as canonical JSON or through an exporter.\n"
                    "Exit status: 0 written, 1 the input could not be converted, 2 usage or I/O error.\n"},
        {"profiles", "usage: einvoice profiles\nLists the installed profiles: name, base, plan, artefact.\n"},
        {"formats", "usage: einvoice formats\nLists the installed input formats and their invoiceFormat.\n"},
        {"version", "usage: einvoice version\nPrints the version.\n"}};
    size_t i;
    if (strcmp(cmd, "validate") == 0) {
        validate_usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "extract") == 0) {
        extract_usage(stdout);
        return 0;
    }
    for (i = 0; i < sizeof HELP / sizeof HELP[0]; i++)
        if (strcmp(cmd, HELP[i].name) == 0) {
            fputs(HELP[i].text, stdout);
            return 0;
        }
    fprintf(stderr, "einvoice: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}

int main(int argc, char **argv)
{
    einv_engine_t *e;
    einv_error_t err;
    int rc;
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0))
        return command_help(argv[1]);
    if (strcmp(argv[1], "version") == 0 || strcmp(argv[1], "--version") == 0) {
        printf("einvoice %s\n", EINV_VERSION_STR);
        return 0;
    }
    if (load_limits() != 0)
        return 2;
    {
        /* the engine's settings, read here (the core reads no environment) */
        const char *arena = getenv("EINV_XML_ARENA");
        einv_engine_options_t o;
        memset(&o, 0, sizeof o);
        o.struct_size = sizeof o;
        o.plugin_path = getenv("EINV_PLUGIN_PATH");
        o.plugin_dir = getenv("EINV_PLUGIN_DIR");
        o.allow = getenv("EINV_PLUGINS");
        o.docs_url = getenv("EINV_DOCS_URL");
        o.schema_dir = getenv("EINV_SCHEMA_DIR");
        o.no_xml_arena = arena && strcmp(arena, "0") == 0;
        o.limits = &cli_limits;
        e = einv_engine_open(&o, &err);
    }
    if (!e) {
        fprintf(stderr, "einvoice: %s\n", err.message);
        return 2;
    }
    if (strcmp(argv[1], "validate") == 0)
        rc = cmd_validate(e, &cli_limits, argc - 2, argv + 2);
    else if (strcmp(argv[1], "convert") == 0)
        rc = cmd_convert(e, argc - 2, argv + 2);
    else if (strcmp(argv[1], "extract") == 0)
        rc = cmd_extract(e, argc - 2, argv + 2);
    else if (strcmp(argv[1], "rules") == 0)
        rc = cmd_rules(e, argc - 2, argv + 2);
    else if (strcmp(argv[1], "profiles") == 0) {
        size_t i;
        for (i = 0; i < einv_engine_profile_count(e); i++) {
            const einv_profile_ops_t *p = einv_engine_profile_at(e, i);
            printf("%-10s base=%-8s %s  %s\n", p->name, p->base ? p->base : "-",
                   p->requires_pro ? "pro " : "free", p->artefact ? p->artefact : "");
        }
        rc = 0;
    } else if (strcmp(argv[1], "formats") == 0) {
        size_t i;
        for (i = 0; i < einv_engine_format_count(e); i++)
            printf("%-10s %s\n", einv_engine_format_at(e, i)->name,
                   einv_engine_format_at(e, i)->api_format);
        rc = 0;
    } else {
        fprintf(stderr, "einvoice: unknown command '%s'\n", argv[1]);
        usage(stderr);
        rc = 2;
    }
    einv_engine_close(e);
    return rc;
}
