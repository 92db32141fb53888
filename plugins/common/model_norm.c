/* What the readers of UBL and JSON do to the model after reading, so that an invoice reads
 * the same from every syntax and keeps its fields through an export to any of them (the
 * CII binding already gives both). Neither changes a verdict: the rules read the document
 * as sent, and a JSON input's UBL stays consistent (a derived gross price is net price +
 * discount exactly). docs/formats.md, "Dates and gross prices in the canonical model". */
#include "model_norm.h"

/* A price discount (BT-147) without gross price: the gross price is, by EN 16931's
 * definition, net price + discount (BT-146 = BT-148 - BT-147). The model holds it, as it
 * does for CII, whose binding cannot carry the discount without it. */
void mn_gross_prices(einv_invoice_t *inv)
{
    const einv_node_t *root = einv_invoice_root(inv);
    einv_node_t *line;
    for (line = einv_node_get(root, EINV_T_BG_25); line; line = einv_node_next(line)) {
        const einv_node_t *net = einv_node_get(line, EINV_T_BT_146);
        const einv_node_t *disc = einv_node_get(line, EINV_T_BT_147);
        einv_node_t *gross;
        einv_dec_t sum;
        char buf[64];
        if (!net || !disc || einv_node_get(line, EINV_T_BT_148) || !net->dec.ok || !disc->dec.ok ||
            !(sum = einv_dec_add(net->dec, disc->dec)).ok)
            continue;
        gross = einv_node_add(inv, line, EINV_T_BT_148, einv_dec_format(sum, buf, sizeof buf));
        if (!gross)
            return;
        einv_node_set_src(inv, gross, disc->src, disc->src_node);
        if (disc->attr[0])
            einv_node_set_attr(inv, gross, 0, disc->attr[0]);
    }
}

/* Seller identifiers (BT-29) without a scheme before those with one, each kind in
 * document order: CII's schema puts every ram:ID before every ram:GlobalID, so that is the
 * only order both syntaxes keep. The order means nothing in EN 16931, and the rules read
 * the document as sent. */
void mn_seller_id_order(einv_invoice_t *inv)
{
    einv_node_t *seller = einv_node_get(einv_invoice_root(inv), EINV_T_BG_4);
    einv_node_t *kids[256], *ids[256], *c;
    size_t n = 0, k = 0, i, j, nid = 0;
    if (!seller)
        return;
    for (c = seller->first; c; c = c->next) {
        if (n == sizeof kids / sizeof kids[0])
            return;   /* more than anyone writes: left as read */
        kids[n++] = c;
    }
    for (i = 0; i < 2; i++)   /* pass 0: without a scheme, pass 1: with one */
        for (j = 0; j < n; j++)
            if (kids[j]->term == EINV_T_BT_29 && !kids[j]->attr[0] == !i)
                ids[nid++] = kids[j];
    for (j = 0; j < n; j++)
        if (kids[j]->term == EINV_T_BT_29)
            kids[j] = ids[k++];
    for (j = 0; j < n; j++)
        kids[j]->next = j + 1 < n ? kids[j + 1] : NULL;
    seller->first = n ? kids[0] : NULL;
    seller->last = n ? kids[n - 1] : NULL;
}

