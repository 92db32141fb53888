/* Debugging aid: the lines and segments the extractor reads from a PDF, with boxes, and
 * the item rows the arithmetic found. usage: extract_dump [--ocr] FILE.pdf */
#include "ex_items.h"
#include "ex_read.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    ex_read_opts_t o = {0};
    ex_doc_t d = {0};
    ex_items_t it;
    char msg[512];
    const char *path = argv[argc - 1];
    FILE *f;
    unsigned char *data;
    long n;
    size_t i;
    int s, to = 0, rc;
    if (argc < 2)
        return 2;
    o.force_ocr = argc > 2 && !strcmp(argv[1], "--ocr");
    if (!(f = fopen(path, "rb")))
        return 2;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    data = malloc((size_t)n);
    if (!data || fread(data, 1, (size_t)n, f) != (size_t)n)
        return 2;
    fclose(f);
    rc = ex_read_pdf(data, (size_t)n, &o, &d, &to, msg, sizeof msg);
    if (rc != EX_READ_OK) {
        printf("read error %d: %s\n", rc, msg);
        return 1;
    }
    ex_layout(&d);
    for (i = 0; i < d.n_lines; i++) {
        printf("L%zu p%d y%.0f:", i, d.lines[i].page, d.lines[i].y0);
        for (s = d.lines[i].s0; s < d.lines[i].s1; s++)
            printf("  [x%.0f-%.0f] %s", d.segs[s].x0, d.segs[s].x1, d.segs[s].text);
        printf("\n");
    }
    ex_items_find(&d, &it);
    for (i = 0; i < it.n; i++)
        printf("ITEM L%d q=%lld p=%lld n=%lld r=%lld u=%s d=%s\n", it.items[i].line,
               (long long)it.items[i].qty_milli, (long long)it.items[i].price_cents,
               (long long)it.items[i].net_cents, (long long)it.items[i].rate_cents,
               it.items[i].unit ? it.items[i].unit : "-", it.items[i].desc);
    printf("net %lld tax %lld gross %lld dec_comma %d\n", (long long)it.net, (long long)it.tax,
           (long long)it.gross, it.dec_comma);
    ex_items_clear(&it);
    ex_doc_clear(&d);
    free(data);
    return 0;
}
