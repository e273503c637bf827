/* What a `tce regress` run found, as JUnit XML (regress_junit.c) and merged across the
 * shards of one run (regress_merge.c). The merged file of shards 0..N-1 is byte for byte
 * the file the unsharded run writes: same totals, same failing batches, same order. */
#ifndef TCE_REGRESS_REPORT_H
#define TCE_REGRESS_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    uint64_t seed;
    unsigned long count;
    char engines[64];
    char options[128];   /* the flags that change the stream: " --timing=random --queue=2" */
    unsigned long shard, nshard;   /* nshard 1: unsharded (or merged) */
    unsigned long batches, ops, passed, failed, traps, illegal, unsup;
    unsigned long bus_injected, bus_reported, bus_untouched;
} regress_totals;

/* One failing batch: its JUnit <testcase> block, already escaped, kept as text so the
 * merge copies it unchanged. */
typedef struct {
    unsigned long batch;
    char *block;
} regress_failure;

typedef struct {
    regress_failure *v;
    size_t n, cap;
} regress_failures;

/* Append batch `batch`'s failure: message (first difference, one line) and detail (the
 * report as printed, several lines). 0, or -1 out of memory. */
int regress_failure_add(regress_failures *f, uint64_t seed, unsigned long batch,
                        const char *message, const char *detail);
int regress_failure_take(regress_failures *f, unsigned long batch, char *block);
void regress_failures_free(regress_failures *f);

/* Write the JUnit file: 0, or -1 with "tce regress: FILE: cause" on stderr. */
int regress_junit_write(const char *path, const regress_totals *t, const regress_failures *f);

/* `tce regress-merge --out=FILE SHARD.xml...` */
int regress_merge_main(int argc, char **argv);

#endif
