/* libFuzzer harness: what `tce map` reads (tools/tce/map_input.c, cmd_map.c). An input that
 * starts with `tiled`, `im2col` or `--sm=` is the words of `tce map check` (split at blanks
 * and line ends); any other input is a map file for `tce map explain` (hex text or 128 raw
 * bytes), or, holding two files separated by "\0\0" (mem_files.h), the two of `map diff`. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "mem_files.h"

int map_main(int argc, char **argv); /* cmd_map.c */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* With TCE_FUZZ_SEEDS_FROM=encode.txt and TCE_FUZZ_SEEDS_TO=DIR: from every 128th case, the
 * driver's map as hex text and the case's parameters as `map check` words, into DIR
 * (tests/fuzz/seeds.cmake). */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static const char *const keys[] = {"dtype", "rank", "gdim", "gstride", "box", "estride",
                                       "lower", "upper", "channels", "pixels", "interleave",
                                       "swizzle", "promo", "oobfill", "gaddr"};
    (void)argc, (void)argv;
    const char *from = getenv("TCE_FUZZ_SEEDS_FROM"), *to = getenv("TCE_FUZZ_SEEDS_TO");
    corpus_reader r;
    corpus_case c;
    if (!from || !to || corpus_open(&r, from))
        return 0;
    for (unsigned i = 0; corpus_next(&r, &c) == 1; i++) {
        size_t len;
        const uint8_t *map = corpus_blob(&c, "opaque", &len);
        const char *kind = corpus_str(&c, "map");
        char path[4096];
        FILE *hex = NULL, *words = NULL;
        if (i % 128 == 0 && map && kind) {
            snprintf(path, sizeof path, "%s/map%u", to, i);
            hex = fopen(path, "w");
            snprintf(path, sizeof path, "%s/words%u", to, i);
            words = fopen(path, "w");
        }
        if (hex && words) {
            for (size_t k = 0; k < len; k++)
                fprintf(hex, "%02x%s", map[k], k % 32 == 31 ? "\n" : "");
            fprintf(words, "%s", kind);
            for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
                const char *v = corpus_str(&c, keys[k]);
                if (v) /* lists are blank-separated in the corpus, comma-separated here */
                    for (fprintf(words, " %s=", keys[k]); *v; v++)
                        fputc(*v == ' ' ? ',' : *v, words);
            }
            fputc('\n', words);
        }
        if (hex)
            fclose(hex);
        if (words)
            fclose(words);
        corpus_case_free(&c);
    }
    corpus_close(&r);
    return 0;
}

enum { MAX_WORDS = 48 };

static int check_words(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), *argv[2 + MAX_WORDS + 1] = {"map", "check"};
    int argc = 2;
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = 0;
    for (char *w = strtok(text, " \t\r\n"); w && argc < 2 + MAX_WORDS; w = strtok(NULL, " \t\r\n"))
        argv[argc++] = w;
    argv[argc] = NULL;
    fuzz_quiet_main(map_main, argc, argv);
    free(text);
    return 0;
}

static bool starts(const uint8_t *data, size_t size, const char *word)
{
    size_t n = strlen(word);
    return size >= n && !memcmp(data, word, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16384)
        return 0;
    if (starts(data, size, "tiled") || starts(data, size, "im2col") || starts(data, size, "--sm="))
        return check_words(data, size);
    char *argv[2 + FUZZ_MAX_FILES] = {"map", "explain"};
    size_t n = fuzz_files(data, size, argv + 2);
    if (n > 1)
        argv[1] = "diff"; /* of the first two */
    fuzz_checked_main(map_main, n > 1 ? 4 : 3, argv);
    return 0;
}
