# The installed library exports only the CANN API (acl*, aclnn*, aclrt*) and our extensions (openaclnn*), and
# each CANN library name in lib64 resolves to it.
#   cmake -DPREFIX=<prefix> -DNM=<nm> -P check_symbols.cmake
cmake_minimum_required(VERSION 3.25)
set(library "${PREFIX}/lib64/libopenaclnn.so")
file(REAL_PATH "${library}" real_library)
foreach(name ascendcl nnopbase opapi opapi_nn opapi_math)
  file(REAL_PATH "${PREFIX}/lib64/lib${name}.so" resolved)
  if(NOT resolved STREQUAL real_library)
    message(FATAL_ERROR "lib64/lib${name}.so resolves to ${resolved}, not ${real_library}")
  endif()
endforeach()

execute_process(COMMAND "${NM}" -D --defined-only "${real_library}"
                RESULT_VARIABLE result OUTPUT_VARIABLE listing ERROR_VARIABLE error)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${NM} failed: ${error}")
endif()
string(REPLACE "\n" ";" lines "${listing}")
set(exported)
set(foreign)
foreach(line IN LISTS lines)
  if(line MATCHES "^[0-9a-fA-F]* *[A-Za-z] ([^ @]+)")
    set(symbol "${CMAKE_MATCH_1}")
    list(APPEND exported ${symbol})
    if(NOT symbol MATCHES "^(acl|aclnn|aclrt|openaclnn)[A-Z_]")
      list(APPEND foreign ${symbol})
    endif()
  endif()
endforeach()
if(foreign)
  message(FATAL_ERROR "symbols outside the CANN API and the openaclnn extensions are exported: ${foreign}")
endif()
# The entry points CANN programs link against are there.
foreach(symbol aclInit aclFinalize aclGetRecentErrMsg aclrtSetDevice aclrtMalloc aclrtMemcpy aclrtSynchronizeStream
               aclCreateTensor aclDestroyTensor aclDestroyAclOpExecutor aclnnNLLLossBackwardGetWorkspaceSize
               aclnnNLLLossBackward openaclnnGetVersion)
  if(NOT symbol IN_LIST exported)
    message(FATAL_ERROR "${symbol} is not exported by ${real_library}")
  endif()
endforeach()
list(LENGTH exported count)
message("${count} exported symbols, all acl*/aclnn*/aclrt*/openaclnn*")
