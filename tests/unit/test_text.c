/* tce_text_format (csim/tce_text.c), the freestanding formatter of the driver's and the
 * descriptor code's messages, against the C library's snprintf on every conversion the
 * project uses: the same text for the same format and arguments, and the same cut at a
 * small buffer. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "tce_text.h"

/* The cut test's buffer size, opaque to the compiler (a constant would draw GCC's
 * truncation warning, and truncation is the point). */
static volatile size_t cut = 9;

/* Format with both; they must agree, here and cut at a 9-byte buffer. */
#define SAME(...)                                                                              \
    do {                                                                                       \
        char want[256], got[256], want9[9], got9[9];                                           \
        tce_text t;                                                                            \
        snprintf(want, sizeof want, __VA_ARGS__);                                              \
        tce_text_start(&t, got, sizeof got);                                                   \
        tce_text_format(&t, __VA_ARGS__);                                                      \
        if (strcmp(want, got))                                                                 \
            fprintf(stderr, "want '%s', got '%s'\n", want, got);                               \
        CHECK(!strcmp(want, got));                                                             \
        snprintf(want9, cut, __VA_ARGS__);                                                     \
        tce_text_start(&t, got9, cut);                                                         \
        tce_text_format(&t, __VA_ARGS__);                                                      \
        CHECK(!strcmp(want9, got9));                                                           \
    } while (0)

int main(void)
{
    SAME("plain text");
    SAME("%u %u %u", 0u, 7u, 4294967295u);
    SAME("%d %d %d %d", 0, -1, 2147483647, -2147483647 - 1);
    SAME("%llu %llu", 0ull, 18446744073709551615ull);
    SAME("%lld %lld", -9223372036854775807ll - 1, 9223372036854775807ll);
    SAME("%lu %ld", 4000000000ul, -5l);
    SAME("%x %llx", 0xdeadbeefu, 0x123456789abcdefull);
    SAME("0x%04llx 0x%02x 0x%04x", 0x7ce1ull, 0x5u, 0xau);
    SAME("%5u|%05d|%3d", 42u, -42, 12345);
    SAME("%s=%u (%s)", "boxDim[0]", 300u, "");
    SAME("%c%c 100%%", 'o', 'k');
    SAME("MAGIC (byte %u) is 0x%04llx, not 0x%04x: not a tce descriptor", 0u,
         (unsigned long long)0xbeef, 0x7ce1u);

    char buf[8];
    tce_text t;
    tce_text_start(&t, buf, sizeof buf);
    tce_text_str(&t, NULL);
    CHECK(buf[0] == '\0');
    CHECK(tce_str_eq("abc", "abc") && !tce_str_eq("abc", "abd") && !tce_str_eq("ab", "abc") &&
          !tce_str_eq("abc", "ab") && tce_str_eq("", ""));
    return check_finish("test_text");
}
