#!/usr/bin/env bash
# Prints README's quick-start command N (1: the demo, 2: the tests): the line after "# N." in
# its first bash block. .ci/run runs exactly these lines, so README and CI cannot drift apart.
set -euo pipefail
awk -v n="$1" '$0 ~ "^# " n "\\." { getline; print; found = 1; exit } END { exit !found }' \
  "$(dirname "$0")/../README.md"
