# Debian packages: `cpack -G DEB` in a build configured with -DCMAKE_INSTALL_PREFIX=/usr makes
# one package per install component (packaging/cmake/components.cmake). Their Depends are
# computed by dpkg-shlibdeps from the libraries each binary really links, plus the packages
# of this project a component needs (= the same version) and data packages no ELF names.
set(CPACK_PACKAGE_NAME einvoice)
set(CPACK_PACKAGE_VENDOR "einvoice")
set(CPACK_PACKAGE_CONTACT "einvoice maintainers")
# no CPACK_PACKAGE_DESCRIPTION_SUMMARY: CPack would put it before every component's own
# first line (each package's synopsis)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://einvoice.dev")
# the prefix the binaries were built for (their compiled-in fallbacks name it);
# packaging/cmake/cpack_check.cmake refuses a Debian package from any other than /usr
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_SOURCE_DIR}/packaging/cmake/cpack_check.cmake)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# libeinvoice.so.1 is in no installed package yet: dpkg-shlibdeps finds it in the build tree
# (and, having no package information for it, leaves it to the component dependencies)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${CMAKE_BINARY_DIR}/lib)

# Before the split, one package "einvoice" (0.1.0, no revision) held everything: the packages
# that take over its files replace it, so an upgrade needs no --force-overwrite. The bound is
# the first split version, whatever the project's version becomes.
set(EINV_MONOLITH "einvoice (<< 0.1.0-1~)")
get_property(EINV_OPTIONAL_PLUGINS GLOBAL PROPERTY EINV_OPTIONAL_PLUGIN_COMPONENTS)
set(CPACK_COMPONENTS_ALL lib plugins ${EINV_OPTIONAL_PLUGINS} cli dev)
if(TARGET einvoiced)
  list(APPEND CPACK_COMPONENTS_ALL server)
endif()

