# The Debian package, as a user gets it from `cpack -G DEB`: made from the build tree, unpacked into a scratch
# root (dpkg-deb -x, no installation on this machine), its layout and metadata checked, then a consumer project
# built against the unpacked prefix with find_package and a C program built with set_env.sh's variables.
#   cmake -DBUILD_DIR=<build tree> -DWORK_DIR=<dir> -DPACKAGE_PREFIX=<OPENACLNN_PACKAGE_PREFIX>
#         -DLIBDIR=<CMAKE_INSTALL_LIBDIR> -DCONSUMER=<project>
#         -DC_COMPILER=<cc> -DCXX_COMPILER=<c++> -DFLAGS=<flags, a list> -DCROSSCOMPILING=<bool>
#         -DSET_ENV_CHECK=<check_set_env.sh> -DPROGRAM=<program.c> -DBASH=<bash> -P package_deb.cmake
cmake_minimum_required(VERSION 3.25)
set(package_prefix "${PACKAGE_PREFIX}")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

include(${CMAKE_CURRENT_LIST_DIR}/run_step.cmake)

run("package cpack" "${CMAKE_CPACK_COMMAND}" -G DEB --config "${BUILD_DIR}/CPackConfig.cmake" -B "${WORK_DIR}/out")
file(GLOB packages "${WORK_DIR}/out/*.deb")
list(LENGTH packages count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "cpack -G DEB made ${count} packages (${packages}), expected one")
endif()

execute_process(COMMAND dpkg-deb --field "${packages}" Package Depends RESULT_VARIABLE result OUTPUT_VARIABLE fields)
if(NOT result EQUAL 0 OR NOT fields MATCHES "Package: openaclnn" OR NOT fields MATCHES "libhwy1")
  message(FATAL_ERROR "unexpected package metadata:\n${fields}")
endif()

set(root "${WORK_DIR}/root")
run("package unpack" dpkg-deb -x "${packages}" "${root}")
set(prefix "${root}${package_prefix}")
set(expected
  include/acl/acl.h include/aclnn/aclnn_base.h include/aclnnop/aclnn_nll_loss_backward.h
  include/openaclnn/openaclnn.h ${LIBDIR}/libopenaclnn.so ${LIBDIR}/libascendcl.so ${LIBDIR}/libnnopbase.so
  ${LIBDIR}/libopapi.so share/cmake/OpenAclnn/OpenAclnnConfig.cmake share/pkgconfig/openaclnn.pc set_env.sh)
foreach(path IN LISTS expected)
  if(NOT EXISTS "${prefix}/${path}")
    message(FATAL_ERROR "the package lacks ${package_prefix}/${path}")
  endif()
endforeach()
# Sourced by a shell that cannot locate the file, set_env.sh falls back to the prefix it was installed for: the
# package's, not cpack's staging directory.
file(READ "${prefix}/set_env.sh" set_env)
if(NOT set_env MATCHES "_openaclnn_prefix=\"${package_prefix}\"")
  message(FATAL_ERROR "set_env.sh does not name the package prefix ${package_prefix}:\n${set_env}")
endif()

# The unpacked prefix stands elsewhere than the package's: the CMake package is relocatable, and bash's
# set_env.sh finds its own location.
# run() passes its arguments on as a list, which would split a list of flags into words of their own: the flags
# travel as one space-separated word (both scripts accept that form).
string(REPLACE ";" " " flags "${FLAGS}")
run("package consumer" ${CMAKE_COMMAND} -DSOURCE_DIR=${CONSUMER} -DWORK_DIR=${WORK_DIR}/consumer -DPREFIX=${prefix}
    -DC_COMPILER=${C_COMPILER} -DCXX_COMPILER=${CXX_COMPILER} "-DFLAGS=${flags}" -DCROSSCOMPILING=${CROSSCOMPILING}
    -P ${CMAKE_CURRENT_LIST_DIR}/run_consumer.cmake)
if(BASH)
  run("package set_env" "${SET_ENV_CHECK}" "${prefix}" "${LIBDIR}" "${C_COMPILER}" "${PROGRAM}" "${flags}" "${CROSSCOMPILING}"
      "${BASH}")
endif()
message("the Debian package installs a working prefix under ${package_prefix}")
