# Sanitizer and fuzzing instrumentation for every target defined after this file is included (the library, the
# tests, the examples, the fuzzers). Set through the asan, tsan and fuzz presets:
#   OPENACLNN_SANITIZE=address,undefined   AddressSanitizer (with LeakSanitizer) and UBSan
#   OPENACLNN_SANITIZE=thread              ThreadSanitizer
#   OPENACLNN_BUILD_FUZZERS=ON             libFuzzer coverage instrumentation (clang only)
# Any report is fatal (-fno-sanitize-recover=all), so a test that triggers one fails.
set(OPENACLNN_SANITIZE "" CACHE STRING "Comma-separated -fsanitize= list for every target (empty: none)")

# clang's UBSan checks on the SIMD kernel files (Highway's portable target, every lane a scalar loop) make one
# file take many minutes to compile. The fuzz preset avoids that target by assuming an AVX2 CPU
# (OPENACLNN_KERNEL_BASELINE); on a CPU without AVX2, scripts/run-tests.sh narrows the kernel files to ASan with
# this option instead (the asan preset still runs the kernels under UBSan, with gcc).
set(OPENACLNN_KERNEL_SANITIZE "${OPENACLNN_SANITIZE}" CACHE STRING
    "The -fsanitize= list for the SIMD kernel files (*_hwy.cc); defaults to OPENACLNN_SANITIZE")

# The test programs' own code (references, grids, checks) is not what the asan stage is for, and instrumenting it
# costs compile time: gcc's -O1 compile of a test file takes about 75% longer with ASan (softmax_test.cc 4.0 s
# against 2.2 s) and nearly twice as long again with UBSan. The asan preset sets this to "none": the test sources
# are compiled without sanitizers but linked with them, so the runtime comes first, intercepts every allocation
# (the tests' buffers get redzones the instrumented library's accesses are checked against) and LeakSanitizer
# checks each binary at exit; the library, kernels included, keeps ASan and UBSan.
set(OPENACLNN_TEST_SANITIZE "${OPENACLNN_SANITIZE}" CACHE STRING
    "The -fsanitize= list for the test programs' own sources (tests/), or none; defaults to OPENACLNN_SANITIZE")

# Called by tests/CMakeLists.txt: its directory's targets get OPENACLNN_TEST_SANITIZE in place of the
# -fsanitize= list added for every target below (their link keeps it); the library's objects, which the tests
# link, keep theirs.
function(openaclnn_use_test_sanitizers)
  if(OPENACLNN_SANITIZE AND NOT OPENACLNN_TEST_SANITIZE STREQUAL OPENACLNN_SANITIZE)
    get_property(options DIRECTORY PROPERTY COMPILE_OPTIONS)
    list(REMOVE_ITEM options -fsanitize=${OPENACLNN_SANITIZE})
    if(OPENACLNN_TEST_SANITIZE AND NOT OPENACLNN_TEST_SANITIZE STREQUAL "none")
      list(APPEND options -fsanitize=${OPENACLNN_TEST_SANITIZE})
    endif()
    set_property(DIRECTORY PROPERTY COMPILE_OPTIONS ${options})
    message(STATUS "OpenAclnn: test sources sanitized with '${OPENACLNN_TEST_SANITIZE}'")
  endif()
endfunction()

# gcc's ASan guards every stack slot of the SIMD kernel files with redzones; at -O1, Highway's many vector
# temporaries make that four fifths of the asan build's kernel compile time (bce_with_logits_kernels_hwy.cc: 64 s
# with it, 14 s without). OFF leaves the kernels' own stack unchecked (their heap, global and caller accesses keep
# ASan); the fuzz preset keeps it on for its AVX2 kernels.
option(OPENACLNN_KERNEL_ASAN_STACK "ASan checks the SIMD kernel files' stack variables too" ON)

set(OPENACLNN_SANITIZER_FLAGS "")
if(OPENACLNN_SANITIZE)
  set(OPENACLNN_SANITIZER_FLAGS -fsanitize=${OPENACLNN_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_compile_options(${OPENACLNN_SANITIZER_FLAGS})
  add_link_options(-fsanitize=${OPENACLNN_SANITIZE})
endif()

if(OPENACLNN_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "OPENACLNN_BUILD_FUZZERS needs clang (libFuzzer); configure with the fuzz preset")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

# Under the sanitizers and the fuzzer every uninitialised stack variable starts as the same byte pattern
# (pointers 0xaaaa...), so a read of one misbehaves the same way on every run instead of depending on what earlier
# code left on the stack: a fuzz input that trips over one replays alone.
if(OPENACLNN_SANITIZE OR OPENACLNN_BUILD_FUZZERS)
  add_compile_options(-ftrivial-auto-var-init=pattern)
endif()
