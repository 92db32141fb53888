/* Bump allocator used for per-document data (index vectors, text values, findings). */
#include "arena.h"
#include <stdlib.h>
#include <string.h>

struct einv_arena_block {
    einv_arena_block *next;
    size_t cap;
    _Alignas(16) unsigned char data[];
};

void einv_arena_init(einv_arena_t *a)
{
    a->head = NULL;
    a->used = a->cap = 0;
}

void *einv_arena_alloc(einv_arena_t *a, size_t n)
{
    void *p = einv_arena_alloc_raw(a, n);
    if (p)
        memset(p, 0, n);
    return p;
}

void *einv_arena_alloc_raw(einv_arena_t *a, size_t n)
{
    void *p;
    n = (n + 15) & ~(size_t)15;
    if (!a->head || a->used + n > a->cap) {
        size_t cap = n > 16384 ? n : 16384;
        if (a->head && a->head->cap * 2 > cap && a->head->cap < (1u << 24))
            cap = a->head->cap * 2 > n ? a->head->cap * 2 : n;
        einv_arena_block *b = malloc(sizeof *b + cap);
        if (!b)
            return NULL;
        b->next = a->head;
        b->cap = cap;
        a->head = b;
        a->used = 0;
        a->cap = cap;
    }
    p = a->head->data + a->used;
    a->used += n;
    return p;
}

char *einv_arena_strndup(einv_arena_t *a, const char *s, size_t n)
{
    char *p = einv_arena_alloc_raw(a, n + 1);
    if (p) {
        if (n)
            memcpy(p, s, n);
        p[n] = 0;
    }
    return p;
}

void einv_arena_free(einv_arena_t *a)
{
    einv_arena_block *b = a->head;
    while (b) {
        einv_arena_block *next = b->next;
        free(b);
        b = next;
    }
    einv_arena_init(a);
}
