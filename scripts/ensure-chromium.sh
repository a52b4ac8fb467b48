#!/usr/bin/env bash
# The browser tests drive Debian's chromium (playwright-core downloads no browser): installs it when it
# is missing and this runs as root; otherwise says what to do and leaves the browser tests to fail.
set -euo pipefail
command -v chromium >/dev/null && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "[test] installing chromium for the browser tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
else
  echo "[test] chromium is missing: the browser tests will fail (install Debian's chromium package)" >&2
fi
