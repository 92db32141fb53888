/* The tree of the canonical model: parents and "always written" flags from
 * model_schema.def, and the child lists derived from them once per process. */
#include "model_schema.h"
#include <pthread.h>

typedef struct schema_row {
    einv_term parent;
    unsigned char always;
} schema_row;

/* Indexed by term id, so the table does not depend on the order of the rows. */
static const schema_row ROWS[EINV_T__COUNT] = {
#define EINV_SCHEMA(t, p, a) [EINV_T_##t] = {EINV_T_##p, a},
#include "model_schema.def"
#undef EINV_SCHEMA
};

static const char *const JSON_NAMES[EINV_T__COUNT] = {
#define EINV_TERM(name, code, json, kind, card) json,
#include <einvoice/terms.def>
#undef EINV_TERM
};

/* Children of every group, grouped by parent, each group's list in term order. */
static einv_term kids[EINV_T__COUNT];
static size_t kid_off[EINV_T__COUNT + 1];
static pthread_once_t kids_once = PTHREAD_ONCE_INIT;

static void build_kids(void)
{
    size_t fill[EINV_T__COUNT];
    size_t i;
    for (i = 0; i <= EINV_T__COUNT; i++)
        kid_off[i] = 0;
    for (i = 1; i < EINV_T__COUNT; i++)   /* INVOICE (0) is nobody's child */
        kid_off[ROWS[i].parent + 1]++;
    for (i = 0; i < EINV_T__COUNT; i++)
        kid_off[i + 1] += kid_off[i];
    for (i = 0; i < EINV_T__COUNT; i++)
        fill[i] = kid_off[i];
    for (i = 1; i < EINV_T__COUNT; i++)
        kids[fill[ROWS[i].parent]++] = (einv_term)i;
}

einv_term einv_schema_parent(einv_term t)
{
    return (unsigned)t < EINV_T__COUNT ? ROWS[t].parent : EINV_T_INVOICE;
}

int einv_schema_always(einv_term t)
{
    return (unsigned)t < EINV_T__COUNT && ROWS[t].always;
}

int einv_schema_inline(einv_term t)
{
    return (unsigned)t < EINV_T__COUNT && t != EINV_T_INVOICE && JSON_NAMES[t][0] == 0;
}

const einv_term *einv_schema_children(einv_term p, size_t *n)
{
    pthread_once(&kids_once, build_kids);
    if ((unsigned)p >= EINV_T__COUNT) {
        *n = 0;
        return kids;
    }
    *n = kid_off[p + 1] - kid_off[p];
    return kids + kid_off[p];
}
