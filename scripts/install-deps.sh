#!/usr/bin/env bash
# Installs the Debian packages a task needs, only those missing. Usage: scripts/install-deps.sh <group>...
#   library what the library alone needs (a compiler, CMake, Highway)
#   build   compilers, CMake, GoogleTest, Google Benchmark, Highway
#   test    what the full test suite adds (PyTorch for differential tests, clang sanitizers and libFuzzer,
#           the aarch64 cross compiler, qemu-user, GoogleTest's sources and Highway for arm64)
set -euo pipefail

declare -A groups=(
  [library]="g++ cmake make libhwy-dev"
  [build]="g++ cmake make pkg-config libgtest-dev libgmock-dev libbenchmark-dev libhwy-dev"
  [test]="libtorch-dev clang-14 libclang-rt-14-dev llvm-14 googletest g++-aarch64-linux-gnu qemu-user libhwy-dev:arm64"
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
# Packages of another architecture (name:arch) need it enabled first (multiarch).
for package in "${wanted[@]}"; do
  arch="${package#*:}"
  if [ "$arch" != "$package" ] && ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
    "${sudo_cmd[@]}" dpkg --add-architecture "$arch"
  fi
done
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${wanted[@]}"
