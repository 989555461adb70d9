// The grid: aclnnNLLLossBackward against the fp64 reference over data types x target types x out types x
// reductions x shapes x layouts x ignoreIndex. The full cross product is far too big for CI, so the grid is
// the union of three covering parts (see BuildCases): every value of every axis appears, every combination of
// (self, target, out) data types x reduction x ignoreIndex kind x layout is run on small shapes, every small
// (N, C) and (C) under every layout, and every large shape under every layout. The kernel implementation and
// the thread count rotate too.
//
// Values are drawn from a seed printed at start-up (a fixed default, so CI runs are reproducible). Set
// OPENACLNN_TEST_SEED=<n> to replay a run, or OPENACLNN_TEST_SEED=random for a fresh seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "acl_environment.h"
#include "nll_call.h"
#include "openaclnn/openaclnn.h"

namespace openaclnn::test {
namespace {

constexpr uint64_t kDefaultSeed = 20250601;

uint64_t GridSeed() {
  static const uint64_t seed = [] {
    const char* text = std::getenv("OPENACLNN_TEST_SEED");
    if (text == nullptr || *text == '\0') {
      return kDefaultSeed;
    }
    if (std::string(text) == "random") {
      return static_cast<uint64_t>(std::random_device()()) << 32 ^ static_cast<uint64_t>(std::random_device()());
    }
    return static_cast<uint64_t>(std::strtoull(text, nullptr, 0));
  }();
  return seed;
}

class SeedPrinter : public ::testing::Environment {
 public:
  void SetUp() override {
    std::printf("NLL grid seed: %" PRIu64 " (set OPENACLNN_TEST_SEED to replay)\n", GridSeed());
  }
};
[[maybe_unused]] ::testing::Environment* const kSeedPrinter = ::testing::AddGlobalTestEnvironment(new SeedPrinter());

// SplitMix64: small, and the same sequence on every platform (unlike the std distributions).
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n); n > 0.
  int64_t Below(int64_t n) { return static_cast<int64_t>(Next() % static_cast<uint64_t>(n)); }
  // Uniform in [lo, hi).
  double Uniform(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(Next() >> 11) * 0x1.0p-53;
  }

 private:
  uint64_t state_;
};

enum class LayoutKind { kContiguous, kTransposed, kSliced, kZeroStride, kStridedOut, kMixed };
constexpr LayoutKind kLayouts[] = {LayoutKind::kContiguous, LayoutKind::kTransposed, LayoutKind::kSliced,
                                   LayoutKind::kZeroStride, LayoutKind::kStridedOut, LayoutKind::kMixed};

// absent: -100, never a target. above: a value >= C used as a padding target. inside: a class in [0, C).
// negative: -1 used as a padding target (a UINT8 target cannot hold it, so there it is never hit).
enum class IgnoreKind { kAbsent, kHitAbove, kHitInside, kHitNegative };
constexpr IgnoreKind kIgnoreKinds[] = {IgnoreKind::kAbsent, IgnoreKind::kHitAbove, IgnoreKind::kHitInside,
                                       IgnoreKind::kHitNegative};

constexpr aclDataType kFloatTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
constexpr aclDataType kTargetTypes[] = {ACL_INT64, ACL_INT32, ACL_UINT8};

// N and C values: 0, 1, small primes, around vector widths, and >= 1000.
const std::vector<int64_t> kSmallSizes = {0, 1, 2, 3, 5, 7, 8, 9, 13, 15, 16, 17, 31, 32, 33, 63, 64, 65};
const std::vector<int64_t> kLargeSizes = {1000, 1031, 4099};
const std::vector<int64_t> kPartners = {1, 7, 16, 33, 65};  // Small sizes paired with the large ones.

struct GridCase {
  int index = 0;
  aclDataType input = ACL_FLOAT;
  aclDataType target = ACL_INT64;
  aclDataType out = ACL_FLOAT;
  int64_t reduction = 0;
  bool one_d = false;
  int64_t rows = 0;
  int64_t classes = 0;
  LayoutKind layout = LayoutKind::kContiguous;
  IgnoreKind ignore = IgnoreKind::kAbsent;
};

const char* LayoutText(LayoutKind kind) {
  switch (kind) {
    case LayoutKind::kContiguous: return "contiguous";
    case LayoutKind::kTransposed: return "transposed";
    case LayoutKind::kSliced: return "sliced";
    case LayoutKind::kZeroStride: return "zerostride";
    case LayoutKind::kStridedOut: return "stridedout";
    case LayoutKind::kMixed: return "mixed";
  }
  return "?";
}

