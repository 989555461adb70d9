// The engine's vector kernels for an element term, compiled once per Highway target. Include after
// hwy/highway.h in an operator's *_hwy.cc (compiled through foreach_target.h), after its term's -inl.h.
//
// A vector term is a struct, defined in the per-target region, that derives from the scalar term (reference.h)
// and adds
//   template <class DD> static hn::Vec<DD> ValueVec(DD dd, hn::Vec<DD> x, hn::Vec<DD> y, const TermParams& p);
//   template <class DF> static hn::Vec<DF> GradientVec(DF df, V g, V x, V y, V s, const TermParams& p);
// (double lanes for the forward, float lanes for the gradient)
// doing the same IEEE operations in the same order as Value and Gradient (no FMA: the build contracts nothing,
// and a term must not call MulAdd); a term with extra operands receives them after y, as in reference.h. The
// fast path: every input (extra operands included) of one data type (FLOAT, FLOAT16 or BFLOAT16),
// each contiguous or broadcast (stride 0) along the run, elements aligned to their size, and for gradients out
// contiguous; other runs are declined and go to the reference kernel.

// Re-included once per target (Highway's toggle convention), hence no classic include guard.
#if defined(OPENACLNN_OPS_POINTWISE_ENGINE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_POINTWISE_ENGINE_INL_H_
#undef OPENACLNN_OPS_POINTWISE_ENGINE_INL_H_
#else
#define OPENACLNN_OPS_POINTWISE_ENGINE_INL_H_
#endif

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "backend/cpu/hwy_convert-inl.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/hwy_store-inl.h"
#include "backend/cpu/reduce_round.h"
#include "core/element.h"
#include "core/nan.h"
#include "hwy/cache_control.h"
#include "hwy/highway.h"
#include "ops/pointwise/double_lanes-inl.h"
#include "ops/pointwise/float_term-inl.h"
#include "ops/pointwise/reference.h"
#include "ops/pointwise/run.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::pointwise {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace convert = cpu::HWY_NAMESPACE;

// The one data type of every input, or UNDEFINED when they differ or a run is outside the fast path.
inline aclDataType FastInputType(const Run& run, int inputs) {
  const aclDataType dtype = run.dtype[0];
  const int64_t bytes = dtype == ACL_FLOAT ? 4 : 2;
  if (dtype != ACL_FLOAT && dtype != ACL_FLOAT16 && dtype != ACL_BF16) {
    return ACL_DT_UNDEFINED;
  }
  for (int k = 0; k < inputs; ++k) {
    if (run.dtype[k] != dtype || (run.stride[k] != 0 && run.stride[k] != bytes) ||
        reinterpret_cast<uintptr_t>(run.input[k]) % static_cast<uintptr_t>(bytes) != 0) {
      return ACL_DT_UNDEFINED;
    }
  }
  return dtype;
}

// Lanes(df) elements of T at p, as floats (T: float, Float16, BFloat16).
template <typename T, class DF>
HWY_INLINE hn::Vec<DF> LoadFloats(DF df, const char* p) {
  if constexpr (sizeof(T) == 4) {
    return hn::LoadU(df, reinterpret_cast<const float*>(p));
  } else {
    const auto bits = hn::LoadU(convert::Bits16<DF>(), reinterpret_cast<const uint16_t*>(p));
    if constexpr (std::is_same_v<T, Float16>) {
      return convert::HalfToFloat(df, bits);
    } else {
      return convert::Bf16ToFloat(df, bits);
    }
  }
}

// Input k of a run as floats from element i on: a broadcast input is one element repeated.
template <typename T, class DF>
HWY_INLINE hn::Vec<DF> InputFloats(DF df, const Run& run, int k, int64_t i) {
  if (run.stride[k] == 0) {
    return hn::Set(df, LoadAsFloat<T>(run.input[k]));
  }
  return LoadFloats<T>(df, run.input[k] + i * static_cast<int64_t>(sizeof(T)));
}

// One input of a run with what the loops need in locals: through the Run itself the compiler must reload the
// strides and pointers after every store (a store may alias it). No vector member: SVE vectors have no size.
template <typename T>
struct RunInput {
  RunInput(const Run& run, int k)
      : data(run.input[k]), broadcast(run.stride[k] == 0), value(broadcast ? LoadAsFloat<T>(data) : 0.0f) {}
  // Lanes(df) elements as floats from element i on: a broadcast input is one element repeated.
  template <class DF>
  HWY_INLINE hn::Vec<DF> Floats(DF df, int64_t i) const {
    return broadcast ? hn::Set(df, value) : LoadFloats<T>(df, data + i * static_cast<int64_t>(sizeof(T)));
  }
#if HWY_TARGET != HWY_SCALAR
  // BFLOAT16 only: of the 2 * Lanes(df) elements from element i on, the even ones (odd: the odd ones), read as one
  // full vector of 16-bit lanes. A BFLOAT16 pattern is the top half of its float, so each is one integer
  // operation away, with no shuffle.
  template <class DF>
  HWY_INLINE hn::Vec<DF> EvenBf16(DF df, int64_t i) const {
    return broadcast ? hn::Set(df, value) : hn::BitCast(df, hn::ShiftLeft<16>(Pairs(df, i)));
  }
  template <class DF>
  HWY_INLINE hn::Vec<DF> OddBf16(DF df, int64_t i) const {
    const hn::RebindToUnsigned<DF> du;
    return broadcast ? hn::Set(df, value) : hn::BitCast(df, hn::And(Pairs(df, i), hn::Set(du, 0xffff0000u)));
  }
  template <class DF>
  HWY_INLINE hn::Vec<hn::RebindToUnsigned<DF>> Pairs(DF, int64_t i) const {
    const hn::Repartition<uint16_t, DF> d16;
    return hn::BitCast(hn::RebindToUnsigned<DF>(), hn::LoadU(d16, reinterpret_cast<const uint16_t*>(data) + i));
  }
#endif
  // Asks for the elements kPrefetchElements ahead of element i (nothing for a broadcast input): one core's hardware
  // prefetching alone left the forward loops short of the memory's speed, MSE's short one and logit's long one
  // alike (docs/PERFORMANCE.md). A prefetch past the end of an array never faults; its address is formed as an
  // integer, so no pointer leaves the array.
  HWY_INLINE void PrefetchAhead(int64_t i) const {
    constexpr int64_t kPrefetchElements = 512;
    if (!broadcast) {
      const auto ahead = static_cast<uintptr_t>((i + kPrefetchElements) * static_cast<int64_t>(sizeof(T)));
      hwy::Prefetch(reinterpret_cast<const char*>(reinterpret_cast<uintptr_t>(data) + ahead));
    }
  }
  const char* data;
  bool broadcast;
  float value;
};

