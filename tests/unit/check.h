/* The unit tests' one check macro and their common end of main. A failed CHECK names
 * its place and condition and counts it, so a run reports every broken check instead of
 * stopping at the first; check_finish turns the count into the summary line and the exit
 * status CTest reads. Header-only: each test is one executable. */
#ifndef TCE_UNIT_CHECK_H
#define TCE_UNIT_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(c)                                                                               \
    do {                                                                                       \
        if (!(c)) {                                                                            \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);              \
            failures++;                                                                        \
        }                                                                                      \
    } while (0)

/* Return from main with this: 0 when every check held, 1 (and how many failed) if not. */
static inline int check_finish(const char *test)
{
    if (failures) {
        fprintf(stderr, "%s: %d check(s) failed\n", test, failures);
        return 1;
    }
    printf("%s: all checks passed\n", test);
    return 0;
}

#endif
