// The kernel targets this build and CPU offer, and that the ones a CI stage expects are really used.
//
// OPENACLNN_EXPECT_KERNELS (comma-separated) names what a stage requires, so a build that silently lost a SIMD
// target (a disabled target, a dispatch that no longer finds it) fails instead of testing less than it claims:
//   - a target name ("NEON", "SVE"): that target is available (a stage that emulates a particular CPU);
//   - "best": the default the plans use is the best SIMD target this CPU supports among those the build
//     compiles, and every compiled target the CPU supports is available, so the cross-target tests
//     (path_matrix.h, which walk the same list) run each of them. On x86-64 "supports" is read from the CPU's
//     flags in /proc/cpuinfo, not from Highway, so a dispatch that picks a lesser target is caught too.
// Independently of the variable, every SIMD target the library lists must have kernels for the operators'
// fast paths: a target whose dispatch table came back empty would quietly run the scalar reference kernels.
#include <gtest/gtest.h>

#include <strings.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "backend/cpu/kernel_target.h"
#include "backend/cpu/reduce.h"
#include "openaclnn/openaclnn.h"
#include "ops/binary_cross_entropy/binary_cross_entropy_kernels.h"
#include "ops/nll_loss_backward/nll_loss_backward_kernel_hwy.h"

// The build's OPENACLNN_HWY_DISABLED_TARGETS ("HWY_SSE4|HWY_AVX3"), from tests/speed_paths/CMakeLists.txt.
#ifndef OPENACLNN_TEST_DISABLED_TARGETS
#error "OPENACLNN_TEST_DISABLED_TARGETS must be defined by the build"
#endif

namespace openaclnn::test {
namespace {

constexpr const char* kExpectEnv = "OPENACLNN_EXPECT_KERNELS";

std::vector<std::string> Split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream list(text);
  std::string part;
  while (std::getline(list, part, separator)) {
    if (!part.empty()) {
      parts.push_back(part);
    }
  }
  return parts;
}

bool SameName(const std::string& a, const std::string& b) { return strcasecmp(a.c_str(), b.c_str()) == 0; }

bool Contains(const std::vector<std::string>& names, const std::string& name) {
  for (const std::string& candidate : names) {
    if (SameName(candidate, name)) {
      return true;
    }
  }
  return false;
}

std::vector<std::string> ExpectedKernels() {
  const char* value = std::getenv(kExpectEnv);
  return Split(value != nullptr ? value : "", ',');
}

// What the public API lists, as the cross-target tests see it: "reference", then the SIMD targets, best first.
std::vector<std::string> AvailableNames() {
  std::vector<std::string> names;
  const int32_t count = openaclnnGetKernelTargetCount();
  for (int32_t i = 0; i < count; ++i) {
    names.emplace_back(openaclnnGetKernelTargetName(i));
  }
  return names;
}

// The target the plans use when nothing overrides it.
std::string DefaultKernelTarget() {
  EXPECT_EQ(openaclnnSetKernelTarget(nullptr), 0);
  return openaclnnGetKernelTarget();
}

// Scalar code, whatever it is called: a default on one of these means no SIMD kernel runs.
bool IsScalarFallback(const std::string& name) {
  return SameName(name, "reference") || SameName(name, "EMU128") || SameName(name, "SCALAR");
}

#if defined(__x86_64__) || defined(__i386__)

// The words of the first "flags" line of /proc/cpuinfo (the kernel lists only what the OS has enabled too, so
// AVX-512 appears only when its register state is saved).
std::set<std::string> CpuFlags() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("flags", 0) == 0) {
      const size_t colon = line.find(':');
      std::stringstream words(colon == std::string::npos ? "" : line.substr(colon + 1));
      std::set<std::string> flags;
      std::string word;
      while (words >> word) {
        flags.insert(word);
      }
      return flags;
    }
  }
  return {};
}

struct X86Target {
  const char* name;
  std::vector<std::string> flags;  // In /proc/cpuinfo's spelling; each target also needs the ones before it.
};