// The term's inputs: the fixed ones and its extra operands.
template <class VecTerm>
inline constexpr int kForwardTermInputs = kForwardInputs + ExtraOperandCount<VecTerm>::value;
template <class VecTerm>
inline constexpr int kBackwardTermInputs = kBackwardInputs + ExtraOperandCount<VecTerm>::value;

#if HWY_HAVE_FLOAT64
// The forward term of Lanes(dd) elements from element i on: x and y from their locals, the extra operands (if
// the term has any) from the run.
template <class VecTerm, typename T, class DD, size_t... kExtra>
HWY_INLINE hn::Vec<DD> ValueVecAt(DD dd, const RunInput<T>& x, const RunInput<T>& y, const Run& run,
                                  const TermParams& params, int64_t i, std::index_sequence<kExtra...>) {
  const hn::Rebind<float, DD> df;
  return VecTerm::ValueVec(dd, hn::PromoteTo(dd, x.Floats(df, i)), hn::PromoteTo(dd, y.Floats(df, i)),
                           hn::PromoteTo(dd, InputFloats<T>(df, run, kForwardInputs + kExtra, i))..., params);
}

// Whether VecTerm computes its forward term in float (DECISIONS 17): it then has
//   template <class DF> static hn::Vec<DF> ValueInFloatVec(DF df, hn::Vec<DF> x, hn::Vec<DF> y, [extra operands,]
//                                                          const TermParams& p, hn::Mask<DF>& in_float);
// whose lanes are the scalar Value's (a double that is exactly that float) where in_float is set; a lane outside it
// takes the term's double form, which only ValueVec gives. The store and sum loops take such a term at the full
// float width, a vector with a lane outside in_float through ValueVec (ForwardRun::FloatTerms).
template <class VecTerm, class DF, class = void>
struct HasFloatTerm : std::false_type {};
template <class VecTerm, class DF>
struct HasFloatTerm<VecTerm, DF, std::void_t<decltype(&VecTerm::template ValueInFloatVec<DF>)>> : std::true_type {};

// The float term of Lanes(df) elements from element i on, its extra operands from the run.
template <class VecTerm, typename T, class DF, size_t... kExtra>
HWY_INLINE hn::Vec<DF> ValueInFloatVecAt(DF df, const RunInput<T>& x, const RunInput<T>& y, const Run& run,
                                         const TermParams& params, int64_t i, hn::Mask<DF>& in_float,
                                         std::index_sequence<kExtra...>) {
  return VecTerm::ValueInFloatVec(df, x.Floats(df, i), y.Floats(df, i),
                                  InputFloats<T>(df, run, kForwardInputs + kExtra, i)..., params, in_float);
}

// A forward run as the vector loops read it: x, y, the parameters and the count in locals (RunInput), the term of
// Lanes(dd) elements or of one element (the scalar form, for the loops' ends: the same bits).
template <class VecTerm, typename T>
struct ForwardRun {
  explicit ForwardRun(const Run& of) : run(of), x(of, 0), y(of, 1), params(of.params), count(of.count) {}
  template <class DD>
  HWY_INLINE hn::Vec<DD> Terms(DD dd, int64_t i) const {
    return ValueVecAt<VecTerm, T>(dd, x, y, run, params, i, ExtraSequence<VecTerm>{});
  }
  HWY_INLINE double Term(int64_t i) const { return ValueAt<VecTerm>(run, i, ExtraSequence<VecTerm>{}); }
  // A float term's Lanes(df) elements (HasFloatTerm); false, and nothing usable, when a lane needs the double form.
  template <class DF>
  HWY_INLINE bool FloatTerms(DF df, int64_t i, hn::Vec<DF>* terms) const {
    hn::Mask<DF> in_float;
    *terms = ValueInFloatVecAt<VecTerm, T>(df, x, y, run, params, i, in_float, ExtraSequence<VecTerm>{});
    return hn::AllTrue(df, in_float);
  }
  // Asks for x's and y's elements ahead of element i (RunInput::PrefetchAhead), once per vector pair of the sum's
  // and the store's loops.
  HWY_INLINE void Prefetch(int64_t i) const {
    x.PrefetchAhead(i);
    y.PrefetchAhead(i);
  }

  const Run& run;  // For the extra operands, if the term has any.
  const RunInput<T> x;
  const RunInput<T> y;
  const TermParams params;
  const int64_t count;
};

template <class VecTerm, typename T>
void ForwardTermsTyped(const Run& run, double* HWY_RESTRICT terms) {
  const hn::ScalableTag<double> dd;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(dd));
  const ForwardRun<VecTerm, T> forward(run);
  int64_t i = 0;
  for (; i + lanes <= forward.count; i += lanes) {
    hn::StoreU(forward.Terms(dd, i), dd, terms + i);
  }
  for (; i < forward.count; ++i) {
    terms[i] = forward.Term(i);
  }
}
#endif

template <class VecTerm>
bool ForwardTermsSimd(const Run& run, double* terms) {
#if HWY_HAVE_FLOAT64
  switch (FastInputType(run, kForwardTermInputs<VecTerm>)) {
    case ACL_FLOAT: return ForwardTermsTyped<VecTerm, float>(run, terms), true;
    case ACL_FLOAT16: return ForwardTermsTyped<VecTerm, Float16>(run, terms), true;
    case ACL_BF16: return ForwardTermsTyped<VecTerm, BFloat16>(run, terms), true;
    default: return false;
  }
#else
  (void)run;
  (void)terms;
  return false;
#endif
}

