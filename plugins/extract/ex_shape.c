/* Value shapes: numbers in the European and English forms, dates, currencies, units and
 * countries as printed in DE/EN/FR/IT documents. All money is integer-scaled. */
#include "ex_shape.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Skip a currency sign or code at p (UTF-8 € £ $, "EUR", "US$"); returns bytes skipped. */
static size_t skip_currency(const char *p, int *seen)
{
    static const char *const signs[] = {"US$", "\xe2\x82\xac", "\xc2\xa3", "$", "EUR", "GBP",
                                        "USD", "CHF", NULL};
    int i;
    for (i = 0; signs[i]; i++) {
        size_t n = strlen(signs[i]);
        if (strncmp(p, signs[i], n) == 0) {
            *seen = 1;
            return n;
        }
    }
    return 0;
}

int ex_parse_num(const char *s, int dec_comma, ex_num_t *out)
{
    char digits[40];
    size_t nd = 0;
    const char *p = s;
    int neg = 0, seen_cur = 0, last_sep = 0, n_seps = 0, sep_kinds = 0, frac = -1;
    size_t after_last = 0, first_group = 0;
    memset(out, 0, sizeof *out);
    /* OCR reads table rules next to figures as '|', '[', ')' or ',' */
    while (*p == ' ' || *p == '(' || *p == '|' || *p == '[' || *p == '{')
        p++;
    p += skip_currency(p, &seen_cur);
    while (*p == ' ')
        p++;
    if (*p == '-' || *p == '+' ) {
        neg = *p == '-';
        p++;
    }
    if (!isdigit((unsigned char)*p))
        return 0;
    for (; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (isdigit(c)) {
            if (nd >= sizeof digits - 1)
                return 0;
            digits[nd++] = (char)c;
            after_last++;
            continue;
        }
        /* separators: . , ' space, no-break (C2 A0) and narrow no-break (E2 80 AF) spaces */
        if (c == ':' && isdigit((unsigned char)p[1]) && nd)
            c = '.';   /* OCR reads a point as a colon ("10:792,56") */
        if ((c == '.' || c == ',' || c == '\'') && isdigit((unsigned char)p[1])) {
            if (!n_seps) first_group = nd;
            n_seps++;
            sep_kinds |= c == '.' ? 1 : c == ',' ? 2 : 4;
            last_sep = c;
            after_last = 0;
            continue;
        }
        if (c == ' ' && isdigit((unsigned char)p[1]) && isdigit((unsigned char)p[2]) &&
            isdigit((unsigned char)p[3]) && !isdigit((unsigned char)p[4])) {
            if (!n_seps) first_group = nd;
            n_seps++, sep_kinds |= 4, last_sep = ' ', after_last = 0;
            continue;
        }
        if (c == 0xC2 && (unsigned char)p[1] == 0xA0 && isdigit((unsigned char)p[2])) {
            if (!n_seps) first_group = nd;
            n_seps++, sep_kinds |= 4, last_sep = ' ', after_last = 0, p++;
            continue;
        }
        if (c == 0xE2 && (unsigned char)p[1] == 0x80 && (unsigned char)p[2] == 0xAF &&
            isdigit((unsigned char)p[3])) {
            if (!n_seps) first_group = nd;
            n_seps++, sep_kinds |= 4, last_sep = ' ', after_last = 0, p += 2;
            continue;
        }
        break;
    }
    /* what follows: %, a currency, nothing else but punctuation */
    while (*p == ' ')
        p++;
    if (*p == '%') {
        out->percent = 1;
        p++;
    } else {
        p += skip_currency(p, &seen_cur);
    }
    while (*p == ')' || *p == '*' || *p == ':' || *p == ';' || *p == '|' || *p == ']' || *p == '}' ||
           (*p == ',' && !p[1]) || (*p == '.' && !p[1]))
        p++;
    if (*p)
        return 0;
    digits[nd] = '\0';
    /* which separator is the decimal mark */
    if (n_seps) {
        int dec = 0;
        if (sep_kinds == 4) {
            dec = 0;                                   /* spaces / apostrophes group */
        } else if ((sep_kinds & 1) && (sep_kinds & 2)) {
            dec = 1;                                   /* both: the last one is decimal */
        } else if (n_seps > 1) {
            dec = (sep_kinds & 4) ? 1 : 0;             /* 1 234,56 or 1.234.567 */
        } else if (after_last != 3) {
            dec = 1;                                   /* 12,5 / 1.50 */
        } else if (dec_comma >= 0) {
            dec = (last_sep == ',') == (dec_comma == 1);
        } else {
            dec = 0;                                   /* 1,234 / 1.234: guess grouping */
        }
        if (dec && (last_sep == ' ' || last_sep == '\''))
            dec = 0;
        if (dec) {
            frac = (int)after_last;
            out->has_group = n_seps > 1;
        } else {
            out->has_group = 1;
        }
        (void)first_group;
    }
    out->decimals = frac < 0 ? 0 : frac;
    if (nd > 17)
        return 0;
    out->v = strtoll(digits, NULL, 10) * (neg ? -1 : 1);
    out->scale = out->decimals;
    out->currency = seen_cur;
    return 1;
}

