/* `tce map explain|check|diff|show`: the CUDA driver's 128-byte tensor map for people
 * debugging CUDA code (docs/map.md). explain names every parameter of a map in the driver
 * API's words; check gives the driver's verdict on encode parameters and, for a
 * rejection, the rule and the parameter; diff compares two maps field by field; show
 * draws where a box's elements land in shared memory (map_show.c). */
#include <stdio.h>
#include <string.h>

#include "encode_rules.h"
#include "map_input.h"
#include "map_show.h"

int map_main(int argc, char **argv);

static void usage(FILE *f)
{
    fprintf(f,
            "usage: tce map explain MAP\n"
            "       tce map check [--sm=90|100] tiled|im2col key=value...\n"
            "       tce map diff MAP_A MAP_B\n"
            "       tce map show MAP --coords=C0,C1,... [--offsets=W,H,D] [--smem-off=N]\n"
            "                    [--out=FILE.svg]\n"
            "  MAP     the driver's 128-byte CUtensorMap: 256 hex digits (spaces, commas and\n"
            "          0x prefixes allowed), or a file holding that text or the raw bytes\n"
            "  check   parameters as cuTensorMapEncodeTiled / cuTensorMapEncodeIm2col take\n"
            "          them: dtype= gdim= gstride= box= [estride=] [gaddr=] [interleave=]\n"
            "          [swizzle=] [promo=] [oobfill=]; im2col: lower= upper= channels= pixels=\n"
            "          instead of box= (the driver API's names work too: tensorDataType=,\n"
            "          globalDim=, ...). Lists are comma-separated, innermost first.\n"
            "  --sm    the driver whose rules apply (default 90, the H100 of the corpus)\n"
            "exit status: explain 0 a valid map, 1 bytes no driver writes; check 0 accepted,\n"
            "             1 rejected; diff 0 same, 1 different; show 0; 2 bad input\n");
}

/* ---- one field of a map in the driver API's words -------------------------------------- */

/* Appends "name = value" for item `item` of field f of a map of this mode and rank, or
 * nothing (false) when the item carries no parameter of such a map. */
