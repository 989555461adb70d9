#!/bin/sh
# Source this file (". <prefix>/set_env.sh") to use an OpenAclnn prefix the way a CANN toolkit is used:
# it sets the toolkit variables CANN build scripts read and puts lib64 on the library path.
_openaclnn_prefix=$(CDPATH= cd -- "$(dirname -- "${BASH_SOURCE:-$0}")" && pwd)
export ASCEND_TOOLKIT_HOME="${_openaclnn_prefix}"
export ASCEND_HOME_PATH="${_openaclnn_prefix}"
export ASCEND_CUSTOM_PATH="${_openaclnn_prefix}"
export ASCEND_OPP_PATH="${_openaclnn_prefix}"
export LD_LIBRARY_PATH="${_openaclnn_prefix}/lib64${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}"
unset _openaclnn_prefix
