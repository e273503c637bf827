/* `tce run` pieces: the built-in scenario is the committed tests/scenarios/mission.tce,
 * and a scenario given as text reports FILE:LINE and the right exit status. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

#include "check.h"

int main(void)
{
    static char file[1 << 16];
    FILE *f = fopen(TCE_SOURCE_DIR "/tests/scenarios/mission.tce", "rb");
    size_t n = f ? fread(file, 1, sizeof file - 1, f) : 0;
    if (f)
        fclose(f);
    file[n] = '\0';
    CHECK(n > 0);
    CHECK(strcmp(file, scenario_default_text) == 0);

    FILE *sink = tmpfile();
    CHECK(sink != NULL);
    if (!sink)
        return 1;
    /* Pass: a plain fill and its check. */
    CHECK(scenario_run_text("t1", "global G 0x1000 0x100 iota\nexpect bytes G+2 0203 04\n", sink,
                            false) == 0);
    /* A failing check: exit status 1. */
    CHECK(scenario_run_text("t2", "global G 0x1000 0x100 iota\nexpect bytes G 01\n", sink,
                            false) == 1);
    /* A scenario error: exit status 2. */
    CHECK(scenario_run_text("t3", "global G 0x1000\n", sink, false) == 2);
    CHECK(scenario_run_text("t4", "cluster 17\n", sink, false) == 2);
    CHECK(scenario_run_text("t5", "global G 0x1000 0x100\nexpect error NOPE\n", sink, false) == 2);
    fclose(sink);
    return check_finish("test_scenario");
}