int64_t ex_num_scaled(const ex_num_t *n, int scale)
{
    int64_t v = n->v;
    int s = n->scale;
    while (s < scale)
        v *= 10, s++;
    while (s > scale) {
        int64_t r = v % 10;
        v /= 10;
        if (r >= 5) v++;
        if (r <= -5) v--;
        s--;
    }
    return v;
}

void ex_fmt_cents(int64_t c, char *buf, size_t size)
{
    int64_t a = c < 0 ? -c : c;
    snprintf(buf, size, "%s%lld.%02lld", c < 0 ? "-" : "", (long long)(a / 100), (long long)(a % 100));
}

void ex_fmt_milli(int64_t m, char *buf, size_t size)
{
    int64_t a = m < 0 ? -m : m;
    char frac[8];
    int k;
    snprintf(frac, sizeof frac, "%03lld", (long long)(a % 1000));
    for (k = 2; k >= 0 && frac[k] == '0'; k--)
        frac[k] = '\0';
    snprintf(buf, size, "%s%lld%s%s", m < 0 ? "-" : "", (long long)(a / 1000), frac[0] ? "." : "", frac);
}

/* ---- dates ---- */
static const struct { const char *name; int month; } MONTHS[] = {
    {"januar", 1}, {"jänner", 1}, {"january", 1}, {"janvier", 1}, {"gennaio", 1}, {"jan", 1},
    {"februar", 2}, {"february", 2}, {"février", 2}, {"fevrier", 2}, {"febbraio", 2}, {"feb", 2}, {"févr", 2},
    {"märz", 3}, {"maerz", 3}, {"march", 3}, {"mars", 3}, {"marzo", 3}, {"mar", 3}, {"mär", 3},
    {"april", 4}, {"avril", 4}, {"aprile", 4}, {"apr", 4}, {"avr", 4},
    {"mai", 5}, {"may", 5}, {"maggio", 5},
    {"juni", 6}, {"june", 6}, {"juin", 6}, {"giugno", 6}, {"jun", 6},
    {"juli", 7}, {"july", 7}, {"juillet", 7}, {"luglio", 7}, {"jul", 7}, {"juil", 7},
    {"august", 8}, {"août", 8}, {"aout", 8}, {"agosto", 8}, {"aug", 8},
    {"september", 9}, {"septembre", 9}, {"settembre", 9}, {"sept", 9}, {"sep", 9},
    {"oktober", 10}, {"october", 10}, {"octobre", 10}, {"ottobre", 10}, {"okt", 10}, {"oct", 10},
    {"november", 11}, {"novembre", 11}, {"nov", 11},
    {"dezember", 12}, {"december", 12}, {"décembre", 12}, {"decembre", 12}, {"dicembre", 12},
    {"dez", 12}, {"dec", 12}, {"déc", 12}};

/* Month of the word at p (letters, optional trailing '.'), its length in *len. */
static int month_at(const char *p, size_t *len)
{
    size_t n = 0, i;
    char w[16];
    while (p[n] && (isalpha((unsigned char)p[n]) || (unsigned char)p[n] >= 0x80) && n < sizeof w - 1) {
        w[n] = (char)tolower((unsigned char)p[n]);
        n++;
    }
    w[n] = '\0';
    if (n < 3)
        return 0;
    for (i = 0; i < sizeof MONTHS / sizeof *MONTHS; i++)
        if (strcmp(w, MONTHS[i].name) == 0) {
            *len = n + (p[n] == '.');
            return MONTHS[i].month;
        }
    return 0;
}

