/* The command line every generator under tools/gen shares: `NAME [OUTPUT]`, writing to
 * OUTPUT or standard output; exit 2 on usage, 1 when the output cannot be written or
 * emit() reports a failure (a negative return). */
#ifndef TCE_GEN_MAIN_H
#define TCE_GEN_MAIN_H

#include <stdio.h>

static int gen_main(int argc, char **argv, int (*emit)(FILE *f))
{
    if (argc > 2) {
        fprintf(stderr, "usage: %s [OUTPUT]\n", argv[0]);
        return 2;
    }
    FILE *f = argc == 2 ? fopen(argv[1], "w") : stdout;
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    int rc = emit(f);
    if (f != stdout && fclose(f) != 0) {
        perror(argv[1]);
        return 1;
    }
    return rc < 0 ? 1 : 0;
}

#endif