#if HWY_HAVE_FLOAT64 && HWY_TARGET != HWY_SCALAR
// A float term's 2 * Lanes(dd) elements from `at` on, widened, added to `low` (the first Lanes(dd)) and `high`
// (the rest), which may be one accumulator (then low's addition comes first); a vector that needs the double form
// adds ValueVec's terms instead.
template <class DD, class Forward>
HWY_INLINE void AddFloatTerms(DD dd, const Forward& run, int64_t at, int64_t width, hn::Vec<DD>& low,
                              hn::Vec<DD>& high) {
  const hn::Repartition<float, DD> df;
  const hn::Half<decltype(df)> dh;
  hn::Vec<decltype(df)> terms;
  if (HWY_LIKELY(run.FloatTerms(df, at, &terms))) {
    low = hn::Add(low, hn::PromoteTo(dd, hn::LowerHalf(dh, terms)));
    high = hn::Add(high, hn::PromoteTo(dd, hn::UpperHalf(dh, terms)));
  } else {
    low = hn::Add(low, run.Terms(dd, at));
    high = hn::Add(high, run.Terms(dd, at + width));
  }
}
#endif

#if HWY_HAVE_FLOAT64
// The sum's kSumLanes lanes in at most eight double lanes per vector: one vector of eight, or two, four or eight
// narrower ones, accumulator j holding lanes [j * Lanes, (j + 1) * Lanes). Each lane gets the additions
// LaneAccumulator gives it, in the same order, so the bits are the same whatever the vector width. kRuns runs (1 or
// 2, of one count) go side by side, run r into lanes[r]: each lane's additions wait for the one before, and with
// eight lanes in one vector a single run leaves the adder waiting; the second run's additions fill that wait.
template <class VecTerm, typename T, int kRuns>
void ForwardAddTyped(const Run* runs, int first_lane, double* const* lanes) {
  static_assert(cpu::kSumLanes == 8, "the accumulators below cover eight lanes");
  static_assert(kRuns == 1 || kRuns == 2, "one run or two side by side");
  const hn::CappedTag<double, cpu::kSumLanes> dd;
  const int64_t width = static_cast<int64_t>(hn::Lanes(dd));
  const ForwardRun<VecTerm, T> first(runs[0]);
  const ForwardRun<VecTerm, T> second(runs[kRuns - 1]);  // With one run, the same one, never added.
  double* HWY_RESTRICT lanes_a = lanes[0];
  double* HWY_RESTRICT lanes_b = lanes[kRuns - 1];
  const int64_t count = first.count;
  int64_t i = 0;
  // One element at a time up to lane 0, so the vectors start at lane 0.
  for (int lane = first_lane; lane != 0 && i < count; lane = (lane + 1) % cpu::kSumLanes, ++i) {
    lanes_a[lane] += first.Term(i);
    if constexpr (kRuns == 2) {
      lanes_b[lane] += second.Term(i);
    }
  }
  auto load = [&](const double* from, int64_t j) {
    return j * width < cpu::kSumLanes ? hn::LoadU(dd, from + j * width) : hn::Zero(dd);
  };
  auto a0 = load(lanes_a, 0), a1 = load(lanes_a, 1), a2 = load(lanes_a, 2), a3 = load(lanes_a, 3);
  auto a4 = load(lanes_a, 4), a5 = load(lanes_a, 5), a6 = load(lanes_a, 6), a7 = load(lanes_a, 7);
  auto b0 = load(lanes_b, 0), b1 = load(lanes_b, 1), b2 = load(lanes_b, 2), b3 = load(lanes_b, 3);
  auto b4 = load(lanes_b, 4), b5 = load(lanes_b, 5), b6 = load(lanes_b, 6), b7 = load(lanes_b, 7);
  // Accumulator j of each run takes the vector of terms from element at + j * width on.
  auto add = [&](auto& a, auto& b, int64_t at) {
    a = hn::Add(a, first.Terms(dd, at));
    if constexpr (kRuns == 2) {
      b = hn::Add(b, second.Terms(dd, at));
    }
  };
#if HWY_TARGET != HWY_SCALAR
  if constexpr (HasFloatTerm<VecTerm, hn::Repartition<float, decltype(dd)>>::value) {
    // A float term: 2 * width elements as one float vector, whose halves widened go into the accumulators that
    // the double loop below would give them (width 8: accumulator 0 twice in a row, as two of its steps do).
    auto add_pair = [&](auto& a_low, auto& a_high, auto& b_low, auto& b_high, int64_t at) HWY_ATTR {
      AddFloatTerms(dd, first, at, width, a_low, a_high);
      if constexpr (kRuns == 2) {
        AddFloatTerms(dd, second, at, width, b_low, b_high);
      }
    };
    const int64_t step = width == 8 ? 2 * cpu::kSumLanes : cpu::kSumLanes;
    for (; width >= 2 && i + step <= count; i += step) {
      first.Prefetch(i);
      if constexpr (kRuns == 2) {
        second.Prefetch(i);
      }
      if (width == 8) {
        add_pair(a0, a0, b0, b0, i);
      } else if (width == 4) {
        add_pair(a0, a1, b0, b1, i);
      } else {
        add_pair(a0, a1, b0, b1, i);
        add_pair(a2, a3, b2, b3, i + 4);
      }
    }
  }
#endif
  for (; i + cpu::kSumLanes <= count; i += cpu::kSumLanes) {
    first.Prefetch(i);
    if constexpr (kRuns == 2) {
      second.Prefetch(i);
    }
    add(a0, b0, i);
    if (width <= 4) {
      add(a1, b1, i + width);
    }
    if (width <= 2) {
      add(a2, b2, i + 2 * width);
      add(a3, b3, i + 3 * width);
    }
    if (width == 1) {
      add(a4, b4, i + 4);
      add(a5, b5, i + 5);
      add(a6, b6, i + 6);
      add(a7, b7, i + 7);
    }
  }
  auto store = [&](double* to, int64_t j, hn::Vec<decltype(dd)> v) {
    if (j * width < cpu::kSumLanes) {
      hn::StoreU(v, dd, to + j * width);
    }
  };
  // The accumulators are separate variables, not an array: SVE's sizeless vectors cannot be array elements.
  auto store_run = [&](double* to, auto v0, auto v1, auto v2, auto v3, auto v4, auto v5, auto v6, auto v7) {
    store(to, 0, v0);
    store(to, 1, v1);
    store(to, 2, v2);
    store(to, 3, v3);
    store(to, 4, v4);
    store(to, 5, v5);
    store(to, 6, v6);
    store(to, 7, v7);
  };
  store_run(lanes_a, a0, a1, a2, a3, a4, a5, a6, a7);
  if constexpr (kRuns == 2) {
    store_run(lanes_b, b0, b1, b2, b3, b4, b5, b6, b7);
  }
  for (int lane = 0; i < count; ++lane, ++i) {
    lanes_a[lane] += first.Term(i);
    if constexpr (kRuns == 2) {
      lanes_b[lane] += second.Term(i);
    }
  }
}
#endif

