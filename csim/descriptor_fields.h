/* The descriptor's fields as C values: an enum naming each field of
 * descriptor_layout.def and a table of their places, both expanded from that file so that
 * no offset is written twice. Used by pack/unpack and by the encode rules, which name the
 * descriptor field a broken rule concerns. */
#ifndef TCE_DESCRIPTOR_FIELDS_H
#define TCE_DESCRIPTOR_FIELDS_H

#include "tce_types.h"

/* The value of the MAGIC field: tells a tce descriptor from random bytes. */
#define TCE_DESC_MAGIC 0x7CE1u

typedef enum {
#define DESC_FIELD(NAME, OFF, BYTES, ITEMS, SIGNED, DOC) TCE_DF_##NAME,
#include "descriptor_layout.def"
#undef DESC_FIELD
    TCE_DF_COUNT
} tce_desc_field;

typedef struct {
    const char *name;
    unsigned offset; /* byte offset of item 0 */
    unsigned bytes;  /* bytes per item, little-endian */
    unsigned items;
    bool is_signed;
} tce_desc_field_info;

extern const tce_desc_field_info tce_desc_fields[TCE_DF_COUNT];

/* Byte offset of item `index` of field f (index < 0 means the whole field: item 0). */
unsigned tce_desc_field_offset(tce_desc_field f, int index);

#endif
