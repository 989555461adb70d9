#!/usr/bin/env bash
# README's test command and what CI runs (.ci/run): builds with warnings as errors and passes the whole test
# suite, then the sanitizer, fuzzing and Arm stages (docs/TESTING.md). One function per stage; each stage's time
# is printed, and a summary at the end.
#   scripts/run-tests.sh                every stage, in order (what CI runs)
#   scripts/run-tests.sh asan fuzz      only the stages named (any of all_stages)
# Stages:
#   build   the library alone (no test dependencies), then the ci preset (-Werror), whole suite
#   asan    whole suite against the library under AddressSanitizer, LeakSanitizer and UBSan (gcc); any report fails
#   tsan    stream and concurrency tests under ThreadSanitizer (gcc)
#   fuzz    the C API fuzzer (clang libFuzzer, ASan + UBSan): seed corpus, then OPENACLNN_FUZZ_SECONDS (default 60)
#   arm     aarch64 cross build, whole suite under qemu-user: NEON pass, then SVE pass
set -euo pipefail
cd "$(dirname "$0")/.."

readonly all_stages=(build asan tsan fuzz arm)
readonly ci_stages=(build asan tsan fuzz arm)  # What CI runs: every stage.
readonly fuzz_seconds="${OPENACLNN_FUZZ_SECONDS:-60}"

# Sanitizer reports are fatal and readable; LSan checks every test binary at exit.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1:strict_init_order=1:detect_stack_use_after_return=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"
# The 2^31-element tests (label slow) fail rather than skip when memory is short: CI must run them.
export OPENACLNN_REQUIRE_LARGE=1

# The library alone, as a packager builds it: BUILD_TESTING=OFF with GoogleTest and PyTorch made unfindable
# (CMAKE_DISABLE_FIND_PACKAGE_*: any find_package of them, REQUIRED or not, then fails or finds nothing), so a
# test dependency that leaks into the library's configuration fails here. It installs with a non-default library
# directory into a fresh prefix, whose set_env.sh must follow it. Its kernels are compiled for the portable target
# only: the point is what the build needs, and the ci tree compiles every target anyway.
build_library_only() {
  local dir=build/library-only
  rm -rf "$dir"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DOPENACLNN_WERROR=ON -DBUILD_TESTING=OFF \
    -DOPENACLNN_BUILD_EXAMPLES=OFF -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_Torch=ON \
    -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON -DCMAKE_INSTALL_LIBDIR=lib \
    -DOPENACLNN_HWY_DISABLED_TARGETS='HWY_SSSE3|HWY_SSE4|HWY_AVX2|HWY_AVX3'
  if grep -Eq '^(GTest|Torch)_DIR:' "$dir/CMakeCache.txt"; then
    echo "library-only: the configuration looked for GoogleTest or PyTorch" >&2
    return 1
  fi
  cmake --build "$dir" -j2
  cmake --install "$dir" --prefix "$PWD/$dir/prefix"
  [ -f "$dir/prefix/lib/libopenaclnn.so" ] || { echo "library-only: no lib/libopenaclnn.so installed" >&2; return 1; }
  tests/packaging/check_set_env.sh "$PWD/$dir/prefix" lib "$(command -v cc)" "$PWD/tests/headers/c_api_program.c" "" OFF \
    sh bash
}

stage_build() {
  build_library_only
  cmake --preset ci
  cmake --build --preset ci
  ctest --preset ci
}

stage_asan() {
  cmake --preset asan
  cmake --build --preset asan
  ctest --preset asan
}

