# einvoiced's system integration (component server): the systemd unit and the settings file
# read through EINV_CONFIG, configured for this build's prefix.
set(EINV_STATE_DIR ${CMAKE_INSTALL_FULL_LOCALSTATEDIR}/lib/einvoice)
set(EINV_CONF_DIR ${CMAKE_INSTALL_FULL_SYSCONFDIR}/einvoice)
configure_file(${CMAKE_SOURCE_DIR}/packaging/systemd/einvoiced.service.in
  ${CMAKE_BINARY_DIR}/packaging/einvoiced.service @ONLY)
configure_file(${CMAKE_SOURCE_DIR}/packaging/einvoiced.conf.in
  ${CMAKE_BINARY_DIR}/packaging/einvoiced.conf @ONLY)
# lib/systemd/system under the prefix (never the multiarch libdir): /usr/lib/systemd/system
# for the package, a unit folder of systemd on bookworm and later
install(FILES ${CMAKE_BINARY_DIR}/packaging/einvoiced.service
  DESTINATION lib/systemd/system COMPONENT server)
# /etc is outside the prefix for /usr (FULL_SYSCONFDIR is absolute): installed only when the
# component is asked for (cpack), never by a plain `cmake --install --prefix DIR`
install(FILES ${CMAKE_BINARY_DIR}/packaging/einvoiced.conf DESTINATION ${EINV_CONF_DIR}
  COMPONENT server EXCLUDE_FROM_ALL)
