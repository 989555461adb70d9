#!/usr/bin/env bash
# The main job: build the library and run the example programs and the operator documents' sample programs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build
cmake --preset release
cmake --build --preset release
cmake --build --preset release --target run-examples
ctest --preset release -L sample
