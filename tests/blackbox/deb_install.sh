#!/usr/bin/env bash
# The Debian packages end to end (issue 15 "Packages that run"; packaging/README.md):
#  1. `cpack -G DEB` from BUILD_DIR (configured with -DCMAKE_INSTALL_PREFIX=/usr);
#  2. each package's Depends name the package of every library its ELF files link (found
#     with dpkg -S, not listed here), the service's the ones the issue names; the files
#     follow Debian paths, every built plugin is in exactly one package, the unit is there
#     with its hardening and passes systemd-analyze verify, the settings file is a conffile;
#  3. a clean root: `dpkg --root=DIR --force-script-chrootless` installs every package into
#     an empty DIR (the maintainer scripts run outside it with DPKG_ROOT=DIR: the user
#     einvoice in DIR/etc/passwd, DIR/var/lib/einvoice owned by it), and over the package of
#     before the split in another root (Breaks/Replaces); the packaged unit's
#     ExecStart runs as that user (root only) with the unit's EINV_CONFIG, the database and
#     the port redirected by the environment (which wins over the file); it answers
#     /api/health and validates a UBL invoice submitted over HTTP; the installed CLI
#     validates the sample, converts it to Factur-X and validates that PDF; as root, all of
#     them run with the source and build trees hidden (a tmpfs over them, unshare -m) and the
#     root read-only but its /var/lib/einvoice (as ProtectSystem=strict leaves it);
#  4. as root with CI=true or EINV_TEST_DEB_SYSTEM=1 (release build, none of the packages
#     installed before): `dpkg -i` on this machine, the same run from /usr with the unit's
#     settings, then `dpkg --purge` and a check that nothing is left (the user einvoice,
#     which the package keeps on purge, is removed by the test when it created it).
# usage: deb_install.sh SOURCE_DIR BUILD_DIR      prints "N passed, M failed" last
set -euo pipefail
src=$(cd "$1" && pwd); build=$(cd "$2" && pwd)
passed=0
ok() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { echo "FAIL $*"; echo "$passed passed, 1 failed"; exit 1; }

