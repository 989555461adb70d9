// Tolerated data faults, strict mode and the logger, observed from outside: each case runs a program in a process
// of its own (its log variables are read once per process, and "once per process" needs a fresh one) and checks its
// exit code, what it printed, and the log lines on stderr or stdout.
//   diagnostics_test <command prefix...>   the prefix (an emulator, when cross-compiled) runs the programs below
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

extern char** environ;

namespace openaclnn::test {
namespace {

std::vector<std::string> g_prefix;        // Emulator words, if any.
std::string g_example;                    // The NLL example with a target equal to C.
std::string g_probe;                      // diagnostics_fault_probe.

struct Result {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string ReadFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

// The variables that decide what is logged and what fails: none is inherited, so each case sets exactly its own.
bool IsControlled(const char* entry) {
  for (const char* prefix : {"ASCEND_", "OPENACLNN_STRICT=", "OPENACLNN_KERNELS=", "OPENACLNN_LAUNCH_BLOCKING="}) {
    if (std::strncmp(entry, prefix, std::strlen(prefix)) == 0) {
      return true;
    }
  }
  return false;
}

Result RunProgram(const std::string& program, const std::vector<std::string>& args,
           const std::vector<std::string>& variables) {
  std::vector<std::string> words = g_prefix;
  words.push_back(program);
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_strings;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    if (!IsControlled(*entry)) env_strings.emplace_back(*entry);
  }
  env_strings.insert(env_strings.end(), variables.begin(), variables.end());
  std::vector<char*> envp;
  for (std::string& entry : env_strings) envp.push_back(entry.data());
  envp.push_back(nullptr);

  char out_path[] = "/tmp/openaclnn_diag_out_XXXXXX";
  char err_path[] = "/tmp/openaclnn_diag_err_XXXXXX";
  const int out_fd = mkstemp(out_path);
  const int err_fd = mkstemp(err_path);
  Result result;
  if (out_fd < 0 || err_fd < 0) {
    ADD_FAILURE() << "mkstemp failed";
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_fd, STDERR_FILENO);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(out_fd);
  close(err_fd);
  if (spawned == 0) {
    int status = 0;
    waitpid(pid, &status, 0);
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  } else {
    ADD_FAILURE() << "cannot start " << argv[0] << ": " << std::strerror(spawned);
  }
  result.out = ReadFile(out_path);
  result.err = ReadFile(err_path);
  unlink(out_path);
  unlink(err_path);
  return result;
}

std::vector<std::string> Lines(const std::string& text, const std::string& containing) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    if (line.find(containing) != std::string::npos) lines.push_back(line);
  }
  return lines;
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// CANN's layout: [LEVEL] MODULE(pid,process):yyyy-mm-dd-hh:mm:ss.mmm.uuu [file.cc:line]text
const std::regex kLineLayout(R"(^\[(DEBUG|INFO|WARNING|ERROR)\] (OP|ASCENDCL)\(\d+,[^)]+\):\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3}\.\d{3} \[[a-z0-9_]+\.cc:\d+\].+$)");

void ExpectCannLayout(const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    EXPECT_TRUE(std::regex_match(line, kLineLayout)) << line;
  }
}

// What the example prints in every mode: the rows that count are computed, the row whose target is C adds nothing.
void ExpectExampleValues(const Result& result) {
  EXPECT_EQ(Lines(result.out, "loss 0.550000 totalWeight 2.500000").size(), 2u) << result.out;
  EXPECT_EQ(Lines(result.out, "grad[0] = 0.000000 -0.800000 0.000000 0.000000").size(), 2u) << result.out;
  EXPECT_EQ(Lines(result.out, "grad[1] = 0.000000 0.000000 0.000000 0.000000").size(), 2u) << result.out;
  EXPECT_EQ(Lines(result.out, "grad[2] = 0.000000 0.000000 -0.200000 0.000000").size(), 2u) << result.out;
}

