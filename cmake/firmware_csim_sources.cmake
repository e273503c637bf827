# The golden-model sources the firmware runs itself: tensormap.replace
# (firmware/driver/tce_tmreplace.c) unpacks, changes and re-packs a descriptor with csim's
# own pack/unpack and encode rules, and a soft-CPU program encodes its tensor maps with
# csim's encode.c, so a descriptor has one layout and one set of rules on host and CPU.
# They are freestanding like the firmware (no libc; tce_text.h formats the messages).
# Sets TCE_FIRMWARE_CSIM_SOURCES (absolute paths). Used by the driver-freestanding check
# (tests/run.cmake), the rv32imc build (cmake/riscv_firmware.cmake) and the soft-CPU
# simulation test (tests/soc.cmake).
set(TCE_FIRMWARE_CSIM_SOURCES "")
foreach(f cumap.c descriptor.c encode.c encode_rules.c tce_types.c tce_text.c)
  list(APPEND TCE_FIRMWARE_CSIM_SOURCES ${TCE_ROOT}/csim/${f})
endforeach()
