#!/usr/bin/env bash
# The main job: build the library and run the example programs and the operator documents' sample programs.
# The documents (aclnnNLLLossBackward.txt, aclnnBinaryCrossEntropyBackward.txt) are not part of this repository:
# their samples need the spec folder (../shared/spec beside the clone, or -DOPENACLNN_SPEC_DIR=<folder>), and
# without it this says so instead of counting them as passed.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build
cmake --preset release
cmake --build --preset release
cmake --build --preset release --target run-examples

readonly documents=(aclnnNLLLossBackward.txt aclnnBinaryCrossEntropyBackward.txt)
spec_dir=$(sed -n 's/^OPENACLNN_SPEC_DIR:[A-Z]*=//p' build/release/CMakeCache.txt)
missing=()
for document in "${documents[@]}"; do
  [ -f "$spec_dir/$document" ] || missing+=("$document")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "run-examples: the example programs passed, but the operator documents' samples were NOT run:"
  echo "run-examples: they are compiled from ${documents[*]}, and $spec_dir lacks ${missing[*]}."
  echo "run-examples: put the spec folder there, or configure with -DOPENACLNN_SPEC_DIR=<folder with the documents>."
  exit 0
fi
ctest --preset release -L sample
