#!/usr/bin/env bash
# Packs docs-graph, installs the tarball into an empty app and checks what a user gets: no
# EBADENGINE on this Node, and the installed `docs-graph gateway` answering a query against the
# embedded /v1 of this checkout. Every wait is bounded; the servers are stopped by their PID.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d /tmp/docs-graph-package-XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

tarball=$(npm pack --silent --pack-destination "$work" | tail -n 1)
mkdir "$work/app"
echo '{"name":"app","version":"1.0.0","private":true}' >"$work/app/package.json"
(cd "$work/app" && timeout 600 npm install --no-audit --no-fund "$work/$tarball" 2>&1) | tee "$work/install.log"
if grep -q EBADENGINE "$work/install.log"; then
  echo "package: installing the tarball on Node $(node -v) printed EBADENGINE (see above)"
  exit 1
fi
echo "package: $(du -sh "$work/$tarball" | cut -f1) tarball, $(du -sh "$work/app/node_modules" | cut -f1) installed, no EBADENGINE on Node $(node -v)"

# Waits (at most 120 s) for a URL ending in $2 in the output file $1; prints the base URL.
url_in() {
  for _ in $(seq 1 600); do
    url=$(grep -oE "http://[0-9.:]+$2( |$)" "$1" | head -n 1 | sed -E "s#$2 ?\$##") || true
    if [ -n "$url" ]; then echo "$url"; return 0; fi
    sleep 0.2
  done
  echo "package: no URL in $1:" >&2
  cat "$1" >&2
  return 1
}

node "$root/bin/docs-graph.js" workspace --port 0 --db "$work/workspace.sqlite" >"$work/workspace.out" 2>&1 &
pids+=($!)
upstream=$(url_in "$work/workspace.out" /v1)
(cd "$work/app" && exec npx --no-install docs-graph gateway --port 0 --upstream "$upstream") >"$work/gateway.out" 2>&1 &
pids+=($!)
gateway=$(url_in "$work/gateway.out" /graphql)
answer=$(curl -sS --max-time 30 "$gateway/graphql" -H 'authorization: Bearer dg_demo_admin' \
  -H 'content-type: application/json' -d '{"query":"{ organizations(first: 1) { nodes { title } } }"}')
case "$answer" in
  *'"title":"Acme Docs"'*) echo "package: the installed gateway answered: $answer" ;;
  *)
    echo "package: the installed gateway did not answer as expected: $answer"
    cat "$work/gateway.out"
    exit 1
    ;;
esac
# A document that does not parse is the client's error (GRAPHQL_PARSE_FAILED), not an unexpected
# one: the bundle must give every module the same copy of graphql-js for Yoga to recognise it.
broken=$(curl -sS --max-time 30 "$gateway/graphql" -H 'content-type: application/json' \
  -d '{"query":"{ organizations(first: "}')
case "$broken" in
  *GRAPHQL_PARSE_FAILED*) echo "package: a syntax error is answered as one" ;;
  *)
    echo "package: a syntax error was not answered GRAPHQL_PARSE_FAILED: $broken"
    exit 1
    ;;
esac