const char* IgnoreText(IgnoreKind kind) {
  switch (kind) {
    case IgnoreKind::kAbsent: return "absent";
    case IgnoreKind::kHitAbove: return "above";
    case IgnoreKind::kHitInside: return "inside";
    case IgnoreKind::kHitNegative: return "negative";
  }
  return "?";
}

std::string CaseName(const GridCase& c) {
  static const char* const kReductions[] = {"none", "mean", "sum"};
  std::string name = "c" + std::to_string(c.index) + "_" + DtypeText(c.input) + "_" + DtypeText(c.target) + "_" +
                     DtypeText(c.out) + "_" + kReductions[c.reduction] + "_";
  name += c.one_d ? "C" + std::to_string(c.classes)
                  : "N" + std::to_string(c.rows) + "xC" + std::to_string(c.classes);
  return name + "_" + LayoutText(c.layout) + "_ign" + IgnoreText(c.ignore);
}

// For GoogleTest's messages (instead of a byte dump).
void PrintTo(const GridCase& c, std::ostream* os) { *os << CaseName(c); }

// Appends a case; the rotation counters pick the axes a part does not enumerate.
void Add(std::vector<GridCase>* cases, GridCase c) {
  c.index = static_cast<int>(cases->size());
  cases->push_back(c);
}

std::vector<GridCase> BuildCases() {
  std::vector<GridCase> cases;
  // Part A: every data type triple x reduction x ignoreIndex kind x layout (1944 cases) on small shapes that
  // rotate through the small sizes, one case in five with a 1-D self.
  int turn = 0;
  for (aclDataType input : kFloatTypes) {
    for (aclDataType target : kTargetTypes) {
      for (aclDataType out : kFloatTypes) {
        for (int64_t reduction = 0; reduction < 3; ++reduction) {
          for (IgnoreKind ignore : kIgnoreKinds) {
            for (LayoutKind layout : kLayouts) {
              GridCase c;
              c.input = input;
              c.target = target;
              c.out = out;
              c.reduction = reduction;
              c.ignore = ignore;
              c.layout = layout;
              const size_t n = kSmallSizes.size();
              c.one_d = turn % 5 == 4;
              c.rows = kSmallSizes[(static_cast<size_t>(turn) * 7 + 3) % n];
              c.classes = kSmallSizes[(static_cast<size_t>(turn) * 11 + 5) % n];
              ++turn;
              Add(&cases, c);
            }
          }
        }
      }
    }
  }
  // Part B: every (N, C) pair of small sizes and every 1-D (C), each under every layout; the data types,
  // reduction and ignoreIndex kind rotate.
  std::vector<std::pair<int64_t, int64_t>> shapes;  // (N, C); N = -1 marks a 1-D self.
  for (int64_t rows : kSmallSizes) {
    for (int64_t classes : kSmallSizes) {
      shapes.emplace_back(rows, classes);
    }
  }
  for (int64_t classes : kSmallSizes) {
    shapes.emplace_back(-1, classes);
  }
  turn = 0;
  for (const auto& [rows, classes] : shapes) {
    for (LayoutKind layout : kLayouts) {
      GridCase c;
      c.input = kFloatTypes[turn % 3];
      c.target = kTargetTypes[(turn / 3) % 3];
      c.out = kFloatTypes[(turn / 9) % 3];
      c.reduction = (turn / 2) % 3;
      c.ignore = kIgnoreKinds[(turn / 5) % 4];
      c.layout = layout;
      c.one_d = rows < 0;
      c.rows = c.one_d ? 1 : rows;
      c.classes = classes;
      ++turn;
      Add(&cases, c);
    }
  }
  // Part C: large sizes (N or C >= 1000) paired with small ones, large 1-D selfs and two large squares, each
  // under every layout; the data types, reduction and ignoreIndex kind rotate.
  std::vector<std::pair<int64_t, int64_t>> large;
  for (int64_t big : kLargeSizes) {
    for (int64_t partner : kPartners) {
      large.emplace_back(big, partner);
      large.emplace_back(partner, big);
    }
    large.emplace_back(-1, big);
  }
  // Outputs of 2 MiB and more, which the kernels split over threads.
  large.emplace_back(1031, 1031);
  large.emplace_back(1000, 1000);
  large.emplace_back(4099, 257);
  large.emplace_back(257, 4099);
  turn = 0;
  for (const auto& [rows, classes] : large) {
    for (LayoutKind layout : kLayouts) {
      GridCase c;
      c.input = kFloatTypes[turn % 3];
      c.target = kTargetTypes[(turn / 3) % 3];
      c.out = kFloatTypes[(turn / 9) % 3];
      c.reduction = (turn / 2) % 3;
      c.ignore = kIgnoreKinds[(turn / 5) % 4];
      c.layout = layout;
      c.one_d = rows < 0;
      c.rows = c.one_d ? 1 : rows;
      c.classes = classes;
      ++turn;
      Add(&cases, c);
    }
  }
  return cases;
}

