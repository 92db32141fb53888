# Read by cpack before it packages (CPACK_PROJECT_CONFIG_FILE): a Debian package must hold
# binaries built for /usr, whose compiled-in fallbacks and multiarch libdir are Debian's.
if(CPACK_GENERATOR STREQUAL "DEB" AND NOT CPACK_PACKAGING_INSTALL_PREFIX STREQUAL "/usr")
  message(FATAL_ERROR "Debian packages need a build configured with -DCMAKE_INSTALL_PREFIX=/usr "
    "(this one installs under ${CPACK_PACKAGING_INSTALL_PREFIX}): "
    "cmake -S . -B build-deb -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr")
endif()
