// Compiled once per Highway target: foreach_target.h re-includes this file with HWY_TARGET set to each one.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "backend/cpu/det_math_hwy.cc"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

#include <cstddef>
#include <cstdint>

#include "backend/cpu/det_math-inl.h"
#include "backend/cpu/det_math.h"
#include "backend/cpu/det_math_for_float-inl.h"
#include "backend/cpu/det_math_for_float.h"
#include "backend/cpu/det_math_float-inl.h"
#include "backend/cpu/det_math_float.h"
#include "backend/cpu/det_math_hwy.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::cpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Which function an array form maps (det_math.h, det_math_for_float.h).
enum class Fn { kExp, kLog, kLog1p, kExpForFloat, kLogForFloat, kLog1pForFloat, kSoftplusTailForFloat };

template <Fn kFn>
double Scalar(double x) {
  switch (kFn) {
    case Fn::kExp: return det::Exp(x);
    case Fn::kLog: return det::Log(x);
    case Fn::kLog1p: return det::Log1p(x);
    case Fn::kExpForFloat: return det::ExpForFloat(x);
    case Fn::kLogForFloat: return det::LogForFloat(x);
    case Fn::kLog1pForFloat: return det::Log1pForFloat(x);
    case Fn::kSoftplusTailForFloat: return det::SoftplusTailForFloat(x);
  }
  return x;
}

#if HWY_HAVE_FLOAT64
template <Fn kFn, class D>
hn::Vec<D> Vector(D d, hn::Vec<D> v) {
  switch (kFn) {
    case Fn::kExp: return ExpVec(d, v);
    case Fn::kLog: return LogVec(d, v);
    case Fn::kLog1p: return Log1pVec(d, v);
    case Fn::kExpForFloat: return ExpForFloatVec(d, v);
    case Fn::kLogForFloat: return LogForFloatVec(d, v);
    case Fn::kLog1pForFloat: return Log1pForFloatVec(d, v);
    case Fn::kSoftplusTailForFloat: return SoftplusTailForFloatVec(d, v);
  }
  return v;
}

template <Fn kFn>
void MapArray(const double* x, double* y, int64_t count) {
  const hn::ScalableTag<double> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + lanes <= count; i += lanes) {
    const auto v = hn::LoadU(d, x + i);
    hn::StoreU(Vector<kFn>(d, v), d, y + i);
  }
  for (; i < count; ++i) {
    y[i] = Scalar<kFn>(x[i]);
  }
}
#else
template <Fn kFn>
void MapArray(const double* x, double* y, int64_t count) {
  for (int64_t i = 0; i < count; ++i) {
    y[i] = Scalar<kFn>(x[i]);
  }
}
#endif

// det::LogRatioForFloat(a[i], b[i]).
void LogRatioForFloatMap(const double* a, const double* b, double* y, int64_t count) {
  int64_t i = 0;
#if HWY_HAVE_FLOAT64
  const hn::ScalableTag<double> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  for (; i + lanes <= count; i += lanes) {
    hn::StoreU(LogRatioForFloatVec(d, hn::LoadU(d, a + i), hn::LoadU(d, b + i)), d, y + i);
  }
#endif
  for (; i < count; ++i) {
    y[i] = det::LogRatioForFloat(a[i], b[i]);
  }
}

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

// det_math_float.h's `kFunction` over floats.
template <FloatFunction kFunction>
float FloatScalar(float x) {
  switch (kFunction) {
    case FloatFunction::kLog: return det::LogF(x);
    case FloatFunction::kLog1p: return det::Log1pF(x);
    case FloatFunction::kSoftplusTail: return det::SoftplusTailF(x);
    case FloatFunction::kSigmoid: return det::SigmoidF(x);
    case FloatFunction::kTanh: return det::TanhF(x);
  }
  return x;
}

template <FloatFunction kFunction, class D>
hn::Vec<D> FloatVector(D d, hn::Vec<D> v) {
  switch (kFunction) {
    case FloatFunction::kLog: return LogFVec(d, v);
    case FloatFunction::kLog1p: return Log1pFVec(d, v);
    case FloatFunction::kSoftplusTail: return SoftplusTailFVec(d, v);
    case FloatFunction::kSigmoid: return SigmoidFVec(d, v);
    case FloatFunction::kTanh: return TanhFVec(d, v);
  }
  return v;
}

template <FloatFunction kFunction>
void MapFloatFunction(const float* x, float* y, int64_t count) {
  const hn::ScalableTag<float> d;
  const auto lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + lanes <= count; i += lanes) {
    hn::StoreU(FloatVector<kFunction>(d, hn::LoadU(d, x + i)), d, y + i);
  }
  for (; i < count; ++i) {
    y[i] = FloatScalar<kFunction>(x[i]);
  }
}

