# The golden-model sources the firmware runs itself: tensormap.replace
# (firmware/driver/tce_tmreplace.c) unpacks, changes and re-packs a descriptor with csim's
# own pack/unpack and encode rules, so a descriptor has one layout and one set of rules.
# They are freestanding like the firmware (no libc; tce_text.h formats the messages).
# Sets TCE_FIRMWARE_CSIM_SOURCES (absolute paths). Used by the driver-freestanding check
# (tests/run.cmake) and the rv32imc build (cmake/riscv_firmware.cmake).
set(TCE_FIRMWARE_CSIM_SOURCES "")
foreach(f descriptor.c encode_rules.c tce_types.c tce_text.c)
  list(APPEND TCE_FIRMWARE_CSIM_SOURCES ${TCE_ROOT}/csim/${f})
endforeach()
