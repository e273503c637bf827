/* Writer for the hardware-corpus text format (tests/data/hwcorpus/README.md), the
 * counterpart of tools/tce/corpus.h's reader: `case N` ... `end` blocks, `key value`
 * lines, byte blobs as `key COUNT` then lowercase hex, 64 bytes a line. */
#ifndef PROBE_CORPUS_WRITE_H
#define PROBE_CORPUS_WRITE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

void corpus_write_blob(FILE *f, const char *key, const uint8_t *p, size_t n);

#endif