// Lays out the tensors of spec as the case's layout asks.
void ApplyLayout(LayoutKind kind, int64_t rows, NllSpec* spec) {
  const bool two_d = spec->self.dims.size() == 2;
  auto rank1 = [](const TensorSpec& t) { return t.dims.size() == 1; };
  switch (kind) {
    case LayoutKind::kContiguous:
      return;
    case LayoutKind::kTransposed:
      // self and out column-major; a 1-D self/out steps by 2 instead.
      for (TensorSpec* t : {&spec->self, &spec->out}) {
        t->layout.strides = two_d ? TransposedStrides(t->dims) : std::vector<int64_t>{2};
      }
      return;
    case LayoutKind::kSliced: {
      // Every tensor a slice of a larger one: padded strides and its own storage offset.
      int64_t offset = 1;
      spec->total_weight.dims = {1, 1};
      for (TensorSpec* t : {&spec->grad, &spec->self, &spec->target, &spec->weight, &spec->total_weight,
                            &spec->out}) {
        t->layout.strides = PaddedStrides(t->dims, offset % 3 + 1);
        t->layout.offset = offset;
        offset += 2;
      }
      return;
    }
    case LayoutKind::kZeroStride:
      // Inputs broadcast by stride 0: one weight for every class, one target / gradOutput for every row, and a
      // self that is a single element.
      spec->weight.layout.strides = {0};
      spec->total_weight.layout.strides = {0};
      if (rank1(spec->target)) spec->target.layout.strides = {0};
      if (rank1(spec->grad)) spec->grad.layout.strides = {0};
      spec->self.layout.strides.assign(spec->self.dims.size(), 0);
      return;
    case LayoutKind::kStridedOut:
      // Only out is non-contiguous: column-major with padding, at an offset.
      spec->out.layout.strides = two_d ? std::vector<int64_t>{1, rows + 3} : std::vector<int64_t>{3};
      spec->out.layout.offset = 4;
      return;
    case LayoutKind::kMixed:
      // Everything different at once, with 0-d gradOutput / totalWeight where they are one element.
      spec->out.layout.strides = PaddedStrides(spec->out.dims, 2);
      spec->out.layout.offset = 3;
      if (two_d) spec->self.layout.strides = TransposedStrides(spec->self.dims);
      if (rank1(spec->target)) spec->target.layout.strides = {2};
      spec->target.layout.offset = 1;
      if (spec->reduction != 0 || !two_d) {
        spec->grad.dims = {};
      } else {
        spec->grad.layout.strides = {3};
      }
      spec->grad.layout.offset = 2;
      spec->weight.layout.strides = {2};
      spec->weight.layout.offset = 5;
      spec->total_weight.dims = {};
      spec->total_weight.layout.offset = 2;
      return;
  }
}

int64_t ChooseIgnoreIndex(const GridCase& c, Rng* rng) {
  switch (c.ignore) {
    case IgnoreKind::kAbsent: return -100;
    case IgnoreKind::kHitAbove: return c.target == ACL_UINT8 ? 255 : c.classes + 7;
    case IgnoreKind::kHitInside: return c.classes > 0 ? rng->Below(c.classes) : 0;
    case IgnoreKind::kHitNegative: return -1;
  }
  return -100;
}