static int read_int(const char *p, int maxd, int *v)
{
    int n = 0;
    *v = 0;
    while (n < maxd && isdigit((unsigned char)p[n]))
        *v = *v * 10 + (p[n] - '0'), n++;
    if (isdigit((unsigned char)p[n]))
        return 0;
    return n;
}

static int valid_ymd(int y, int m, int d)
{
    static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return y >= 1990 && y <= 2099 && m >= 1 && m <= 12 && d >= 1 && d <= days[m - 1];
}

/* A date starting at p: returns its length (0 none). */
static size_t date_at(const char *s, const char *p, int *y, int *m, int *d)
{
    int a, b, c, n1, n2, n3;
    size_t ml;
    if (p > s && (isalnum((unsigned char)p[-1])))
        return 0;
    if (isdigit((unsigned char)*p)) {
        n1 = read_int(p, 4, &a);
        if (!n1)
            return 0;
        /* yyyy-mm-dd */
        if (n1 == 4 && p[4] == '-' && (n2 = read_int(p + 5, 2, &b)) && p[5 + n2] == '-' &&
            (n3 = read_int(p + 6 + n2, 2, &c))) {
            *y = a, *m = b, *d = c;
            return (size_t)(6 + n2 + n3);
        }
        /* dd.mm.yyyy, dd/mm/yyyy, dd-mm-yyyy (US sellers print month first: mm/dd/yyyy is
         * not used in the sample; day first wins when both are possible) */
        if (n1 <= 2 && (p[n1] == '.' || p[n1] == '/' || p[n1] == '-') &&
            (n2 = read_int(p + n1 + 1, 2, &b)) && p[n1 + 1 + n2] == p[n1] &&
            (n3 = read_int(p + n1 + 2 + n2, 4, &c)) == 4) {
            *y = c, *m = b, *d = a;
            return (size_t)(n1 + 2 + n2 + n3);
        }
        /* 21. November 2026, 21 Nov 2026, 1er novembre 2026 */
        if (n1 <= 2) {
            const char *q = p + n1;
            if (strncmp(q, "er", 2) == 0) q += 2;
            else if (strncmp(q, "st", 2) == 0 || strncmp(q, "nd", 2) == 0 ||
                     strncmp(q, "rd", 2) == 0 || strncmp(q, "th", 2) == 0) q += 2;
            if (*q == '.') q++;
            while (*q == ' ') q++;
            if ((b = month_at(q, &ml))) {
                q += ml;
                if (*q == ',') q++;
                while (*q == ' ') q++;
                if ((n3 = read_int(q, 4, &c)) == 4) {
                    *y = c, *m = b, *d = a;
                    return (size_t)(q + 4 - p);
                }
            }
        }
        return 0;
    }
    /* November 21, 2026 / Nov 21, 2026 */
    if ((b = month_at(p, &ml))) {
        const char *q = p + ml;
        while (*q == ' ') q++;
        if ((n2 = read_int(q, 2, &a)) > 0) {
            q += n2;
            if (*q == ',') q++;
            while (*q == ' ') q++;
            if (read_int(q, 4, &c) == 4) {
                *y = c, *m = b, *d = a;
                return (size_t)(q + 4 - p);
            }
        }
    }
    return 0;
}

int ex_find_date(const char *s, char iso[11], size_t *start, size_t *end)
{
    const char *p;
    for (p = s; *p; p++) {
        int y, m, d;
        size_t n = date_at(s, p, &y, &m, &d);
        if (n && valid_ymd(y, m, d)) {
            snprintf(iso, 11, "%04d-%02d-%02d", y % 10000, m % 100, d % 100);
            if (start) *start = (size_t)(p - s);
            if (end) *end = (size_t)(p - s) + n;
            return 1;
        }
    }
    return 0;
}

int ex_currency(const char *s, char code[4])
{
    static const struct { const char *w; const char *c; } C[] = {
        {"EUR", "EUR"}, {"\xe2\x82\xac", "EUR"}, {"GBP", "GBP"}, {"\xc2\xa3", "GBP"},
        {"USD", "USD"}, {"US$", "USD"}, {"$", "USD"}, {"CHF", "CHF"}};
    size_t i;
    for (i = 0; i < sizeof C / sizeof *C; i++)
        if (strstr(s, C[i].w)) {
            memcpy(code, C[i].c, 4);
            return 1;
        }
    return 0;
}