void LogFloatMap(const float* x, float* y, int64_t count) { MapFloatFunction<FloatFunction::kLog>(x, y, count); }
void Log1pFloatMap(const float* x, float* y, int64_t count) { MapFloatFunction<FloatFunction::kLog1p>(x, y, count); }
void SoftplusTailFloatMap(const float* x, float* y, int64_t count) {
  MapFloatFunction<FloatFunction::kSoftplusTail>(x, y, count);
}
void SigmoidFloatMap(const float* x, float* y, int64_t count) {
  MapFloatFunction<FloatFunction::kSigmoid>(x, y, count);
}
void TanhFloatMap(const float* x, float* y, int64_t count) { MapFloatFunction<FloatFunction::kTanh>(x, y, count); }

void ExpFloatMap(const float* x, float m, float* y, int64_t count) { MapFloatArray<false>(x, m, y, count); }
void ExpDiffFloatMap(const float* x, float m, float* y, int64_t count) { MapFloatArray<true>(x, m, y, count); }
void ExpMap(const double* x, double* y, int64_t count) { MapArray<Fn::kExp>(x, y, count); }
void LogMap(const double* x, double* y, int64_t count) { MapArray<Fn::kLog>(x, y, count); }
void Log1pMap(const double* x, double* y, int64_t count) { MapArray<Fn::kLog1p>(x, y, count); }
void ExpForFloatMap(const double* x, double* y, int64_t count) { MapArray<Fn::kExpForFloat>(x, y, count); }
void LogForFloatMap(const double* x, double* y, int64_t count) { MapArray<Fn::kLogForFloat>(x, y, count); }
void Log1pForFloatMap(const double* x, double* y, int64_t count) { MapArray<Fn::kLog1pForFloat>(x, y, count); }
void SoftplusTailForFloatMap(const double* x, double* y, int64_t count) {
  MapArray<Fn::kSoftplusTailForFloat>(x, y, count);
}
int64_t CompiledTarget() { return HWY_TARGET; }

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::cpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "backend/cpu/hwy_dispatch.h"
#include "backend/cpu/kernel_target.h"

