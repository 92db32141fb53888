/* PDFs in the suites (tpdf.h). */
#include "tpdf_tools.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *tpdf_run(const void *data, size_t len, const char *cmd_fmt, int *status)
{
    char path[] = "/tmp/einv-tpdf-XXXXXX", cmd[1400];
    int fd = mkstemp(path);
    FILE *f, *p;
    char *out = NULL;
    size_t n = 0, cap = 0;
    *status = -1;
    if (fd < 0)
        return NULL;
    if (!(f = fdopen(fd, "wb"))) {
        close(fd);
        unlink(path);
        return NULL;
    }
    fwrite(data, 1, len, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, cmd_fmt, path);
    if ((p = popen(cmd, "r"))) {
        char buf[4096];
        size_t r;
        while ((r = fread(buf, 1, sizeof buf, p)) > 0) {
            if (n + r + 1 > cap) {
                char *q = realloc(out, cap = (n + r + 1) * 2);
                if (!q)
                    break;
                out = q;
            }
            memcpy(out + n, buf, r);
            n += r;
        }
        if (out)
            out[n] = 0;
        else
            out = calloc(1, 1);
        *status = pclose(p);
    }
    unlink(path);
    return out;
}

int tpdf_facturx_check(const void *data, size_t len)
{
    const char *src = getenv("EINV_SOURCE_DIR");
    char tool[1024], cmd[1200], *out;
    int st;
    snprintf(tool, sizeof tool, "%s/../shared/tools/facturx-check", src ? src : ".");
    if (access(tool, R_OK) != 0) {
        fprintf(stderr, "\n  note: %s not found: the container is not checked", tool);
        return 1;
    }
    snprintf(cmd, sizeof cmd, "/usr/bin/python3 %s %%s 2>&1", tool);
    out = tpdf_run(data, len, cmd, &st);
    if (st != 0)
        fprintf(stderr, "\n  facturx-check: %s", out ? out : "(did not run)");
    free(out);
    return st == 0;
}

char *tpdf_pages(const void *data, size_t len)
{
    int st;
    char *info = tpdf_run(data, len, "pdfinfo -f 1 -l 1000 %s 2>/dev/null", &st), *out, *line;
    size_t n = 0, cap;
    double w = 0, h = 0;
    int have = 0;
    if (!info || st != 0) {
        free(info);
        return NULL;
    }
    cap = strlen(info) + 64;
    if (!(out = calloc(1, cap))) {
        free(info);
        return NULL;
    }
    /* "Page N size: W x H pts" then "Page N rot: R": the size as displayed (W and H swapped
     * for 90 and 270), so that a rotated page and its upright image compare equal */
    for (line = strtok(info, "\n"); line; line = strtok(NULL, "\n")) {
        const char *v;
        if (!strncmp(line, "Pages:", 6))
            n += (size_t)snprintf(out + n, cap - n, "%d", atoi(line + 6));
        else if (!strncmp(line, "Page ", 5) && (v = strstr(line, " size:")) && sscanf(v + 6, "%lf x %lf", &w, &h) == 2)
            have = 1;
        else if (!strncmp(line, "Page ", 5) && (v = strstr(line, " rot:")) && have) {
            int rot = atoi(v + 5);
            double a = rot % 180 ? h : w, b = rot % 180 ? w : h;
            if (cap - n > 48)
                n += (size_t)snprintf(out + n, cap - n, "|%.2f x %.2f", a, b);
            have = 0;
        }
    }
    free(info);
    return out;
}

char *tpdf_text(const void *data, size_t len)
{
    int st;
    char *t = tpdf_run(data, len, "pdftotext %s - 2>/dev/null", &st);
    if (st != 0) {
        free(t);
        return NULL;
    }
    return t;
}

double tpdf_words_found(const char *want, const char *text)
{
    size_t words = 0, found = 0;
    const char *p = want;
    while (p && *p) {
        char w[256];
        size_t n = strcspn(p, " \t\r\n\f");
        if (n && n < sizeof w) {
            memcpy(w, p, n);
            w[n] = 0;
            words++;
            found += strstr(text, w) != NULL;
        }
        p += n;
        p += strspn(p, " \t\r\n\f");
    }
    return words ? (double)found / (double)words : 0.0;
}