/* ---- identifiers ---- */
static void compact(const char *s, char *out, size_t size)
{
    size_t k = 0;
    for (; *s && k + 1 < size; s++)
        if (isalnum((unsigned char)*s))
            out[k++] = (char)toupper((unsigned char)*s);
    out[k] = '\0';
}

static int all_digits(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i]))
            return 0;
    return 1;
}

/* ISO 7064 MOD 11,10 (German USt-IdNr.). */
static int de_ok(const char *d)
{
    int p = 10, i, s;
    for (i = 0; i < 8; i++) {
        s = (d[i] - '0' + p) % 10;
        if (!s) s = 10;
        p = (2 * s) % 11;
    }
    return (11 - p) % 10 == d[8] - '0';
}

static int at_ok(const char *d)   /* 8 digits after ATU */
{
    int s = 0, i;
    for (i = 0; i < 7; i++) {
        int v = d[i] - '0';
        if (i % 2) { v *= 2; v = v / 10 + v % 10; }
        s += v;
    }
    return (10 - (s + 4) % 10) % 10 == d[7] - '0';
}

static int fr_ok(const char *k)   /* 2 key digits + 9 SIREN digits */
{
    long long siren;
    if (!all_digits(k, 11))
        return 1;   /* letter keys: pattern only */
    siren = atoll(k + 2);
    return ((12 + 3 * (siren % 97)) % 97) == (k[0] - '0') * 10 + (k[1] - '0');
}

static int luhn_it(const char *d)  /* 11 digits */
{
    int s = 0, i;
    for (i = 0; i < 10; i++) {
        int v = d[i] - '0';
        if (i % 2) { v *= 2; if (v > 9) v -= 9; }
        s += v;
    }
    return (10 - s % 10) % 10 == d[10] - '0';
}

static int nl_ok(const char *d)    /* 9 digits (before B..) */
{
    int s = 0, i;
    for (i = 0; i < 8; i++)
        s += (d[i] - '0') * (9 - i);
    return s % 11 == d[8] - '0';
}

static int be_ok(const char *d)    /* 10 digits */
{
    long long a = 0;
    int i;
    for (i = 0; i < 8; i++) a = a * 10 + (d[i] - '0');
    return 97 - a % 97 == (d[8] - '0') * 10 + (d[9] - '0');
}

static int gb_ok(const char *d)    /* 9 digits */
{
    int s = 0, i, chk = (d[7] - '0') * 10 + (d[8] - '0');
    for (i = 0; i < 7; i++)
        s += (d[i] - '0') * (8 - i);
    s += chk;
    return s % 97 == 0 || (s + 55) % 97 == 0;
}

static int es_ok(const char *k)    /* 9 chars after ES */
{
    static const char *LET = "TRWAGMYFPDXBNJZSQVHLCKE";
    int i, s = 0;
    if (all_digits(k, 8) && isalpha((unsigned char)k[8]))
        return LET[atoll(k) % 23] == k[8];
    if ((k[0] == 'X' || k[0] == 'Y' || k[0] == 'Z') && all_digits(k + 1, 7)) {
        char t[9];
        t[0] = (char)('0' + (k[0] - 'X'));
        memcpy(t + 1, k + 1, 7);
        t[8] = '\0';
        return LET[atoll(t) % 23] == k[8];
    }
    if (isalpha((unsigned char)k[0]) && all_digits(k + 1, 7)) {
        int c;
        for (i = 1; i <= 7; i++) {
            int v = k[i] - '0';
            if (i % 2) { v *= 2; v = v / 10 + v % 10; }
            s += v;
        }
        c = (10 - s % 10) % 10;
        return k[8] == '0' + c || k[8] == "JABCDEFGHI"[c];
    }
    return 0;
}

