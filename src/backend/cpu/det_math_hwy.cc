// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/cpu/det_math_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include <cstdint>

#include "backend/cpu/det_math-inl.h"
#include "backend/cpu/det_math.h"
#include "backend/cpu/det_math_hwy.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::cpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

#if HWY_HAVE_FLOAT64
template <bool kLog>
void MapArray(const double* x, double* y, int64_t count) {
  const hn::ScalableTag<double> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + lanes <= count; i += lanes) {
    const auto v = hn::LoadU(d, x + i);
    hn::StoreU(kLog ? LogVec(d, v) : ExpVec(d, v), d, y + i);
  }
  for (; i < count; ++i) {
    y[i] = kLog ? det::Log(x[i]) : det::Exp(x[i]);
  }
}
#else
template <bool kLog>
void MapArray(const double* x, double* y, int64_t count) {
  for (int64_t i = 0; i < count; ++i) {
    y[i] = kLog ? det::Log(x[i]) : det::Exp(x[i]);
  }
}
#endif

// det::ExpDiffF(x[i], m) (the plain ExpF when `kDiff` is false) over floats.
template <bool kDiff>
void MapFloatArray(const float* x, float m, float* y, int64_t count) {
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto mv = hn::Set(d, m);
  int64_t i = 0;
  for (; i + lanes <= count; i += lanes) {
    const auto v = hn::LoadU(d, x + i);
    hn::StoreU(kDiff ? ExpDiffFVec(d, v, mv) : ExpFVec(d, v), d, y + i);
  }
  for (; i < count; ++i) {
    y[i] = kDiff ? det::ExpDiffF(x[i], m) : det::ExpF(x[i]);
  }
}

void ExpFloatMap(const float* x, float m, float* y, int64_t count) { MapFloatArray<false>(x, m, y, count); }
void ExpDiffFloatMap(const float* x, float m, float* y, int64_t count) { MapFloatArray<true>(x, m, y, count); }
void ExpMap(const double* x, double* y, int64_t count) { MapArray<false>(x, y, count); }
void LogMap(const double* x, double* y, int64_t count) { MapArray<true>(x, y, count); }
int64_t CompiledTarget() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::cpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "backend/cpu/hwy_dispatch.h"
#include "backend/cpu/kernel_target.h"

namespace openaclnn::cpu {
namespace {

using MapFunction = void (*)(const double*, double*, int64_t);
using TargetFunction = int64_t (*)();
const TargetFunction kCompiledTargets[] = OPENACLNN_HWY_TABLE(CompiledTarget);
const MapFunction kExpMaps[] = OPENACLNN_HWY_TABLE(ExpMap);
const MapFunction kLogMaps[] = OPENACLNN_HWY_TABLE(LogMap);
using FloatMapFunction = void (*)(const float*, float, float*, int64_t);
const FloatMapFunction kExpFloatMaps[] = OPENACLNN_HWY_TABLE(ExpFloatMap);
const FloatMapFunction kExpDiffFloatMaps[] = OPENACLNN_HWY_TABLE(ExpDiffFloatMap);

template <bool kDiff>
bool MapFloat(int64_t target, const float* x, float m, float* y, int64_t count) {
  if (target == kReferenceKernels) {
    for (int64_t i = 0; i < count; ++i) {
      y[i] = kDiff ? det::ExpDiffF(x[i], m) : det::ExpF(x[i]);
    }
    return true;
  }
  const FloatMapFunction map = ForTarget(kCompiledTargets, kDiff ? kExpDiffFloatMaps : kExpFloatMaps, target);
  if (map == nullptr) {
    return false;
  }
  map(x, m, y, count);
  return true;
}

template <bool kLog>
bool Map(int64_t target, const double* x, double* y, int64_t count) {
  if (target == kReferenceKernels) {
    for (int64_t i = 0; i < count; ++i) {
      y[i] = kLog ? det::Log(x[i]) : det::Exp(x[i]);
    }
    return true;
  }
  const MapFunction map = ForTarget(kCompiledTargets, kLog ? kLogMaps : kExpMaps, target);
  if (map == nullptr) {
    return false;
  }
  map(x, y, count);
  return true;
}

}  // namespace

bool ExpArray(int64_t target, const double* x, double* y, int64_t count) { return Map<false>(target, x, y, count); }
bool LogArray(int64_t target, const double* x, double* y, int64_t count) { return Map<true>(target, x, y, count); }
bool ExpFloatArray(int64_t target, const float* x, float* y, int64_t count) {
  return MapFloat<false>(target, x, 0.0f, y, count);
}
bool ExpDiffFloatArray(int64_t target, const float* x, float m, float* y, int64_t count) {
  return MapFloat<true>(target, x, m, y, count);
}

}  // namespace openaclnn::cpu
#endif  // HWY_ONCE
