/* The vector level of the byte scans (see simd.h). */
#include "simd.h"
#include <stdatomic.h>

static atomic_int best = -1;   /* of the CPU, computed once */
static atomic_int cap = -1;

static int detect(void)
{
    int level = EINV_SIMD_SCALAR;
#if defined(__x86_64__) && defined(__GNUC__)
    if (__builtin_cpu_supports("avx2"))
        level = EINV_SIMD_AVX2;
    if (level == EINV_SIMD_AVX2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vbmi"))
        level = EINV_SIMD_VBMI;
#endif
    return level;
}

int einv_simd_level(void)
{
    int b = atomic_load_explicit(&best, memory_order_relaxed), c;
    if (b < 0) {
        b = detect();
        atomic_store_explicit(&best, b, memory_order_relaxed);
    }
    c = atomic_load_explicit(&cap, memory_order_relaxed);
    return c >= 0 && c < b ? c : b;
}

void einv_simd_cap(int level) { atomic_store_explicit(&cap, level, memory_order_relaxed); }
