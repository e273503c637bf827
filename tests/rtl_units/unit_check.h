/* What the unit tests of tests/rtl_units/ share: a seeded generator whose seed is printed
 * and can be replayed (TCE_RTL_SEED=<n>), and CHECK, which counts a failure and prints the
 * first few with the test's line. */
#ifndef TCE_UNIT_CHECK_H
#define TCE_UNIT_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../test_rng.h"

#define UNIT_MAX_REPORTS 20

static unsigned long unit_failures;
static unsigned unit_reports;
static uint64_t unit_rng;

static inline uint64_t rnd(void) { return test_splitmix64(&unit_rng); }
static inline uint64_t rnd_below(uint64_t n) { return rnd() % n; }
/* Uniform in [lo, hi]. */
static inline int64_t rnd_range(int64_t lo, int64_t hi)
{
    return lo + (int64_t)rnd_below((uint64_t)(hi - lo) + 1u);
}

#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            unit_failures++;                                                                  \
            if (unit_reports++ < UNIT_MAX_REPORTS) {                                          \
                printf("FAIL line %d: ", __LINE__);                                           \
                printf(__VA_ARGS__);                                                          \
                printf("\n");                                                                 \
            }                                                                                 \
        }                                                                                     \
    } while (0)

/* Seeds the generator from TCE_RTL_SEED or `fallback` and prints how to replay the run.
 * Returns 0, or 2 (usage error) for a seed that is not a number. */
static inline int unit_seed(uint64_t fallback)
{
    uint64_t seed = fallback;
    const char *env = getenv("TCE_RTL_SEED");
    if (env && *env) {
        char *end;
        seed = strtoull(env, &end, 0);
        if (*end) {
            fprintf(stderr, "TCE_RTL_SEED=%s: not a number\n", env);
            return 2;
        }
    }
    unit_rng = seed;
    printf("seed %llu (TCE_RTL_SEED=%llu reproduces this run)\n", (unsigned long long)seed,
           (unsigned long long)seed);
    return 0;
}

/* The test's verdict: PASS, or the number of failures (exit 1). */
static inline int unit_verdict(void)
{
    if (unit_failures) {
        printf("FAILED: %lu mismatches\n", unit_failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}

#endif
