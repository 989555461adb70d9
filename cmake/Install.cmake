# `cmake --install` gives a prefix that can stand where a CANN toolkit is expected: include/ (acl, aclnn,
# aclnnop, openaclnn), lib64/ (CMAKE_INSTALL_LIBDIR: the library and its CANN names), set_env.sh, a CMake package and a pkg-config file.
include(CMakePackageConfigHelpers)

install(TARGETS openaclnn EXPORT OpenAclnnTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} ${CMAKE_INSTALL_INCLUDEDIR}/aclnn)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(name IN LISTS OPENACLNN_CANN_LIBRARY_NAMES)
  install(CODE "
    file(CREATE_LINK \"$<TARGET_SONAME_FILE_NAME:openaclnn>\"
         \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/lib${name}.so\" SYMBOLIC)
    message(STATUS \"Installing: \${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/lib${name}.so\")")
endforeach()

# The CMake package and the pkg-config file go under share/: find_package and pkg-config search there by default
# (Debian's CMake does not search lib64/cmake, and pkg-config knows no lib64/pkgconfig under /usr/local).
set(OPENACLNN_PACKAGE_DIR ${CMAKE_INSTALL_DATADIR}/cmake/OpenAclnn)
install(EXPORT OpenAclnnTargets NAMESPACE OpenAclnn:: DESTINATION ${OPENACLNN_PACKAGE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/OpenAclnnConfig.cmake.in
  ${PROJECT_BINARY_DIR}/OpenAclnnConfig.cmake
  INSTALL_DESTINATION ${OPENACLNN_PACKAGE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/OpenAclnnConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/OpenAclnnConfig.cmake ${PROJECT_BINARY_DIR}/OpenAclnnConfigVersion.cmake
  DESTINATION ${OPENACLNN_PACKAGE_DIR})

configure_file(${PROJECT_SOURCE_DIR}/cmake/openaclnn.pc.in ${PROJECT_BINARY_DIR}/openaclnn.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/openaclnn.pc DESTINATION ${CMAKE_INSTALL_DATADIR}/pkgconfig)
# set_env.sh knows its prefix: sourced by a POSIX shell, a file cannot find its own location.
install(CODE "
  set(OPENACLNN_INSTALLED_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(CMAKE_INSTALL_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  configure_file(\"${PROJECT_SOURCE_DIR}/cmake/set_env.sh.in\"
                 \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/set_env.sh\" @ONLY)
  message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/set_env.sh\")")

# `cpack -G DEB` (run in the build tree) packs the same prefix as a Debian package, installed under
# OPENACLNN_PACKAGE_PREFIX (top-level CMakeLists.txt). Staged with DESTDIR, so set_env.sh records that prefix, not the staging directory.
set(CPACK_PACKAGE_NAME openaclnn)
set(CPACK_PACKAGE_VENDOR OpenAclnn)
set(CPACK_PACKAGE_CONTACT "OpenAclnn developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION} (CANN-style prefix)")
set(CPACK_GENERATOR DEB)
set(CPACK_SET_DESTDIR ON)
set(CPACK_INSTALL_PREFIX ${OPENACLNN_PACKAGE_PREFIX})
set(CPACK_PACKAGING_INSTALL_PREFIX ${OPENACLNN_PACKAGE_PREFIX})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
# Debian's names for the machine the library is built for (a cross build packs for its target).
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE amd64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
  set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE arm64)
endif()
# What the shared library loads (Highway's runtime, the C++ runtime); the headers need nothing more.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libhwy1 (>= 1.0), libstdc++6, libgcc-s1, libc6")
include(CPack)