template <class VecTerm>
bool ForwardAddSimd(const Run& run, int first_lane, double* lanes) {
#if HWY_HAVE_FLOAT64
  double* const lane_sets[1] = {lanes};
  switch (FastInputType(run, kForwardTermInputs<VecTerm>)) {
    case ACL_FLOAT: return ForwardAddTyped<VecTerm, float, 1>(&run, first_lane, lane_sets), true;
    case ACL_FLOAT16: return ForwardAddTyped<VecTerm, Float16, 1>(&run, first_lane, lane_sets), true;
    case ACL_BF16: return ForwardAddTyped<VecTerm, BFloat16, 1>(&run, first_lane, lane_sets), true;
    default: return false;
  }
#else
  (void)run;
  (void)first_lane;
  (void)lanes;
  return false;
#endif
}

// Both runs in the fast path with one input type (a run's type is fixed by the plan, so both are the same).
template <class VecTerm>
bool ForwardAddPairSimd(const Run& a, const Run& b, int first_lane, double* lanes_a, double* lanes_b) {
#if HWY_HAVE_FLOAT64
  const aclDataType dtype = FastInputType(a, kForwardTermInputs<VecTerm>);
  if (a.count != b.count || FastInputType(b, kForwardTermInputs<VecTerm>) != dtype) {
    return false;
  }
  const Run runs[2] = {a, b};
  double* const lane_sets[2] = {lanes_a, lanes_b};
  switch (dtype) {
    case ACL_FLOAT: return ForwardAddTyped<VecTerm, float, 2>(runs, first_lane, lane_sets), true;
    case ACL_FLOAT16: return ForwardAddTyped<VecTerm, Float16, 2>(runs, first_lane, lane_sets), true;
    case ACL_BF16: return ForwardAddTyped<VecTerm, BFloat16, 2>(runs, first_lane, lane_sets), true;
    default: return false;
  }
#else
  (void)a;
  (void)b;
  (void)first_lane;
  (void)lanes_a;
  (void)lanes_b;
  return false;
#endif
}

#if HWY_HAVE_FLOAT64
// Doubles rounded to float to odd (toward zero, the lowest bit set when inexact) in the bits alone, for lanes whose
// magnitudes are 0 or at least FLOAT's smallest normal 2^-126 (false, nothing computed, when a lane is below it):
// the 29 bits below float's lowest are cleared and, if any was set, float's lowest bit is set, which leaves a double
// that float holds exactly (or, beyond FLOAT's range, one that converts to +-inf, as the rounding to odd of such a
// value rounds to infinity in FLOAT16 and BFLOAT16 alike), so the conversion adds no rounding of its own. Below
// 2^-126 float has fewer bits and the conversion would round.
template <class DF, class DD>
HWY_INLINE bool RoundToOddByBits(DF df, DD dd, hn::Vec<DD> value, hn::Vec<DF>* rounded) {
  const hn::RebindToUnsigned<DD> du;
  constexpr uint64_t kDropped = (uint64_t{1} << 29) - 1;
  constexpr uint64_t kFloatMinNormal = uint64_t{1023 - 126} << 52;  // 2^-126 as double bits.
  const auto bits = hn::BitCast(du, value);
  const auto magnitude = hn::And(bits, hn::Set(du, ~(uint64_t{1} << 63)));
  // 0 < magnitude < 2^-126, as one unsigned comparison (0 - 1 wraps to the largest value).
  if (!hn::AllFalse(du, hn::Lt(hn::Sub(magnitude, hn::Set(du, 1)), hn::Set(du, kFloatMinNormal - 1)))) {
    return false;
  }
  const auto inexact = hn::Ne(hn::And(bits, hn::Set(du, kDropped)), hn::Zero(du));
  const auto odd =
      hn::Or(hn::AndNot(hn::Set(du, kDropped), bits), hn::IfThenElseZero(inexact, hn::Set(du, kDropped + 1)));
  *rounded = DemoteToFloat(df, hn::BitCast(dd, odd));
  return true;
}

// Doubles rounded to float to odd: in the bits (RoundToOddByBits), or for vectors with a lane below 2^-126 by
// converting to nearest and correcting.
template <class DF, class DD>
HWY_INLINE hn::Vec<DF> RoundToOdd(DF df, DD dd, hn::Vec<DD> value) {
  hn::Vec<DF> rounded;
  if (RoundToOddByBits(df, dd, value, &rounded)) {
    return rounded;
  }
  rounded = DemoteToFloat(df, value);
  const hn::Rebind<int32_t, DD> di;
  const auto back = hn::PromoteTo(dd, rounded);
  const auto is_nan = hn::IsNaN(value);
  const auto inexact = hn::AndNot(is_nan, hn::Ne(back, value));
  const auto away = hn::Gt(hn::Abs(back), hn::Abs(value));
  // The masks as int32 lanes (-1 / 1 or 0) through the double-to-int32 conversion, the one Highway has for
  // every target: minus one ulp where the rounding went away from zero, then the sticky lowest bit.
  const auto minus_one = hn::DemoteTo(di, hn::IfThenElseZero(away, hn::Set(dd, -1.0)));
  const auto sticky = hn::DemoteTo(di, hn::IfThenElseZero(inexact, hn::Set(dd, 1.0)));
  return hn::BitCast(df, hn::Or(hn::Add(hn::BitCast(di, rounded), minus_one), sticky));
}

// Floats rounded to odd from doubles, rounded to nearest even as Out (FLOAT16 or BFLOAT16) and stored at out,
// NaN as the canonical NaN.
template <typename Out, class DF>
HWY_INLINE void StoreOddAsSixteenBits(DF df, hn::Vec<DF> rounded, char* out) {
  const auto canonical_nan = hn::BitCast(df, hn::Set(hn::RebindToUnsigned<DF>(), kCanonicalNanBits));
  rounded = hn::IfThenElse(hn::IsNaN(rounded), canonical_nan, rounded);
  uint16_t* destination = reinterpret_cast<uint16_t*>(out);
  if constexpr (std::is_same_v<Out, Float16>) {
    hn::StoreU(convert::FloatToHalf(df, rounded), convert::Bits16<DF>(), destination);
  } else {
    hn::StoreU(convert::FloatToBf16(df, rounded), convert::Bits16<DF>(), destination);
  }
}

