/* Corpus reader and fill generators against hand-derived values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"

#include "check.h"

/* CTest runs each test in the build's tests/ folder, so a relative name is private. */
static const char *write_tmp(const char *text)
{
    static const char path[] = "test_corpus_tmp.txt";
    FILE *f = fopen(path, "w");
    if (!f)
        return NULL;
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_splitmix(void)
{
    /* Reference splitmix64 from state 0: the first two outputs are well known. */
    uint64_t st = 0;
    CHECK(corpus_splitmix64(&st) == 0xE220A8397B1DCDAFull);
    CHECK(corpus_splitmix64(&st) == 0x6E789E6AA1B965F4ull);
    uint8_t b[10];
    corpus_fill_raw(b, sizeof b, 0);
    /* Little-endian bytes of the first output, then the low two of the second. */
    CHECK(b[0] == 0xAF && b[7] == 0xE2 && b[8] == 0xF4 && b[9] == 0x65);
}

static void test_values(void)
{
    /* Draw r = 0xE220A8397B1DCDAF: cls = 0xF (normal), sign = 0 (bit 4 of 0xAF is 0),
     * exponent = bias - 4 + ((r >> 8) & 7) = 15 - 4 + 5 = 16 for f16,
     * mantissa = (r >> 16) & 0x3FF = 0x7B1D & 0x3FF = 0x31D.
     * f16 = 0 10000 1100011101 = 0x431D. */
    uint8_t b[2];
    CHECK(corpus_fill_values(b, 2, 0, "FLOAT16"));
    CHECK(b[0] == 0x1D && b[1] == 0x43);
    CHECK(!corpus_fill_values(b, 2, 0, "UINT16"));
}

static void test_reader(void)
{
    const char *p = write_tmp("# header line\n"
                              "case 3\nop load.tile\ncoords -80 0 2\ngaddr 0x7ff2cfe00020\n"
                              "smem 4\na5a50011\nend\n\ncase 4\nop x\nend\n");
    CHECK(p != NULL);
    corpus_reader r;
    corpus_case c;
    CHECK(corpus_open(&r, p) == 0);
    CHECK(corpus_next(&r, &c) == 1);
    CHECK(c.id == 3 && c.line == 2);
    CHECK(!strcmp(r.header, "# header line"));
    CHECK(!strcmp(corpus_str(&c, "op"), "load.tile"));
    int64_t v[5];
    CHECK(corpus_i64_list(&c, "coords", v, 5) == 3 && v[0] == -80 && v[2] == 2);
    CHECK(corpus_i64_list(&c, "coords", v, 2) == -1); /* too many values is an error */
    uint64_t ga;
    CHECK(corpus_u64(&c, "gaddr", &ga) && ga == 0x7ff2cfe00020ull);
    size_t n;
    const uint8_t *s = corpus_blob(&c, "smem", &n);
    CHECK(s && n == 4 && s[0] == 0xa5 && s[3] == 0x11);
    CHECK(corpus_str(&c, "missing") == NULL);
    corpus_case_free(&c);
    CHECK(corpus_next(&r, &c) == 1 && c.id == 4);
    corpus_case_free(&c);
    CHECK(corpus_next(&r, &c) == 0);
    corpus_close(&r);

    /* A blob with more data than its count is an error naming the key and line. */
    p = write_tmp("case 0\nsmem 2\na5a5a5\nend\n");
    CHECK(corpus_open(&r, p) == 0);
    CHECK(corpus_next(&r, &c) == -1);
    CHECK(strstr(r.err, ":3: 'smem' has more data than its count 2") != NULL);
    corpus_close(&r);
    remove(p);
}

int main(void)
{
    test_splitmix();
    test_values();
    test_reader();
    return check_finish("test_corpus");
}
