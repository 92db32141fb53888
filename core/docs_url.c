/* documentationUrl of a finding from the EINV_DOCS_URL template (engine.h): {code} and
 * {profile} are replaced wherever they appear; a template with neither keeps the meaning
 * the setting had before it was a template, base + "/" + code. Substituted values are
 * percent-encoded (codes and profile names are plain ASCII, but a plugin may choose any). */
#include "engine.h"

#include <string.h>

/* Append s to out (at *o, capacity size), percent-encoding all but RFC 3986 unreserved
 * characters when enc; returns 0, -1 when it does not fit. */
static int put(char *out, size_t size, size_t *o, const char *s, int enc)
{
    static const char HEX[] = "0123456789ABCDEF";
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        int plain = !enc || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '.' || c == '_' || c == '~';
        if (*o + (plain ? 1 : 3) >= size)
            return -1;
        if (plain)
            out[(*o)++] = (char)c;
        else {
            out[(*o)++] = '%';
            out[(*o)++] = HEX[c >> 4];
            out[(*o)++] = HEX[c & 15];
        }
    }
    out[*o] = 0;
    return 0;
}

int einv_docs_url(const char *tmpl, const char *code, const char *profile, char *out, size_t size)
{
    size_t o = 0;
    const char *p;
    if (!out || !size)
        return -1;
    out[0] = 0;
    if (!tmpl)
        tmpl = "";
    if (!strstr(tmpl, "{code}") && !strstr(tmpl, "{profile}")) {
        size_t n = strlen(tmpl);
        /* a base without placeholders: base/code (one slash) */
        if (put(out, size, &o, tmpl, 0) != 0 ||
            ((n == 0 || tmpl[n - 1] != '/') && put(out, size, &o, "/", 0) != 0))
            return -1;
        return put(out, size, &o, code, 1);
    }
    for (p = tmpl; *p;) {
        if (strncmp(p, "{code}", 6) == 0) {
            if (put(out, size, &o, code, 1) != 0)
                return -1;
            p += 6;
        } else if (strncmp(p, "{profile}", 9) == 0) {
            if (put(out, size, &o, profile, 1) != 0)
                return -1;
            p += 9;
        } else {
            if (o + 1 >= size)
                return -1;
            out[o++] = *p++;
            out[o] = 0;
        }
    }
    return 0;
}
