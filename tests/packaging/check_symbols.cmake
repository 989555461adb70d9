# The installed library exports exactly the functions its public headers declare (the CANN API and our
# openaclnn* extensions), and each CANN library name in the library directory (lib64
# by default) resolves to it.
#   cmake -DPREFIX=<prefix> -DLIBDIR=<CMAKE_INSTALL_LIBDIR> -DNM=<nm> -P check_symbols.cmake
cmake_minimum_required(VERSION 3.25)
set(library "${PREFIX}/${LIBDIR}/libopenaclnn.so")
file(REAL_PATH "${library}" real_library)
foreach(name ascendcl nnopbase opapi opapi_nn opapi_math acl_rt)
  file(REAL_PATH "${PREFIX}/${LIBDIR}/lib${name}.so" resolved)
  if(NOT resolved STREQUAL real_library)
    message(FATAL_ERROR "${LIBDIR}/lib${name}.so resolves to ${resolved}, not ${real_library}")
  endif()
endforeach()

execute_process(COMMAND "${NM}" -D --defined-only "${real_library}"
                RESULT_VARIABLE result OUTPUT_VARIABLE listing ERROR_VARIABLE error)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${NM} failed: ${error}")
endif()
string(REPLACE "\n" ";" lines "${listing}")
set(exported)
foreach(line IN LISTS lines)
  if(line MATCHES "^[0-9a-fA-F]* *[A-Za-z] ([^ @]+)")
    list(APPEND exported "${CMAKE_MATCH_1}")
  endif()
endforeach()

# The functions the installed headers declare (a name followed by '('), CANN's and our extensions alike. The
# linker script exports by pattern, so an internal helper that happened to be named acl* would slip through a
# pattern check; comparing with the headers catches it, and catches a declared function that is not exported.
file(GLOB_RECURSE headers "${PREFIX}/include/*.h")
set(declared)
foreach(header IN LISTS headers)
  file(READ "${header}" text)
  string(REGEX MATCHALL "(acl|openaclnn)[A-Za-z0-9_]*[ \t]*[(]" calls "${text}")
  foreach(call IN LISTS calls)
    string(REGEX REPLACE "[ \t]*[(]$" "" name "${call}")
    list(APPEND declared "${name}")
  endforeach()
endforeach()
list(REMOVE_DUPLICATES declared)
list(REMOVE_DUPLICATES exported)

set(undeclared ${exported})
list(REMOVE_ITEM undeclared ${declared})
if(undeclared)
  message(FATAL_ERROR "exported but declared in no public header: ${undeclared}")
endif()
set(missing ${declared})
list(REMOVE_ITEM missing ${exported})
if(missing)
  message(FATAL_ERROR "declared in a public header but not exported by ${real_library}: ${missing}")
endif()
list(LENGTH exported count)
message("${count} exported symbols, exactly the functions the public headers declare")
