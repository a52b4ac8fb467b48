#!/usr/bin/env bash
# The contract check: Schemathesis, with every default check, against a service of its own: a database
# and an index prefix of its own beside the ones in DATABASE_URL and ES_INDEX_PREFIX (as scripts/test.sh
# sets them), so that what the check creates touches no other test. Fails on any failure.
# Passes: without credentials (no coverage phase: see below); with a provider's api_key and a customer's
# bearer token; with an editor's api_key; then key rotation and sign-out on their own (they end the
# credentials they are given).
# Each pass gives its examples to every operation but the read-only ones the conformance suite already
# checks (scripts/contract/conformance-reads.txt), which take a quarter of them: every operation is still
# tried in every pass, each write and the stateful phase as many times as before.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/node-runtime.sh
ST_VERSION=4.32.5
EXAMPLES="${CONTRACT_EXAMPLES:-20}"
# a fixed seed makes every run try the same cases (CONTRACT_SEED=random explores new ones)
SEED="${CONTRACT_SEED:-20261124}"
if ! .venv/bin/schemathesis --version 2>/dev/null | grep -q "$ST_VERSION"; then
  echo "[contract] installing Schemathesis $ST_VERSION into .venv" >&2
  rm -rf .venv && python3 -m venv .venv && .venv/bin/pip install -q --disable-pip-version-check "schemathesis==$ST_VERSION" >&2
fi

export DATABASE_URL="${CONTRACT_DATABASE_URL:-$(node -e 'const u=new URL(process.argv[1]);u.pathname=u.pathname.replace(/\/?$/,"")+"_contract";console.log(u.toString())' "$DATABASE_URL")}"
export ES_INDEX_PREFIX="${ES_INDEX_PREFIX:-test}contract"
npm run --silent db:migrate >/dev/null
npm run --silent db:reference >/dev/null
npm run --silent reindex -- --if-outdated >/dev/null

port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
base="http://127.0.0.1:$port"
work="$(mktemp -d)"
# generous sign-in limits: the check is about answers, and a 429 on every call would hide them
RATE_LIMIT_PER_IP=100000 RATE_LIMIT_PER_EMAIL=100000 APP_ENV=test PORT="$port" HOST=127.0.0.1 LOG_LEVEL="${CONTRACT_LOG_LEVEL:-warn}" node --import tsx src/main.ts >"$work/service.log" 2>&1 &
service=$!
trap 'kill $service 2>/dev/null || true; wait $service 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 60); do curl -fsS "$base/ready" >/dev/null 2>&1 && break; sleep 0.5; done
curl -fsS "$base/ready" >/dev/null || { cat "$work/service.log" >&2; echo "[contract] the service did not become ready" >&2; exit 1; }
credentials="$(node --import tsx scripts/contract/credentials.ts "$base")" || { echo "[contract] could not create the credentials" >&2; exit 1; }
eval "$credentials"

# the read-only operations the conformance suite already checks, as a TOML array of operationIds
READS="$(sed -e '/^#/d' -e '/^$/d' -e 's/.*/"&"/' scripts/contract/conformance-reads.txt | paste -sd, -)"
# one config file per pass: Schemathesis takes an api_key in the query only from its config, and an
# operation's own examples only when the command line gives none
config() { # $1 name, $2 api key or empty, $3 the pass's examples (an operation's)
  {
    sed "s/^max-examples = .*/max-examples = $3/" schemathesis.toml
    printf '\n[[operations]]\ninclude-operation-id = [%s]\ngeneration.max-examples = %s\n' "$READS" "$(( ($3 + 3) / 4 ))"
    if [ -n "$2" ]; then printf '\n[auth.openapi.apiKey]\napi_key = "%s"\n\n[auth.openapi.apiKeyHeader]\napi_key = "%s"\n' "$2" "$2"; fi
  } >"$work/$1.toml"
  printf '%s' "$work/$1.toml"
}
rm -rf .local/contract # the outputs of failed passes, of this run only
SPECIAL='^/api/rest/(portal/revoke-token|account/api-key)'
failed=0
# too_slow: the generator's own speed (the RTDF bodies' many constraints on a loaded machine), no check of the service
pass() { # $1 name, $2 config, then schemathesis arguments
  local name="$1" file="$2"; shift 2
  echo "[contract] pass: $name" >&2
  if ! .venv/bin/schemathesis --config-file "$file" run "$base/openapi.json" $([ "$SEED" = random ] || echo --seed "$SEED") --no-color \
    --report junit --report-junit-path "$work/$name.xml" --suppress-health-check=too_slow "$@" ${CONTRACT_ARGS:-} >"$work/$name.out" 2>&1; then
    failed=1
    mkdir -p .local/contract && cp "$work/$name.out" ".local/contract/$name.out" && cp "$work/service.log" .local/contract/service.log
    # the failures themselves first (the test prints the end of this output), then the summary
    { sed -n '/=\+ \(FAILURES\|ERRORS\) =\+/,/=\+ \(WARNINGS\|SUMMARY\) =\+/p' "$work/$name.out" | head -120; tail -25 "$work/$name.out"; } >&2
  fi
  grep -E '^(=+ .* in [0-9.]+s =+|Test cases:|  [0-9]+ generated)' "$work/$name.out" >&2 || true
}
# Without credentials every protected operation answers 401 before it reads a parameter, and the public
# ones validate as they do with credentials: the coverage phase's boundary and negative values run in the
# next pass, which holds credentials, and this one fuzzes with half the examples.
pass anonymous "$(config anonymous '' "$(( (EXAMPLES + 1) / 2 ))")" --exclude-path-regex "$SPECIAL" --phases examples,fuzzing,stateful
pass provider-and-customer "$(config provider "$PROVIDER_KEY" "$EXAMPLES")" -H "Authorization: Bearer $CUSTOMER_TOKEN" --exclude-path-regex "$SPECIAL"
pass editor "$(config editor "$EDITOR_KEY" "$EXAMPLES")" --include-path-regex '^/api/rest/cms/'
pass sign-out-and-rotation "$(config special "$PROVIDER_KEY" "$EXAMPLES")" -H "Authorization: Bearer $CUSTOMER_TOKEN" --include-path-regex "$SPECIAL"
if [ "$failed" = 1 ]; then echo "[contract] FAILED (full output in .local/contract/)" >&2; exit 1; fi
echo "[contract] every pass reported no failure" >&2
