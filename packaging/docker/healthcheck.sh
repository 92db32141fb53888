#!/bin/bash
# The image's HEALTHCHECK: GET /api/health on the port of EINV_LISTEN must answer 200 within
# 5 s. bash's /dev/tcp, so the image needs no HTTP client.
port=${EINV_LISTEN:-127.0.0.1:8080}
port=${port##*:}
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
printf 'GET /api/health HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3
IFS= read -r -t 5 status <&3 || exit 1
case $status in
  "HTTP/1."?" 200 "*) exit 0 ;;
  *) echo "einvoiced health: $status" >&2; exit 1 ;;
esac
