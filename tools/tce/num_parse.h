/* The one number reader of the tce command: scenario values, corpus keys and numeric
 * command-line options all go through it, so a number past 64 bits, a value past the
 * width that is kept, or text that is not a number is an error everywhere, never a clamp
 * (strtoll saturates) or a wrap. Numbers are decimal or 0x hex. */
#ifndef TCE_NUM_PARSE_H
#define TCE_NUM_PARSE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum {
    TCE_NUM_OK,
    TCE_NUM_NOT_NUMBER, /* empty, a stray character, or no digits */
    TCE_NUM_TOO_BIG,    /* magnitude at or past 2^64 */
    TCE_NUM_RANGE,      /* a number, but outside the range asked for */
} tce_num_status;

/* A 64-bit value as written: 0 .. 2^64-1, or -2^63 .. -1 stored as two's complement
 * (so 0xFFFFFFFFFFFFFFFF and -1 are the same bits). *neg says whether it had a sign. */
tce_num_status tce_num_bits64(const char *s, uint64_t *out, bool *neg);
/* An unsigned value in [lo, hi]; a minus sign is out of range. */
tce_num_status tce_num_u64_in(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
/* A signed value in [lo, hi]. */
tce_num_status tce_num_i64_in(const char *s, int64_t lo, int64_t hi, int64_t *out);
/* The cause, in words, for a message ("is not a number", ...). */
const char *tce_num_why(tce_num_status st);

/* A numeric command-line option: on error prints "tce CMD: OPT=TEXT: cause (LO..HI)" on
 * stderr and returns false. */
bool tce_opt_u64(const char *cmd, const char *opt, const char *text, uint64_t lo, uint64_t hi,
                 uint64_t *out);
/* A percentage 0..100 (decimal fraction allowed), for --min. */
bool tce_opt_percent(const char *cmd, const char *opt, const char *text, double *out);

#endif
