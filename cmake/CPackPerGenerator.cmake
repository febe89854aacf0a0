# Read by cpack for each generator: the .deb installs under /usr; the
# tarball keeps bin/ lib/ share/ under its top directory,
# tablelint-<version>-debian12-amd64/.
if(CPACK_GENERATOR STREQUAL "DEB")
  set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
else()
  set(CPACK_PACKAGE_FILE_NAME "tablelint-${CPACK_PACKAGE_VERSION}-debian12-amd64")
endif()
