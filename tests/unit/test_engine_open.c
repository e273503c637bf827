/* Opening engines by name (tools/tce/engines.h): an unknown name and an engine this binary
 * was built without are refused with a reason naming the cause, never a crash; the systemc
 * engine, where built, refuses a second live instance (SystemC elaborates once per
 * process, docs/systemc.md) by name and can be opened again once the first is closed. The
 * sanitizer build has no rtl/systemc engine, so it checks the refusal text instead. */
#include <string.h>

#include "check.h"
#include "engines.h"

static void unknown_name(void)
{
    CHECK(tce_engine_open("bogus") == NULL);
    CHECK(strstr(tce_engine_open_error(), "'bogus'") != NULL);
    CHECK(strstr(tce_engine_open_error(), "systemc") != NULL); /* lists what exists */
}

static void csim_has_no_waves(void)
{
    tce_engine *e = tce_engine_open("csim");
    CHECK(e != NULL);
    if (!e)
        return;
    CHECK(strcmp(tce_engine_name(e), "csim") == 0);
    CHECK(tce_engine_trace(e, "never-written.fst") == -1);
    tce_engine_close(e);
}

static void rtl_built_or_refused(void)
{
    tce_engine *e = tce_engine_open("rtl");
    if (tce_engine_have_rtl()) {
        CHECK(e != NULL);
        tce_engine_close(e);
    } else {
        CHECK(e == NULL);
        CHECK(strstr(tce_engine_open_error(), "built without Verilator") != NULL);
    }
}

static void systemc_one_live_instance(void)
{
    tce_engine *e = tce_engine_open("systemc");
    if (!tce_engine_have_systemc()) {
        CHECK(e == NULL);
        CHECK(strstr(tce_engine_open_error(), "built without SystemC") != NULL);
        return;
    }
    CHECK(e != NULL);
    if (!e)
        return;
    CHECK(strcmp(tce_engine_name(e), "systemc") == 0);
    CHECK(tce_engine_open("systemc") == NULL);
    CHECK(strstr(tce_engine_open_error(), "systemc: ") != NULL);
    CHECK(strstr(tce_engine_open_error(), "already live") != NULL);
    tce_engine_close(e);
    e = tce_engine_open("systemc"); /* the platform elaborated once is reused */
    CHECK(e != NULL);
    tce_engine_close(e);
}

int main(void)
{
    unknown_name();
    csim_has_no_waves();
    rtl_built_or_refused();
    systemc_one_live_instance();
    return check_finish("test_engine_open");
}
