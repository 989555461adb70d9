#!/bin/sh
# set_env.sh of an installed prefix, sourced by each given shell, sets the variables CANN build scripts read;
# a C program then builds with CANN's flags from those variables alone and runs with the library path it set.
#   check_set_env.sh <prefix> <libdir> <cc> <program.c> <flags (a ;-list)> <crosscompiling> <shell>...
# <libdir> is the library directory relative to the prefix (CMAKE_INSTALL_LIBDIR: lib64 unless chosen).
set -eu
prefix=$1 libdir=$2 cc=$3 program=$4 flags=$(printf '%s' "$5" | tr ';' ' ') cross=$6
shift 6
case "$cross" in 1|ON|TRUE|true|YES) cross=1 ;; *) cross= ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for shell in "$@"; do
  echo "== sourced by $shell"
  # Run from elsewhere, with a polluted environment, to show the file needs neither.
  (cd / && env -u LD_LIBRARY_PATH ASCEND_HOME_PATH=/wrong "$shell" -c '
    set -eu
    . "$1/set_env.sh"
    for var in ASCEND_TOOLKIT_HOME ASCEND_HOME_PATH ASCEND_CUSTOM_PATH ASCEND_OPP_PATH; do
      eval value=\${$var}
      [ "$value" = "$1" ] || { echo "$var is $value, expected $1"; exit 1; }
    done
    case ":$LD_LIBRARY_PATH:" in *":$1/$7:"*) ;; *) echo "LD_LIBRARY_PATH lacks $1/$7"; exit 1 ;; esac
    $2 -std=c99 $5 "$3" -I"$ASCEND_HOME_PATH/include" -I"$ASCEND_HOME_PATH/include/aclnn" \
       -L"$ASCEND_HOME_PATH/$7" -lascendcl -lnnopbase -lopapi -o "$4/program"
    if [ -n "$6" ]; then echo "cross build: not running the program"; else "$4/program"; fi
  ' check "$prefix" "$cc" "$program" "$work" "$flags" "$cross" "$libdir")
done
echo "set_env.sh works"
