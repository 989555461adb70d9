// The logger's configuration from CANN's variables, its levels, WarnOnce, and concurrent use (this binary is also
// run under ThreadSanitizer: label concurrency).
#include "core/log.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace openaclnn::log {
namespace {

TEST(LogConfig, NoVariableMeansWarningsOnlyOncePerKindToStderr) {
  const Config config = ConfigFromValues(nullptr, nullptr, nullptr);
  EXPECT_EQ(config.level, Level::kWarning);
  EXPECT_FALSE(config.to_stdout);
  EXPECT_TRUE(config.warn_once);
  EXPECT_FALSE(config.log_failures);
  // Empty values count as unset.
  const Config empty = ConfigFromValues("", "", "");
  EXPECT_EQ(empty.level, Level::kWarning);
  EXPECT_TRUE(empty.warn_once);
}

TEST(LogConfig, EachLevelOfTheGlobalVariable) {
  const Level levels[] = {Level::kDebug, Level::kInfo, Level::kWarning, Level::kError, Level::kNone};
  for (int value = 0; value <= 4; ++value) {
    const std::string text = std::to_string(value);
    const Config config = ConfigFromValues(text.c_str(), nullptr, nullptr);
    EXPECT_EQ(config.level, levels[value]) << value;
    EXPECT_FALSE(config.to_stdout);
    EXPECT_FALSE(config.warn_once);  // A configured logger prints every event.
    EXPECT_TRUE(config.log_failures);
  }
}

TEST(LogConfig, InvalidLevelIsCannsDefaultError) {
  for (const char* value : {"5", "-1", "02", "2 ", "warning", "9"}) {
    EXPECT_EQ(ConfigFromValues(value, nullptr, nullptr).level, Level::kError) << value;
  }
}

TEST(LogConfig, StdoutVariablesAndTheirPriority) {
  EXPECT_TRUE(ConfigFromValues(nullptr, "1", nullptr).to_stdout);
  EXPECT_EQ(ConfigFromValues(nullptr, "1", nullptr).level, Level::kError);  // Level unset: CANN's default.
  EXPECT_FALSE(ConfigFromValues(nullptr, "0", nullptr).to_stdout);
  EXPECT_TRUE(ConfigFromValues(nullptr, nullptr, "1").to_stdout);
  EXPECT_TRUE(ConfigFromValues(nullptr, "0", "1").to_stdout);   // The newer name wins when both are set.
  EXPECT_FALSE(ConfigFromValues(nullptr, "1", "0").to_stdout);
  EXPECT_TRUE(ConfigFromValues("2", "1", "").to_stdout);        // An empty newer variable is unset.
}

class LogTest : public ::testing::Test {
 protected:
  // Also forgets the lines captured so far.
  void Configure(Level level, bool warn_once) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      lines_.clear();
    }
    Config config;
    config.level = level;
    config.warn_once = warn_once;
    ConfigureForTesting(config, [this](std::string_view line) {
      std::lock_guard<std::mutex> lock(mu_);
      lines_.emplace_back(line);
    });
  }
  void TearDown() override { ResetForTesting(); }
  std::vector<std::string> Lines() {
    std::lock_guard<std::mutex> lock(mu_);
    return lines_;
  }

 private:
  std::mutex mu_;
  std::vector<std::string> lines_;
};

TEST_F(LogTest, LevelsBelowTheThresholdAreDropped) {
  for (int threshold = 0; threshold <= 4; ++threshold) {
    Configure(static_cast<Level>(threshold), false);
    for (int level = 0; level <= 3; ++level) {
      Write(static_cast<Level>(level), Module::kRuntime, __FILE__, __LINE__, "line " + std::to_string(level));
    }
    EXPECT_EQ(Lines().size(), static_cast<size_t>(4 - threshold)) << threshold;
    EXPECT_EQ(Enabled(Level::kDebug), threshold == 0);
    EXPECT_FALSE(Enabled(Level::kNone));
  }
}

TEST_F(LogTest, LineLayoutIsCanns) {
  Configure(Level::kDebug, false);
  Write(Level::kInfo, Module::kRuntime, "/some/dir/stream.cc", 88, "the text");
  Write(Level::kError, Module::kOp, "x.cc", 1, "op text");
  const std::vector<std::string> lines = Lines();
  ASSERT_EQ(lines.size(), 2u);
  const std::string pid = std::to_string(getpid());
  EXPECT_EQ(lines[0].rfind("[INFO] ASCENDCL(" + pid + ",log_test):", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find(" [stream.cc:88]the text"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1].rfind("[ERROR] OP(" + pid + ",", 0), 0u) << lines[1];
}

TEST_F(LogTest, WarnOnceDeduplicatesPerOperatorAndKindOnlyByDefault) {
  Configure(Level::kWarning, true);
  for (int i = 0; i < 3; ++i) {
    WarnOnce("aclnnA", "kind 1", __FILE__, __LINE__, "a1");
    WarnOnce("aclnnA", "kind 2", __FILE__, __LINE__, "a2");
    WarnOnce("aclnnB", "kind 1", __FILE__, __LINE__, "b1");
  }
  EXPECT_EQ(Lines().size(), 3u);
  Configure(Level::kWarning, false);
  WarnOnce("aclnnA", "kind 1", __FILE__, __LINE__, "a1");
  WarnOnce("aclnnA", "kind 1", __FILE__, __LINE__, "a1");
  EXPECT_EQ(Lines().size(), 2u);
  Configure(Level::kNone, true);
  WarnOnce("aclnnC", "kind 1", __FILE__, __LINE__, "c1");
  EXPECT_TRUE(Lines().empty());
}

TEST_F(LogTest, ConcurrentLinesStayWholeAndWarnOnceStaysOnce) {
  Configure(Level::kDebug, true);
  constexpr int kThreads = 8;
  constexpr int kLinesPerThread = 200;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t] {
      const std::string text = "thread " + std::to_string(t) + std::string(100, 'x');
      for (int i = 0; i < kLinesPerThread; ++i) {
        Write(Level::kInfo, Module::kOp, __FILE__, __LINE__, text);
        WarnOnce("aclnnShared", "kind", __FILE__, __LINE__, "shared warning");
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  const std::vector<std::string> lines = Lines();
  ASSERT_EQ(lines.size(), static_cast<size_t>(kThreads * kLinesPerThread + 1));
  int warnings = 0;
  for (const std::string& line : lines) {
    if (line.find("shared warning") != std::string::npos) {
      ++warnings;
      continue;
    }
    EXPECT_NE(line.find(std::string(100, 'x')), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos);
  }
  EXPECT_EQ(warnings, 1);
}

}  // namespace
}  // namespace openaclnn::log
