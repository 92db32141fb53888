/* A bump allocator: many small allocations, freed all at once. Internal to the core. */
#ifndef EINV_ARENA_H
#define EINV_ARENA_H
#include <stddef.h>

typedef struct einv_arena_block einv_arena_block;
typedef struct einv_arena {
    einv_arena_block *head;
    size_t used, cap;
} einv_arena_t;

void einv_arena_init(einv_arena_t *a);
/* Zeroed memory aligned for any type; NULL only when out of memory. */
void *einv_arena_alloc(einv_arena_t *a, size_t n);
/* The same without zeroing, for memory the caller fills at once. */
void *einv_arena_alloc_raw(einv_arena_t *a, size_t n);
char *einv_arena_strndup(einv_arena_t *a, const char *s, size_t n);
void einv_arena_free(einv_arena_t *a);
#endif
