/* `--wave=FILE[,FROM:TO]`, the one waves option of `tce run`, `tce replay` and `tce regress`:
 * FST waves of the engine's RTL (VCD when FILE ends in .vcd), optionally only clock cycles
 * [FROM, TO) (TO empty: to the end). The option is parsed here and handed to the rtl and
 * systemc backends as a process-wide request that the next simulator opened picks up, so
 * the commands need not know how each of them opens its engine. */
#ifndef TCE_WAVE_OPT_H
#define TCE_WAVE_OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    char path[512];
    uint64_t from, to; /* to 0: no end */
} tce_wave_spec;

/* Parse the text after "--wave=". 0, or -1 with the cause in why. */
int tce_wave_parse(const char *arg, tce_wave_spec *out, char *why, size_t cap);
/* Ask for waves from the next rtl/systemc simulator opened (NULL: none). */
void tce_wave_request(const tce_wave_spec *spec);
/* The pending request, or NULL; taking it marks it used. */
const tce_wave_spec *tce_wave_take(void);
/* Whether a request was made and no simulator took it (the engines had no waves). */
bool tce_wave_unused(void);

#endif
