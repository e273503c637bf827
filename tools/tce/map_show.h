/* `tce map show`: where the elements of one box land in shared memory, drawn as SVG. */
#ifndef TCE_MAP_SHOW_H
#define TCE_MAP_SHOW_H

/* argv: MAP --coords=.. [--offsets=..] [--smem-off=N] [--out=FILE] [--text]. 0, or 1 when
 * the GPU would trap on the load, 2 on bad input. */
int map_show_main(int argc, char **argv);

#endif
