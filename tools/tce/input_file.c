/* Opening input files; see input_file.h. */
#define _POSIX_C_SOURCE 200809L /* fileno, fstat */
#include "input_file.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

FILE *tce_input_open(const char *path, char *why, size_t n)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (!f) {
        snprintf(why, n, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(why, n, "%s: %s", path,
                 S_ISDIR(st.st_mode) ? "is a directory, not an input file" : "is not a regular file");
        fclose(f);
        return NULL;
    }
    return f;
}