// Doubles rounded once to Out. FLOAT: one conversion (to nearest even, as a cast). FLOAT16 and BFLOAT16: first to
// float rounding to odd (backend/cpu/reduce_round.h), then to nearest even, which keeps the two roundings equal to
// one. NaN becomes the canonical NaN first.
template <typename Out, class DD>
HWY_INLINE void StoreRoundedOnce(DD dd, hn::Vec<DD> value, char* out) {
  const hn::Rebind<float, DD> df;
  if constexpr (sizeof(Out) == 4) {
    const auto canonical_nan = hn::BitCast(df, hn::Set(hn::RebindToUnsigned<decltype(df)>(), kCanonicalNanBits));
    const auto rounded = DemoteToFloat(df, value);  // Infinite and overflowing terms become +-inf on every target.
    hn::StoreU(hn::IfThenElse(hn::IsNaN(rounded), canonical_nan, rounded), df, reinterpret_cast<float*>(out));
  } else {
    StoreOddAsSixteenBits<Out>(df, RoundToOdd(df, dd, value), out);
  }
}

#if HWY_TARGET != HWY_SCALAR
// Two vectors of doubles (low first) rounded once to Out, FLOAT16 or BFLOAT16, as StoreRoundedOnce does: the
// float half of the work runs on one full float vector instead of two half ones.
template <typename Out, class DD>
HWY_INLINE void StorePairRoundedOnce(DD dd, hn::Vec<DD> low, hn::Vec<DD> high, char* out) {
  const hn::Rebind<float, DD> dh;
  const hn::Twice<decltype(dh)> df;
  StoreOddAsSixteenBits<Out>(df, hn::Combine(df, RoundToOdd(dh, dd, high), RoundToOdd(dh, dd, low)), out);
}

// Two vectors of doubles (low first) narrowed to FLOAT as StoreRoundedOnce does and put at out as one full float
// vector, streamed when `stream` (x86 streams whole registers only; out then aligned to the vector).
template <class DD>
HWY_INLINE void PutPairAsFloats(DD, hn::Vec<DD> low, hn::Vec<DD> high, char* out, bool stream) {
  const hn::Rebind<float, DD> dh;
  const hn::Twice<decltype(dh)> df;
  const auto canonical_nan = hn::BitCast(df, hn::Set(hn::RebindToUnsigned<decltype(df)>(), kCanonicalNanBits));
  const auto rounded = hn::Combine(df, DemoteToFloat(dh, high), DemoteToFloat(dh, low));
  cpu::HWY_NAMESPACE::PutVector(df, hn::IfThenElse(hn::IsNaN(rounded), canonical_nan, rounded),
                                reinterpret_cast<float*>(out), stream);
}
#endif

// Whether the store loops may take VecTerm's float form (ops/pointwise/float_term-inl.h) for inputs of type T:
// the term has one, no extra operands, and T is 16 bits wide, whose differences float mostly holds exactly (for
// FLOAT inputs most vectors would fall back to the double term, and the test would only cost).
template <class VecTerm, class DF, class = void>
struct HasFloatForm : std::false_type {};
template <class VecTerm, class DF>
struct HasFloatForm<VecTerm, DF, std::void_t<decltype(&VecTerm::template ValueFloatVec<DF>)>> : std::true_type {};
template <class VecTerm, typename T, class DF>
inline constexpr bool kTakesFloatForm =
    sizeof(T) == 2 && ExtraOperandCount<VecTerm>::value == 0 && HasFloatForm<VecTerm, DF>::value;

// The term's float constants (float_term-inl.h): its FloatConstantsOf, or none.
template <class VecTerm, class = void>
struct HasFloatConstants : std::false_type {};
template <class VecTerm>
struct HasFloatConstants<VecTerm, std::void_t<decltype(VecTerm::FloatConstantsOf(TermParams{}))>> : std::true_type {};
template <class VecTerm>
auto FloatConstantsFor(const TermParams& params) {
  if constexpr (HasFloatConstants<VecTerm>::value) {
    return VecTerm::FloatConstantsOf(params);
  } else {
    return NoFloatConstants{};
  }
}

// The lanes of a float form's value that may be stored rounded to Out: finite, and the exact term or the term
// rounded once that is no 16-bit tie (float_term-inl.h says why that gives the double term's bits).
template <typename Out, class DF>
HWY_INLINE hn::Mask<DF> FloatFormHolds(DF df, hn::Vec<DF> value, hn::Mask<DF> once, hn::Mask<DF> exact) {
  const hn::RebindToUnsigned<DF> du;
  const auto exponent = hn::Set(du, 0x7f800000u);
  const auto finite = hn::RebindMask(df, hn::Ne(hn::And(hn::BitCast(du, value), exponent), exponent));
  return hn::And(finite, hn::Or(exact, hn::And(once, NoSixteenBitTie<Out>(df, value))));
}

// The float form's Lanes(df) terms from element i on, rounded to Out and stored at out when every lane may take
// it; false, nothing stored, otherwise.
template <class VecTerm, typename Out, typename T, class DF, class Constants>
HWY_INLINE bool StoreFloatForm(DF df, const ForwardRun<VecTerm, T>& forward, const Constants& constants, int64_t i,
                               char* out) {
  hn::Mask<DF> once;
  hn::Mask<DF> exact;
  const auto value = VecTerm::ValueFloatVec(df, forward.x.Floats(df, i), forward.y.Floats(df, i), constants, once,
                                            exact);
  if (!hn::AllTrue(df, FloatFormHolds<Out>(df, value, once, exact))) {
    return false;
  }
  uint16_t* destination = reinterpret_cast<uint16_t*>(out);
  if constexpr (std::is_same_v<Out, Float16>) {
    hn::StoreU(convert::FloatToHalf(df, value), convert::Bits16<DF>(), destination);
  } else {
    hn::StoreU(convert::FloatToBf16(df, value), convert::Bits16<DF>(), destination);
  }
  return true;
}

