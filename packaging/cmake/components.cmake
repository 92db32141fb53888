# Install components: each becomes one Debian package (packaging/cmake/cpack_deb.cmake).
#   lib     libeinvoice1           libeinvoice.so.1 and the XSDs of the schema layer
#   dev     libeinvoice-dev        the SDK: headers, libeinvoice.so, einvoice.pc, CMake package
#   cli     einvoice               the command-line validator
#   server  einvoiced              the service, its systemd unit and /etc/einvoice/einvoiced.conf
#   plugins einvoice-plugins       the base formats (UBL, CII, JSON) and every profile
#   plugin_<name> einvoice-plugin-<name>   any other plugin (PDF, SAP, ...): a package of its
#                                  own, so that an on-premise install can leave it out
# A plugin's data files go to its component: install(... COMPONENT plugin_<name>).
# Anything installed without a component lands in libeinvoice1 rather than in a package
# nobody asked for.
set(CMAKE_INSTALL_DEFAULT_COMPONENT_NAME lib)
set(EINV_BASE_FORMAT_PLUGINS ubl cii json)

# einv_plugin_component(<name> <dir> <out-var>): the component of plugin <name> built from
# <dir>; records the optional ones in the global property EINV_OPTIONAL_PLUGIN_COMPONENTS.
function(einv_plugin_component name dir out)
  get_filename_component(parent ${dir} DIRECTORY)
  get_filename_component(parent ${parent} NAME)
  if(parent STREQUAL "profiles" OR name IN_LIST EINV_BASE_FORMAT_PLUGINS)
    set(${out} plugins PARENT_SCOPE)
  else()
    set(${out} plugin_${name} PARENT_SCOPE)
    set_property(GLOBAL APPEND PROPERTY EINV_OPTIONAL_PLUGIN_COMPONENTS plugin_${name})
  endif()
endfunction()