static bool param_text(const uint8_t *d, tce_cumap_field f, unsigned item, bool im2col,
                       unsigned rank, char *out, size_t cap)
{
    uint64_t v = tce_cumap_get(d, f, item);
    unsigned corner_bits = tce_cumap_corner_bits(rank);
    switch (f) {
    case TCE_CF_GLOBAL_ADDRESS: snprintf(out, cap, "globalAddress = 0x%llx", (unsigned long long)v); return true;
    case TCE_CF_MODE: snprintf(out, cap, "map kind = %s", v == 0 ? "tiled" : v == 1 ? "im2col" : "? (not 0 or 1)"); return true;
    case TCE_CF_RANK_M1: snprintf(out, cap, "tensorRank = %llu", (unsigned long long)v + 1); return true;
    case TCE_CF_ELEMTYPE: {
        tce_dtype dt;
        bool tf32 = tce_cumap_get(d, TCE_CF_TF32, 0) != 0;
        if (tce_cumap_dtype((unsigned)v, tf32, &dt))
            snprintf(out, cap, "tensorDataType = CU_TENSOR_MAP_DATA_TYPE_%s", tce_dtype_name(dt));
        else
            snprintf(out, cap, "tensorDataType = ? (element type code %llu%s)", (unsigned long long)v,
                     tf32 ? " with TF32" : "");
        return true;
    }
    case TCE_CF_TF32: snprintf(out, cap, "tf32 rounding = %s", v ? "yes (TFLOAT32 types)" : "no"); return true;
    case TCE_CF_INTERLEAVE: snprintf(out, cap, "interleave = %s", v == 0 ? "NONE" : v == 1 ? "16B" : v == 2 ? "32B" : "? (3)"); return true;
    case TCE_CF_SWIZZLE: snprintf(out, cap, "swizzle = %s", tce_swizzle_name((tce_swizzle)v)); return true;
    case TCE_CF_OOB_FILL: snprintf(out, cap, "oobFill = %s", v ? "NAN_REQUEST_ZERO_FMA" : "NONE"); return true;
    case TCE_CF_L2_PROMOTION: snprintf(out, cap, "l2Promotion = %s", v == 0 ? "NONE" : v == 1 ? "L2_64B" : v == 2 ? "L2_128B" : "L2_256B"); return true;
    case TCE_CF_GSTRIDE_LO:
    case TCE_CF_GSTRIDE_HI: {
        uint64_t s = (tce_cumap_get(d, TCE_CF_GSTRIDE_LO, item) |
                      tce_cumap_get(d, TCE_CF_GSTRIDE_HI, item) << 32) << 4;
        if (item + 1 >= rank)
            return false;
        snprintf(out, cap, "globalStrides[%u] = %llu bytes", item, (unsigned long long)s);
        return true;
    }
    case TCE_CF_GDIM_M1:
        if (item >= rank)
            return false;
        snprintf(out, cap, "globalDim[%u] = %llu", item, (unsigned long long)v + 1);
        return true;
    case TCE_CF_ESTRIDE_M1:
        if (item >= rank)
            return false;
        snprintf(out, cap, "elementStrides[%u] = %llu", item, (unsigned long long)v + 1);
        return true;
    case TCE_CF_BOX_M1:
        if (im2col || item >= rank)
            return false;
        snprintf(out, cap, "boxDim[%u] = %llu", item, (unsigned long long)v + 1);
        return true;
    case TCE_CF_CHANNELS_M1:
        if (!im2col)
            return false;
        snprintf(out, cap, "channelsPerPixel = %llu", (unsigned long long)v + 1);
        return true;
    case TCE_CF_PIXELS_M1:
        if (!im2col)
            return false;
        snprintf(out, cap, "pixelsPerColumn = %llu", (unsigned long long)v + 1);
        return true;
    case TCE_CF_LOWER:
    case TCE_CF_UPPER: {
        if (!im2col || rank < 3 || rank > 5)
            return false;
        size_t len = (size_t)snprintf(out, cap, "%s = {", f == TCE_CF_LOWER ? "pixelBoxLowerCorner"
                                                                           : "pixelBoxUpperCorner");
        for (unsigned i = 0; i + 2 < rank && len < cap; i++) {
            uint64_t raw = (v >> (corner_bits * i)) & ((1ull << corner_bits) - 1);
            int64_t sv = (raw >> (corner_bits - 1)) & 1 ? (int64_t)raw - (1ll << corner_bits) : (int64_t)raw;
            len += (size_t)snprintf(out + len, cap - len, "%s%lld", i ? ", " : "", (long long)sv);
        }
        if (len < cap)
            snprintf(out + len, cap - len, "} (W first)");
        return true;
    }
    case TCE_CF_BOX_BYTES: snprintf(out, cap, "box bytes (derived) = %llu", (unsigned long long)v); return true;
    case TCE_CF_SWIZZLE_PERIOD: snprintf(out, cap, "swizzle period (derived) = %llu bytes", (unsigned long long)v); return true;
    default:
        return false;
    }
}

static void print_hex(const uint8_t *d)
{
    for (unsigned i = 0; i < TCE_CUMAP_BYTES; i++)
        printf("%02x%s", d[i], i % 32 == 31 ? "\n" : i % 4 == 3 ? " " : "");
}

/* ---- explain --------------------------------------------------------------------------- */