int ex_vat_id(const char *s, char *out, size_t size)
{
    char c[40];
    size_t n;
    compact(s, c, sizeof c);
    n = strlen(c);
    if (n < 4 || n > 16 || size < 17)
        return 0;
    snprintf(out, size, "%s", c);
    /* the country's pattern with its check digits: 2; the pattern alone (a test
     * invoice's "DE123456789", or a country without an algorithm here): 1, which the
     * caller takes only after a VAT label */
    if (!strncmp(c, "DE", 2) && n == 11 && all_digits(c + 2, 9))
        return de_ok(c + 2) ? 2 : 1;
    if (!strncmp(c, "ATU", 3) && n == 11 && all_digits(c + 3, 8))
        return at_ok(c + 3) ? 2 : 1;
    if (!strncmp(c, "FR", 2) && n == 13 && all_digits(c + 4, 9))
        return fr_ok(c + 2) ? 2 : 1;
    if (!strncmp(c, "IT", 2) && n == 13 && all_digits(c + 2, 11))
        return luhn_it(c + 2) ? 2 : 1;
    if (!strncmp(c, "NL", 2) && n == 14 && all_digits(c + 2, 9) && c[11] == 'B' && all_digits(c + 12, 2))
        return nl_ok(c + 2) ? 2 : 1;
    if (!strncmp(c, "BE", 2) && n == 12 && all_digits(c + 2, 10))
        return be_ok(c + 2) ? 2 : 1;
    if (!strncmp(c, "ES", 2) && n == 11)
        return es_ok(c + 2) ? 2 : 1;
    if (!strncmp(c, "GB", 2) && (n == 11 || n == 14) && all_digits(c + 2, n - 2))
        return gb_ok(c + 2) ? 2 : 1;
    {
        /* other countries by their patterns (no check digits here) */
        static const struct { const char *cc; unsigned char min, max; } P[] = {
            {"LU", 10, 10}, {"DK", 10, 10}, {"FI", 10, 10}, {"SE", 14, 14}, {"PL", 12, 12}, {"PT", 11, 11},
            {"CZ", 10, 12}, {"SK", 12, 12}, {"SI", 10, 10}, {"HU", 10, 10}, {"RO", 4, 12}, {"EL", 11, 11},
            {"HR", 13, 13}, {"EE", 11, 11}, {"LV", 13, 13}, {"LT", 11, 14}, {"MT", 10, 10}, {"BG", 11, 12},
            {"NO", 11, 14}};
        size_t k;
        for (k = 0; k < sizeof P / sizeof *P; k++)
            if (!strncmp(c, P[k].cc, 2) && n >= P[k].min && n <= P[k].max && all_digits(c + 2, n - 2))
                return 1;
        if (!strncmp(c, "IE", 2) && (n == 10 || n == 11) && isdigit((unsigned char)c[2]) && isalpha((unsigned char)c[n - 1]))
            return 1;
        if (!strncmp(c, "CHE", 3) && n >= 12 && all_digits(c + 3, 9)) {
            c[12] = '\0';   /* "CHE-123.456.789 MWST" */
            snprintf(out, size, "%s", c);
            return 1;
        }
    }
    /* Italian sellers may print the partita IVA without its prefix */
    if (n == 11 && all_digits(c, 11) && luhn_it(c)) {
        snprintf(out, size, "IT%s", c);
        return 1;
    }
    return 0;
}

/* The IBAN length of the country (ISO 13616 registry, the countries invoices here come
 * from and their neighbours); an unknown country is refused: mod 97 alone passes one random
 * string in 97, and OCR makes many. */
static int iban_length_ok(const char *c, size_t n)
{
    static const struct { char cc[3]; unsigned char len; } L[] = {
        {"DE", 22}, {"AT", 20}, {"FR", 27}, {"BE", 16}, {"IT", 27}, {"NL", 18}, {"ES", 24},
        {"GB", 22}, {"CH", 21}, {"LU", 20}, {"PT", 25}, {"IE", 22}, {"DK", 18}, {"SE", 24},
        {"PL", 28}, {"CZ", 24}, {"MC", 27}, {"LI", 21}, {"FI", 18}, {"NO", 15}, {"GR", 27}};
    size_t i;
    for (i = 0; i < sizeof L / sizeof *L; i++)
        if (c[0] == L[i].cc[0] && c[1] == L[i].cc[1])
            return n == L[i].len;
    return 0;
}

static int mod97_ok(const char *c, size_t n)
{
    size_t i;
    int r = 0;
    for (i = 0; i < n; i++) {
        char ch = c[(i + 4) % n];
        if (isdigit((unsigned char)ch))
            r = (r * 10 + (ch - '0')) % 97;
        else
            r = (r * 100 + (ch - 'A' + 10)) % 97;
    }
    return r == 1;
}

