/* The clean-vehicle rules on one item (BR-DE-CVD-04, -05, -06-a, -06-b, BR-TMP-CVD-01), written
 * once for UBL and CII: the two artefacts test the same logic on the item's classification
 * codes (BT-158) and attributes (BT-160/161), which each syntax names differently. */
#include "xr_int.h"

#define EACH(var, parent, ns, name) \
    for (xmlNodePtr var = einv_x_child(parent, ns, name); var; var = einv_x_next_same(var))

const xr_item_names xr_item_ubl = {EINV_NS_CAC, "CommodityClassification", EINV_NS_CBC, "ItemClassificationCode",
                                   EINV_NS_CAC, "AdditionalItemProperty", EINV_NS_CBC, "Name", "Value"};
const xr_item_names xr_item_cii = {EINV_NS_RAM, "DesignatedProductClassification", EINV_NS_RAM, "ClassCode",
                                   EINV_NS_RAM, "ApplicableProductCharacteristic", EINV_NS_RAM, "Description",
                                   "Value"};

static const char *const VEHICLE[] = {"M1", "M2", "M3", "N1", "N2", "N3", NULL};
static const char *const CVA[] = {"clean", "zero-emission", "other", NULL};

static int attr_is(const xmlNode *n, const char *name, const char *v)
{
    const char *a = einv_x_attr(n, name);
    return a && strcmp(a, v) == 0;
}

/* the item's classification codes with listID CVD */
size_t xr_cvd_classes(const xr_item_names *s, const xmlNode *item)
{
    size_t k = 0;
    EACH(c, item, s->class_ns, s->class_group)
        EACH(cc, c, s->code_ns, s->code)
            k += attr_is(cc, "listID", "CVD");
    return k;
}

/* the item's attributes named cva */
size_t xr_cva_props(const xr_item_names *s, const xmlNode *item)
{
    size_t k = 0;
    EACH(p, item, s->prop_ns, s->prop)
        k += xr_child_text_is(p, s->name_ns, s->name, "cva");
    return k;
}

void xr_check_cvd_item(einv_ctx_t *ctx, const xr_item_names *s, const xmlNode *item)
{
    size_t classes = xr_cvd_classes(s, item), props = xr_cva_props(s, item);
    if (classes && props != 1)
        einv_report(ctx, &xr_BR_DE_CVD_06_a, item);
    if (props && classes != 1)
        einv_report(ctx, &xr_BR_DE_CVD_06_b, item);
    EACH(c, item, s->class_ns, s->class_group)
        EACH(cc, c, s->code_ns, s->code) {
            const char *l = einv_x_attr(cc, "listID");
            if (!xr_code_in(xr_7143_cvd_codes, l))
                einv_report(ctx, &xr_BR_TMP_CVD_01, cc);
            if (l && xr_norm_eq_str(l, "CVD") && !xr_norm_in(cc, VEHICLE))
                einv_report(ctx, &xr_BR_DE_CVD_04, cc);
        }
    EACH(p, item, s->prop_ns, s->prop)
        if (xr_child_text_is(p, s->name_ns, s->name, "cva") &&
            !xr_norm_in(einv_x_child(p, s->name_ns, s->value), CVA))
            einv_report(ctx, &xr_BR_DE_CVD_05, p);
}