// Highway's x86 targets, worst first, with the CPU features each one requires (the ones before included), as
// Highway 1.0's own detection groups them; AVX3_DL is not compiled by this build.
const std::vector<X86Target>& X86Targets() {
  static const std::vector<X86Target> targets = {
      {"SSSE3", {"sse", "sse2", "pni", "ssse3"}},
      {"SSE4", {"sse4_1", "sse4_2", "pclmulqdq", "aes"}},
      {"AVX2", {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm"}},  // abm: LZCNT.
      {"AVX3", {"avx512f", "avx512vl", "avx512dq", "avx512bw"}},
  };
  return targets;
}

// The targets this CPU supports, worst first.
std::vector<std::string> CpuTargets() {
  const std::set<std::string> flags = CpuFlags();
  std::vector<std::string> supported;
  for (const X86Target& target : X86Targets()) {
    for (const std::string& flag : target.flags) {
      if (flags.count(flag) == 0) {
        return supported;
      }
    }
    supported.emplace_back(target.name);
  }
  return supported;
}

bool CompiledInThisBuild(const std::string& name) {
  for (const std::string& disabled : Split(OPENACLNN_TEST_DISABLED_TARGETS, '|')) {
    if (SameName(disabled, "HWY_" + name)) {
      return false;
    }
  }
  return true;
}

TEST(KernelTargetsTest, ReadsTheCpuFlags) {
  // Every x86-64 CPU has SSE2; an empty set would make the "best" check vacuous.
  EXPECT_EQ(CpuFlags().count("sse2"), 1u) << "no 'flags' line with sse2 in /proc/cpuinfo";
}

#endif  // x86

TEST(KernelTargetsTest, ReferenceComesFirstAndEveryNameIsSelectable) {
  const std::vector<std::string> targets = AvailableNames();
  ASSERT_FALSE(targets.empty());
  EXPECT_EQ(targets.front(), "reference");
  for (const std::string& target : targets) {
    EXPECT_EQ(openaclnnSetKernelTarget(target.c_str()), 0) << target;
    EXPECT_STRCASEEQ(openaclnnGetKernelTarget(), target.c_str());
  }
  EXPECT_EQ(openaclnnSetKernelTarget(nullptr), 0);
}

TEST(KernelTargetsTest, EveryExpectedKernelIsAvailable) {
  std::vector<std::string> expected;
  for (const std::string& name : ExpectedKernels()) {
    if (!SameName(name, "best")) {
      expected.push_back(name);
    }
  }
  if (expected.empty()) {
    GTEST_SKIP() << kExpectEnv << " names no target: none is required on this CPU";
  }
  const std::vector<std::string> targets = AvailableNames();
  for (const std::string& name : expected) {
    EXPECT_TRUE(Contains(targets, name)) << "kernel target " << name << " is not available (" << kExpectEnv << ")";
  }
}

TEST(KernelTargetsTest, DefaultIsTheBestTargetThisCpuSupports) {
  if (!Contains(ExpectedKernels(), "best")) {
    GTEST_SKIP() << kExpectEnv << " does not contain 'best': the default target is not checked";
  }
  const char* forced = std::getenv(cpu::kKernelsEnv);
  ASSERT_TRUE(forced == nullptr || *forced == '\0')
      << cpu::kKernelsEnv << "=" << forced << " changes the default; unset it for this check";
  const std::vector<std::string> available = AvailableNames();
  const std::string chosen = DefaultKernelTarget();
  EXPECT_FALSE(IsScalarFallback(chosen)) << "the default kernel target is " << chosen << ": no SIMD kernel runs";
#if defined(__x86_64__) || defined(__i386__)
  std::vector<std::string> expected;  // Compiled and supported by this CPU, worst first.
  for (const std::string& name : CpuTargets()) {
    if (CompiledInThisBuild(name)) {
      expected.push_back(name);
    }
  }
  std::string list;
  for (const std::string& name : expected) {
    list += (list.empty() ? "" : ", ") + name;
  }
  std::printf("[ kernels  ] compiled and supported by this CPU: %s; default: %s\n", list.c_str(), chosen.c_str());
  ASSERT_FALSE(expected.empty()) << "this CPU supports none of the SIMD targets the build compiles ("
                                 << OPENACLNN_TEST_DISABLED_TARGETS << " disabled)";
  for (const std::string& name : expected) {
    EXPECT_TRUE(Contains(available, name)) << "the CPU supports " << name << " and the build compiles it, but the "
                                           << "library does not offer it, so the cross-target tests skip it";
  }
  EXPECT_TRUE(SameName(chosen, expected.back()))
      << "the default kernel target is " << chosen << ", but the best this CPU supports is " << expected.back();
#else
  // No independent reading of the CPU here: the default must at least be the best SIMD target listed.
  ASSERT_GE(available.size(), 2u) << "no SIMD target is available";
  EXPECT_TRUE(SameName(chosen, available[1])) << "the default is " << chosen << ", the best listed " << available[1];
#endif
}

// A pointwise engine's vector gradient kernel (ops/pointwise/engine-inl.h) exists for the target and takes a
// contiguous run of every data type rather than declining it to the reference kernel.
void ExpectTakesEveryFloatType(const pointwise::TermKernels& kernels, int64_t target, const char* which) {
  const char* name = cpu::KernelTargetName(target);
  const pointwise::BackwardRunFn kernel = kernels.backward_simd(target);
  ASSERT_NE(kernel, nullptr) << "aclnnBinaryCrossEntropyBackward " << which << " has no " << name << " kernel";
  for (const aclDataType type : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    alignas(64) float inputs[4][64] = {};  // gradOutput, self, target, weight: zeros of every type.
    alignas(64) float out[64] = {};
    pointwise::Run run{};
    for (int k = 0; k < 4; ++k) {
      run.input[k] = reinterpret_cast<const char*>(inputs[k]);
      run.stride[k] = type == ACL_FLOAT ? 4 : 2;
      run.dtype[k] = type;
    }
    run.count = 64;
    const pointwise::BackwardOut to{reinterpret_cast<char*>(out), type == ACL_FLOAT ? 4 : 2, type, 1.0f, false};
    EXPECT_TRUE(kernel(run, to)) << "aclnnBinaryCrossEntropyBackward " << which << ": the " << name
                                 << " kernel declines data type " << type;
  }
}

// The same for the forward's three vector kernels (terms into a buffer, terms added into the sum's lanes, terms
// stored straight into out): each exists for the target and takes a contiguous run of every data type.
void ExpectForwardTakesEveryFloatType(const pointwise::TermKernels& kernels, int64_t target, const char* which) {
  const char* name = cpu::KernelTargetName(target);
  const pointwise::ForwardTermsFn terms_kernel = kernels.forward_simd(target);
  const pointwise::ForwardAddFn add_kernel = kernels.forward_add_simd(target);
  const pointwise::ForwardAddPairFn add_pair_kernel = kernels.forward_add_pair_simd(target);
  const pointwise::ForwardStoreFn store_kernel = kernels.forward_store_simd(target);
  ASSERT_NE(terms_kernel, nullptr) << "aclnnBinaryCrossEntropy " << which << " has no " << name << " terms kernel";
  ASSERT_NE(add_kernel, nullptr) << "aclnnBinaryCrossEntropy " << which << " has no " << name << " sum kernel";
  ASSERT_NE(add_pair_kernel, nullptr) << "aclnnBinaryCrossEntropy " << which << " has no " << name
                                      << " paired sum kernel";
  ASSERT_NE(store_kernel, nullptr) << "aclnnBinaryCrossEntropy " << which << " has no " << name << " store kernel";
  for (const aclDataType type : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    const int64_t bytes = type == ACL_FLOAT ? 4 : 2;
    alignas(64) float inputs[3][64] = {};  // self, target, weight: zeros of every type.
    alignas(64) double terms[64] = {};
    alignas(64) double lanes[cpu::kSumLanes] = {};
    alignas(64) double other_lanes[cpu::kSumLanes] = {};
    alignas(64) float out[64] = {};
    pointwise::Run run{};
    for (int k = 0; k < 3; ++k) {
      run.input[k] = reinterpret_cast<const char*>(inputs[k]);
      run.stride[k] = bytes;
      run.dtype[k] = type;
    }
    run.count = 64;
    EXPECT_TRUE(terms_kernel(run, terms)) << "aclnnBinaryCrossEntropy " << which << ": the " << name
                                          << " terms kernel declines data type " << type;
    EXPECT_TRUE(add_kernel(run, 0, lanes)) << "aclnnBinaryCrossEntropy " << which << ": the " << name
                                           << " sum kernel declines data type " << type;
    EXPECT_TRUE(add_pair_kernel(run, run, 0, lanes, other_lanes))
        << "aclnnBinaryCrossEntropy " << which << ": the " << name << " paired sum kernel declines data type " << type;
    for (const bool stream : {false, true}) {
      EXPECT_TRUE(store_kernel(run, reinterpret_cast<char*>(out), bytes, type, stream))
          << "aclnnBinaryCrossEntropy " << which << ": the " << name << " store kernel declines data type " << type
          << (stream ? " (streaming)" : "");
    }
  }
}

// A plan asks the active target's dispatch table for a SIMD kernel and falls back to the reference kernel when
// it gets none; these calls are the operators' fast paths, which must always get one.
TEST(KernelTargetsTest, EverySimdTargetHasTheFastPathKernels) {
  const aclDataType kFloatTypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  for (const int64_t target : cpu::AvailableKernelTargets()) {
    if (target == cpu::kReferenceKernels) {
      continue;
    }
    const char* name = cpu::KernelTargetName(target);
    for (const aclDataType type : kFloatTypes) {
      EXPECT_NE(nll::SelectNllBlockKernelSimd(target, ACL_INT64, type, type), nullptr)
          << "aclnnNLLLossBackward has no " << name << " kernel for data type " << type;
    }
    ExpectTakesEveryFloatType(binary_cross_entropy::BinaryCrossEntropyKernels(), target, "with a weight");
    ExpectTakesEveryFloatType(binary_cross_entropy::BinaryCrossEntropyNoWeightKernels(), target, "without one");
    ExpectForwardTakesEveryFloatType(binary_cross_entropy::BinaryCrossEntropyKernels(), target, "with a weight");
    ExpectForwardTakesEveryFloatType(binary_cross_entropy::BinaryCrossEntropyNoWeightKernels(), target,
                                     "without one");
  }
}

}  // namespace
}  // namespace openaclnn::test