/* OCR reads letters of a BBAN as digits ("IT06 1812..." for "IT06I812..."): where the
 * country's format has letters (IT: the CIN; NL, GB: the bank code), map 1->I, 0->O, 5->S,
 * 8->B, 2->Z, 6->G and try again. */
static int iban_repair(char *c, size_t n)
{
    static const char DIG[] = "105826", LET[] = "IOSBZG";
    size_t from = 4, to = 4;
    if (c[0] == 'N' && c[1] == 'L') to = 7;
    else if (c[0] == 'G' && c[1] == 'B') to = 7;
    else if (!(c[0] == 'I' && c[1] == 'T'))
        return 0;
    for (size_t i = from; i <= to && i < n; i++) {
        const char *q = strchr(DIG, c[i]);
        if (q && c[i])
            c[i] = LET[q - DIG];
    }
    return mod97_ok(c, n);
}

int ex_iban(const char *s, char *out, size_t size)
{
    char c[48];
    size_t n;
    compact(s, c, sizeof c);
    n = strlen(c);
    if (n < 15 || n > 34 || !isalpha((unsigned char)c[0]) || !isalpha((unsigned char)c[1]) ||
        !isdigit((unsigned char)c[2]) || !isdigit((unsigned char)c[3]))
        return 0;
    if (!iban_length_ok(c, n) || (!mod97_ok(c, n) && !iban_repair(c, n)))
        return 0;
    snprintf(out, size, "%s", c);
    return 1;
}

int ex_ein(const char *s)
{
    return strlen(s) == 10 && all_digits(s, 2) && s[2] == '-' && all_digits(s + 3, 7);
}