// Finite floats rounded to nearest even as BFLOAT16, the pattern in the upper 16 bits of each lane (the lower ones
// are left as they come): no NaN to keep quiet, so one addition does it.
template <class DF>
HWY_INLINE hn::Vec<hn::RebindToUnsigned<DF>> RoundFiniteToBf16High(DF /*df*/, hn::Vec<DF> value) {
  const hn::RebindToUnsigned<DF> du;
  const auto bits = hn::BitCast(du, value);
  return hn::Add(bits, hn::Add(hn::Set(du, 0x7fffu), hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 1u))));
}

// BFLOAT16 in and out: the float form of the 2 Lanes(df) elements from element i on as their even and odd halves
// (RunInput::EvenBf16, no shuffle), stored as one vector of 16-bit lanes, when every lane may take it.
template <class VecTerm, typename T, class DF, class Constants>
HWY_INLINE bool StoreFloatFormBf16Pairs(DF df, const ForwardRun<VecTerm, T>& forward, const Constants& constants,
                                        int64_t i, char* out) {
  hn::Mask<DF> once_even;
  hn::Mask<DF> exact_even;
  hn::Mask<DF> once_odd;
  hn::Mask<DF> exact_odd;
  const auto even = VecTerm::ValueFloatVec(df, forward.x.EvenBf16(df, i), forward.y.EvenBf16(df, i), constants,
                                           once_even, exact_even);
  const auto odd = VecTerm::ValueFloatVec(df, forward.x.OddBf16(df, i), forward.y.OddBf16(df, i), constants,
                                          once_odd, exact_odd);
  if (!hn::AllTrue(df, hn::And(FloatFormHolds<BFloat16>(df, even, once_even, exact_even),
                               FloatFormHolds<BFloat16>(df, odd, once_odd, exact_odd)))) {
    return false;
  }
  const hn::RebindToUnsigned<DF> du;
  const hn::Repartition<uint16_t, DF> d16;
  const auto pairs = hn::Or(hn::ShiftRight<16>(RoundFiniteToBf16High(df, even)),
                            hn::And(RoundFiniteToBf16High(df, odd), hn::Set(du, 0xffff0000u)));
  hn::StoreU(hn::BitCast(d16, pairs), d16, reinterpret_cast<uint16_t*>(out));
  return true;
}

template <class VecTerm, typename T, typename Out>
void ForwardStoreTyped(const Run& run, char* out, bool stream) {
  const hn::ScalableTag<double> dd;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(dd));
  constexpr int64_t kOutBytes = sizeof(Out) == 4 ? 4 : 2;
  const ForwardRun<VecTerm, T> forward(run);
  auto scalar = [&](int64_t i) {
    const double term = forward.Term(i);
    cpu::StoreFromDouble<Out>(out + i * kOutBytes, term != term ? static_cast<double>(BitsToFloat(kCanonicalNanBits))
                                                                : term);
  };
  int64_t i = 0;
#if HWY_TARGET != HWY_SCALAR
  if constexpr (sizeof(Out) == 2) {
    // Not streamed: on the machine of docs/PERFORMANCE.md streaming made these loops slower, not faster.
    // The float form where the term has one (float_term-inl.h); a vector it cannot take goes through the double
    // term. For BFLOAT16 in and out, 2 Lanes(df) elements at a time as even and odd halves; the rest as below.
    [[maybe_unused]] const hn::Twice<hn::Rebind<float, decltype(dd)>> df;
    [[maybe_unused]] const auto constants = FloatConstantsFor<VecTerm>(forward.params);
    if constexpr (HasFloatTerm<VecTerm, decltype(df)>::value) {
      // A float term rounded once to Out (RN16 of the float is what the double path gives a double that is a float).
      for (; i + 2 * lanes <= forward.count; i += 2 * lanes) {
        forward.Prefetch(i);
        hn::Vec<decltype(df)> terms;
        if (forward.FloatTerms(df, i, &terms)) {
          StoreOddAsSixteenBits<Out>(df, terms, out + i * kOutBytes);
        } else {
          StorePairRoundedOnce<Out>(dd, forward.Terms(dd, i), forward.Terms(dd, i + lanes), out + i * kOutBytes);
        }
      }
    }
    if constexpr (kTakesFloatForm<VecTerm, T, decltype(df)> && std::is_same_v<T, BFloat16> &&
                  std::is_same_v<Out, BFloat16>) {
      for (; i + 4 * lanes <= forward.count; i += 4 * lanes) {
        forward.Prefetch(i);
        char* at = out + i * kOutBytes;
        if (!StoreFloatFormBf16Pairs(df, forward, constants, i, at)) {
          StorePairRoundedOnce<Out>(dd, forward.Terms(dd, i), forward.Terms(dd, i + lanes), at);
          StorePairRoundedOnce<Out>(dd, forward.Terms(dd, i + 2 * lanes), forward.Terms(dd, i + 3 * lanes),
                                    at + 2 * lanes * kOutBytes);
        }
      }
    }
    for (; i + 2 * lanes <= forward.count; i += 2 * lanes) {
      forward.Prefetch(i);
      char* at = out + i * kOutBytes;
      if constexpr (kTakesFloatForm<VecTerm, T, decltype(df)>) {
        if (StoreFloatForm<VecTerm, Out>(df, forward, constants, i, at)) {
          continue;
        }
      }
      StorePairRoundedOnce<Out>(dd, forward.Terms(dd, i), forward.Terms(dd, i + lanes), at);
    }
  } else {
    // Two double vectors per full float vector. Streaming stores need it aligned to its size: the elements up to
    // the first such boundary go one by one (each element's bits are the same on every path, so where the vectors
    // start changes nothing).
    const int64_t step = 2 * lanes;
    if (stream) {
      const uintptr_t vector_bytes = static_cast<uintptr_t>(step * kOutBytes);
      const uintptr_t misalignment = reinterpret_cast<uintptr_t>(out) % vector_bytes;
      int64_t head = misalignment == 0 ? 0 : static_cast<int64_t>((vector_bytes - misalignment) / kOutBytes);
      head = head < forward.count ? head : forward.count;
      for (; i < head; ++i) {
        scalar(i);
      }
    }
    const hn::Twice<hn::Rebind<float, decltype(dd)>> df;
    for (; i + step <= forward.count; i += step) {
      forward.Prefetch(i);
      if constexpr (HasFloatTerm<VecTerm, decltype(df)>::value) {
        hn::Vec<decltype(df)> terms;
        if (forward.FloatTerms(df, i, &terms)) {
          const auto canonical_nan = hn::BitCast(df, hn::Set(hn::RebindToUnsigned<decltype(df)>(), kCanonicalNanBits));
          cpu::HWY_NAMESPACE::PutVector(df, hn::IfThenElse(hn::IsNaN(terms), canonical_nan, terms),
                                        reinterpret_cast<float*>(out + i * kOutBytes), stream);
          continue;
        }
      }
      PutPairAsFloats(dd, forward.Terms(dd, i), forward.Terms(dd, i + lanes), out + i * kOutBytes, stream);
    }
  }