# ---- libeinvoice1: the library every other package needs, and the XSDs it reads ----
set(CPACK_DEBIAN_LIB_PACKAGE_NAME libeinvoice1)
set(CPACK_DEBIAN_LIB_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_LIB_PACKAGE_BREAKS "${EINV_MONOLITH}")
set(CPACK_DEBIAN_LIB_PACKAGE_REPLACES "${EINV_MONOLITH}")
set(CPACK_COMPONENT_LIB_DESCRIPTION "e-invoice validation library (runtime)
libeinvoice validates electronic invoices (UBL 2.1, UN/CEFACT CII, and through plugins
ZUGFeRD/Factur-X PDF, SAP IDoc and OData, JSON) against EN 16931 and its national
profiles. This package holds the shared library and the official XSDs of its schema layer;
the formats and profiles are plugins (einvoice-plugins).")
# the shlibs entry (>= this version) lets a partner's plugin package depend on it through
# dpkg-shlibdeps (CPack adds the ldconfig calls)
configure_file(${CMAKE_SOURCE_DIR}/packaging/deb/lib/shlibs.in ${CMAKE_BINARY_DIR}/packaging/deb/lib/shlibs @ONLY)
set(CPACK_DEBIAN_LIB_PACKAGE_CONTROL_EXTRA
  ${CMAKE_BINARY_DIR}/packaging/deb/lib/shlibs)

# ---- einvoice-plugins: the base formats and the profiles ----
set(CPACK_DEBIAN_PLUGINS_PACKAGE_NAME einvoice-plugins)
set(CPACK_DEBIAN_PLUGINS_PACKAGE_BREAKS "${EINV_MONOLITH}")
set(CPACK_DEBIAN_PLUGINS_PACKAGE_REPLACES "${EINV_MONOLITH}")
set(CPACK_COMPONENT_PLUGINS_DEPENDS lib)
set(CPACK_COMPONENT_PLUGINS_DESCRIPTION "e-invoice validator: base formats and profiles
The plugins of libeinvoice for UBL 2.1, UN/CEFACT CII D16B and structured JSON invoices,
and the profiles EN16931, PEPPOL BIS Billing 3, XRechnung, France (CTC) and Italy (AgID).
Select the modules a service loads with EINV_PLUGINS.")

# ---- einvoice-plugin-<name>: one package per optional plugin ----
set(EINV_DESC_zugferd "ZUGFeRD / Factur-X PDF/A-3 input\nThe format plugin that reads hybrid PDF invoices (the CII or UBL XML they embed, and the\nPDF container checks), through qpdf.")
set(EINV_DESC_facturx "Factur-X PDF/A-3 export\nExports a valid invoice as a Factur-X hybrid PDF/A-3 (rendered with libharu, the CII\nXML embedded with qpdf), with DejaVu fonts and an sRGB output intent.")
set(EINV_DESC_idoc "SAP IDoc INVOIC02 input and export\nReads SAP IDoc INVOIC02 XML into the canonical invoice (with the account's mapping\ndocument) and exports valid invoices as IDoc XML.")
set(EINV_DESC_odata "SAP S/4HANA OData input\nReads SAP S/4HANA OData SupplierInvoice entities (JSON, V2) into the canonical invoice.")
set(EINV_DESC_extract "PDF invoice extraction\nReads plain and scanned PDF invoices (text layer or OCR) into the canonical invoice\nwith a trained model.")
# data a plugin reads that no library link names
set(EINV_DEPS_facturx "fonts-dejavu-core, icc-profiles-free")
# the OCR languages the extractor reads scans with (tesseract loads them by name)
set(EINV_DEPS_extract "tesseract-ocr-eng, tesseract-ocr-deu, tesseract-ocr-fra, tesseract-ocr-ita")
foreach(comp IN LISTS EINV_OPTIONAL_PLUGINS)
  string(TOUPPER ${comp} COMP)
  string(REGEX REPLACE "^plugin_" "" plugin ${comp})
  set(CPACK_DEBIAN_${COMP}_PACKAGE_NAME einvoice-plugin-${plugin})
  set(CPACK_COMPONENT_${COMP}_DEPENDS lib plugins)
  set(CPACK_DEBIAN_${COMP}_PACKAGE_BREAKS "${EINV_MONOLITH}")
  set(CPACK_DEBIAN_${COMP}_PACKAGE_REPLACES "${EINV_MONOLITH}")
  if(DEFINED EINV_DEPS_${plugin})
    set(CPACK_DEBIAN_${COMP}_PACKAGE_DEPENDS "${EINV_DEPS_${plugin}}")
  endif()
  if(NOT DEFINED EINV_DESC_${plugin})
    set(EINV_DESC_${plugin} "the ${plugin} plugin\nAn optional plugin of libeinvoice.")
  endif()
  set(CPACK_COMPONENT_${COMP}_DESCRIPTION "e-invoice validator: ${EINV_DESC_${plugin}}")
endforeach()
# what a default install brings along (apt installs Recommends; --no-install-recommends or
# removing a package leaves a module out)
set(EINV_RECOMMENDED)
foreach(plugin zugferd facturx idoc odata)
  if("plugin_${plugin}" IN_LIST EINV_OPTIONAL_PLUGINS)
    list(APPEND EINV_RECOMMENDED einvoice-plugin-${plugin})
  endif()
endforeach()
list(JOIN EINV_RECOMMENDED ", " EINV_RECOMMENDED)
set(EINV_SUGGESTED)
foreach(comp IN LISTS EINV_OPTIONAL_PLUGINS)
  string(REGEX REPLACE "^plugin_" "" plugin ${comp})
  if(NOT plugin MATCHES "^(zugferd|facturx|idoc|odata)$")
    list(APPEND EINV_SUGGESTED einvoice-plugin-${plugin})
  endif()
endforeach()
list(JOIN EINV_SUGGESTED ", " EINV_SUGGESTED)

# ---- einvoice: the CLI ----
set(CPACK_DEBIAN_CLI_PACKAGE_NAME einvoice)
set(CPACK_DEBIAN_CLI_PACKAGE_SECTION utils)
set(CPACK_COMPONENT_CLI_DEPENDS lib plugins)
set(CPACK_DEBIAN_CLI_PACKAGE_RECOMMENDS "${EINV_RECOMMENDED}")
set(CPACK_DEBIAN_CLI_PACKAGE_SUGGESTS "${EINV_SUGGESTED}")
set(CPACK_COMPONENT_CLI_DESCRIPTION "e-invoice validator: command-line tool
einvoice validates invoice files and folders for CI pipelines (JSON lines, JUnit, SARIF,
HTML reports), converts between formats and lists the formats, profiles and rules of the
installed plugins.")

# ---- einvoiced: the service ----
set(CPACK_DEBIAN_SERVER_PACKAGE_NAME einvoiced)
set(CPACK_DEBIAN_SERVER_PACKAGE_SECTION net)
set(CPACK_DEBIAN_SERVER_PACKAGE_BREAKS "${EINV_MONOLITH}")
set(CPACK_DEBIAN_SERVER_PACKAGE_REPLACES "${EINV_MONOLITH}")
set(CPACK_COMPONENT_SERVER_DEPENDS lib plugins)
set(CPACK_DEBIAN_SERVER_PACKAGE_DEPENDS "adduser, passwd")
set(CPACK_DEBIAN_SERVER_PACKAGE_RECOMMENDS "${EINV_RECOMMENDED}")
set(CPACK_DEBIAN_SERVER_PACKAGE_SUGGESTS "postgresql, nginx")
if(EINV_SUGGESTED)
  string(APPEND CPACK_DEBIAN_SERVER_PACKAGE_SUGGESTS ", ${EINV_SUGGESTED}")
endif()
set(CPACK_COMPONENT_SERVER_DESCRIPTION "e-invoice validation service (REST)
einvoiced validates submitted invoices in worker threads and keeps them, with their
verdicts, in SQLite (/var/lib/einvoice) or PostgreSQL (several instances on one
database). It runs as the system user einvoice under a hardened systemd unit; its
settings are in /etc/einvoice/einvoiced.conf.")
set(CPACK_DEBIAN_SERVER_PACKAGE_CONTROL_EXTRA
  ${CMAKE_SOURCE_DIR}/packaging/deb/einvoiced/conffiles ${CMAKE_SOURCE_DIR}/packaging/deb/einvoiced/postinst
  ${CMAKE_SOURCE_DIR}/packaging/deb/einvoiced/prerm ${CMAKE_SOURCE_DIR}/packaging/deb/einvoiced/postrm)
set(CPACK_DEBIAN_SERVER_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# ---- libeinvoice-dev: the SDK for partners' plugins ----
set(CPACK_DEBIAN_DEV_PACKAGE_NAME libeinvoice-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_BREAKS "${EINV_MONOLITH}")
set(CPACK_DEBIAN_DEV_PACKAGE_REPLACES "${EINV_MONOLITH}")
set(CPACK_COMPONENT_DEV_DEPENDS lib)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "libxml2-dev")
set(CPACK_COMPONENT_DEV_DESCRIPTION "e-invoice validation library (SDK)
Headers, einvoice.pc and the CMake package for writing format and profile plugins of
libeinvoice (docs/plugin-guide.md), with the test harness einvoice/testing.h.")

# /usr/share/doc/<package>/copyright in every package (Debian policy 12.5); installed only
# with its component (cpack), not by a plain `cmake --install`
foreach(comp IN LISTS CPACK_COMPONENTS_ALL)
  string(TOUPPER ${comp} COMP)
  install(FILES ${CMAKE_SOURCE_DIR}/packaging/deb/copyright
    DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${CPACK_DEBIAN_${COMP}_PACKAGE_NAME}
    COMPONENT ${comp} EXCLUDE_FROM_ALL)
endforeach()

include(CPack)
