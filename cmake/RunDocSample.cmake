# Extracts the sample program from an operator document, compiles it unmodified the way CANN's "compile and
# run samples" guide does (-I<prefix>/include -I<prefix>/include/aclnn, -lascendcl -lnnopbase -lopapi), runs
# it and checks the printed "result[i] is: v" values.
#
#   cmake -DSPEC_FILE=<doc.txt> -DWORK_DIR=<dir> -DCXX=<compiler> -DPREFIX_INCLUDE=<dir> -DPREFIX_LIB=<dir>
#         -DEXPECTED="v0;v1;..." -P RunDocSample.cmake
#
# EXPECTED holds the values as the program prints them (printf "%f"), compared as text. Optional: CXX_FLAGS
# (a list, e.g. the sanitizer flags the library was built with, which a program linking it needs too) and
# EMULATOR (a command prefix that runs the program, e.g. qemu for a cross build).
#
# The spec folder is not part of this repository. When the document is not there this prints "SKIPPED:" and
# succeeds, unless REQUIRED is true (OPENACLNN_REQUIRE_SPEC, set by the CI presets): then it fails.
foreach(var SPEC_FILE WORK_DIR CXX PREFIX_INCLUDE PREFIX_LIB EXPECTED)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "RunDocSample: ${var} is not set")
  endif()
endforeach()

if(NOT EXISTS "${SPEC_FILE}")
  if(REQUIRED)
    message(FATAL_ERROR "RunDocSample: ${SPEC_FILE} not found, and OPENACLNN_REQUIRE_SPEC is ON: the document's "
                        "sample must be checked (set OPENACLNN_SPEC_DIR to the folder with the documents).")
  endif()
  message("SKIPPED: ${SPEC_FILE} not found; the document's sample cannot be checked without the spec folder "
          "(set OPENACLNN_SPEC_DIR when configuring).")
  return()
endif()

file(READ "${SPEC_FILE}" document)
string(FIND "${document}" "\nExample" example_heading)
if(example_heading EQUAL -1)
  message(FATAL_ERROR "RunDocSample: no 'Example' section in ${SPEC_FILE}")
endif()
string(SUBSTRING "${document}" ${example_heading} -1 example_section)
string(FIND "${example_section}" "#include" code_start)
if(code_start EQUAL -1)
  message(FATAL_ERROR "RunDocSample: no program after the 'Example' heading of ${SPEC_FILE}")
endif()
string(SUBSTRING "${example_section}" ${code_start} -1 program)

get_filename_component(sample_name "${SPEC_FILE}" NAME_WE)
file(MAKE_DIRECTORY "${WORK_DIR}")
set(source "${WORK_DIR}/${sample_name}.cpp")
set(binary "${WORK_DIR}/${sample_name}")
file(WRITE "${source}" "${program}")

execute_process(
  COMMAND "${CXX}" -std=c++11 ${CXX_FLAGS} "${source}" -I "${PREFIX_INCLUDE}" -I "${PREFIX_INCLUDE}/aclnn"
          -L "${PREFIX_LIB}" -lascendcl -lnnopbase -lopapi -o "${binary}"
  RESULT_VARIABLE compile_result OUTPUT_VARIABLE compile_output ERROR_VARIABLE compile_output)
if(NOT compile_result EQUAL 0)
  message(FATAL_ERROR "RunDocSample: compiling ${source} failed:\n${compile_output}")
endif()

execute_process(
  COMMAND ${CMAKE_COMMAND} -E env "LD_LIBRARY_PATH=${PREFIX_LIB}" ${EMULATOR} "${binary}"
  RESULT_VARIABLE run_result OUTPUT_VARIABLE run_output ERROR_VARIABLE run_error)
message("${run_output}${run_error}")
if(NOT run_result EQUAL 0)
  message(FATAL_ERROR "RunDocSample: ${binary} exited with ${run_result}")
endif()

string(REGEX MATCHALL "result\\[[0-9]+\\] is: [-+0-9.eEinfa]+" printed "${run_output}")
list(LENGTH printed printed_count)
list(LENGTH EXPECTED expected_count)
if(NOT printed_count EQUAL expected_count)
  message(FATAL_ERROR "RunDocSample: expected ${expected_count} printed results, got ${printed_count}")
endif()
math(EXPR last "${expected_count} - 1")
foreach(i RANGE ${last})
  list(GET printed ${i} line)
  string(REGEX REPLACE ".* is: " "" value "${line}")
  list(GET EXPECTED ${i} expected)
  if(NOT value STREQUAL expected)
    message(FATAL_ERROR "RunDocSample: result[${i}] is ${value}, expected ${expected}")
  endif()
endforeach()
message("RunDocSample: ${expected_count} results of ${sample_name} match")