#endif
  for (; i + lanes <= forward.count; i += lanes) {
    StoreRoundedOnce<Out>(dd, forward.Terms(dd, i), out + i * kOutBytes);
  }
  for (; i < forward.count; ++i) {
    scalar(i);
  }
  if (sizeof(Out) == 4 && stream) {
    hwy::FlushStream();  // Streaming stores are weakly ordered: visible before the launch completes.
  }
}

template <class VecTerm, typename T>
bool ForwardStoreForOut(const Run& run, char* out, aclDataType out_dtype, bool stream) {
  switch (out_dtype) {
    case ACL_FLOAT: return ForwardStoreTyped<VecTerm, T, float>(run, out, stream), true;
    case ACL_FLOAT16: return ForwardStoreTyped<VecTerm, T, Float16>(run, out, stream), true;
    case ACL_BF16: return ForwardStoreTyped<VecTerm, T, BFloat16>(run, out, stream), true;
    default: return false;
  }
}
#endif

// out contiguous along the run and aligned to its element size.
template <class VecTerm>
bool ForwardStoreSimd(const Run& run, char* out, int64_t out_stride, aclDataType out_dtype, bool stream) {
#if HWY_HAVE_FLOAT64
  const int64_t out_bytes = out_dtype == ACL_FLOAT ? 4 : 2;
  if (out_stride != out_bytes || reinterpret_cast<uintptr_t>(out) % static_cast<uintptr_t>(out_bytes) != 0) {
    return false;
  }
  switch (FastInputType(run, kForwardTermInputs<VecTerm>)) {
    case ACL_FLOAT: return ForwardStoreForOut<VecTerm, float>(run, out, out_dtype, stream);
    case ACL_FLOAT16: return ForwardStoreForOut<VecTerm, Float16>(run, out, out_dtype, stream);
    case ACL_BF16: return ForwardStoreForOut<VecTerm, BFloat16>(run, out, out_dtype, stream);
    default: return false;
  }
#else
  (void)run;
  (void)out;
  (void)out_stride;
  (void)out_dtype;
  (void)stream;
  return false;
#endif
}

// Two float vectors stored as Out at p (consecutive elements). 16-bit outputs go out as one full vector, since
// x86 streams whole registers only.
template <typename Out, class DF>
HWY_INLINE void StorePair(DF df, hn::Vec<DF> a, hn::Vec<DF> b, char* p, bool stream) {
  using cpu::HWY_NAMESPACE::PutVector;
  if constexpr (sizeof(Out) == 4) {
    float* out = reinterpret_cast<float*>(p);
    PutVector(df, a, out, stream);
    PutVector(df, b, out + hn::Lanes(df), stream);
  } else {
    auto bits = [&](hn::Vec<DF> v) {
      if constexpr (std::is_same_v<Out, Float16>) {
        return convert::FloatToHalf(df, v);
      } else {
        return convert::FloatToBf16(df, v);
      }
    };
    uint16_t* out = reinterpret_cast<uint16_t*>(p);
#if HWY_TARGET == HWY_SCALAR
    PutVector(convert::Bits16<DF>(), bits(a), out, stream);
    PutVector(convert::Bits16<DF>(), bits(b), out + 1, stream);
#else
    const hn::Repartition<uint16_t, DF> d16;
    PutVector(d16, hn::Combine(d16, bits(b), bits(a)), out, stream);
#endif
  }
}

// A gradient's inputs (gradOutput, self, target, then the extra operands) as locals (RunInput).
template <typename In, size_t... kInput>
HWY_INLINE std::array<RunInput<In>, sizeof...(kInput)> RunInputsOf(const Run& run, std::index_sequence<kInput...>) {
  return {RunInput<In>(run, static_cast<int>(kInput))...};
}

// The gradient of Lanes(df) elements from element i on.
template <class VecTerm, class DF, typename In, size_t kCount, size_t... kInput>
HWY_INLINE hn::Vec<DF> GradientVecAt(DF df, const std::array<RunInput<In>, kCount>& inputs, int64_t i,
                                     hn::Vec<DF> scale, const TermParams& params, std::index_sequence<kInput...>) {
  return VecTerm::GradientVec(df, inputs[kInput].Floats(df, i)..., scale, params);
}

#if HWY_TARGET != HWY_SCALAR
// The gradients of the even (odd: the odd) elements of 2 * Lanes(df) BFLOAT16 elements from element i on.
template <class VecTerm, class DF, size_t kCount, size_t... kInput>
HWY_INLINE hn::Vec<DF> GradientEvenBf16(DF df, const std::array<RunInput<BFloat16>, kCount>& inputs, int64_t i,
                                        hn::Vec<DF> scale, const TermParams& params, std::index_sequence<kInput...>) {
  return VecTerm::GradientVec(df, inputs[kInput].EvenBf16(df, i)..., scale, params);
}
template <class VecTerm, class DF, size_t kCount, size_t... kInput>
HWY_INLINE hn::Vec<DF> GradientOddBf16(DF df, const std::array<RunInput<BFloat16>, kCount>& inputs, int64_t i,
                                       hn::Vec<DF> scale, const TermParams& params, std::index_sequence<kInput...>) {
  return VecTerm::GradientVec(df, inputs[kInput].OddBf16(df, i)..., scale, params);
}
#endif

