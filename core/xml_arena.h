/* A per-document memory arena for libxml2's own allocations.
 *
 * Building a tree costs libxml2 one malloc per node, name and text, and freeing it one free
 * each: about a fifth of a validation. While a document is parsed, xml_arena routes
 * libxml2's allocations of the parsing thread into large chunks; the tree is then released
 * by handing the chunks back, without walking it.
 *
 * How blocks are told apart: arena chunks are 1 MiB-aligned mappings, and a process-wide
 * bitmap marks each MiB that belongs to a chunk. libxml2's free and realloc look the block's
 * address up there: an arena block is left alone (it goes with its arena), anything else is
 * the C library's. So blocks allocated before the arena existed, or by other libxml2 users
 * in the process, stay correct.
 *
 * The contract: a tree parsed into an arena is read-only after xa_end (nothing may attach
 * new nodes or strings to it, which would be heap blocks freed with nobody), and is freed
 * with xa_arena_free instead of xmlFreeDoc. Off under AddressSanitizer (which must see every
 * allocation) and when the engine's options say so (EINV_XML_ARENA=0). */
#ifndef EINV_CORE_XML_ARENA_H
#define EINV_CORE_XML_ARENA_H

#include <stddef.h>

/* Arenas are off under AddressSanitizer and MemorySanitizer (they would hide the heap). */
#if defined(__SANITIZE_ADDRESS__)
#define XA_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define XA_SANITIZED 1
#endif
#endif

typedef struct xa_arena xa_arena;

/* Arenas on (1, the default) or off (0), process-wide; only before the first xa_arena_new
 * counts (einv_engine_open calls it with its options). */
void xa_configure(int enabled);

/* A new arena, or NULL when arenas are off (sanitizer build, EINV_XML_ARENA=0, no address
 * space for the bitmap): the caller then parses and frees as usual. */
xa_arena *xa_arena_new(void);
/* Routes this thread's libxml2 allocations into a until xa_end; returns the arena that was
 * active before (restore it with xa_begin(previous) after xa_end, for nested parses). */
xa_arena *xa_begin(xa_arena *a);
void xa_end(xa_arena *previous);
/* Releases every block of a at once. Keeps a few chunks warm for the next document. */
void xa_arena_free(xa_arena *a);
/* Bytes of chunk memory a holds (for tests and benchmarks). */
size_t xa_arena_bytes(const xa_arena *a);
/* 1 when p lies in some arena's chunk (for tests). */
int xa_owns(const void *p);
/* Test hooks (tests/core/test_xml_arena.c): this thread's active arena, the arena whose
 * chunk holds p (p must be an arena block), and whether the idle-chunk cache keeps within
 * its bound. */
xa_arena *xa_current(void);
xa_arena *xa_owner_of(const void *p);
int xa_cache_within_bound(void);

#endif
