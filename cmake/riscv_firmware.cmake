cmake_minimum_required(VERSION 3.20)
# CTest firmware-riscv-build: cross-compiles the firmware (firmware/driver, firmware/ptx)
# for an rv32imc soft CPU, freestanding, and links the test program of firmware/soc/ into
# an ELF. Fails on any compiler diagnostic, an unresolved symbol, or an ELF that is not
# 32-bit RISC-V with the compressed ISA. Writes the code sizes to OUT_DIR/firmware-size.txt.
# -DTCE_ROOT=<repo> -DOUT_DIR=<dir> -DCC=<riscv64-unknown-elf-gcc> -DSIZE=<...-size>
# -DREADELF=<...-readelf>. tests/fpga.cmake skips the test when the cross compiler is absent.
# Optional: -DMAIN=<file.c> links another program in place of firmware/soc/soc_main.c (with
# the rest of firmware/soc/: start-up, linker script, helpers) and -DELF_NAME=<stem> names
# its ELF (default tce_soc); tests/soc.cmake builds the simulated test program this way.
foreach(v TCE_ROOT OUT_DIR CC SIZE READELF)
  if(NOT ${v})
    message(FATAL_ERROR "riscv_firmware.cmake: -D${v}=... is required")
  endif()
endforeach()
file(MAKE_DIRECTORY ${OUT_DIR})
if(NOT MAIN)
  set(MAIN ${TCE_ROOT}/firmware/soc/soc_main.c)
endif()
if(NOT ELF_NAME)
  set(ELF_NAME tce_soc)
endif()
get_filename_component(main_dir ${MAIN} DIRECTORY)

# -Os for size; sections per function so the link keeps only what main reaches; the
# same -Wall -Wextra -Werror as the host build. -Wstack-usage: no function may take more than
# 1 KiB of the few KiB of stack the 64 KiB RAM leaves (soc.ld), so a large local (a whole
# ptx_insn, a ptx_regs) fails the build naming the function instead of corrupting .bss.
set(flags -std=c11 -march=rv32imc -mabi=ilp32 -Os -ffreestanding -nostdlib
          -ffunction-sections -fdata-sections -Wall -Wextra -Werror -Wstack-usage=1024
          -I${TCE_ROOT}/csim -I${TCE_ROOT}/firmware -I${TCE_ROOT}/firmware/soc -I${main_dir})