// Fills the inputs with values drawn from rng: targets in range, a quarter of them replaced by ignoreIndex when
// the case uses it. Magnitudes keep every product and the mean's quotient normal and far from overflow in every
// type, as the tolerance rule assumes.
void FillInputs(const GridCase& c, Rng* rng, const NllCall& call) {
  const int64_t ignore_index = call.spec().ignore_index;
  const int64_t reachable = c.target == ACL_UINT8 ? std::min<int64_t>(c.classes, 256) : c.classes;
  // A UINT8 target widened to int64 can equal ignoreIndex only in [0, 255].
  const bool storable = c.target != ACL_UINT8 || (ignore_index >= 0 && ignore_index <= 255);
  std::vector<double> targets(static_cast<size_t>(call.target().numel()));
  for (double& t : targets) {
    if (reachable == 0) {
      t = 0;  // C = 0: self is empty and nothing is read.
    } else if (c.ignore != IgnoreKind::kAbsent && storable && rng->Below(4) == 0) {
      t = static_cast<double>(ignore_index);
    } else {
      t = static_cast<double>(rng->Below(reachable));
    }
  }
  if (c.ignore == IgnoreKind::kHitInside && reachable > 0 && !targets.empty()) {
    targets[0] = static_cast<double>(ignore_index);  // The inside value is hit at least once.
  }
  call.target().Fill(targets);
  std::vector<double> grad(static_cast<size_t>(call.grad().numel()));
  for (double& g : grad) g = rng->Uniform(-4.0, 4.0);
  call.grad().Fill(grad);
  std::vector<double> weight(static_cast<size_t>(call.weight().numel()));
  for (double& w : weight) w = rng->Uniform(-4.0, 4.0);
  call.weight().Fill(weight);
  const double total = rng->Uniform(0.5, 8.0);
  call.total_weight().Fill({rng->Below(2) == 0 ? total : -total});
}

// The kernel implementations this build and CPU offer ("reference" first, then the SIMD targets).
const std::vector<std::string>& KernelTargets() {
  static const std::vector<std::string> targets = [] {
    std::vector<std::string> names;
    for (int32_t i = 0; i < openaclnnGetKernelTargetCount(); ++i) {
      names.emplace_back(openaclnnGetKernelTargetName(i));
    }
    return names;
  }();
  return targets;
}

// Thread counts the cases rotate through (0: the default). Only outputs of 1 MiB and more use several.
constexpr int32_t kThreadCounts[] = {0, 1, 2, 3};

class NllGridTest : public ::testing::TestWithParam<GridCase> {
 protected:
  static aclrtStream stream() {
    static ScopedStream* shared = new ScopedStream();  // One stream for the whole grid; released at exit.
    return shared->get();
  }
};

TEST_P(NllGridTest, MatchesReference) {
  const GridCase& c = GetParam();
  const uint64_t seed = GridSeed();
  // Every kernel implementation and several thread counts take turns; all must match the reference exactly
  // as the rule says (DECISIONS 7: the same bits on every path).
  const std::vector<std::string>& targets = KernelTargets();
  ASSERT_FALSE(targets.empty());
  const std::string& kernel = targets[static_cast<size_t>(c.index) % targets.size()];
  const int32_t threads = kThreadCounts[(static_cast<size_t>(c.index) / targets.size()) % 4];
  ASSERT_EQ(openaclnnSetKernelTarget(kernel.c_str()), 0) << TakeErrorMessage();
  ASSERT_EQ(openaclnnSetNumThreads(threads), 0) << TakeErrorMessage();
  SCOPED_TRACE("seed " + std::to_string(seed) + ", case " + CaseName(c) + ", kernels " + kernel + ", threads " +
               std::to_string(threads));
  NllSpec spec = MakeNllSpec(c.input, c.target, c.out, c.rows, c.classes, c.one_d, c.reduction);
  ApplyLayout(c.layout, c.rows, &spec);
  Rng rng(seed * 0x100000001B3ull + static_cast<uint64_t>(c.index));
  spec.ignore_index = ChooseIgnoreIndex(c, &rng);
  NllCall call(spec);
  FillInputs(c, &rng, call);
  const std::vector<std::vector<uint8_t>> inputs_before = call.InputStorage();
  const std::vector<uint8_t> out_before = call.out().Storage();

  ASSERT_EQ(call.Launch(stream()), 0) << TakeErrorMessage();
  ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << TakeErrorMessage();

  if (call.out().numel() == 0) {
    EXPECT_EQ(call.out().Storage(), out_before) << "an empty out was written";
  } else {
    const NllReferenceOutput expected = call.Reference();
    ASSERT_EQ(expected.first_bad_row, -1) << "the generator made an out-of-range target";
    EXPECT_EQ(CompareNllOutput(expected, call.out().Read(), c.input, c.out, c.reduction), "");
    EXPECT_TRUE(call.out().OutsideViewUntouched()) << "out storage outside the view was written";
  }
  EXPECT_EQ(call.InputStorage(), inputs_before) << "an input was modified";
}

INSTANTIATE_TEST_SUITE_P(Grid, NllGridTest, ::testing::ValuesIn(BuildCases()),
                         [](const ::testing::TestParamInfo<GridCase>& case_info) { return CaseName(case_info.param); });

}  // namespace
}  // namespace openaclnn::test
