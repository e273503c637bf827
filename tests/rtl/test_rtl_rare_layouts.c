/* Legal tile loads and stores in layouts the RTL carries but CI's regressions never draw (the
 * code-coverage holes of docs/coverage.md): the three 128B ATOM swizzles (sm_100's; the
 * sm_90 driver does not encode them, but a descriptor may hold them and both engines
 * execute them) on loads and stores. Each runs on the golden model and on the RTL from the
 * same memories (errors_rig.h): both must complete, with the same statistics, and leave
 * the same bytes. Truth: csim/swizzle.c, csim/tile.c. */
#define _POSIX_C_SOURCE 200112L /* unsetenv */
#include "errors_rig.h"

enum { D_SWZ = 6 }; /* csim/descriptor_layout.def */

static void swz_atom32(uint8_t *d) { d[D_SWZ] = TCE_SW_128B_ATOM_32B; }
static void swz_atom32_flip(uint8_t *d) { d[D_SWZ] = TCE_SW_128B_ATOM_32B_FLIP_8B; }
static void swz_atom64(uint8_t *d) { d[D_SWZ] = TCE_SW_128B_ATOM_64B; }

int main(void)
{
    /* Functional coverage counts sm_90's legal layouts, and tce fcov fails a run that hits
     * one of its excluded bins (these swizzles are, by the sm_90 encode rules): the
     * operations here are on purpose outside that set, so they are not sampled. */
    unsetenv("TCE_FCOV_DIR");
    tce_engine *rtl = open_rtl();
    static const struct {
        const char *name;
        void (*poke)(uint8_t *);
    } swz[] = {{"128B_ATOM_32B", swz_atom32},
               {"128B_ATOM_32B_FLIP_8B", swz_atom32_flip},
               {"128B_ATOM_64B", swz_atom64}};
    /* The 16 x 16 f32 map's 8 x 8 box: rows of 32 bytes, four to a 128-byte line, so
     * line bits 7 and 8 of the shared address take every value the swizzles XOR in. */
    for (unsigned i = 0; i < 3; i++) {
        char name[80];
        tce_op op = load2d();
        snprintf(name, sizeof name, "tile load, %s swizzle", swz[i].name);
        agree(rtl, name, &op, swz[i].poke, TCE_OK);
        to_store(&op);
        snprintf(name, sizeof name, "tile store, %s swizzle", swz[i].name);
        agree(rtl, name, &op, swz[i].poke, TCE_OK);
    }
    tce_engine_close(rtl);
    return check_finish("test_rtl_rare_layouts");
}