static int explain(const uint8_t *d)
{
    bool im2col = tce_cumap_get(d, TCE_CF_MODE, 0) == 1;
    unsigned rank = (unsigned)tce_cumap_get(d, TCE_CF_RANK_M1, 0) + 1;
    char line[160];
    tce_tensormap m;
    tce_diag why;
    tce_status st = tce_cumap_decode(d, &m, &why);
    printf("CUtensorMap, %s (%s)\n", im2col ? "im2col" : "tiled",
           im2col ? "cuTensorMapEncodeIm2col" : "cuTensorMapEncodeTiled");
    if (st == TCE_OK) {
        const char *dt, *il, *sw, *pr, *fl;
        map_enum_names(&m, &dt, &il, &sw, &pr, &fl);
        printf("  %-20s %s\n", "tensorDataType", dt);
        printf("  %-20s %u\n", "tensorRank", m.rank);
        printf("  %-20s 0x%llx\n", "globalAddress", (unsigned long long)m.gaddr);
        printf("  %-20s {", "globalDim");
        for (unsigned i = 0; i < m.rank; i++)
            printf("%s%llu", i ? ", " : "", (unsigned long long)m.gdim[i]);
        printf("}\n  %-20s {", "globalStrides");
        for (unsigned i = 1; i < m.rank; i++)
            printf("%s%llu", i > 1 ? ", " : "", (unsigned long long)m.gstride[i]);
        printf("}  (bytes, dims 1..%u; dim 0 is the element size, %u)\n", m.rank - 1,
               tce_dtype_size(m.dtype));
        if (!im2col) {
            printf("  %-20s {", "boxDim");
            for (unsigned i = 0; i < m.rank; i++)
                printf("%s%u", i ? ", " : "", (unsigned)m.box[i]);
            printf("}\n");
        } else {
            for (tce_cumap_field f = TCE_CF_LOWER; f <= TCE_CF_UPPER; f++)
                if (param_text(d, f, 0, true, rank, line, sizeof line)) {
                    char *eq = strstr(line, " = ");
                    *eq = '\0';
                    printf("  %-20s %s\n", line, eq + 3);
                }
            printf("  %-20s %u\n  %-20s %u\n", "channelsPerPixel", (unsigned)m.channels,
                   "pixelsPerColumn", (unsigned)m.pixels);
        }
        printf("  %-20s {", "elementStrides");
        for (unsigned i = 0; i < m.rank; i++)
            printf("%s%u", i ? ", " : "", (unsigned)m.estride[i]);
        printf("}\n  %-20s %s\n  %-20s %s\n  %-20s %s\n  %-20s %s\n", "interleave", il, "swizzle",
               sw, "l2Promotion", pr, "oobFill", fl);
        printf("  %-20s %llu bytes in shared memory per copy (driver's count)\n", "box",
               (unsigned long long)tce_cumap_get(d, TCE_CF_BOX_BYTES, 0));
        tce_diag dv;
        bool derived = tce_cumap_derived(d, &m, &dv);
        if (!derived)
            printf("note: %s (the map was changed after encoding, e.g. by tensormap.replace, "
                   "which leaves derived fields as they were)\n", dv.text);
        tce_encode_fault f;
        if (!tce_encode_rules_check(&m, 90, &f))
            printf("note: an sm_90 driver would refuse these parameters: %s (sm_100 accepts "
                   "them)\n", f.text);
        printf("verdict: %s\n", derived ? "a map the driver writes for these parameters"
                                        : "parameters the driver accepts; its derived fields "
                                          "are stale (see the note)");
        return 0;
    }
    /* Not a map the driver writes: show every field as stored, then why. */
    printf("  (the bytes do not decode; every field as stored:)\n");
    for (unsigned f = 0; f < TCE_CF_COUNT; f++) {
        const tce_cumap_field_info *fi = &tce_cumap_fields[f];
        if (!(fi->maps & (im2col ? TCE_CUMAP_IM2COL : TCE_CUMAP_TILED)))
            continue;
        for (unsigned i = 0; i < fi->items; i++)
            if (f != TCE_CF_GSTRIDE_HI &&
                param_text(d, (tce_cumap_field)f, i, im2col, rank > 5 ? 5 : rank, line, sizeof line))
                printf("  %s\n", line);
    }
    printf("verdict: not a map the driver writes: %s\n", why.text);
    return 1;
}

/* ---- check ----------------------------------------------------------------------------- */

