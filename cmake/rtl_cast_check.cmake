cmake_minimum_required(VERSION 3.20)
# CTest rtl-yosys-cast: no unary ~ or - written straight before a size cast (~N'(x),
# -N'(x)) anywhere in rtl/. Yosys 0.23 drops the operator (it reads ~32'(31) as 31) where
# Verilator applies it, so the netlist and the simulated RTL differ (docs/rtl.md, "Netlist
# model"); ~(N'(x)) is read alike by both. Reports FILE:LINE: cause for each.
# -DTCE_ROOT=<repo>
file(GLOB_RECURSE files ${TCE_ROOT}/rtl/*.sv ${TCE_ROOT}/rtl/*.v)
set(bad "")
foreach(f ${files})
  # One list element per line: ; [ and ] (list syntax to CMake) stood in for first. `]`
  # ends an operand, so its stand-in must not end in an operator character: `x[i] - N'(1)`
  # is a subtraction.
  file(READ ${f} text)
  string(REPLACE ";" "<sc>" text "${text}")
  string(REPLACE "[" "<lb>" text "${text}")
  string(REPLACE "]" "_rb_" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    string(REGEX REPLACE "//.*$" "" code "${line}")
    # A unary operator: ~ always; - only after an operator, ( , or = (not a subtraction,
    # nor a line that continues one).
    if(code MATCHES "~[ \t]*[0-9A-Za-z_]+'\\(" OR
       code MATCHES "[-+*/&|^~!(,=?:<>][ \t]*-[ \t]*[0-9A-Za-z_]+'\\(")
      file(RELATIVE_PATH rel ${TCE_ROOT} ${f})
      string(STRIP "${code}" code)
      string(REPLACE "<sc>" ";" code "${code}")
      string(REPLACE "<lb>" "[" code "${code}")
      string(REPLACE "_rb_" "]" code "${code}")
      string(APPEND bad "${rel}:${n}: unary operator before a size cast (Yosys 0.23 drops it; write ~(N'(x))): ${code}\n")
    endif()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "rtl-yosys-cast:\n${bad}")
endif()
list(LENGTH files nfiles)
message("rtl-yosys-cast: ${nfiles} RTL files, no unary ~ or - before a size cast")
