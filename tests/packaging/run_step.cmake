# run(<what> <command...>): runs a command of a packaging check, prints its output, and fails the check naming
# <what> when the command fails. Included by the packaging scripts.
function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  message("${output}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what} failed (${result})")
  endif()
endfunction()
