/* Corpus writer: the byte blobs in the exact layout the reader and the H100 captures use. */
#include "corpus_write.h"

void corpus_write_blob(FILE *f, const char *key, const uint8_t *p, size_t n)
{
    fprintf(f, "%s %zu\n", key, n);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02x%s", p[i], (i % 64 == 63 || i + 1 == n) ? "\n" : "");
}