include(${TCE_ROOT}/cmake/firmware_csim_sources.cmake)
file(GLOB drv_srcs ${TCE_ROOT}/firmware/driver/*.c)
file(GLOB ptx_srcs ${TCE_ROOT}/firmware/ptx/*.c)
file(GLOB soc_srcs ${TCE_ROOT}/firmware/soc/*.c ${TCE_ROOT}/firmware/soc/*.S)
list(SORT drv_srcs)
list(SORT ptx_srcs)
list(REMOVE_ITEM soc_srcs ${TCE_ROOT}/firmware/soc/soc_main.c)
list(APPEND soc_srcs ${MAIN})
list(SORT soc_srcs)
if(NOT drv_srcs)
  message(FATAL_ERROR "firmware-riscv-build: no driver sources in firmware/driver/")
endif()

function(compile_group group out_var)
  set(objs "")
  set(failed "")
  foreach(src ${ARGN})
    get_filename_component(stem ${src} NAME_WE)
    set(obj ${OUT_DIR}/${group}-${stem}.o)
    execute_process(COMMAND ${CC} ${flags} -c ${src} -o ${obj}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0 OR err MATCHES "warning")
      string(APPEND failed "${src}:\n${out}${err}\n")
    else()
      list(APPEND objs ${obj})
    endif()
  endforeach()
  if(failed)
    message(FATAL_ERROR "firmware-riscv-build: rv32imc freestanding compile failed:\n${failed}")
  endif()
  set(${out_var} ${objs} PARENT_SCOPE)
endfunction()

compile_group(driver drv_objs ${drv_srcs})
compile_group(ptx ptx_objs ${ptx_srcs})
compile_group(soc soc_objs ${soc_srcs})
compile_group(csim csim_objs ${TCE_FIRMWARE_CSIM_SOURCES})

set(elf ${OUT_DIR}/${ELF_NAME}.elf)
execute_process(COMMAND ${CC} ${flags} -T ${TCE_ROOT}/firmware/soc/soc.ld -Wl,--gc-sections
                        -Wl,--no-warn-rwx-segments -Wl,-Map=${OUT_DIR}/${ELF_NAME}.map -o ${elf}
                        -Wl,--undefined=tce_tensormap_replace
                        ${soc_objs} ${drv_objs} ${ptx_objs} ${csim_objs} -lgcc
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "firmware-riscv-build: link of ${elf} failed (exit ${rc}):\n${out}${err}")
endif()

execute_process(COMMAND ${READELF} -h ${elf} OUTPUT_VARIABLE hdr RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT hdr MATCHES "Class:[ \t]+ELF32" OR NOT hdr MATCHES "Machine:[ \t]+RISC-V"
   OR NOT hdr MATCHES "RVC")
  message(FATAL_ERROR "firmware-riscv-build: ${elf} is not a 32-bit RISC-V RVC ELF:\n${hdr}")
endif()
execute_process(COMMAND ${READELF} -s ${elf} OUTPUT_VARIABLE syms)
# tensormap.replace is kept by --undefined even where the test program does not call it,
# so the link proves it resolves freestanding (descriptor pack/unpack, encode rules).
foreach(sym _start main tce_drv_submit ptx_decode_line soc_exit_code tce_tensormap_replace
            tce_desc_unpack)
  if(NOT syms MATCHES " ${sym}\n")
    message(FATAL_ERROR "firmware-riscv-build: ${elf} lacks '${sym}'")
  endif()
endforeach()

# Sizes: the linked program, and each library's objects on their own (every function,
# before the link drops what the program does not call).
execute_process(COMMAND ${SIZE} ${elf} OUTPUT_VARIABLE size_elf RESULT_VARIABLE rc)
execute_process(COMMAND ${SIZE} -t ${drv_objs} OUTPUT_VARIABLE size_drv)
execute_process(COMMAND ${SIZE} -t ${ptx_objs} OUTPUT_VARIABLE size_ptx)
execute_process(COMMAND ${SIZE} -t ${csim_objs} OUTPUT_VARIABLE size_csim)
string(REGEX MATCH "([0-9]+)[ \t]+([0-9]+)[ \t]+([0-9]+)[ \t]+[0-9]+[ \t]+[0-9a-f]+[ \t]+[^\n]*\\(TOTALS\\)" _ "${size_drv}")
set(drv_text ${CMAKE_MATCH_1})
string(REGEX MATCH "([0-9]+)[ \t]+([0-9]+)[ \t]+([0-9]+)[ \t]+[0-9]+[ \t]+[0-9a-f]+[ \t]+[^\n]*\\(TOTALS\\)" _ "${size_ptx}")
set(ptx_text ${CMAKE_MATCH_1})
string(REGEX MATCH "([0-9]+)[ \t]+([0-9]+)[ \t]+([0-9]+)[ \t]+[0-9]+[ \t]+[0-9a-f]+[ \t]+[^\n]*\\(TOTALS\\)" _ "${size_csim}")
set(csim_text ${CMAKE_MATCH_1})
string(REGEX MATCH "\n[ \t]*([0-9]+)[ \t]+([0-9]+)[ \t]+([0-9]+)" _ "${size_elf}")
set(elf_text ${CMAKE_MATCH_1})
set(elf_data ${CMAKE_MATCH_2})
set(elf_bss ${CMAKE_MATCH_3})
if(NOT elf_text OR NOT drv_text OR NOT ptx_text OR elf_text LESS 1000)
  message(FATAL_ERROR "firmware-riscv-build: could not read sizes:\n${size_elf}${size_drv}${size_ptx}")
endif()
list(LENGTH drv_objs ndrv)
list(LENGTH ptx_objs nptx)
list(LENGTH csim_objs ncsim)
file(WRITE ${OUT_DIR}/firmware-size.txt
     "${ELF_NAME}.elf (rv32imc, -Os, --gc-sections): text ${elf_text} data ${elf_data} bss ${elf_bss}\n"
     "firmware/driver (${ndrv} objects, all functions): text ${drv_text}\n"
     "firmware/ptx (${nptx} objects, all functions): text ${ptx_text}\n"
     "csim for encode and tensormap.replace (${ncsim} objects, all functions): text ${csim_text}\n")
file(READ ${OUT_DIR}/firmware-size.txt summary)
message("firmware-riscv-build:\n${summary}")
