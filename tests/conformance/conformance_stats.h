// What a conformance run covered and how close the results came, printed at the end of the run: how many
// cases had each feature, and per comparison the number of cases and the largest ulp distance seen.
#ifndef OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_STATS_H_
#define OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_STATS_H_

#include <cstdint>
#include <map>
#include <string>

namespace openaclnn::test {

class ConformanceStats {
 public:
  void Count(const std::string& feature);
  int64_t CountOf(const std::string& feature) const;
  void RecordUlps(const std::string& comparison, int64_t max_ulps);
  // The largest distance recorded for `comparison` (0 when none was).
  int64_t MaxUlpsOf(const std::string& comparison) const;
  std::string Summary() const;

 private:
  struct UlpRecord {
    int64_t cases = 0;
    int64_t max_ulps = 0;
  };
  std::map<std::string, int64_t> counts_;
  std::map<std::string, UlpRecord> ulps_;
};

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_CONFORMANCE_CONFORMANCE_STATS_H_