/* The driver parameter a broken rule concerns, from the descriptor field it names. */
static void param_of_fault(const tce_encode_fault *f, bool im2col, char *out, size_t cap)
{
    static const struct {
        tce_desc_field field;
        const char *name;
    } names[] = {
        {TCE_DF_KIND, "map kind"},          {TCE_DF_DTYPE, "tensorDataType"},
        {TCE_DF_RANK, "tensorRank"},        {TCE_DF_INTERLEAVE, "interleave"},
        {TCE_DF_SWIZZLE, "swizzle"},        {TCE_DF_PROMO, "l2Promotion"},
        {TCE_DF_OOBFILL, "oobFill"},        {TCE_DF_WIDE_MODE, "mode"},
        {TCE_DF_CHANNELS, "channelsPerPixel"}, {TCE_DF_PIXELS, "pixelsPerColumn"},
        {TCE_DF_ESIZE, "tensorDataType"},   {TCE_DF_GADDR, "globalAddress"},
        {TCE_DF_GDIM_M1, "globalDim"},      {TCE_DF_GSTRIDE, "globalStrides"},
        {TCE_DF_BOX_M1, "boxDim"},          {TCE_DF_ESTRIDE_M1, "elementStrides"},
        {TCE_DF_LOWER, "pixelBoxLowerCorner"}, {TCE_DF_UPPER, "pixelBoxUpperCorner"}};
    const char *name = "?";
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].field == f->field)
            name = names[i].name;
    (void)im2col;
    if (f->index >= 0)
        snprintf(out, cap, "%s[%d]", name, f->index);
    else if (f->field == TCE_DF_BOX_M1)
        snprintf(out, cap, "boxDim (the box as a whole)");
    else
        snprintf(out, cap, "%s", name);
}

static int check(int argc, char **argv)
{
    unsigned sm = 90;
    if (argc > 0 && !strncmp(argv[0], "--sm=", 5)) {
        if (strcmp(argv[0], "--sm=90") && strcmp(argv[0], "--sm=100")) {
            fprintf(stderr, "tce map check: %s: the driver rules are those of sm_90 or sm_100\n",
                    argv[0]);
            return 2;
        }
        sm = argv[0][6] == '0' ? 100 : 90;
        argc--, argv++;
    }
    map_params p;
    char why[300];
    if (!map_parse_params(argc, argv, &p, why, sizeof why)) {
        fprintf(stderr, "tce map check: %s\n", why);
        return 2;
    }
    tce_tensormap m;
    tce_diag d = {{0}};
    tce_status st = map_encode(&p, sm, &m, &d);
    const char *call = p.im2col ? "cuTensorMapEncodeIm2col" : "cuTensorMapEncodeTiled";
    if (st != TCE_OK) {
        /* The same rules once more on the parameters as given, for the broken rule's
         * parameter (the encoder's message is the rule in words). */
        tce_tensormap given;
        tce_encode_fault f;
        map_to_tensormap(&p, &given);
        char param[48] = "?";
        if (!tce_encode_rules_check(&given, sm, &f))
            param_of_fault(&f, p.im2col, param, sizeof param);
        printf("%s (sm_%u rules): CUDA_ERROR_INVALID_VALUE\n  parameter: %s\n  rule:      %s\n",
               call, sm, param, d.text);
        return 1;
    }
    uint8_t img[TCE_CUMAP_BYTES];
    printf("%s (sm_%u rules): CUDA_SUCCESS\n", call, sm);
    if (tce_cumap_encode(&m, img, &d) == TCE_OK) {
        printf("the 128 bytes the driver writes:\n");
        print_hex(img);
    } else
        printf("(no driver bytes: %s)\n", d.text);
    return 0;
}

/* ---- diff ------------------------------------------------------------------------------ */

