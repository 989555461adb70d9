# Warning flags for the project's own targets: openaclnn_warnings(<target>).
function(openaclnn_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow)
  if(OPENACLNN_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
