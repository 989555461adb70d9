# Cross build for 64-bit Arm Linux (CANN hosts are usually aarch64) with Debian's cross compiler
# (g++-aarch64-linux-gnu) and arm64 multiarch libraries (libhwy-dev:arm64). Tests run under qemu-user:
# ctest prefixes every test command with CMAKE_CROSSCOMPILING_EMULATOR. QEMU_CPU in the environment picks the
# emulated CPU, e.g. QEMU_CPU=cortex-a72 (NEON only) or QEMU_CPU=max (SVE and SVE2). See docs/TESTING.md.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# Debian keeps the cross C library in /usr/aarch64-linux-gnu and multiarch packages in /usr/lib/aarch64-linux-gnu.
set(OPENACLNN_AARCH64_SYSROOT /usr/aarch64-linux-gnu)
set(OPENACLNN_AARCH64_MULTIARCH_LIB /usr/lib/aarch64-linux-gnu)

# Headers shared by all architectures stay in /usr/include; libraries and package files must be arm64 ones.
set(CMAKE_FIND_ROOT_PATH ${OPENACLNN_AARCH64_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# Build-tree binaries find the arm64 multiarch libraries (libhwy) when emulated, without LD_LIBRARY_PATH.
set(CMAKE_BUILD_RPATH ${OPENACLNN_AARCH64_MULTIARCH_LIB})

find_program(OPENACLNN_QEMU_AARCH64 NAMES qemu-aarch64 qemu-aarch64-static)
# The dynamic loader and the C library must come from the same glibc build: the multiarch libc6:arm64 (pulled in
# by libhwy-dev:arm64, and found first through the rpath above) pairs with its own loader under /lib, not with
# the cross package's. A mixed pair runs single-threaded code but hangs in pthread_create.
if(EXISTS /lib/ld-linux-aarch64.so.1)
  set(OPENACLNN_AARCH64_LOADER_PREFIX /)
else()
  set(OPENACLNN_AARCH64_LOADER_PREFIX ${OPENACLNN_AARCH64_SYSROOT})
endif()
if(OPENACLNN_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${OPENACLNN_QEMU_AARCH64} -L ${OPENACLNN_AARCH64_LOADER_PREFIX})
endif()