static int diff(const uint8_t *a, const uint8_t *b, const char *na, const char *nb)
{
    bool im_a = tce_cumap_get(a, TCE_CF_MODE, 0) == 1, im_b = tce_cumap_get(b, TCE_CF_MODE, 0) == 1;
    unsigned ra = (unsigned)tce_cumap_get(a, TCE_CF_RANK_M1, 0) + 1;
    unsigned rb = (unsigned)tce_cumap_get(b, TCE_CF_RANK_M1, 0) + 1;
    unsigned differ = 0;
    char ta[160], tb[160];
    for (unsigned f = 0; f < TCE_CF_COUNT; f++) {
        const tce_cumap_field_info *fi = &tce_cumap_fields[f];
        if (f == TCE_CF_GSTRIDE_HI)
            continue; /* shown with GSTRIDE_LO, as one stride */
        unsigned kinds = (im_a ? TCE_CUMAP_IM2COL : TCE_CUMAP_TILED) |
                         (im_b ? TCE_CUMAP_IM2COL : TCE_CUMAP_TILED);
        if (!(fi->maps & kinds))
            continue; /* the other kind's view of the same bits */
        for (unsigned i = 0; i < fi->items; i++) {
            bool same = tce_cumap_get(a, (tce_cumap_field)f, i) == tce_cumap_get(b, (tce_cumap_field)f, i);
            if (f == TCE_CF_GSTRIDE_LO)
                same = same && tce_cumap_get(a, TCE_CF_GSTRIDE_HI, i) == tce_cumap_get(b, TCE_CF_GSTRIDE_HI, i);
            if (same)
                continue;
            bool pa = param_text(a, (tce_cumap_field)f, i, im_a, ra > 5 ? 5 : ra, ta, sizeof ta);
            bool pb = param_text(b, (tce_cumap_field)f, i, im_b, rb > 5 ? 5 : rb, tb, sizeof tb);
            unsigned lo = fi->bit + i * fi->step;
            if (!pa)
                snprintf(ta, sizeof ta, "(unused) 0x%llx",
                         (unsigned long long)tce_cumap_get(a, (tce_cumap_field)f, i));
            if (!pb)
                snprintf(tb, sizeof tb, "(unused) 0x%llx",
                         (unsigned long long)tce_cumap_get(b, (tce_cumap_field)f, i));
            printf("%s (bits %u-%u):\n  %s: %s\n  %s: %s\n", fi->name, lo, lo + fi->width - 1,
                   na, ta, nb, tb);
            differ++;
        }
    }
    /* Bits in no field of either map's kind. */
    for (unsigned bit = 0; bit < 8 * TCE_CUMAP_BYTES; bit++) {
        bool x = (a[bit / 8] >> (bit % 8)) & 1, y = (b[bit / 8] >> (bit % 8)) & 1;
        bool in_field = false;
        for (unsigned f = 0; f < TCE_CF_COUNT && !in_field; f++)
            for (unsigned i = 0; i < tce_cumap_fields[f].items; i++) {
                unsigned lo = tce_cumap_fields[f].bit + i * tce_cumap_fields[f].step;
                in_field |= bit >= lo && bit < lo + tce_cumap_fields[f].width;
            }
        if (x != y && !in_field) {
            printf("bit %u (byte %u, in no field): %s %d, %s %d\n", bit, bit / 8, na, x, nb, y);
            differ++;
        }
    }
    if (!differ)
        printf("the maps are identical\n");
    else
        printf("%u difference%s\n", differ, differ == 1 ? "" : "s");
    return differ ? 1 : 0;
}

int map_main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *verb = argv[1];
    uint8_t a[TCE_CUMAP_BYTES], b[TCE_CUMAP_BYTES];
    char why[300];
    if (!strcmp(verb, "check"))
        return check(argc - 2, argv + 2);
    if (!strcmp(verb, "show"))
        return map_show_main(argc - 2, argv + 2);
    if (!strcmp(verb, "explain") || !strcmp(verb, "diff")) {
        int want = !strcmp(verb, "explain") ? 1 : 2;
        if (argc - 2 != want) {
            fprintf(stderr, "tce map %s: needs %s\n", verb, want == 1 ? "one map (hex or a file)"
                                                                        : "two maps (hex or files)");
            return 2;
        }
        for (int k = 0; k < want; k++)
            if (!map_read_bytes(argv[2 + k], k ? b : a, why, sizeof why)) {
                fprintf(stderr, "tce map %s: %s\n", verb, why);
                return 2;
            }
        return want == 1 ? explain(a) : diff(a, b, "A", "B");
    }
    fprintf(stderr, "tce map: unknown verb '%s' (explain, check, diff, show)\n", verb);
    usage(stderr);
    return 2;
}
