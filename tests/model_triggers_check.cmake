cmake_minimum_required(VERSION 3.20)
# CTest model-triggers-inputs (tests/model_edge.cmake): bridge/tce_model_edge.h evaluates the
# Verilated model's triggers once per edge, where Verilator's own loop evaluates them again
# after the act and NBA regions. That is exact only while every trigger is an edge of a
# top-level input (nothing the model computes can change one) and the act region is empty.
# This reads both in each generated model and fails, naming the signal, when either stops
# being true (say, a clock derived inside the RTL).
# -DDIRS=<Verilator output directories, separated by '|'>
string(REPLACE "|" ";" DIRS "${DIRS}")
foreach(dir IN LISTS DIRS)
  # The model's inputs: VL_IN8(&clk,0,0); and the like in the top header.
  file(STRINGS ${dir}/Vtce_engine.h decls REGEX "VL_IN(8|16|)\\(&")
  set(inputs)
  foreach(d IN LISTS decls)
    if(d MATCHES "VL_IN[0-9]*\\(&([A-Za-z0-9_]+),")
      list(APPEND inputs ${CMAKE_MATCH_1})
    endif()
  endforeach()
  if(NOT inputs MATCHES "(^|;)clk(;|$)")
    message(FATAL_ERROR "${dir}/Vtce_engine.h: no input clk found (the model's layout changed?)")
  endif()
  # The trigger and act functions' bodies: from their definition to the next "}" at column 0.
  file(GLOB srcs ${dir}/Vtce_engine___024root__DepSet_*.cpp)
  set(trig "")
  set(act "")
  foreach(src IN LISTS srcs)
    file(READ ${src} text)
    if(text MATCHES "void Vtce_engine___024root___eval_triggers__act\\(Vtce_engine___024root\\* vlSelf\\) {\n(.*)")
      string(FIND "${CMAKE_MATCH_1}" "\n}" end)
      string(SUBSTRING "${CMAKE_MATCH_1}" 0 ${end} trig)
    endif()
    if(text MATCHES "void Vtce_engine___024root___eval_act\\(Vtce_engine___024root\\* vlSelf\\) {\n(.*)")
      string(FIND "${CMAKE_MATCH_1}" "\n}" end)
      string(SUBSTRING "${CMAKE_MATCH_1}" 0 ${end} act)
    endif()
  endforeach()
  if(trig STREQUAL "" OR act STREQUAL "")
    message(FATAL_ERROR "${dir}: the generated eval_triggers__act / eval_act were not found "
                        "(a Verilator other than 5.006? tce_model_edge.h uses them only for 5.006)")
  endif()
  string(REGEX MATCHALL "vlSelf->[A-Za-z0-9_]+" refs "${trig}")
  list(REMOVE_DUPLICATES refs)
  set(nclocks 0)
  foreach(ref IN LISTS refs)
    string(REPLACE "vlSelf->" "" name "${ref}")
    string(REGEX REPLACE "^__Vtrigrprev__TOP__" "" sig "${name}")
    if(name STREQUAL "vlSymsp" OR name STREQUAL "__VactTriggered")
      continue()
    endif()
    if(NOT sig IN_LIST inputs)
      message(FATAL_ERROR "${dir}: a trigger reads ${name}, which is not a top-level input: the "
                          "single trigger pass of bridge/tce_model_edge.h would miss its edges")
    endif()
    if(name STREQUAL sig)
      math(EXPR nclocks "${nclocks} + 1")
    endif()
  endforeach()
  # The act region: only Verilator's boilerplate, no logic.
  string(REGEX MATCHALL "vlSelf->[A-Za-z0-9_]+" arefs "${act}")
  list(REMOVE_ITEM arefs "vlSelf->vlSymsp")
  if(arefs)
    message(FATAL_ERROR "${dir}: the act region has logic (${arefs}): bridge/tce_model_edge.h "
                        "runs it once per edge, Verilator until its triggers settle")
  endif()
  message(STATUS "${dir}: triggers read ${nclocks} top-level inputs only; act region empty")
endforeach()
