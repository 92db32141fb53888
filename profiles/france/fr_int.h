/* Internal to the france profile (FNFE-MPE CTC "BR-FR" Flux 2 rules, version 1.4.0).
 *
 * france.c registers the profile (base EN16931) and holds the value helpers below: they
 * reproduce the artefact's custom: XSLT functions and the XPath 2.0 string semantics the
 * rules rely on (regular expressions with \d = Unicode decimal digit as Saxon 9.9 knows it,
 * lengths in characters, normalize-space, xs:double casts). The rule families live in
 * fr_ubl_*.c and fr_cii_*.c, one set per syntax, because the artefact binds each assert to
 * that syntax's structure and sometimes gives it a different id. */
#ifndef FR_INT_H
#define FR_INT_H

#include <stddef.h>
#include <einvoice/einvoice.h>

#define FR_HIDDEN __attribute__((visibility("hidden")))

typedef struct fr_family {
    const char *name;
    einv_syntax syntax;
    void (*check)(einv_ctx_t *ctx);
    const einv_rule_t *const *rules;
    size_t n_rules;
} fr_family_t;

extern FR_HIDDEN const fr_family_t fr_ubl_core;  /* fr_ubl_core.c: BR-FR-01 .. BR-FR-32 */
extern FR_HIDDEN const fr_family_t fr_ubl_co;    /* fr_ubl_co.c: BR-FR-CO-*, BR-FR-DEC-* */
extern FR_HIDDEN const fr_family_t fr_ubl_mv;    /* fr_ubl_mv.c: BR-FR-MV-*, BR-FR-BD-* */
extern FR_HIDDEN const fr_family_t fr_cii_core;  /* fr_cii_core.c */
extern FR_HIDDEN const fr_family_t fr_cii_co;    /* fr_cii_co.c */
extern FR_HIDDEN const fr_family_t fr_cii_mv;    /* fr_cii_mv.c */

/* Rule metadata: every BR-FR assert is flagged fatal in 1.4.0. */
#define FR_RULE(var, id, terms, msg, sug) \
    static const einv_rule_t var = {id, EINV_SEV_ERROR, EINV_LAYER_PROFILE, terms, msg, sug};

/* ---- strings (all take the raw string value; NULL counts as "") ---- */

/* Trim the XML white space (space, tab, CR, LF) at both ends: *len gets the length.
 * A pattern without blanks matches normalize-space(s) exactly when it matches this. */
FR_HIDDEN const char *fr_trim(const char *s, size_t *len);
/* normalize-space(s) into a malloc'd string (never NULL unless out of memory). */
FR_HIDDEN char *fr_norm_dup(const char *s);
/* normalize-space(s) != '' */
FR_HIDDEN int fr_nonblank(const char *s);
/* string-length(s): characters, not bytes. */
FR_HIDDEN size_t fr_strlen(const char *s);
/* One \d character at p (n bytes left): its byte length, 0 when it is no decimal digit. */
FR_HIDDEN size_t fr_digit(const char *p, size_t n);
/* matches(s[0..n), '^\d{k}$') */
FR_HIDDEN int fr_k_digits(const char *s, size_t n, size_t k);
/* starts-with(a, b) */
FR_HIDDEN int fr_starts(const char *a, const char *b);
/* Number of non-overlapping occurrences of pat in s, left to right (replace()/tokenize()). */
FR_HIDDEN size_t fr_count_occ(const char *s, const char *pat);
/* 1 when s equals one of the NULL-terminated list (general comparison with strings). */
FR_HIDDEN int fr_in(const char *s, const char *const *list);

/* ---- the artefact's custom: functions ---- */