const char *ex_unit_code(const char *word)
{
    static const struct { const char *w; const char *c; } U[] = {
        {"stk", "H87"}, {"stk.", "H87"}, {"stück", "H87"}, {"pcs", "H87"}, {"pc", "H87"},
        {"pcs.", "H87"}, {"each", "H87"}, {"stuck", "H87"} /* OCR's Stück */, {"ea", "H87"}, {"pce", "H87"}, {"pièce", "H87"},
        {"pièces", "H87"}, {"pièce(s)", "H87"}, {"pz", "H87"}, {"pz.", "H87"}, {"pezzi", "H87"},
        {"einh.", "C62"}, {"einheit", "C62"}, {"einheiten", "C62"}, {"unit", "C62"},
        {"units", "C62"}, {"unité", "C62"}, {"unités", "C62"}, {"u.", "C62"}, {"unità", "C62"},
        {"n.", "C62"},
        {"std.", "HUR"}, {"std", "HUR"}, {"h", "HUR"}, {"stunden", "HUR"}, {"stunde", "HUR"},
        {"hrs", "HUR"}, {"hr", "HUR"}, {"hours", "HUR"}, {"hour", "HUR"}, {"heure", "HUR"},
        {"heures", "HUR"}, {"heure(s)", "HUR"}, {"ore", "HUR"}, {"ora", "HUR"},
        {"kg", "KGM"},
        {"tag", "DAY"}, {"tage", "DAY"}, {"tag(e)", "DAY"}, {"pt", "DAY"}, {"days", "DAY"},
        {"day", "DAY"}, {"day(s)", "DAY"}, {"jour", "DAY"}, {"jours", "DAY"}, {"jour(s)", "DAY"},
        {"j", "DAY"}, {"gg", "DAY"}, {"gg.", "DAY"}, {"giorni", "DAY"}, {"giorno", "DAY"},
        {"m", "MTR"}, {"mt", "MTR"}, {"mtr", "MTR"},
        {"l", "LTR"}, {"liter", "LTR"}, {"litres", "LTR"}, {"litre", "LTR"}, {"litre(s)", "LTR"},
        {"lt", "LTR"}, {"litri", "LTR"}, {"liters", "LTR"}, {"i", "LTR"} /* OCR's "l" */,
        {"monat", "MON"}, {"monate", "MON"}, {"monat(e)", "MON"}, {"mon.", "MON"},
        {"month", "MON"}, {"months", "MON"}, {"month(s)", "MON"}, {"mo.", "MON"}, {"mois", "MON"},
        {"mese", "MON"}, {"mesi", "MON"}, {"mese/i", "MON"},
        {"pauschal", "LS"}, {"psch.", "LS"}, {"lump sum", "LS"}, {"flat", "LS"},
        {"forfait", "LS"}, {"a corpo", "LS"}, {"lump", "LS"},
        {"set", "SET"}, {"sets", "SET"}, {"satz", "SET"}, {"jeu", "SET"}, {"kit", "SET"},
        {"m²", "MTK"}, {"m2", "MTK"}, {"qm", "MTK"}, {"sq m", "MTK"}, {"sqm", "MTK"}, {"mq", "MTK"},
        {"km", "KMT"},
        /* more words other producers print */
        {"st", "H87"}, {"st.", "H87"}, {"stck", "H87"}, {"stck.", "H87"}, {"stk", "H87"}, {"stück(e)", "H87"},
        {"piece", "H87"}, {"pieces", "H87"}, {"piece(s)", "H87"}, {"pc(s)", "H87"}, {"pcs(s)", "H87"},
        {"unit(s)", "C62"}, {"unité(s)", "C62"}, {"unite(s)", "C62"}, {"unites", "C62"}, {"unite", "C62"},
        {"hour(s)", "HUR"}, {"hrs.", "HUR"}, {"stunde(n)", "HUR"}, {"std", "HUR"}, {"h.", "HUR"},
        {"t", "TNE"}, {"to", "TNE"}, {"tonne", "TNE"}, {"tonnes", "TNE"}, {"tonne(s)", "TNE"}, {"tonnen", "TNE"},
        {"g", "GRM"}, {"gr", "GRM"}, {"gramm", "GRM"}, {"grammes", "GRM"}, {"cm", "CMT"}, {"mm", "MMT"},
        {"ml", "MLT"}, {"m³", "MTQ"}, {"m3", "MTQ"}, {"cbm", "MTQ"}, {"paar", "PR"}, {"pair", "PR"},
        {"pairs", "PR"}, {"woche", "WEE"}, {"wochen", "WEE"}, {"week", "WEE"}, {"weeks", "WEE"},
        {"semaine", "WEE"}, {"semaines", "WEE"}, {"settimana", "WEE"}, {"jahr", "ANN"}, {"jahre", "ANN"},
        {"year", "ANN"}, {"years", "ANN"}, {"année", "ANN"}, {"anno", "ANN"}, {"min", "MIN"},
        {"minute", "MIN"}, {"minutes", "MIN"}, {"minuten", "MIN"}, {"kilogramm", "KGM"}, {"kilo", "KGM"},
        {"kwh", "KWH"}, {"meter", "MTR"}, {"metre", "MTR"}, {"mètre", "MTR"}, {"mètres", "MTR"},
        {"metri", "MTR"}, {"pauschale", "LS"}, {"pausch.", "LS"}, {"ls", "LS"}, {"forf.", "LS"}};
    char w[32];
    size_t i, n = 0;
    for (; word[n] && n < sizeof w - 1; n++)
        w[n] = (char)tolower((unsigned char)word[n]);
    w[n] = '\0';
    /* UTF-8 capitals used in unit words: É, Ü, Ä -> lower */
    for (i = 0; i + 1 < n; i++)
        if ((unsigned char)w[i] == 0xC3 && (unsigned char)w[i + 1] >= 0x80 && (unsigned char)w[i + 1] < 0xA0)
            w[i + 1] = (char)((unsigned char)w[i + 1] + 0x20);
    for (i = 0; i < sizeof U / sizeof *U; i++)
        if (strcmp(w, U[i].w) == 0)
            return U[i].c;
    return NULL;
}

