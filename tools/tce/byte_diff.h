/* Where two byte ranges differ: how many bytes and the first offset. The replay checks
 * (replay_compare) and the scenario checks (expect) both report a mismatch this way. */
#ifndef TCE_BYTE_DIFF_H
#define TCE_BYTE_DIFF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The count of differing bytes of want and got (n each); *first is the first differing
 * offset, or n when they are equal. */
static inline size_t byte_diff(const uint8_t *want, const uint8_t *got, size_t n,
                               size_t *first)
{
    size_t count = 0;
    *first = n;
    /* equal ranges (nearly every call: whole shared memories and windows) skip the byte
     * loop, whose every comparison is traced in the fuzzing build */
    if (!n || !memcmp(want, got, n))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (want[i] != got[i]) {
            if (*first == n)
                *first = i;
            count++;
        }
    return count;
}

#endif
