// The library's one logger. Every diagnostic it prints goes through here, configured by CANN's variables:
//   ASCEND_GLOBAL_LOG_LEVEL        0 debug, 1 info, 2 warning, 3 error (CANN's default), 4 nothing
//   ASCEND_SLOG_PRINT_TO_STDOUT    1: lines go to stdout instead of stderr (ASCEND_LOG_PRINT_TO_STDOUT, CANN's newer
//                                  name, wins when both are set)
// With neither variable set (most programs), only warnings are printed, to stderr, and a warning about the
// caller's data (WarnOnce) only the first time per operator and kind in the process (DECISIONS 15). With either set,
// every message at or above the level is printed, failures of API calls (error level) included.
// Lines have CANN's layout: [LEVEL] MODULE(pid,process):yyyy-mm-dd-hh:mm:ss.mmm.uuu [file.cc:line]text
#ifndef OPENACLNN_CORE_LOG_H_
#define OPENACLNN_CORE_LOG_H_

#include <functional>
#include <string_view>

namespace openaclnn::log {

enum class Level : int { kDebug = 0, kInfo = 1, kWarning = 2, kError = 3, kNone = 4 };

// The CANN module a line is attributed to: operators (aclnn*) or the ACL runtime (acl*, aclrt*).
enum class Module : int { kOp, kRuntime };

struct Config {
  Level level = Level::kWarning;  // Lines below it are dropped.
  bool to_stdout = false;
  bool warn_once = true;      // WarnOnce prints each (operator, kind) once per process.
  bool log_failures = false;  // API failures are also printed (error level).
};

// The configuration the variables' values give (nullptr: unset).
Config ConfigFromValues(const char* global_level, const char* slog_print_to_stdout, const char* log_print_to_stdout);

// True when a line of this level would be printed: one relaxed load, so callers test it before building text.
bool Enabled(Level level);
// True when API failures are printed too (a variable asks for logs).
bool LogsFailures();

// Prints one line when the level is enabled. Never throws; a line that cannot be formatted is dropped.
void Write(Level level, Module module, const char* file, int line, std::string_view text);

// A warning about the caller's data that the run tolerated: printed once per (op, kind) per process by default,
// every time when a variable configures the logger.
void WarnOnce(std::string_view op, std::string_view kind, const char* file, int line, std::string_view text);

// Tests only: replaces the configuration read from the environment and sends lines to `sink` (nullptr: the
// configured stream), and forgets which (operator, kind) pairs have warned.
void ConfigureForTesting(const Config& config, std::function<void(std::string_view line)> sink);
// Tests only: back to the environment's configuration and the standard streams.
void ResetForTesting();

}  // namespace openaclnn::log

#define OPENACLNN_LOG(level, module, text)                                                                \
  do {                                                                                                    \
    if (::openaclnn::log::Enabled(level)) {                                                               \
      ::openaclnn::log::Write(level, module, __FILE__, __LINE__, text);                                   \
    }                                                                                                     \
  } while (0)

#endif  // OPENACLNN_CORE_LOG_H_