const char *ex_country_code(const char *name)
{
    static const struct { const char *w; const char *c; } C[] = {
        {"deutschland", "DE"}, {"germany", "DE"}, {"allemagne", "DE"}, {"germania", "DE"},
        {"österreich", "AT"}, {"austria", "AT"}, {"autriche", "AT"},
        {"frankreich", "FR"}, {"france", "FR"}, {"francia", "FR"},
        {"italien", "IT"}, {"italy", "IT"}, {"italie", "IT"}, {"italia", "IT"},
        {"niederlande", "NL"}, {"netherlands", "NL"}, {"the netherlands", "NL"}, {"pays-bas", "NL"},
        {"paesi bassi", "NL"}, {"nederland", "NL"},
        {"belgien", "BE"}, {"belgium", "BE"}, {"belgique", "BE"}, {"belgio", "BE"},
        {"spanien", "ES"}, {"spain", "ES"}, {"espagne", "ES"}, {"spagna", "ES"}, {"españa", "ES"},
        {"vereinigtes königreich", "GB"}, {"united kingdom", "GB"}, {"royaume-uni", "GB"},
        {"regno unito", "GB"}, {"großbritannien", "GB"}, {"uk", "GB"}, {"england", "GB"},
        {"vereinigte staaten", "US"}, {"united states", "US"}, {"usa", "US"}, {"états-unis", "US"},
        {"stati uniti", "US"}, {"united states of america", "US"}, {"schweiz", "CH"},
        {"switzerland", "CH"}, {"suisse", "CH"}, {"svizzera", "CH"},
        {"luxemburg", "LU"}, {"luxembourg", "LU"}, {"lussemburgo", "LU"}, {"irland", "IE"}, {"ireland", "IE"},
        {"irlande", "IE"}, {"irlanda", "IE"}, {"dänemark", "DK"}, {"denmark", "DK"}, {"danemark", "DK"},
        {"danimarca", "DK"}, {"schweden", "SE"}, {"sweden", "SE"}, {"suède", "SE"}, {"svezia", "SE"},
        {"norwegen", "NO"}, {"norway", "NO"}, {"norvège", "NO"}, {"finnland", "FI"}, {"finland", "FI"},
        {"finlande", "FI"}, {"polen", "PL"}, {"poland", "PL"}, {"pologne", "PL"}, {"polonia", "PL"},
        {"tschechien", "CZ"}, {"czech republic", "CZ"}, {"czechia", "CZ"}, {"portugal", "PT"},
        {"portogallo", "PT"}, {"griechenland", "GR"}, {"greece", "GR"}, {"grèce", "GR"}, {"ungarn", "HU"},
        {"hungary", "HU"}, {"rumänien", "RO"}, {"romania", "RO"}, {"slowakei", "SK"}, {"slovakia", "SK"},
        {"slowenien", "SI"}, {"slovenia", "SI"}, {"kroatien", "HR"}, {"croatia", "HR"}, {"liechtenstein", "LI"},
        {"monaco", "MC"}, {"belgië", "BE"}, {"luxemburgo", "LU"}};
    char w[48];
    size_t i, n = 0;
    for (; name[n] && n < sizeof w - 1; n++)
        w[n] = (char)tolower((unsigned char)name[n]);
    w[n] = '\0';
    while (n && (w[n - 1] == ' ' || w[n - 1] == '.' || w[n - 1] == ','))
        w[--n] = '\0';
    for (i = 0; i + 1 < n; i++)
        if ((unsigned char)w[i] == 0xC3 && (unsigned char)w[i + 1] >= 0x80 && (unsigned char)w[i + 1] < 0xA0)
            w[i + 1] = (char)((unsigned char)w[i + 1] + 0x20);
    for (i = 0; i < sizeof C / sizeof *C; i++)
        if (strcmp(w, C[i].w) == 0)
            return C[i].c;
    /* "Germany - Bavaria", "France, Île-de-France": the country before a region */
    for (i = 0; i < n; i++)
        if (w[i] == ',' || (w[i] == ' ' && w[i + 1] == '-' && w[i + 2] == ' ')) {
            size_t j;
            w[i] = '\0';
            for (j = 0; j < sizeof C / sizeof *C; j++)
                if (strcmp(w, C[j].w) == 0)
                    return C[j].c;
            break;
        }
    return NULL;
}

int ex_fold(const char *s, char *out, size_t size)
{
    /* base letters of U+00C0..U+00FF (UTF-8 C3 80..C3 BF); '\0' keeps the character */
    static const char BASE[] = "aaaaaaaceeeeiiii" "dnooooo\0ouuuuyts" "aaaaaaaceeeeiiii" "dnooooo\0ouuuuyty";
    size_t k = 0;
    int accents = 0;
    for (; *s && k + 2 < size; s++) {
        unsigned char c = (unsigned char)*s, c2 = (unsigned char)s[1];
        if (c == 0xC3 && c2 >= 0x80 && c2 <= 0xBF && BASE[c2 - 0x80]) {
            out[k++] = BASE[c2 - 0x80];
            accents++;
            s++;
        } else {
            out[k++] = (char)tolower(c);
        }
    }
    out[k] = '\0';
    return accents;
}