TEST(ToleratedTarget, DefaultModeSucceedsWithOneWarningPerOperatorPerProcess) {
  const Result result = RunProgram(g_example, {}, {});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  ExpectExampleValues(result);
  EXPECT_TRUE(Contains(result.out, "every run succeeded")) << result.out;
  // Two steps of two operators, one warning per operator: each names it, the argument, the row and the value.
  const std::vector<std::string> warnings = Lines(result.err, "[WARNING]");
  ASSERT_EQ(warnings.size(), 2u) << result.err;
  EXPECT_EQ(Lines(result.err, "aclnnNLLLoss: target[1] = 4 is outside [0, 4)").size(), 1u) << result.err;
  EXPECT_EQ(Lines(result.err, "aclnnNLLLossBackward: target[1] = 4 is outside [0, 4)").size(), 1u) << result.err;
  ExpectCannLayout(warnings);
  EXPECT_EQ(Lines(result.err, "[").size(), 2u) << "nothing but the two warnings: " << result.err;
}

TEST(ToleratedTarget, StrictModeFailsEachSynchronisationNamingTheRow) {
  const Result result = RunProgram(g_example, {}, {"OPENACLNN_STRICT=1"});
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  ExpectExampleValues(result);  // The rows that count are still computed; the bad row is still left out.
  EXPECT_EQ(Lines(result.out, "aclnnNLLLoss: aclrtSynchronizeStream returned 507015").size(), 2u) << result.out;
  EXPECT_EQ(Lines(result.out, "aclnnNLLLossBackward: aclrtSynchronizeStream returned 507015").size(), 2u)
      << result.out;
  EXPECT_EQ(Lines(result.out, "target[1] = 4 is outside [0, 4) and is not ignoreIndex (-100)").size(), 4u)
      << result.out;
  EXPECT_EQ(result.err, "") << "strict mode reports instead of warning";
}

TEST(ToleratedTarget, LogLevelNonePrintsNothing) {
  const Result result = RunProgram(g_example, {}, {"ASCEND_GLOBAL_LOG_LEVEL=4"});
  EXPECT_EQ(result.exit_code, 0) << result.out;
  ExpectExampleValues(result);
  EXPECT_EQ(result.err, "");
  EXPECT_TRUE(Lines(result.out, "[WARNING]").empty()) << result.out;
}

