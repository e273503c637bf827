/* Seeds for the descriptor harnesses: with TCE_FUZZ_SEEDS_FROM=encode.txt and
 * TCE_FUZZ_SEEDS_TO=DIR set, write 128 bytes made from each encode case (by `make`, which
 * returns false to skip a case) into DIR, at most 400 (tests/fuzz/seeds.cmake). */
#ifndef TCE_FUZZ_ENCODE_SEEDS_H
#define TCE_FUZZ_ENCODE_SEEDS_H

#include <stdbool.h>
#include <stdint.h>

#include "corpus.h"

void fuzz_encode_seeds(bool (*make)(const corpus_case *c, uint8_t out[128]));
/* A `make` for it: tce's descriptor of the case's map, when the encoder accepts it. */
bool fuzz_our_descriptor(const corpus_case *c, uint8_t out[128]);

#endif
