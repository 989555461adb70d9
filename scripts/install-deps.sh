#!/usr/bin/env bash
# Installs the Debian packages a task needs, only those missing. Usage: scripts/install-deps.sh <group>...
#   build   compilers, CMake, GoogleTest, Google Benchmark, Highway
#   test    what the full test suite adds (PyTorch for differential tests, clang sanitizers and libFuzzer)
set -euo pipefail

declare -A groups=(
  [build]="g++ cmake make pkg-config libgtest-dev libgmock-dev libbenchmark-dev libhwy-dev"
  [test]=""
)

wanted=()
for group in "$@"; do
  [[ -v "groups[$group]" ]] || { echo "install-deps: unknown group '$group'" >&2; exit 2; }
  for package in ${groups[$group]}; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || wanted+=("$package")
  done
done
[ ${#wanted[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${wanted[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${wanted[@]}"