FR_HIDDEN int fr_id_format_ok(const char *s);         /* is-valid-id-format */
FR_HIDDEN int fr_date_ok(const char *s, int cii);     /* is-valid-date-format (UBL / CII form) */
FR_HIDDEN int fr_doc_type_ok(const char *s);          /* is-valid-document-type-code */
FR_HIDDEN int fr_billing_mode_ok(const char *s);      /* is-valid-billing-mode */
FR_HIDDEN int fr_vat_cat_ok(const char *s);           /* is-valid-vat-category-code */
FR_HIDDEN int fr_vat_rate_ok(const char *s);          /* is-valid-vat-rate */
FR_HIDDEN int fr_attachment_ok(const char *s);        /* is-valid-attachment-code */
FR_HIDDEN int fr_scheme_format_ok(const char *s);     /* is-valid-schemeid-format */
/* is-valid-decimal-19-2/-19-4/-19-6(-positive) and is-valid-percent-4-2-positive over
 * normalize-space(s): up to `width` digits and `frac` decimals, an optional '-' when
 * `neg`, at most `width` characters once the point is removed. */
FR_HIDDEN int fr_decfmt_ok(const char *s, int width, int frac, int neg);
/* substring(s, 1, 9) = t (check-siret-siren-coherence, after matches(siret, '^\d{14}$')) */
FR_HIDDEN int fr_prefix9_eq(const char *s, const char *t);
/* 0: ordinary framework, 1: multi-vendor S8/B8/M8, 2: bidirectional S9/B9/M9
 * (custom:isSpecialContractMV / BD, over normalize-space of the framework code). */
FR_HIDDEN int fr_special_contract(const char *framework);
/* The self-billed type codes 389 261 501 500 502 471 473 (BR-FR-MV-13 / BD-13). */
FR_HIDDEN int fr_self_billed_type(const char *s);
/* number(s) as xs:double; 0 when the cast gives NaN (or s is NULL). */
FR_HIDDEN int fr_number(const char *s, double *out);

/* ---- UBL notes: string-join(cbc:Note, '') and the #CODE# conventions ---- */

/* The concatenated text of the root's cbc:Note children (malloc'd, never NULL unless out
 * of memory). */
FR_HIDDEN char *fr_ubl_join_notes(const xmlNode *root);
/* The value after the first "#CODE#" of the joined notes up to the next '#' (or the end),
 * written into buf; "" when the notes do not contain #CODE#. */
FR_HIDDEN const char *fr_note_value(const char *joined, const char *code, char *buf, size_t size);

/* ---- node helpers ---- */

/* First child element (ns, name) whose attribute attr equals val (or any, when val NULL). */
FR_HIDDEN xmlNodePtr fr_child_attr(const xmlNode *parent, int ns, const char *name,
                                   const char *attr, const char *val);
/* Some child (ns, name) has the raw string value s. */
FR_HIDDEN int fr_child_is(const xmlNode *parent, int ns, const char *name, const char *s);
/* First node of a child-step path (document order) whose attribute attr equals val. */
FR_HIDDEN xmlNodePtr fr_path_attr(const xmlNode *from, const char *path, const char *attr,
                                  const char *val);
/* Some node of the path has the raw string value s (path = 's'). */
FR_HIDDEN int fr_path_is(const xmlNode *from, const char *path, const char *s);
/* n's parent is (ns, name) */
FR_HIDDEN int fr_parent_is(const xmlNode *n, int ns, const char *name);
/* einv_x_select / einv_x_path / einv_x_path_count with the same answers; a path of two
 * steps or more from the document root goes through the name index from its rarest step. */
FR_HIDDEN size_t fr_select(const xmlNode *from, const char *path, einv_nodes_t *out);
FR_HIDDEN xmlNodePtr fr_path(const xmlNode *from, const char *path);
FR_HIDDEN size_t fr_path_count(const xmlNode *from, const char *path);
/* FR_EACH(from, path, var) { ... }: every node of a child-step path in document order. */
#define FR_EACH(from, path, var)                                                          \
    for (einv_nodes_t var##_s, *var##_once = (einv_nodes_init(&var##_s), &var##_s);      \
         var##_once; einv_nodes_free(&var##_s), var##_once = NULL)                        \
        for (size_t var##_i = (fr_select(from, path, &var##_s), 0); var##_i < var##_s.n;  \
             var##_i++)                                                                   \
            for (xmlNodePtr var = var##_s.v[var##_i]; var; var = NULL)

#endif
