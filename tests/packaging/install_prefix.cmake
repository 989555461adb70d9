# Installs the build tree into a fresh prefix and checks its layout.
#   cmake -DBUILD_DIR=<build tree> -DPREFIX=<prefix> -DLIBDIR=<CMAKE_INSTALL_LIBDIR> -P install_prefix.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cmake --install failed:\n${output}")
endif()

set(expected
  include/acl/acl.h include/acl/acl_base.h include/acl/acl_rt.h include/acl/error_codes/rt_error_codes.h
  include/aclnn/acl_meta.h include/aclnn/aclnn_base.h include/aclnn/opdev/op_errno.h
  include/aclnnop/aclnn_nll_loss_backward.h include/aclnnop/aclnn_util.h include/openaclnn/openaclnn.h
  ${LIBDIR}/libopenaclnn.so ${LIBDIR}/libascendcl.so ${LIBDIR}/libnnopbase.so ${LIBDIR}/libopapi.so
  ${LIBDIR}/libopapi_nn.so ${LIBDIR}/libopapi_math.so ${LIBDIR}/libacl_rt.so
  share/cmake/OpenAclnn/OpenAclnnConfig.cmake share/cmake/OpenAclnn/OpenAclnnConfigVersion.cmake
  share/cmake/OpenAclnn/OpenAclnnTargets.cmake share/pkgconfig/openaclnn.pc set_env.sh)
set(missing)
foreach(path IN LISTS expected)
  if(NOT EXISTS "${PREFIX}/${path}")
    list(APPEND missing ${path})
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "the installed prefix ${PREFIX} lacks: ${missing}")
endif()
message("installed into ${PREFIX}")