tmp=$(mktemp -d /tmp/einv-deb.XXXXXX)
chmod 0755 "$tmp"   # the service's user walks into the root below it
sample=$tmp/sample-invoice.xml
cp "$src/tests/data/ubl/sample-invoice.xml" "$sample"; chmod 0644 "$sample"
# The installed programs run in a mount namespace of their own (root only): the source and
# build trees hidden under an empty tmpfs, so nothing they need may live there; and inside the
# clean root, the root read-only but for its state folder, as the unit's ProtectSystem=strict
# and StateDirectory= leave it. sandbox PRE sets SANDBOX=(the command prefix).
can_unshare=
if [ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null; then
  can_unshare=1
  hidden=("$src"); case "$build/" in "$src"/*) ;; *) hidden+=("$build") ;; esac
elif [ "$(id -u)" -eq 0 ]; then
  echo "note: unshare -m is not permitted here: the installed programs see the source tree"
fi
sandbox() {
  SANDBOX=()
  [ -n "$can_unshare" ] || return 0
  local script="set -e;" d
  for d in "${hidden[@]}"; do script+=" mount -t tmpfs none '$d';"; done
  if [ -n "$1" ]; then
    script+=" mount --bind '$1/var/lib/einvoice' '$1/var/lib/einvoice'; mount --rbind '$1' '$1';"
    script+=" mount -o remount,bind,ro '$1';"
  fi
  SANDBOX=(unshare -m sh -c "$script exec \"\$@\"" sh)
}
sandbox ""
[ -z "$can_unshare" ] || ! "${SANDBOX[@]}" test -e "$src/CMakeLists.txt" || fail "the source tree is not hidden"
server_pid=
system_installed=()
created_user=
cleanup() {
  set +e
  [ -n "$server_pid" ] && kill -KILL "$server_pid" 2>/dev/null
  if [ ${#system_installed[@]} -gt 0 ]; then
    dpkg --purge "${system_installed[@]}" >/dev/null 2>&1
  fi
  if [ -n "$created_user" ] && getent passwd einvoice >/dev/null; then
    userdel einvoice 2>/dev/null; getent group einvoice >/dev/null && groupdel einvoice 2>/dev/null
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
[ "$prefix" = /usr ] || fail "the build directory installs under '$prefix': Debian packages need -DCMAKE_INSTALL_PREFIX=/usr"
triplet=$(sed -n 's/^CMAKE_LIBRARY_ARCHITECTURE:INTERNAL=//p' "$build/CMakeCache.txt")
[ -n "$triplet" ] || triplet=$(gcc -print-multiarch)
sanitized=false
grep -q '^EINV_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" && sanitized=true
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
[ -n "$version" ] || fail "no project version in $build/CMakeCache.txt"

# ---- 1. the packages ----
if ! cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkgs" >"$tmp/cpack.log" 2>&1; then
  cat "$tmp/cpack.log"; fail "cpack -G DEB"
fi
declare -A deb
for f in "$tmp"/pkgs/*.deb; do deb[$(dpkg-deb -f "$f" Package)]=$f; done
for p in libeinvoice1 libeinvoice-dev einvoice-plugins einvoice einvoiced; do
  [ -n "${deb[$p]:-}" ] || fail "cpack made no package $p (made: ${!deb[*]})"
done
ok "cpack made ${#deb[@]} packages: ${!deb[*]}"

# ---- 2. dependencies and layout ----
owner_of() {   # the package holding shared library $1 (a SONAME) on this machine
  local path real
  path=$(ldconfig -p | awk -v l="$1" '$1 == l && /x86-64|x32|64bit|aarch64|AArch64/ { print $NF; exit }')
  [ -n "$path" ] || path=$(ldconfig -p | awk -v l="$1" '$1 == l { print $NF; exit }')
  [ -n "$path" ] || return 1
  real=$(readlink -f "$path")
  for cand in "$path" "$real" "${path#/usr}" "/usr$path" "${real#/usr}" "/usr$real"; do
    dpkg -S "$cand" 2>/dev/null | head -n 1 | sed 's/:[^ ]*:.*//; s/:.*//' && return 0
  done
  return 1
}
has_dep() {    # has_dep "<Depends>" <package regex>
  echo ", $1," | grep -Eq ", ($2)( \([^)]*\))?(,| \|)"
}
declare -A pkg_of_plugin
for p in "${!deb[@]}"; do
  f=${deb[$p]}
  x=$tmp/x/$p; mkdir -p "$x"; dpkg-deb -x "$f" "$x"; dpkg-deb -e "$f" "$x/DEBIAN"
  depends=$(dpkg-deb -f "$f" Depends)
  dpkg-deb -c "$f" | grep -q ' \./usr/local/' && fail "$p installs under /usr/local"
  [ -f "$x/usr/share/doc/$p/copyright" ] || fail "$p has no /usr/share/doc/$p/copyright"
  # every library an ELF file of the package links: its package is a dependency
  while IFS= read -r elf; do
    for so in $(readelf -d "$elf" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
      if [ "$so" = libeinvoice.so.1 ]; then
        [ "$p" = libeinvoice1 ] || has_dep "$depends" "libeinvoice1 \(= $version-[0-9]+\)" ||
          fail "$p: ${elf#$x} links libeinvoice.so.1 but Depends lacks libeinvoice1 (= $version): $depends"
        continue
      fi
      owner=$(owner_of "$so") || fail "$p: no package on this machine holds $so (linked by ${elf#$x})"
      has_dep "$depends" "$(printf '%s' "$owner" | sed 's/[][\\.*^$+?(){}|]/\\&/g')" || fail "$p: ${elf#$x} links $so of $owner, missing from Depends: $depends"
    done
  done < <(find "$x" -path "$x/DEBIAN" -prune -o -type f -print | while read -r f2; do
             [ "$(head -c 4 "$f2" | od -An -c | tr -d ' ')" = "177ELF" ] && echo "$f2"; done)
  for so in "$x/usr/lib/$triplet/einvoice/"*.so; do
    [ -e "$so" ] || continue
    n=$(basename "$so" .so)
    [ -z "${pkg_of_plugin[$n]:-}" ] || fail "plugin $n is in ${pkg_of_plugin[$n]} and $p"
    pkg_of_plugin[$n]=$p
  done
done
ok "every package's Depends name the package of each library its binaries and plugins link"
# whatever `cmake --install` installs is in some package (an install rule of a component
# cpack does not package would be dropped silently); DESTDIR keeps absolute paths inside
DESTDIR=$tmp/inst cmake --install "$build" --prefix /usr >/dev/null || fail "cmake --install"
(cd "$tmp/inst" && find . -type f -o -type l) | sed 's|^\./||' | sort >"$tmp/installed"
for p in "${!deb[@]}"; do
  (cd "$tmp/x/$p" && find . -path ./DEBIAN -prune -o \( -type f -o -type l \) -print) | sed 's|^\./||'
done | sort -u >"$tmp/packaged"
missing=$(comm -23 "$tmp/installed" "$tmp/packaged" | head -n 5)
[ -z "$missing" ] || fail "installed by cmake --install but in no package: $missing"
ok "every file cmake --install installs is in a package ($(wc -l <"$tmp/installed") files)"
# every plugin the build made (but the partners' template) is in a package, under the triplet
for so in "$build/lib/einvoice/"*.so; do
  n=$(basename "$so" .so)
  [ "$n" = example ] && continue
  [ -n "${pkg_of_plugin[$n]:-}" ] || fail "plugin $n.so is in no package under /usr/lib/$triplet/einvoice/"
done
[ "${pkg_of_plugin[ubl]:-}" = einvoice-plugins ] && [ "${pkg_of_plugin[en16931]:-}" = einvoice-plugins ] ||
  fail "ubl/en16931 are not in einvoice-plugins"
for n in zugferd facturx idoc odata; do
  [ -z "${pkg_of_plugin[$n]:-}" ] || [ "${pkg_of_plugin[$n]}" = "einvoice-plugin-$n" ] ||
    fail "$n.so is in ${pkg_of_plugin[$n]}, not einvoice-plugin-$n"
done
ok "${#pkg_of_plugin[@]} plugins under /usr/lib/$triplet/einvoice/, each in one package (optional ones in their own)"
# what the issue names: the service's libraries, the PDF plugins' qpdf, the export's data
d=$(dpkg-deb -f "${deb[einvoiced]}" Depends)
for need in libpq5 libsqlite3-0 libcivetweb1 libssl3 libjson-c5 adduser "libeinvoice1 \(= $version-1\)" \
            "einvoice-plugins \(= $version-1\)"; do
  has_dep "$d" "$need" || fail "einvoiced Depends lacks $need: $d"
done
$sanitized && { has_dep "$d" "libasan[0-9]+" || fail "the sanitizer build's einvoiced does not depend on libasan: $d"; }
if [ -n "${deb[einvoice-plugin-zugferd]:-}" ]; then
  d=$(dpkg-deb -f "${deb[einvoice-plugin-zugferd]}" Depends)
  has_dep "$d" "libqpdf[0-9]+" && has_dep "$d" zlib1g || fail "einvoice-plugin-zugferd Depends: $d"
fi
if [ -n "${deb[einvoice-plugin-facturx]:-}" ]; then
  d=$(dpkg-deb -f "${deb[einvoice-plugin-facturx]}" Depends)
  for need in "libqpdf[0-9]+" "libhpdf-[0-9.]+" fonts-dejavu-core icc-profiles-free; do
    has_dep "$d" "$need" || fail "einvoice-plugin-facturx Depends lacks $need: $d"
  done
fi
has_dep "$(dpkg-deb -f "${deb[libeinvoice1]}" Depends)" "libxml2" || fail "libeinvoice1 does not depend on libxml2"
echo "     dpkg -I einvoiced: $(dpkg-deb -f "${deb[einvoiced]}" Depends)"
ok "dpkg -I lists the real dependencies (einvoiced: libpq5, libsqlite3-0, libcivetweb1, libssl3, ...)"

s=$tmp/x/einvoiced
unit_rel=usr/lib/systemd/system/einvoiced.service
[ -x "$s/usr/bin/einvoiced" ] && [ -f "$s/$unit_rel" ] && [ -f "$s/etc/einvoice/einvoiced.conf" ] ||
  fail "einvoiced lacks usr/bin/einvoiced, $unit_rel or etc/einvoice/einvoiced.conf"
grep -qx /etc/einvoice/einvoiced.conf "$s/DEBIAN/conffiles" || fail "einvoiced.conf is not a conffile"
for k in User=einvoice StateDirectory=einvoice ConfigurationDirectory=einvoice \
         Environment=EINV_CONFIG=/etc/einvoice/einvoiced.conf ExecStart=/usr/bin/einvoiced \
         ProtectSystem=strict NoNewPrivileges=yes PrivateTmp=yes ProtectHome=yes \
         SystemCallFilter=@system-service RestrictAddressFamilies=; do
  grep -q "^$k" "$s/$unit_rel" || fail "the unit lacks $k"
done
grep -qx 'EINV_DATABASE=sqlite:/var/lib/einvoice/einvoice.db' "$s/etc/einvoice/einvoiced.conf" ||
  fail "the packaged settings do not put the SQLite database under /var/lib/einvoice"
[ -f "$tmp/x/libeinvoice1/usr/lib/$triplet/libeinvoice.so.1" ] &&
  [ -f "$tmp/x/libeinvoice1/usr/share/einvoice/schemas/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd" ] ||
  fail "libeinvoice1 lacks usr/lib/$triplet/libeinvoice.so.1 or the schemas"
grep -q "^libeinvoice 1 libeinvoice1 (>= $version)" "$tmp/x/libeinvoice1/DEBIAN/shlibs" ||
  fail "libeinvoice1 has no shlibs entry"
[ -f "$tmp/x/libeinvoice-dev/usr/include/einvoice/plugin.h" ] && [ -L "$tmp/x/libeinvoice-dev/usr/lib/$triplet/libeinvoice.so" ] ||
  fail "libeinvoice-dev lacks the headers or the libeinvoice.so link"
ok "Debian paths: /usr/bin, /usr/lib/$triplet, /usr/share/einvoice, the unit with its hardening, the conffile"

# ---- 3. a clean root ----
root=$tmp/root
mkdir -p "$root/etc" "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
: >"$root/var/lib/dpkg/status"; : >"$root/var/lib/dpkg/available"
printf 'root:x:0:0:root:/root:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\n' >"$root/etc/group"
dpkg_root=(dpkg --root="$root" --force-script-chrootless --force-depends --log="$tmp/dpkg.log")
as_root=(); not_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v fakeroot >/dev/null || fail "not root and no fakeroot: cannot run dpkg --root"
  as_root=(fakeroot); not_root=(--force-not-root); dpkg_root+=("${not_root[@]}")
fi
if ! "${as_root[@]}" "${dpkg_root[@]}" -i "${deb[@]}" >"$tmp/dpkg.out" 2>&1; then
  cat "$tmp/dpkg.out"; fail "dpkg --root=DIR -i"
fi
for p in "${!deb[@]}"; do
  st=$(dpkg-query --root="$root" -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$st" = "install ok installed" ] || { cat "$tmp/dpkg.out"; fail "$p in the clean root: '$st'"; }
done
uid=$(awk -F: '$1 == "einvoice" { print $3 }' "$root/etc/passwd")
gid=$(awk -F: '$1 == "einvoice" { print $3 }' "$root/etc/group")
[ -n "$uid" ] && [ -n "$gid" ] || fail "postinst made no user/group einvoice in the root's /etc/passwd"
[ "$uid" -lt 1000 ] && [ "$uid" -gt 0 ] || fail "einvoice has uid $uid, not a system uid"
[ "$(stat -c '%u %a' "$root/var/lib/einvoice")" = "$uid 750" ] || fail "/var/lib/einvoice is $(stat -c '%u %a' "$root/var/lib/einvoice")"
[ "$(stat -c '%g %a' "$root/etc/einvoice/einvoiced.conf")" = "$gid 640" ] || fail "einvoiced.conf is not 0640 root:einvoice"
ok "dpkg --root installed ${#deb[@]} packages into an empty root; postinst made system user einvoice ($uid) and /var/lib/einvoice"

# an upgrade from the package of before the split ("einvoice" 0.1.0 holding everything): the
# packages that take over its files replace it, in the order that needs it (apt passes
# --auto-deconfigure for Breaks the same way)
old=$tmp/old-einvoice
for f in usr/bin/einvoice usr/bin/einvoiced usr/include/einvoice/plugin.h \
         usr/share/einvoice/schemas/README.md "usr/lib/$triplet/einvoice/ubl.so" "usr/lib/$triplet/einvoice/zugferd.so"; do
  mkdir -p "$old/$(dirname "$f")"; echo old >"$old/$f"
done
mkdir -p "$old/DEBIAN"
printf 'Package: einvoice\nVersion: 0.1.0\nArchitecture: %s\nMaintainer: test\nDescription: the package before the split\n' \
  "$(dpkg --print-architecture)" >"$old/DEBIAN/control"
dpkg-deb --root-owner-group -b "$old" "$tmp/old-einvoice.deb" >/dev/null
up=$tmp/upgrade
mkdir -p "$up/etc" "$up/var/lib/dpkg/info" "$up/var/lib/dpkg/updates"
: >"$up/var/lib/dpkg/status"; : >"$up/var/lib/dpkg/available"
cp "$root/etc/passwd" "$root/etc/group" "$up/etc/"
order=()
for p in libeinvoice1 libeinvoice-dev einvoice-plugins; do order+=("${deb[$p]}"); done
for p in "${!deb[@]}"; do case $p in einvoice-plugin-*) order+=("${deb[$p]}") ;; esac; done
order+=("${deb[einvoiced]}" "${deb[einvoice]}")
dpkg_up=(dpkg --root="$up" --force-script-chrootless --force-depends --log="$tmp/dpkg.log" "${not_root[@]}")
if ! { "${as_root[@]}" "${dpkg_up[@]}" -i "$tmp/old-einvoice.deb" &&
       "${as_root[@]}" "${dpkg_up[@]}" --auto-deconfigure -i "${order[@]}"; } >"$tmp/dpkg-upgrade.out" 2>&1; then
  cat "$tmp/dpkg-upgrade.out"; fail "an upgrade from the package of before the split"
fi
[ "$(dpkg-query --root="$up" -W -f='${Version}' einvoice)" = "$version-1" ] || fail "einvoice was not upgraded"
cmp -s "$up/usr/include/einvoice/plugin.h" "$src/include/einvoice/plugin.h" || fail "the upgrade left the old plugin.h"
ok "an upgrade from the package of before the split replaces its files (Breaks/Replaces)"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
unit_val() { sed -n "s/^$2=//p" "$1" | tail -n 1; }
# the unit's Environment= assignments, one per line (it has several)
unit_env() { sed -n "s/^Environment=//p" "$1"; }
# runas PREFIX: RUNAS=(the command prefix that runs a program as the unit's user under PREFIX
# (as the caller when not root), with only the unit's environment and EXTRA_ENV added)
runas() {
  local unit=$1/$unit_rel
  local -a envs
  mapfile -t envs < <(unit_env "$unit")
  RUNAS=(env -i "PATH=/usr/sbin:/usr/bin:/sbin:/bin" "${envs[@]}" "${EXTRA_ENV[@]}")
  if [ "$(id -u)" -eq 0 ]; then
    local u g
    u=$(awk -F: -v n="$(unit_val "$unit" User)" '$1 == n { print $3 }' "$1/etc/passwd")
    g=$(awk -F: -v n="$(unit_val "$unit" Group)" '$1 == n { print $3 }' "$1/etc/group")
    RUNAS+=(setpriv --reuid="$u" --regid="$g" --clear-groups --no-new-privs --)
  fi
}
# serve PREFIX: ExecStart of the unit installed under PREFIX, in its state folder, as its user
serve() {
  local pre=$1 unit=$1/$unit_rel port=$2
  local exe
  exe=$pre$(unit_val "$unit" ExecStart)
  [ -x "$exe" ] || fail "the unit's ExecStart $exe is not there"
  # the unit's EINV_CONFIG names /etc: inside another root it is that root's file
  runas "$pre"
  sandbox "$pre"
  (cd "$pre/var/lib/einvoice" && exec "${SANDBOX[@]}" "${RUNAS[@]}" "$exe" >"$tmp/server.log" 2>&1) &
  server_pid=$!
  local i code
  for i in $(seq 1 300); do
    code=$(curl -s --max-time 5 -o "$tmp/health" -w '%{http_code}' "http://127.0.0.1:$port/api/health" || true)
    [ "$code" = 200 ] && return 0
    kill -0 "$server_pid" 2>/dev/null || { cat "$tmp/server.log"; fail "einvoiced from $pre exited"; }
    sleep 0.1
  done
  cat "$tmp/server.log"; fail "einvoiced from $pre: /api/health answered '$code' for 30 s"
}
stop_server() {
  local pid=$server_pid rc=0
  kill -TERM "$pid"
  wait "$pid" || rc=$?
  server_pid=
  [ "$rc" -eq 0 ] || { cat "$tmp/server.log"; fail "einvoiced exited $rc after SIGTERM"; }
}
# submit PORT KEY: the sample through POST /api/v1/invoices/validate, polled until done
submit() {
  local port=$1 key=$2 body id i
  body=$(curl -s --max-time 20 -w ' %{http_code}' -H "Authorization: Bearer $key" -F "file=@$sample" -F profile=EN16931 \
         "http://127.0.0.1:$port/api/v1/invoices/validate")
  [ "${body##* }" = 202 ] || fail "submit answered ${body##* }: $body"
  id=$(echo "$body" | sed -n 's/.*"id" *: *"\([^"]*\)".*/\1/p')
  [ -n "$id" ] || fail "no id in $body"
  for i in $(seq 1 300); do
    body=$(curl -s --max-time 20 -H "Authorization: Bearer $key" "http://127.0.0.1:$port/api/v1/invoices/$id")
    echo "$body" | grep -q '"status" *: *"processing"' || break
    sleep 0.1
  done
  echo "$body" | grep -q '"status" *: *"validated"' || fail "the sample ended as: $(echo "$body" | head -c 600)"
}
# the service from PREFIX: an account and key with the admin commands, health, a validation
check_service() {
  local pre=$1 port out key
  port=$(free_port)
  EXTRA_ENV+=("EINV_LISTEN=127.0.0.1:$port")
  runas "$pre"
  sandbox "$pre"
  "${SANDBOX[@]}" "${RUNAS[@]}" "$pre/usr/bin/einvoiced" admin create-account --email ops@example.test >/dev/null ||
    fail "einvoiced admin create-account from $pre"
  out=$("${SANDBOX[@]}" "${RUNAS[@]}" "$pre/usr/bin/einvoiced" admin create-key --email ops@example.test --name deb-test) ||
    fail "einvoiced admin create-key from $pre"
  key=$(echo "$out" | tail -n 1)
  serve "$pre" "$port"
  [ "$(ps -o uid= -p "$server_pid" | tr -d ' ')" = "$(id -u | sed "s/^0$/$2/")" ] ||
    fail "einvoiced runs as uid $(ps -o uid= -p "$server_pid"), not the service's user"
  grep -q '"status" *: *"ok"' "$tmp/health" || fail "/api/health: $(cat "$tmp/health")"
  submit "$port" "$key"
  stop_server
}
# the CLI from PREFIX: the sample, its Factur-X export (facturx plugin, fonts, ICC profile)
# validated as a PDF (zugferd plugin), the formats of every optional plugin listed
check_cli() {
  local pre=$1 cli=$1/usr/bin/einvoice out
  sandbox "$pre"
  out=$("${SANDBOX[@]}" env -i PATH=/usr/bin:/bin "$cli" validate --profile EN16931 --json "$sample" 2>>"$tmp/cli.log") ||
    fail "$cli validate: $out"
  echo "$out" | grep -q '"valid":true' || fail "$cli validate: $out"
  out=$("${SANDBOX[@]}" env -i PATH=/usr/bin:/bin "$cli" formats)
  for n in ubl cii json zugferd idoc odata; do
    echo "$out" | grep -q "^$n " || fail "$cli formats lacks $n: $out"
  done
  if [ -n "${deb[einvoice-plugin-facturx]:-}" ]; then
    "${SANDBOX[@]}" env -i PATH=/usr/bin:/bin "$cli" convert --to facturx "$sample" -o "$tmp/sample.pdf" >"$tmp/convert.log" 2>&1 ||
      { cat "$tmp/convert.log"; fail "$cli convert --to facturx"; }
    out=$("${SANDBOX[@]}" env -i PATH=/usr/bin:/bin "$cli" validate --profile EN16931 --json "$tmp/sample.pdf" 2>>"$tmp/cli.log") ||
      fail "$cli validate of its Factur-X export: $out"
    rm -f "$tmp/sample.pdf"
  fi
}

EXTRA_ENV=("EINV_DATABASE=sqlite:$root/var/lib/einvoice/einvoice.db")
# the unit's EINV_CONFIG=/etc/... read inside the root
conf=$(unit_env "$root/$unit_rel" | sed -n 's/^EINV_CONFIG=//p')
EXTRA_ENV+=("EINV_CONFIG=$root$conf")
if [ -n "$can_unshare" ]; then
  sandbox "$root"
  ! "${SANDBOX[@]}" touch "$root/usr/probe" 2>/dev/null || fail "the sandbox leaves the root writable"
  "${SANDBOX[@]}" touch "$root/var/lib/einvoice/probe" && rm "$root/var/lib/einvoice/probe" ||
    fail "the sandbox leaves the state folder read-only"
fi
check_service "$root" "$uid"
[ "$(stat -c %u "$root/var/lib/einvoice/einvoice.db")" = "$(id -u | sed "s/^0$/$uid/")" ] ||
  fail "the database is not owned by the service's user"
ok "einvoiced from the root, as user einvoice with the unit's ExecStart and EINV_CONFIG: /api/health 200, the sample validated over HTTP${can_unshare:+ (source and build trees hidden, the root read-only but /var/lib/einvoice)}"
check_cli "$root"
ok "einvoice from the root validates the sample, exports it to Factur-X and validates the PDF"
# verify_unit FILE: systemd-analyze verify prints nothing about it (it exits 0 on unknown
# keys, so its output is what counts), and its exposure score is low
verify_unit() {
  local out score
  out=$(systemd-analyze verify "$1" 2>&1 || true)
  if echo "$out" | grep -q 'einvoiced.service'; then echo "$out"; fail "systemd-analyze verify $1"; fi
  score=$(systemd-analyze security --offline=yes "$1" 2>/dev/null | sed -n 's/.*Overall exposure level for einvoiced.service: \([0-9.]*\).*/\1/p')
  [ -n "$score" ] || fail "systemd-analyze security --offline=yes $1 gave no score"
  awk -v s="$score" 'BEGIN { exit !(s <= 2.0) }' || fail "the unit's exposure is $score (systemd-analyze security), above 2.0"
  echo "     systemd-analyze security: exposure $score"
}
if command -v systemd-analyze >/dev/null; then
  # the root's ExecStart, so that verify finds the program on this machine
  mkdir -p "$tmp/unit"
  sed "s|^ExecStart=|ExecStart=$root|" "$root/$unit_rel" >"$tmp/unit/einvoiced.service"
  verify_unit "$tmp/unit/einvoiced.service"
  ok "systemd-analyze verify einvoiced.service: clean"
else
  echo "skipped: systemd-analyze not installed (the unit is not verified)"
  [ "${CI:-}" = true ] && fail "systemd-analyze is needed under CI"
fi

# ---- 4. this machine, undone afterwards ----
if [ "$(id -u)" -ne 0 ] || { [ "${CI:-}" != true ] && [ "${EINV_TEST_DEB_SYSTEM:-}" != 1 ]; }; then
  echo "skipped: dpkg -i on this machine (root with CI=true or EINV_TEST_DEB_SYSTEM=1 only)"
elif $sanitized; then
  echo "skipped: dpkg -i on this machine (done by the release build's run, not the sanitizer build's)"
elif dpkg-query -W -f='${Status}\n' "${!deb[@]}" 2>/dev/null | grep -q 'installed'; then
  echo "skipped: dpkg -i on this machine (one of the packages is installed already: left alone)"
else
  getent passwd einvoice >/dev/null || created_user=1
  runtime=()
  for p in "${!deb[@]}"; do [ "$p" = libeinvoice-dev ] || runtime+=("${deb[$p]}"); done
  for i in $(seq 1 30); do   # another dpkg run may hold the lock for a moment
    if dpkg -i "${runtime[@]}" >"$tmp/dpkg-system.out" 2>&1; then break; fi
    grep -q 'lock' "$tmp/dpkg-system.out" || { cat "$tmp/dpkg-system.out"; fail "dpkg -i on this machine"; }
    sleep 1
  done
  for p in "${!deb[@]}"; do [ "$p" = libeinvoice-dev ] || system_installed+=("$p"); done
  uid=$(id -u einvoice) || fail "postinst made no user einvoice"
  [ "$(stat -c '%U %a' /var/lib/einvoice)" = "einvoice 750" ] || fail "/var/lib/einvoice: $(stat -c '%U %a' /var/lib/einvoice)"
  [ -L /etc/systemd/system/multi-user.target.wants/einvoiced.service ] ||
    fail "postinst did not enable einvoiced.service (deb-systemd-helper)"
  if command -v systemd-analyze >/dev/null; then verify_unit "/$unit_rel"; fi
  EXTRA_ENV=()    # the unit's EINV_CONFIG, the packaged settings as they are (but the port)
  check_service "" "$uid"
  [ -s /var/lib/einvoice/einvoice.db ] || fail "no database at /var/lib/einvoice/einvoice.db"
  check_cli ""
  ok "dpkg -i on this machine: einvoiced as einvoice from the unit's settings answers and validates; the CLI too"
  dpkg --purge "${system_installed[@]}" >"$tmp/dpkg-purge.out" 2>&1 || { cat "$tmp/dpkg-purge.out"; fail "dpkg --purge"; }
  system_installed=()
  for f in /usr/bin/einvoiced /usr/bin/einvoice "/usr/lib/$triplet/libeinvoice.so.1" "/usr/lib/$triplet/einvoice" \
           /usr/share/einvoice /etc/einvoice /var/lib/einvoice "/$unit_rel" \
           /etc/systemd/system/multi-user.target.wants/einvoiced.service /etc/systemd/system/einvoiced.service; do
    [ ! -e "$f" ] && [ ! -L "$f" ] || fail "$f is left after dpkg --purge"
  done
  ls /var/lib/systemd/deb-systemd-helper-enabled 2>/dev/null | grep -q einvoiced && fail "deb-systemd-helper state left after purge"
  if [ -n "$created_user" ]; then
    userdel einvoice; getent group einvoice >/dev/null && groupdel einvoice
    created_user=
  fi
  ok "dpkg --purge left nothing behind (files, conffile, state, unit links; the user removed by the test)"
fi
echo "$passed passed, 0 failed"
