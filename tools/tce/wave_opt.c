/* The --wave option; see wave_opt.h. */
#include "wave_opt.h"

#include "num_parse.h"

#include <stdio.h>
#include <string.h>

static tce_wave_spec pending;
static bool requested, taken;

/* A cycle number, through the shared number reader. */
static int cycle(const char *s, size_t n, uint64_t *out)
{
    char buf[32];
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return tce_num_u64_in(buf, 0, UINT64_MAX, out) == TCE_NUM_OK ? 0 : -1;
}

int tce_wave_parse(const char *arg, tce_wave_spec *out, char *why, size_t cap)
{
    memset(out, 0, sizeof *out);
    const char *comma = strrchr(arg, ',');
    size_t plen = comma ? (size_t)(comma - arg) : strlen(arg);
    if (plen == 0) {
        snprintf(why, cap, "--wave wants a file name: --wave=FILE[,FROM:TO]");
        return -1;
    }
    if (plen >= sizeof out->path) {
        snprintf(why, cap, "--wave: file name longer than %zu bytes", sizeof out->path - 1);
        return -1;
    }
    memcpy(out->path, arg, plen);
    if (!comma)
        return 0;
    const char *w = comma + 1, *colon = strchr(w, ':');
    if (!colon || cycle(w, (size_t)(colon - w), &out->from) != 0 ||
        (colon[1] && cycle(colon + 1, strlen(colon + 1), &out->to) != 0)) {
        snprintf(why, cap, "--wave: window '%s' is not FROM:TO or FROM: (clock cycles)", w);
        return -1;
    }
    if (colon[1] && out->to <= out->from) {
        snprintf(why, cap, "--wave: window %s is empty (TO must be above FROM)", w);
        return -1;
    }
    return 0;
}

void tce_wave_request(const tce_wave_spec *spec)
{
    requested = spec != NULL;
    taken = false;
    if (spec)
        pending = *spec;
}

const tce_wave_spec *tce_wave_take(void)
{
    if (!requested)
        return NULL;
    taken = true;
    return &pending;
}

bool tce_wave_unused(void) { return requested && !taken; }
