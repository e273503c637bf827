/* `tce regress --junit=FILE`: the run as JUnit XML for CI dashboards. One testcase holds
 * the batches that passed, one testcase per failing batch carries the first difference as
 * its failure message and the whole report as text. The run's identity and totals are
 * testsuite properties, one element per line, which is what regress_merge.c reads back. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdlib.h>
#include <string.h>

#include "regress_report.h"

/* XML text or attribute value: the five special characters as entities; control
 * characters, which XML 1.0 cannot carry, as \xNN (a report never has them, but a
 * dashboard must still parse the file if one does). */
static void xml_escape(FILE *o, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '&': fputs("&amp;", o); break;
        case '<': fputs("&lt;", o); break;
        case '>': fputs("&gt;", o); break;
        case '"': fputs("&quot;", o); break;
        case '\'': fputs("&apos;", o); break;
        default:
            if (c < 0x20 && c != '\n' && c != '\t')
                fprintf(o, "\\x%02x", c);
            else
                fputc(c, o);
        }
    }
}

int regress_failure_take(regress_failures *f, unsigned long batch, char *block)
{
    if (f->n == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 16;
        regress_failure *v = realloc(f->v, cap * sizeof *v);
        if (!v)
            return -1;
        f->v = v;
        f->cap = cap;
    }
    f->v[f->n].batch = batch;
    f->v[f->n].block = block;
    f->n++;
    return 0;
}

int regress_failure_add(regress_failures *f, uint64_t seed, unsigned long batch,
                        const char *message, const char *detail)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&buf, &len);
    if (!o)
        return -1;
    fprintf(o, "<testcase classname=\"tce.regress\" name=\"seed %llu batch %lu\">\n",
            (unsigned long long)seed, batch);
    fputs("<failure type=\"mismatch\" message=\"", o);
    xml_escape(o, message);
    fputs("\">", o);
    xml_escape(o, detail);
    fputs("</failure>\n</testcase>\n", o);
    if (fclose(o) != 0) {
        free(buf);
        return -1;
    }
    if (regress_failure_take(f, batch, buf) != 0) {
        free(buf);
        return -1;
    }
    return 0;
}

void regress_failures_free(regress_failures *f)
{
    for (size_t i = 0; i < f->n; i++)
        free(f->v[i].block);
    free(f->v);
    f->v = NULL;
    f->n = f->cap = 0;
}

static void prop_str(FILE *o, const char *name, const char *value)
{
    fprintf(o, "<property name=\"%s\" value=\"", name);
    xml_escape(o, value);
    fputs("\"/>\n", o);
}

static void prop_num(FILE *o, const char *name, unsigned long long v)
{
    fprintf(o, "<property name=\"%s\" value=\"%llu\"/>\n", name, v);
}

int regress_junit_write(const char *path, const regress_totals *t, const regress_failures *f)
{
    FILE *o = fopen(path, "w");
    if (!o) {
        fprintf(stderr, "tce regress: %s: cannot write the JUnit file\n", path);
        return -1;
    }
    char shard[64] = "";
    if (t->nshard > 1)
        snprintf(shard, sizeof shard, " shard %lu/%lu", t->shard, t->nshard);
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", o);
    fprintf(o, "<testsuites name=\"tce regress\" tests=\"%zu\" failures=\"%zu\">\n", 1 + f->n,
            f->n);
    fprintf(o, "<testsuite name=\"tce regress seed %llu ", (unsigned long long)t->seed);
    xml_escape(o, t->engines);
    fprintf(o, "%s\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\">\n", shard,
            1 + f->n, f->n);
    fputs("<properties>\n", o);
    prop_num(o, "seed", t->seed);
    prop_num(o, "count", t->count);
    prop_str(o, "engines", t->engines);
    prop_str(o, "options", t->options);
    if (t->nshard > 1) {
        prop_num(o, "shard", t->shard);
        prop_num(o, "shards", t->nshard);
    }
    /* the totals, in the order regress_merge.c expects them (it sums each) */
    const struct {
        const char *name;
        unsigned long v;
    } totals[] = {{"batches", t->batches}, {"operations", t->ops}, {"passed", t->passed},
                  {"failed", t->failed}, {"traps", t->traps}, {"illegal", t->illegal},
                  {"unsupported", t->unsup}, {"bus_injected", t->bus_injected},
                  {"bus_reported", t->bus_reported}, {"bus_untouched", t->bus_untouched}};
    for (size_t i = 0; i < sizeof totals / sizeof totals[0]; i++)
        prop_num(o, totals[i].name, totals[i].v);
    fputs("</properties>\n", o);
    fprintf(o, "<testcase classname=\"tce.regress\" name=\"passed batches\"><system-out>"
               "%lu operations passed, %lu failed, %lu not supported by an engine"
               "</system-out></testcase>\n",
            t->passed, t->failed, t->unsup);
    for (size_t i = 0; i < f->n; i++)
        fputs(f->v[i].block, o);
    fputs("</testsuite>\n</testsuites>\n", o);
    if (ferror(o) | (fclose(o) != 0)) {
        fprintf(stderr, "tce regress: %s: write failed\n", path);
        return -1;
    }
    return 0;
}
