#include "conformance_stats.h"

#include <algorithm>

namespace openaclnn::test {

void ConformanceStats::Count(const std::string& feature) { ++counts_[feature]; }

int64_t ConformanceStats::CountOf(const std::string& feature) const {
  const auto it = counts_.find(feature);
  return it == counts_.end() ? 0 : it->second;
}

void ConformanceStats::RecordUlps(const std::string& comparison, int64_t max_ulps) {
  UlpRecord& record = ulps_[comparison];
  ++record.cases;
  record.max_ulps = std::max(record.max_ulps, max_ulps);
}

int64_t ConformanceStats::MaxUlpsOf(const std::string& comparison) const {
  const auto found = ulps_.find(comparison);
  return found == ulps_.end() ? 0 : found->second.max_ulps;
}

std::string ConformanceStats::Summary() const {
  std::string text = "  cases with each feature:\n";
  for (const auto& [feature, count] : counts_) {
    text += "    " + std::to_string(count) + "\t" + feature + "\n";
  }
  text += "  comparisons (cases, largest distance in ulps of out's data type):\n";
  for (const auto& [comparison, record] : ulps_) {
    text += "    " + std::to_string(record.cases) + "\tmax " + std::to_string(record.max_ulps) + "\t" + comparison +
            "\n";
  }
  return text;
}

}  // namespace openaclnn::test
