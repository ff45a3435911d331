#!/usr/bin/env bash
# Runs README's command 1 as a new user would (a fresh virtual environment, nothing but the
# package's own dependencies), waits until the dashboard answers on / and stops it. The store
# goes to a temporary folder (VINT_STORE) so the clone stays clean.
set -euo pipefail
cd "$(dirname "$0")/.."
command_1="$(bash scripts/readme_command.sh 1)"
store="$(mktemp -d)"
log="$store/demo.log"
echo "demo smoke: $command_1"
VINT_STORE="$store/store" setsid bash -c "$command_1" >"$log" 2>&1 &
demo=$!
stop() { kill -TERM -- "-$demo" 2>/dev/null || true; wait "$demo" 2>/dev/null || true; }
trap stop EXIT
for _ in $(seq 1 300); do
  if ! kill -0 "$demo" 2>/dev/null; then
    echo "demo smoke: the demo exited before serving:"; cat "$log"; exit 1
  fi
  if page="$(python3 -c 'import sys, urllib.request; print(urllib.request.urlopen("http://127.0.0.1:8050/", timeout=2).read().decode())' 2>/dev/null)"; then
    if grep -q "vint" <<<"$page"; then
      echo "demo smoke: the dashboard answered on http://127.0.0.1:8050/"
      exit 0
    fi
  fi
  sleep 1
done
echo "demo smoke: no dashboard on http://127.0.0.1:8050/ after 300 s:"; cat "$log"; exit 1