namespace openaclnn::cpu {
namespace {

using TargetFunction = int64_t (*)();
const TargetFunction kCompiledTargets[] = OPENACLNN_HWY_TABLE(CompiledTarget);

// The reference runs `reference` (the scalar forms' loop); a target its array form from `maps` on `args`, where
// compiled in.
template <class Reference, class Function, size_t kEntries, class... Args>
bool RunOn(int64_t target, Reference&& reference, Function const (&maps)[kEntries], Args... args) {
  if (target == kReferenceKernels) {
    reference();
    return true;
  }
  const Function map = ForTarget(kCompiledTargets, maps, target);
  if (map == nullptr) {
    return false;
  }
  map(args...);
  return true;
}

using MapFunction = void (*)(const double*, double*, int64_t);
const MapFunction kExpMaps[] = OPENACLNN_HWY_TABLE(ExpMap);
const MapFunction kLogMaps[] = OPENACLNN_HWY_TABLE(LogMap);
const MapFunction kLog1pMaps[] = OPENACLNN_HWY_TABLE(Log1pMap);
const MapFunction kExpForFloatMaps[] = OPENACLNN_HWY_TABLE(ExpForFloatMap);
const MapFunction kLogForFloatMaps[] = OPENACLNN_HWY_TABLE(LogForFloatMap);
const MapFunction kLog1pForFloatMaps[] = OPENACLNN_HWY_TABLE(Log1pForFloatMap);
const MapFunction kSoftplusTailForFloatMaps[] = OPENACLNN_HWY_TABLE(SoftplusTailForFloatMap);
using BinaryMapFunction = void (*)(const double*, const double*, double*, int64_t);
const BinaryMapFunction kLogRatioForFloatMaps[] = OPENACLNN_HWY_TABLE(LogRatioForFloatMap);
using FloatMapFunction = void (*)(const float*, float, float*, int64_t);
const FloatMapFunction kExpFloatMaps[] = OPENACLNN_HWY_TABLE(ExpFloatMap);
const FloatMapFunction kExpDiffFloatMaps[] = OPENACLNN_HWY_TABLE(ExpDiffFloatMap);
using FloatFunctionMap = void (*)(const float*, float*, int64_t);
const FloatFunctionMap kLogFloatMaps[] = OPENACLNN_HWY_TABLE(LogFloatMap);
const FloatFunctionMap kLog1pFloatMaps[] = OPENACLNN_HWY_TABLE(Log1pFloatMap);
const FloatFunctionMap kSoftplusTailFloatMaps[] = OPENACLNN_HWY_TABLE(SoftplusTailFloatMap);
const FloatFunctionMap kSigmoidFloatMaps[] = OPENACLNN_HWY_TABLE(SigmoidFloatMap);
const FloatFunctionMap kTanhFloatMaps[] = OPENACLNN_HWY_TABLE(TanhFloatMap);

template <size_t kEntries>
bool MapFloats(int64_t target, float (*scalar)(float), FloatFunctionMap const (&maps)[kEntries], const float* x, float* y,
               int64_t count) {
  const auto reference = [&] {
    for (int64_t i = 0; i < count; ++i) {
      y[i] = scalar(x[i]);
    }
  };
  return RunOn(target, reference, maps, x, y, count);
}

template <size_t kEntries>
bool Map(int64_t target, double (*scalar)(double), MapFunction const (&maps)[kEntries], const double* x, double* y,
         int64_t count) {
  const auto reference = [&] {
    for (int64_t i = 0; i < count; ++i) {
      y[i] = scalar(x[i]);
    }
  };
  return RunOn(target, reference, maps, x, y, count);
}

template <bool kDiff>
bool MapFloat(int64_t target, const float* x, float m, float* y, int64_t count) {
  const auto reference = [&] {
    for (int64_t i = 0; i < count; ++i) {
      y[i] = kDiff ? det::ExpDiffF(x[i], m) : det::ExpF(x[i]);
    }
  };
  return RunOn(target, reference, kDiff ? kExpDiffFloatMaps : kExpFloatMaps, x, m, y, count);
}

}  // namespace

bool ExpArray(int64_t target, const double* x, double* y, int64_t count) {
  return Map(target, det::Exp, kExpMaps, x, y, count);
}
bool LogArray(int64_t target, const double* x, double* y, int64_t count) {
  return Map(target, det::Log, kLogMaps, x, y, count);
}
bool Log1pArray(int64_t target, const double* x, double* y, int64_t count) {
  return Map(target, det::Log1p, kLog1pMaps, x, y, count);
}
bool ExpForFloatArray(int64_t target, const double* x, double* y, int64_t count) {
  return Map(target, det::ExpForFloat, kExpForFloatMaps, x, y, count);
}
bool LogForFloatArray(int64_t target, const double* x, double* y, int64_t count) {
  return Map(target, det::LogForFloat, kLogForFloatMaps, x, y, count);
}
bool Log1pForFloatArray(int64_t target, const double* x, double* y, int64_t count) {
  return Map(target, det::Log1pForFloat, kLog1pForFloatMaps, x, y, count);
}
bool SoftplusTailForFloatArray(int64_t target, const double* x, double* y, int64_t count) {
  return Map(target, det::SoftplusTailForFloat, kSoftplusTailForFloatMaps, x, y, count);
}
bool LogRatioForFloatArray(int64_t target, const double* a, const double* b, double* y, int64_t count) {
  const auto reference = [&] {
    for (int64_t i = 0; i < count; ++i) {
      y[i] = det::LogRatioForFloat(a[i], b[i]);
    }
  };
  return RunOn(target, reference, kLogRatioForFloatMaps, a, b, y, count);
}
bool ExpFloatArray(int64_t target, const float* x, float* y, int64_t count) {
  return MapFloat<false>(target, x, 0.0f, y, count);
}
bool ExpDiffFloatArray(int64_t target, const float* x, float m, float* y, int64_t count) {
  return MapFloat<true>(target, x, m, y, count);
}

bool FloatFunctionArray(int64_t target, FloatFunction function, const float* x, float* y, int64_t count) {
  switch (function) {
    case FloatFunction::kLog: return MapFloats(target, det::LogF, kLogFloatMaps, x, y, count);
    case FloatFunction::kLog1p: return MapFloats(target, det::Log1pF, kLog1pFloatMaps, x, y, count);
    case FloatFunction::kSoftplusTail:
      return MapFloats(target, det::SoftplusTailF, kSoftplusTailFloatMaps, x, y, count);
    case FloatFunction::kSigmoid: return MapFloats(target, det::SigmoidF, kSigmoidFloatMaps, x, y, count);
    case FloatFunction::kTanh: return MapFloats(target, det::TanhF, kTanhFloatMaps, x, y, count);
  }
  return false;
}

}  // namespace openaclnn::cpu
#endif  // HWY_ONCE