# Only the binaries the tsan test preset selects (labels stream and concurrency) are built.
stage_tsan() {
  cmake --preset tsan
  local targets
  mapfile -t targets < <(ctest --preset tsan -N | sed -n 's/^ *Test *#[0-9]*: *//p')
  [ ${#targets[@]} -gt 0 ] || { echo "tsan: no test selected" >&2; return 1; }
  cmake --build --preset tsan --target "${targets[@]}"
  ctest --preset tsan
}

# The fuzz preset compiles for AVX2 CPUs only, so its SIMD kernels can carry UBSan (docs/TESTING.md). Without
# AVX2 here, the portable kernels are compiled instead, under ASan only.
stage_fuzz() {
  local flag missing=()
  for flag in avx2 fma f16c bmi2 aes pclmulqdq; do
    grep -qw "$flag" /proc/cpuinfo || missing+=("$flag")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    cmake --preset fuzz
  else
    echo "fuzz: this CPU lacks ${missing[*]}: SIMD kernels portable and under ASan only"
    cmake --preset fuzz -DOPENACLNN_KERNEL_BASELINE= -DOPENACLNN_HWY_DISABLED_TARGETS='HWY_SSSE3|HWY_SSE4|HWY_AVX3' \
      -DOPENACLNN_KERNEL_SANITIZE=address
  fi
  cmake --build --preset fuzz
  local fuzzer=build/fuzz/bin/openaclnn_api_fuzzer
  local work=build/fuzz/corpus-work artifacts=build/fuzz/artifacts/
  mkdir -p "$work" "$artifacts"
  # Every seed once, then mutate for a bounded time; new inputs go to the work corpus, crashes to artifacts.
  "$fuzzer" -runs=0 fuzz/corpus
  if ! "$fuzzer" -max_total_time="$fuzz_seconds" -timeout=30 -rss_limit_mb=4096 -max_len=4096 \
      -print_final_stats=1 -artifact_prefix="$artifacts" "$work" fuzz/corpus; then
    echo "fuzz: a crash or sanitizer report; the input is in $artifacts." >&2
    echo "fuzz: replay it with OPENACLNN_FUZZ_TRACE=1 $fuzzer <input> (docs/TESTING.md)" >&2
    return 1
  fi
}

# GoogleTest for aarch64, built once from Debian's source package (/usr/src/googletest) into build/aarch64-deps.
build_aarch64_gtest() {
  [ -f build/aarch64-deps/lib/cmake/GTest/GTestConfig.cmake ] && return 0
  cmake -S /usr/src/googletest -B build/aarch64-gtest -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/aarch64-linux-gnu.cmake" \
    -DCMAKE_INSTALL_PREFIX="$PWD/build/aarch64-deps"
  cmake --build build/aarch64-gtest -j2
  cmake --install build/aarch64-gtest
}

# Pass 1 emulates a NEON-only core (Neoverse N1); pass 2 the `max` CPU, whose SVE makes Highway choose its SVE
# target, so both kinds of SIMD kernel run, not just compile. qemu runs SVE code about eight times slower than
# NEON code, so pass 2 leaves out the tests whose point is the thread count or the size, not the SIMD target
# (arm_sve_skipped): pass 1 runs them on this architecture, and pass 2 keeps the smaller thread-count tests.
readonly arm_sve_skipped=(
  'BceForwardPathsTest.ThreadedSizes'
  '*.LargeCallsGiveTheSameBitsForAnyThreadCount/*'
  'BinaryCrossEntropyTest.TenMillionElementsAgreeWithFp64'
  'NllLossTest.TenMillionRowsAgreeWithFp64'
)

stage_arm() {
  build_aarch64_gtest
  cmake --preset aarch64
  cmake --build --preset aarch64
  echo "arm: tests under qemu-aarch64 -cpu neoverse-n1"
  QEMU_CPU=neoverse-n1 OPENACLNN_EXPECT_KERNELS=NEON ctest --preset aarch64
  echo "arm: tests under qemu-aarch64 -cpu max"
  local skipped
  skipped=$(IFS=:; echo "${arm_sve_skipped[*]}")
  QEMU_CPU=max OPENACLNN_EXPECT_KERNELS=SVE,NEON GTEST_FILTER="-$skipped" ctest --preset aarch64
}

stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=("${ci_stages[@]}")
for stage in "${stages[@]}"; do
  declare -F "stage_$stage" >/dev/null || { echo "run-tests: unknown stage '$stage' (${all_stages[*]})" >&2; exit 2; }
done

scripts/install-deps.sh build test

# Each stage runs in a subshell with errexit, so its first failing command fails it; the run stops there.
summary=()
for stage in "${stages[@]}"; do
  echo "===== stage $stage"
  start=$SECONDS
  set +e
  (set -e; "stage_$stage")
  rc=$?
  set -e
  status=passed
  [ $rc -eq 0 ] || status=FAILED
  summary+=("$(printf '%-6s %-6s %5d s' "$stage" "$status" $((SECONDS - start)))")
  echo "===== stage $stage $status in $((SECONDS - start)) s"
  [ $rc -eq 0 ] || break
done

echo "===== stage times"
printf '%s\n' "${summary[@]}"
failed=$(printf '%s\n' "${summary[@]}" | grep -c FAILED || true)
echo "stages: $(( ${#summary[@]} - failed )) passed, $failed failed"
[ "$failed" -eq 0 ]