template <class VecTerm, typename In, typename Out>
void BackwardTyped(const Run& run, const BackwardOut& out) {
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  const int64_t step = 2 * lanes;
  constexpr int64_t kOutBytes = sizeof(Out) == 4 ? 4 : 2;
  auto scalar = [&](int64_t i) {
    StoreFromFloat<Out>(out.data + i * kOutBytes,
                        CanonicalizeNan(GradientAt<VecTerm>(run, i, out.scale, ExtraSequence<VecTerm>{})));
  };
  // Streaming stores need vector-aligned addresses: the first elements up to the boundary go one by one.
  bool stream = out.stream;
  int64_t head = 0;
  if (stream) {
    const uintptr_t vector_bytes = static_cast<uintptr_t>(lanes) * sizeof(float);
    const uintptr_t misalignment = reinterpret_cast<uintptr_t>(out.data) % vector_bytes;
    stream = misalignment % kOutBytes == 0;
    head = misalignment == 0 || !stream ? 0 : static_cast<int64_t>((vector_bytes - misalignment) / kOutBytes);
    head = head < run.count ? head : run.count;
  }
  for (int64_t i = 0; i < head; ++i) {
    scalar(i);
  }
  // The loop reads everything from locals: through `run` and `out` the compiler must reload the pointers and
  // strides after every store (a vector store may alias anything).
  using Inputs = std::make_index_sequence<static_cast<size_t>(kBackwardTermInputs<VecTerm>)>;
  const auto inputs = RunInputsOf<In>(run, Inputs{});
  const TermParams params = run.params;
  const int64_t count = run.count;
  char* const data = out.data;
  const auto scale = hn::Set(df, out.scale);
  const auto canonical_nan = hn::BitCast(df, hn::Set(hn::RebindToUnsigned<decltype(df)>(), kCanonicalNanBits));
  int64_t i = head;
#if HWY_TARGET != HWY_SCALAR
  if constexpr (std::is_same_v<In, BFloat16> && std::is_same_v<Out, BFloat16>) {
    // BFLOAT16 on both sides: the even and the odd elements as two float vectors (RunInput::EvenBf16), stored
    // back as one vector of 16-bit lanes, the even ones in the low halves: no shuffle at all.
    const hn::Repartition<uint16_t, decltype(df)> d16;
    for (; i + step <= count; i += step) {
      const auto even = GradientEvenBf16<VecTerm>(df, inputs, i, scale, params, Inputs{});
      const auto odd = GradientOddBf16<VecTerm>(df, inputs, i, scale, params, Inputs{});
      const auto low = convert::FloatToBf16Bits(df, hn::IfThenElse(hn::IsNaN(even), canonical_nan, even));
      const auto high = convert::FloatToBf16Bits(df, hn::IfThenElse(hn::IsNaN(odd), canonical_nan, odd));
      cpu::HWY_NAMESPACE::PutVector(d16, hn::BitCast(d16, hn::Or(low, hn::ShiftLeft<16>(high))),
                                    reinterpret_cast<uint16_t*>(data + i * kOutBytes), stream);
    }
  }
#endif
  for (; i + step <= count; i += step) {
    const auto low = GradientVecAt<VecTerm>(df, inputs, i, scale, params, Inputs{});
    const auto high = GradientVecAt<VecTerm>(df, inputs, i + lanes, scale, params, Inputs{});
    StorePair<Out>(df, hn::IfThenElse(hn::IsNaN(low), canonical_nan, low),  // NaNs as core/nan.h.
                   hn::IfThenElse(hn::IsNaN(high), canonical_nan, high), data + i * kOutBytes, stream);
  }
  for (; i < count; ++i) {
    scalar(i);
  }
  if (stream) {
    hwy::FlushStream();  // Streaming stores are weakly ordered: visible before the launch completes.
  }
}

template <class VecTerm, typename In>
bool BackwardForOut(const Run& run, const BackwardOut& out) {
  switch (out.dtype) {
    case ACL_FLOAT: return BackwardTyped<VecTerm, In, float>(run, out), true;
    case ACL_FLOAT16: return BackwardTyped<VecTerm, In, Float16>(run, out), true;
    case ACL_BF16: return BackwardTyped<VecTerm, In, BFloat16>(run, out), true;
    default: return false;
  }
}

template <class VecTerm>
bool BackwardSimd(const Run& run, const BackwardOut& out) {
  const int64_t out_bytes = out.dtype == ACL_FLOAT ? 4 : 2;
  if (out.stride != out_bytes || reinterpret_cast<uintptr_t>(out.data) % static_cast<uintptr_t>(out_bytes) != 0) {
    return false;
  }
  switch (FastInputType(run, kBackwardTermInputs<VecTerm>)) {
    case ACL_FLOAT: return BackwardForOut<VecTerm, float>(run, out);
    case ACL_FLOAT16: return BackwardForOut<VecTerm, Float16>(run, out);
    case ACL_BF16: return BackwardForOut<VecTerm, BFloat16>(run, out);
    default: return false;
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::pointwise
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_POINTWISE_ENGINE_INL_H_

// The per-target half of an operator's kernel set: put inside the operator's own `namespace HWY_NAMESPACE`, after
// its vector term. Defines the functions term_kernels.h's OPENACLNN_POINTWISE_KERNEL_SET collects.
#ifndef OPENACLNN_POINTWISE_VECTOR_KERNELS
#define OPENACLNN_POINTWISE_VECTOR_KERNELS(VEC_TERM)                                                         \
  inline ::openaclnn::pointwise::ForwardTermsFn ForwardKernel() {                                            \
    return &::openaclnn::pointwise::HWY_NAMESPACE::ForwardTermsSimd<VEC_TERM>;                               \
  }                                                                                                          \
  inline ::openaclnn::pointwise::ForwardStoreFn ForwardStoreKernel() {                                       \
    return &::openaclnn::pointwise::HWY_NAMESPACE::ForwardStoreSimd<VEC_TERM>;                               \
  }                                                                                                          \
  inline ::openaclnn::pointwise::ForwardAddFn ForwardAddKernel() {                                           \
    return &::openaclnn::pointwise::HWY_NAMESPACE::ForwardAddSimd<VEC_TERM>;                                 \
  }                                                                                                          \
  inline ::openaclnn::pointwise::ForwardAddPairFn ForwardAddPairKernel() {                                   \
    return &::openaclnn::pointwise::HWY_NAMESPACE::ForwardAddPairSimd<VEC_TERM>;                             \
  }                                                                                                          \
  inline ::openaclnn::pointwise::BackwardRunFn BackwardKernel() {                                            \
    return &::openaclnn::pointwise::HWY_NAMESPACE::BackwardSimd<VEC_TERM>;                                   \
  }                                                                                                          \
  inline int64_t CompiledTarget() { return HWY_TARGET; }
#endif
