// Events and asynchronous copies and fills interleaved with operator launches on several streams. Each round
// copies new input onto the device on stream a, launches the operator there and records an event; stream b waits
// for it and copies the output to that round's pinned snapshot, then records its own event, which stream a waits
// for before the next round overwrites the output. Every snapshot must hold its own round's result, whatever the
// threads' timing; elapsed times between the rounds' events never decrease. Runs under ThreadSanitizer (`stream`).
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "acl/acl.h"
#include "acl_environment.h"
#include "bce_launch.h"

namespace openaclnn::test {
namespace {

constexpr int64_t kElements = int64_t{1} << 17;  // Large enough to be queued, not run in the caller.
constexpr int kRounds = 8;

class PinnedFloats {
 public:
  explicit PinnedFloats(int64_t count) { aclrtMallocHost(&data_, static_cast<size_t>(count) * sizeof(float)); }
  ~PinnedFloats() { aclrtFreeHost(data_); }
  PinnedFloats(const PinnedFloats&) = delete;
  PinnedFloats& operator=(const PinnedFloats&) = delete;
  float* get() const { return static_cast<float*>(data_); }

 private:
  void* data_ = nullptr;
};

TEST(EventOrderingTest, CopiesLaunchesAndWaitsAcrossStreams) {
  for (aclrtStream second_stream_kind : {static_cast<aclrtStream>(nullptr), reinterpret_cast<aclrtStream>(1)}) {
    ScopedStream a;
    ScopedStream explicit_b;
    // b is the default stream in the first pass and an explicit one in the second.
    aclrtStream b = second_stream_kind == nullptr ? nullptr : explicit_b.get();
    BceLaunch launch(kElements);
    std::vector<std::unique_ptr<PinnedFloats>> inputs;
    std::vector<std::unique_ptr<PinnedFloats>> snapshots;
    std::vector<aclrtEvent> computed(kRounds);
    std::vector<aclrtEvent> copied(kRounds);
    for (int round = 0; round < kRounds; ++round) {
      inputs.push_back(std::make_unique<PinnedFloats>(kElements));
      snapshots.push_back(std::make_unique<PinnedFloats>(kElements));
      launch.FillSelf(inputs.back()->get(), round);
      ASSERT_EQ(aclrtCreateEvent(&computed[round]), ACL_SUCCESS);
      ASSERT_EQ(aclrtCreateEventWithFlag(&copied[round], ACL_EVENT_SYNC), ACL_SUCCESS);
    }
    for (int round = 0; round < kRounds; ++round) {
      if (round > 0) {
        ASSERT_EQ(aclrtStreamWaitEvent(a.get(), copied[round - 1]), ACL_SUCCESS);
      }
      ASSERT_EQ(aclrtMemcpyAsync(launch.self(), launch.bytes(), inputs[round]->get(), launch.bytes(),
                                 ACL_MEMCPY_HOST_TO_DEVICE, a.get()),
                ACL_SUCCESS);
      ASSERT_EQ(aclrtMemsetAsync(launch.out(), launch.bytes(), 0xff, launch.bytes(), a.get()), ACL_SUCCESS);
      ASSERT_EQ(launch.Launch(a.get()), 0) << TakeErrorMessage();
      ASSERT_EQ(aclrtRecordEvent(computed[round], a.get()), ACL_SUCCESS);
      ASSERT_EQ(aclrtStreamWaitEvent(b, computed[round]), ACL_SUCCESS);
      ASSERT_EQ(aclrtMemcpyAsync(snapshots[round]->get(), launch.bytes(), launch.out(), launch.bytes(),
                                 ACL_MEMCPY_DEVICE_TO_HOST, b),
                ACL_SUCCESS);
      ASSERT_EQ(aclrtRecordEvent(copied[round], b), ACL_SUCCESS);
    }
    ASSERT_EQ(aclrtSynchronizeEvent(copied[kRounds - 1]), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(a.get()), ACL_SUCCESS);
    float previous = 0.0f;
    for (int round = 0; round < kRounds; ++round) {
      EXPECT_EQ(launch.Wrong(snapshots[round]->get(), round), 0) << "round " << round;
      float ms = -1.0f;
      ASSERT_EQ(aclrtEventElapsedTime(&ms, computed[0], computed[round]), ACL_SUCCESS);
      EXPECT_GE(ms, previous) << "round " << round;
      previous = ms;
    }
    for (int round = 0; round < kRounds; ++round) {
      EXPECT_EQ(aclrtDestroyEvent(computed[round]), ACL_SUCCESS);
      EXPECT_EQ(aclrtDestroyEvent(copied[round]), ACL_SUCCESS);
    }
  }
}

}  // namespace
}  // namespace openaclnn::test