TEST(Logger, ConfiguredWarningLevelPrintsEveryEventToStdout) {
  const Result result = RunProgram(g_example, {}, {"ASCEND_GLOBAL_LOG_LEVEL=2", "ASCEND_SLOG_PRINT_TO_STDOUT=1"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(result.err, "");
  const std::vector<std::string> warnings = Lines(result.out, "[WARNING]");
  EXPECT_EQ(warnings.size(), 4u) << result.out;  // Each of the four runs: a level set means every event.
  ExpectCannLayout(warnings);
  EXPECT_TRUE(Lines(result.out, "[DEBUG]").empty());
}

TEST(Logger, NewerStdoutVariableWinsOverTheDeprecatedOne) {
  const Result result = RunProgram(g_example, {},
                            {"ASCEND_GLOBAL_LOG_LEVEL=2", "ASCEND_SLOG_PRINT_TO_STDOUT=0", "ASCEND_LOG_PRINT_TO_STDOUT=1"});
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(Lines(result.out, "[WARNING]").size(), 4u) << result.out;
  const Result to_stderr = RunProgram(g_example, {}, {"ASCEND_GLOBAL_LOG_LEVEL=2", "ASCEND_SLOG_PRINT_TO_STDOUT=1",
                                               "ASCEND_LOG_PRINT_TO_STDOUT=0"});
  EXPECT_EQ(Lines(to_stderr.err, "[WARNING]").size(), 4u) << to_stderr.err;
  EXPECT_TRUE(Lines(to_stderr.out, "[WARNING]").empty()) << to_stderr.out;
}

TEST(Logger, ErrorLevelHidesWarningsAndPrintsFailures) {
  // CANN's default level: with only the stdout switch set, warnings are below it, failures are not.
  const Result tolerated = RunProgram(g_example, {}, {"ASCEND_SLOG_PRINT_TO_STDOUT=1"});
  EXPECT_EQ(tolerated.exit_code, 0);
  EXPECT_TRUE(Lines(tolerated.out, "[WARNING]").empty()) << tolerated.out;
  EXPECT_EQ(tolerated.err, "");
  const Result strict = RunProgram(g_example, {}, {"ASCEND_SLOG_PRINT_TO_STDOUT=1", "OPENACLNN_STRICT=1"});
  const std::vector<std::string> errors = Lines(strict.out, "[ERROR]");
  EXPECT_EQ(errors.size(), 4u) << strict.out;
  ExpectCannLayout(errors);
  EXPECT_EQ(Lines(strict.out, "[ERROR] OP(").size(), 4u) << strict.out;
}

TEST(Logger, InvalidLevelMeansCannsDefault) {
  const Result result = RunProgram(g_example, {}, {"ASCEND_GLOBAL_LOG_LEVEL=verbose", "ASCEND_SLOG_PRINT_TO_STDOUT=1"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_TRUE(Lines(result.out, "[WARNING]").empty()) << result.out;
}

TEST(Logger, DebugLevelDescribesEveryPhaseOne) {
  const Result result = RunProgram(g_example, {}, {"ASCEND_GLOBAL_LOG_LEVEL=0"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const std::vector<std::string> forward = Lines(result.err, "[DEBUG] OP(");
  ExpectCannLayout(forward);
  const std::vector<std::string> nll = Lines(
      result.err, "aclnnNLLLossGetWorkspaceSize: self FLOAT[3, 4] strides [4, 1], target INT64[3] strides [1], "
                  "weight FLOAT[4] strides [1], out FLOAT[] strides [], totalWeightOut FLOAT[] strides []; 3 elements, "
                  "kernels reference, up to ");
  EXPECT_EQ(nll.size(), 2u) << result.err;
  const std::vector<std::string> backward = Lines(result.err, "aclnnNLLLossBackwardGetWorkspaceSize: gradOutput FLOAT[]");
  ASSERT_EQ(backward.size(), 2u) << result.err;
  EXPECT_TRUE(std::regex_search(backward[0], std::regex(R"(; 12 elements, kernels \S+, up to \d+ threads$)")))
      << backward[0];
}

TEST(ToleratedOverflow, DefaultStoresInfinityAndWarnsOncePerProcess) {
  for (const char* scenario : {"bce-overflow", "nll-overflow", "mse-overflow"}) {
    SCOPED_TRACE(scenario);
    const Result result = RunProgram(g_probe, {scenario}, {});
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
    EXPECT_EQ(Lines(result.out, "sync 0 out inf").size(), 2u) << result.out;
    const std::vector<std::string> warnings = Lines(result.err, "[WARNING]");
    ASSERT_EQ(warnings.size(), 1u) << result.err;
    EXPECT_TRUE(Contains(warnings[0], "the reduced value of 'out' is 1")) << warnings[0];  // 100000 or 105000
    EXPECT_TRUE(Contains(warnings[0], "FLOAT16")) << warnings[0];
    ExpectCannLayout(warnings);
  }
  const Result nll = RunProgram(g_probe, {"nll-overflow"}, {});
  EXPECT_EQ(Lines(nll.out, "totalWeightOut 70000").size(), 2u) << nll.out;
}

TEST(ToleratedOverflow, StrictModeReportsTheOverflowCode) {
  for (const char* scenario : {"bce-overflow", "nll-overflow", "mse-overflow"}) {
    SCOPED_TRACE(scenario);
    const Result result = RunProgram(g_probe, {scenario}, {"OPENACLNN_STRICT=1"});
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
    EXPECT_EQ(Lines(result.out, "sync 207003 out inf").size(), 2u) << result.out;
    EXPECT_EQ(Lines(result.out, "message: AclNN_Runtime_Error: aclnn").size(), 2u) << result.out;
    EXPECT_EQ(result.err, "");
  }
}

TEST(ToleratedOverflow, LogLevelNonePrintsNothing) {
  for (const char* scenario : {"bce-overflow", "nll-overflow", "mse-overflow"}) {
    SCOPED_TRACE(scenario);
    const Result result = RunProgram(g_probe, {scenario}, {"ASCEND_GLOBAL_LOG_LEVEL=4"});
    EXPECT_EQ(Lines(result.out, "sync 0 out inf").size(), 2u) << result.out;
    EXPECT_EQ(result.err, "");
  }
}

// The per-pixel NLL pair: position (0, 0, 1)'s target equals C. Sum over the one position that counts: 0.5 (class
// 1 of position (0, 0, 0)); its gradient is -1 there and zero elsewhere (the probe prints the first element, 0).
TEST(ToleratedTarget, Nll2dPairInEveryMode) {
  const Result tolerated = RunProgram(g_probe, {"nll2d-target"}, {});
  EXPECT_EQ(tolerated.exit_code, 0) << tolerated.out << tolerated.err;
  EXPECT_EQ(Lines(tolerated.out, "sync 0 out 0.5").size(), 2u) << tolerated.out;
  EXPECT_EQ(Lines(tolerated.out, "sync 0 out").size(), 4u) << tolerated.out;
  const std::vector<std::string> warnings = Lines(tolerated.err, "[WARNING]");
  ASSERT_EQ(warnings.size(), 2u) << tolerated.err;  // One per operator for the process, not one per run.
  EXPECT_EQ(Lines(tolerated.err, "aclnnNLLLoss2d: target[0][0][1] = 3 is outside [0, 3)").size(), 1u) << tolerated.err;
  EXPECT_EQ(Lines(tolerated.err, "aclnnNLLLoss2dBackward: target[0][0][1] = 3 is outside [0, 3)").size(), 1u)
      << tolerated.err;
  ExpectCannLayout(warnings);
  const Result strict = RunProgram(g_probe, {"nll2d-target"}, {"OPENACLNN_STRICT=1"});
  EXPECT_EQ(Lines(strict.out, "sync 507015 out 0.5").size(), 2u) << strict.out;
  EXPECT_EQ(Lines(strict.out, "sync 507015 out").size(), 4u) << strict.out;
  EXPECT_EQ(Lines(strict.out, "target[0][0][1] = 3 is outside [0, 3)").size(), 4u) << strict.out;
  EXPECT_EQ(strict.err, "");
  const Result quiet = RunProgram(g_probe, {"nll2d-target"}, {"ASCEND_GLOBAL_LOG_LEVEL=4"});
  EXPECT_EQ(Lines(quiet.out, "sync 0 out 0.5").size(), 2u) << quiet.out;
  EXPECT_EQ(quiet.err, "");
}

TEST(Logger, BadKernelTargetVariableIsOneWarning) {
  const Result result = RunProgram(g_probe, {"kernel-target"}, {"OPENACLNN_KERNELS=no-such-target"});
  EXPECT_EQ(result.exit_code, 0);
  const std::vector<std::string> warnings = Lines(result.err, "[WARNING]");
  ASSERT_EQ(warnings.size(), 1u) << result.err;
  EXPECT_TRUE(Contains(warnings[0], "OPENACLNN_KERNELS=no-such-target is not an available kernel target"));
  ExpectCannLayout(warnings);
  const Result quiet = RunProgram(g_probe, {"kernel-target"}, {"OPENACLNN_KERNELS=no-such-target", "ASCEND_GLOBAL_LOG_LEVEL=4"});
  EXPECT_EQ(quiet.err, "");
}

}  // namespace
}  // namespace openaclnn::test

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s [emulator words...] <example program> <probe program>\n", argv[0]);
    return 2;
  }
  for (int i = 1; i + 2 < argc; ++i) openaclnn::test::g_prefix.emplace_back(argv[i]);
  openaclnn::test::g_example = argv[argc - 2];
  openaclnn::test::g_probe = argv[argc - 1];
  return RUN_ALL_TESTS();
}
