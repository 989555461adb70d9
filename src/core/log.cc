#include "core/log.h"

#include <errno.h>  // program_invocation_short_name
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <utility>

namespace openaclnn::log {
namespace {

constexpr const char* kGlobalLevelEnv = "ASCEND_GLOBAL_LOG_LEVEL";
constexpr const char* kSlogPrintToStdoutEnv = "ASCEND_SLOG_PRINT_TO_STDOUT";
constexpr const char* kLogPrintToStdoutEnv = "ASCEND_LOG_PRINT_TO_STDOUT";

bool IsSet(const char* value) { return value != nullptr && value[0] != '\0'; }

// "0" .. "4"; anything else is CANN's default, error.
Level ParseLevel(const char* value) {
  if (value[0] >= '0' && value[0] <= '4' && value[1] == '\0') {
    return static_cast<Level>(value[0] - '0');
  }
  return Level::kError;
}

const char* LevelName(Level level) {
  switch (level) {
    case Level::kDebug: return "DEBUG";
    case Level::kInfo: return "INFO";
    case Level::kWarning: return "WARNING";
    case Level::kError: return "ERROR";
    case Level::kNone: break;
  }
  return "NONE";
}

const char* ModuleName(Module module) { return module == Module::kOp ? "OP" : "ASCENDCL"; }

// Everything behind a mutex but the two values the hot paths read. Never destroyed, so a line logged while the
// process exits (a stream worker finishing) still finds it.
struct State {
  std::mutex mu;
  Config config;
  std::function<void(std::string_view)> sink;
  std::set<std::string> warned;  // "op\x1fkind" pairs WarnOnce has printed.
};

State& GetState() {
  static State* const state = new State();
  return *state;
}

std::atomic<int> g_level{static_cast<int>(Level::kWarning)};
std::atomic<bool> g_log_failures{false};

void Publish(const Config& config) {
  g_level.store(static_cast<int>(config.level), std::memory_order_relaxed);
  g_log_failures.store(config.log_failures, std::memory_order_relaxed);
}

// Reads the variables once per process, at the first use of the logger.
void EnsureConfigured() {
  static std::once_flag once;
  std::call_once(once, [] {
    State& state = GetState();
    std::lock_guard<std::mutex> lock(state.mu);
    state.config = ConfigFromValues(std::getenv(kGlobalLevelEnv), std::getenv(kSlogPrintToStdoutEnv),
                                    std::getenv(kLogPrintToStdoutEnv));
    Publish(state.config);
  });
}

const char* BaseName(const char* path) {
  const char* slash = std::strrchr(path, '/');
  return slash != nullptr ? slash + 1 : path;
}

// [LEVEL] MODULE(pid,process):yyyy-mm-dd-hh:mm:ss.mmm.uuu [file.cc:line]text
std::string FormatLine(Level level, Module module, const char* file, int line, std::string_view text) {
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  tm local{};
  localtime_r(&now.tv_sec, &local);
  const long micros = now.tv_nsec / 1000;
  char head[160];
  std::snprintf(head, sizeof(head), "[%s] %s(%ld,%s):%04d-%02d-%02d-%02d:%02d:%02d.%03ld.%03ld [%s:%d]",
                LevelName(level), ModuleName(module), static_cast<long>(getpid()), program_invocation_short_name,
                local.tm_year + 1900, local.tm_mon + 1, local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec,
                micros / 1000, micros % 1000, BaseName(file), line);
  std::string formatted(head);
  formatted.append(text);
  formatted.push_back('\n');
  return formatted;
}

// Called with the state's mutex held, so lines from different threads never interleave.
void Emit(State& state, const std::string& formatted) {
  if (state.sink) {
    state.sink(std::string_view(formatted).substr(0, formatted.size() - 1));
    return;
  }
  std::FILE* stream = state.config.to_stdout ? stdout : stderr;
  std::fwrite(formatted.data(), 1, formatted.size(), stream);
  std::fflush(stream);
}

}  // namespace

Config ConfigFromValues(const char* global_level, const char* slog_print_to_stdout, const char* log_print_to_stdout) {
  Config config;
  if (!IsSet(global_level) && !IsSet(slog_print_to_stdout) && !IsSet(log_print_to_stdout)) {
    return config;  // Nobody asked for logs: warnings only, each data warning once.
  }
  config.level = IsSet(global_level) ? ParseLevel(global_level) : Level::kError;
  const char* print_to_stdout = IsSet(log_print_to_stdout) ? log_print_to_stdout : slog_print_to_stdout;
  config.to_stdout = IsSet(print_to_stdout) && std::strcmp(print_to_stdout, "1") == 0;
  config.warn_once = false;
  config.log_failures = true;
  return config;
}

bool Enabled(Level level) {
  EnsureConfigured();
  return level != Level::kNone && static_cast<int>(level) >= g_level.load(std::memory_order_relaxed);
}

bool LogsFailures() {
  EnsureConfigured();
  return g_log_failures.load(std::memory_order_relaxed) && Enabled(Level::kError);
}

void Write(Level level, Module module, const char* file, int line, std::string_view text) {
  if (!Enabled(level)) {
    return;
  }
  try {
    const std::string formatted = FormatLine(level, module, file, line, text);
    State& state = GetState();
    std::lock_guard<std::mutex> lock(state.mu);
    Emit(state, formatted);
  } catch (...) {
    // Out of memory (or a throwing test sink): a diagnostic is never worth failing the call that logs it.
  }
}

void WarnOnce(std::string_view op, std::string_view kind, const char* file, int line, std::string_view text) {
  if (!Enabled(Level::kWarning)) {
    return;
  }
  try {
    State& state = GetState();
    std::lock_guard<std::mutex> lock(state.mu);
    if (state.config.warn_once) {
      std::string key(op);
      key.push_back('\x1f');
      key.append(kind);
      if (!state.warned.insert(std::move(key)).second) {
        return;
      }
    }
    Emit(state, FormatLine(Level::kWarning, Module::kOp, file, line, text));
  } catch (...) {
  }
}

void ConfigureForTesting(const Config& config, std::function<void(std::string_view line)> sink) {
  EnsureConfigured();
  State& state = GetState();
  std::lock_guard<std::mutex> lock(state.mu);
  state.config = config;
  state.sink = std::move(sink);
  state.warned.clear();
  Publish(config);
}

void ResetForTesting() {
  const Config config = ConfigFromValues(std::getenv(kGlobalLevelEnv), std::getenv(kSlogPrintToStdoutEnv),
                                         std::getenv(kLogPrintToStdoutEnv));
  ConfigureForTesting(config, nullptr);
}

}  // namespace openaclnn::log
