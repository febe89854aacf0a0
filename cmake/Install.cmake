# `cmake --install` and the CPack packages (.deb for Debian 12, .tar.gz).
#
# Layout under the prefix (/usr for the .deb; the archive's root for the
# tarball, e.g. unpacked into /opt/tablelint):
#   bin/tablelint                         the command
#   lib/libtablelint-tidy-19.so           the clang-tidy-19 plugin
#   share/tablelint/schema/*.json         the JSON Schema of the schema format
#   share/doc/tablelint/                  README.md, docs/ (rule pages in
#                                         docs/rules/, the CI template in docs/ci/)
# The binary needs nothing else of ours at run time (the rule catalog is
# built in); clang's builtin headers come from libclang-common-19-dev, at
# the path compiled in, or from TABLELINT_CLANG_RESOURCE_DIR.
install(TARGETS tablelint RUNTIME DESTINATION bin)
install(TARGETS tablelint-tidy-${TABLELINT_LLVM_MAJOR} LIBRARY DESTINATION lib)
install(FILES ${PROJECT_SOURCE_DIR}/docs/schema/tablelint-schema-v1.json
  DESTINATION share/tablelint/schema)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION share/doc/tablelint)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION share/doc/tablelint/docs)

set(CPACK_PACKAGE_NAME tablelint)
set(CPACK_PACKAGE_VENDOR tablelint)
set(CPACK_PACKAGE_CONTACT "tablelint maintainers <tablelint@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Design linter for Azure Table Storage in C++ services (clang-tidy checks, schema checks, replay)")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB TGZ)
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/packages)
# The .deb: tablelint_0.1.0_amd64.deb, installed under /usr.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Debian 12 package names of what the binary links (readelf -d: NEEDED) and
# clang's builtin headers (stddef.h, ...) that every parse needs.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libc6 (>= 2.34), libstdc++6 (>= 12), libgcc-s1, libllvm19, libclang-cpp19, libclang-common-19-dev, libyaml-cpp0.7, libfmt9, libcurl4, libssl3")
# The plugin is for clang-tidy-19 users; the command does not need it.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clang-tidy-19")
# Debug information stays in the build tree (a 70 MB binary becomes 20).
set(CPACK_STRIP_FILES ON)
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_SOURCE_DIR}/cmake/CPackPerGenerator.cmake)
include(CPack)
