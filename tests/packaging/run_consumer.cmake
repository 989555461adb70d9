# Configures, builds and runs a consumer project against an installed prefix, as a user's project would.
#   cmake -DSOURCE_DIR=<project> -DWORK_DIR=<dir> -DPREFIX=<prefix> -DC_COMPILER=<cc> -DCXX_COMPILER=<c++>
#         -DFLAGS=<compile and link flags, a list> -DCROSSCOMPILING=<bool> -P run_consumer.cmake
cmake_minimum_required(VERSION 3.25)
if(CROSSCOMPILING)
  message("SKIPPED: consumer projects of a cross build are built and run on the target machine.")
  return()
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
string(REPLACE ";" " " flags "${FLAGS}")
# pkg-config finds openaclnn.pc only through PKG_CONFIG_PATH; find_package only through CMAKE_PREFIX_PATH, with
# CMake's default search below it.
set(ENV{PKG_CONFIG_PATH} "${PREFIX}/share/pkgconfig")

include(${CMAKE_CURRENT_LIST_DIR}/run_step.cmake)

run("consumer configure" ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${WORK_DIR}" -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    "-DCMAKE_C_FLAGS=${flags}" "-DCMAKE_CXX_FLAGS=${flags}" "-DCMAKE_PREFIX_PATH=${PREFIX}")
run("consumer build" ${CMAKE_COMMAND} --build "${WORK_DIR}")
# No LD_LIBRARY_PATH: the consumer finds the installed library through what the package told its build.
run("consumer run" "${WORK_DIR}/consumer")
