// Per-target pieces of the vector row kernels (Highway), shared by the softmax family (softmax_rows_hwy.cc) and
// cross entropy (ops/cross_entropy_loss/cross_entropy_rows_hwy.cc): the 16-bit and float loads, the row maximum,
// the float exponentials exp(x - m) into a per-thread buffer, the sum in backend/cpu/reduce.h's LaneAccumulator
// order (element i to lane i % 8, the lanes combined in its fixed tree) and the stores rounded once. Each performs
// the scalar kernels' operations lane by lane in the same order, so the kernels built from them give the scalar
// kernels' bits on every target. Per-target header: include it after hwy/highway.h in a file compiled through
// foreach_target.h; everything is in openaclnn::row::HWY_NAMESPACE, and only where the target has double lanes
// (HWY_HAVE_FLOAT64 and not HWY_SCALAR).

// Re-included once per target (Highway's toggle convention), hence no classic include guard.
#if defined(OPENACLNN_OPS_ROW_ROW_VECTOR_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OPENACLNN_OPS_ROW_ROW_VECTOR_INL_H_
#undef OPENACLNN_OPS_ROW_ROW_VECTOR_INL_H_
#else
#define OPENACLNN_OPS_ROW_ROW_VECTOR_INL_H_
#endif

#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>

#include "backend/cpu/det_math-inl.h"
#include "backend/cpu/det_math.h"
#include "backend/cpu/hwy_convert-inl.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reduce_round.h"
#include "core/element.h"
#include "core/half.h"
#include "hwy/cache_control.h"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace openaclnn::row {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;
namespace convert = cpu::HWY_NAMESPACE;

#if HWY_HAVE_FLOAT64 && HWY_TARGET != HWY_SCALAR

// For a lambda whose call sits in a kernel's inner loop (between its parameter list and its body): left to
// themselves, the compilers call such lambdas out of line once per vector, spilling the loop's vectors around the
// call and reloading every constant and captured pointer through memory (measured: a fifth to a third of a pass).
#ifndef OPENACLNN_ROW_INLINE
#define OPENACLNN_ROW_INLINE __attribute__((always_inline))
#endif

// At most 8 double lanes: the eight lanes of the row's sum are one, two or four vectors.
using DD = hn::CappedTag<double, cpu::kSumLanes>;
using DF = hn::Rebind<float, DD>;

// A thread's buffer for a forward row's float exponentials (grown to the longest row it has seen, up to
// kMaxTerms; longer rows, or a failed allocation, take them inside the sum without storing them (ShiftedExpSum),
// and softmax a second time for its output).
constexpr int64_t kMaxTerms = int64_t{1} << 18;

inline float* TermBuffer(int64_t length) {
  thread_local std::unique_ptr<float[]> buffer;
  thread_local int64_t capacity = 0;
  if (length > kMaxTerms) {
    return nullptr;
  }
  if (length > capacity) {
    buffer.reset(new (std::nothrow) float[static_cast<size_t>(length)]);
    capacity = buffer ? length : 0;
  }
  return buffer.get();
}

template <typename T>
bool Contiguous(const char* p, int64_t stride) {
  return stride == static_cast<int64_t>(sizeof(T)) && reinterpret_cast<uintptr_t>(p) % sizeof(T) == 0;
}

// Lanes(d) elements of T from p, as floats (exact), for any float tag d.
template <typename T, class D>
HWY_INLINE hn::Vec<D> LoadFloats(D d, const T* p) {
  return convert::LoadAsFloats(d, p);
}

// Lanes(dd) elements of T from p, as doubles (exact).
template <typename T>
HWY_INLINE hn::Vec<DD> LoadDoubles(const T* p) {
  return hn::PromoteTo(DD(), LoadFloats(DF(), p));
}

template <typename T>
HWY_INLINE float LoadFloat(const T* p) {
  return LoadAsFloat<T>(reinterpret_cast<const char*>(p));
}

template <typename T>
HWY_INLINE double LoadDouble(const T* p) {
  return LoadFloat(p);
}

// Lanes(dd) float exponentials exp(x_i - m) (det::ExpDiffF's operations), widened to doubles.
template <typename T>
HWY_INLINE hn::Vec<DD> ShiftedExpDoubles(const T* x, hn::Vec<DF> m) {
  return hn::PromoteTo(DD(), cpu::HWY_NAMESPACE::ExpDiffFVec(DF(), LoadFloats(DF(), x), m));
}

// Brings the bytes [begin, begin + bytes) (the input of the row this thread does next) into the cache a line per
// Step, so that the next row's first pass finds it there instead of waiting on memory while the current row's
// compute-bound pass runs. A hint only: nothing is read through it, and an empty range does nothing.
class RowPrefetch {
 public:
  RowPrefetch() = default;
  RowPrefetch(const void* begin, int64_t bytes)
      : next_(static_cast<const char*>(begin)), end_(bytes > 0 ? next_ + bytes : next_) {}

  HWY_INLINE void Step() {
    if (next_ < end_) {
      hwy::Prefetch(next_);
      next_ += kLineBytes;
    }
  }

 private:
  static constexpr int64_t kLineBytes = 64;
  const char* next_ = nullptr;
  const char* end_ = nullptr;
};

// terms[i] = exp(x_i - m) for i in [0, n), at the full float width, the tail by the scalar form.
template <typename T>
HWY_INLINE void ShiftedExpsToBuffer(const T* x, int64_t n, float m, float* terms) {
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  const auto mv = hn::Set(df, m);
  int64_t i = 0;
  for (; i + lanes <= n; i += lanes) {
    hn::StoreU(cpu::HWY_NAMESPACE::ExpDiffFVec(df, LoadFloats(df, x + i), mv), df, terms + i);
  }
  for (; i < n; ++i) {
    terms[i] = cpu::det::ExpDiffF(LoadFloat(x + i), m);
  }
}

// The eight lane sums held as one vector of 8 doubles (a0), two of 4 (a0, a1) or four of 2 (a0..a3), into l.
HWY_INLINE void StoreLaneSums(hn::Vec<DD> a0, hn::Vec<DD> a1, hn::Vec<DD> a2, hn::Vec<DD> a3, double* l) {
  const DD dd;
  const auto lanes = static_cast<int64_t>(hn::Lanes(dd));
  hn::StoreU(a0, dd, l);
  if (lanes <= 4) {
    hn::StoreU(a1, dd, l + lanes);
  }
  if (lanes == 2) {
    hn::StoreU(a2, dd, l + 4);
    hn::StoreU(a3, dd, l + 6);
  }
}

// The sum of a row's float values in LaneSum's order (element i to lane i % 8, each lane left to right, the lanes
// combined in its fixed tree), taken while the values are in registers. vector(i) gives the values of elements
// [i, i + Lanes(DW)), DW the float tag of twice the double lanes; each is widened in its two halves, which go to
// the lane sums of their elements. scalar(i) gives element i of the rest (fewer than 16), by the scalar form of
// the same operations.
using DW = hn::Repartition<float, DD>;
template <class VectorValues, class ScalarValue>
HWY_INLINE double LaneOrderSum(int64_t n, VectorValues&& vector, ScalarValue&& scalar) {
  const DD dd;
  const DF dh;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(dd));
  auto low = [&](hn::Vec<DW> e) { return hn::PromoteTo(dd, hn::LowerHalf(dh, e)); };
  auto high = [&](hn::Vec<DW> e) { return hn::PromoteTo(dd, hn::UpperHalf(dh, e)); };
  auto a0 = hn::Zero(dd);
  auto a1 = hn::Zero(dd);
  auto a2 = hn::Zero(dd);
  auto a3 = hn::Zero(dd);
  int64_t i = 0;
  if (lanes == 8) {  // One vector of 16 floats: both halves to the one vector of eight lane sums.
    for (; i + 16 <= n; i += 16) {
      const auto e = vector(i);
      a0 = hn::Add(hn::Add(a0, low(e)), high(e));
    }
  } else if (lanes == 4) {  // 8 floats: lanes 0-3 and 4-7.
    for (; i + 8 <= n; i += 8) {
      const auto e = vector(i);
      a0 = hn::Add(a0, low(e));
      a1 = hn::Add(a1, high(e));
    }
  } else {  // Two vectors of 4 floats: lanes 0-1, 2-3, 4-5, 6-7.
    for (; i + 8 <= n; i += 8) {
      const auto e0 = vector(i);
      const auto e1 = vector(i + 4);
      a0 = hn::Add(a0, low(e0));
      a1 = hn::Add(a1, high(e0));
      a2 = hn::Add(a2, low(e1));
      a3 = hn::Add(a3, high(e1));
    }
  }
  HWY_ALIGN double l[cpu::kSumLanes];
  StoreLaneSums(a0, a1, a2, a3, l);
  for (; i < n; ++i) {  // i is a multiple of 8 at the start: lane-wise adds in order, as LaneSum's.
    l[i % cpu::kSumLanes] += static_cast<double>(scalar(i));
  }
  return ((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7]));
}

// The sum of exp(x_i - m) for i in [0, n) as LaneSum over ShiftedExpsToBuffer's terms gives it, taken while the
// exponentials are in registers (LaneOrderSum). With a non-null `terms`, also stores the exponentials there
// (ShiftedExpsToBuffer's values). Steps `prefetch` once per vector of exponentials. kInRange: every fl(x_i - m) is
// known to lie in the exponential's shortcut range (ExpDiffFInRangeVec), so no vector is tested for it.
template <bool kInRange, typename T>
HWY_INLINE double ShiftedExpSum(const T* x, int64_t n, float m, float* terms, RowPrefetch* prefetch) {
  const DW df;
  const auto mv = hn::Set(df, m);
  return LaneOrderSum(
      n,
      [&](int64_t at) OPENACLNN_ROW_INLINE {
        const auto v = LoadFloats(df, x + at);
        const auto e = kInRange ? cpu::HWY_NAMESPACE::ExpDiffFInRangeVec(df, v, mv)
                                : cpu::HWY_NAMESPACE::ExpDiffFVec(df, v, mv);
        if (terms != nullptr) {
          hn::StoreU(e, df, terms + at);
        }
        prefetch->Step();
        return e;
      },
      [&](int64_t at) {
        const float e = cpu::det::ExpDiffF(LoadFloat(x + at), m);
        if (terms != nullptr) {
          terms[at] = e;
        }
        return e;
      });
}

// Doubles rounded once to Out, as cpu::StoreFromDouble does it: FLOAT by one conversion; FLOAT16 and BFLOAT16
// through float rounded to odd (reduce_round.h), then to nearest even. NaNs keep their payload, as in the scalar
// conversions.
template <typename Out>
HWY_INLINE void StoreRounded(hn::Vec<DD> value, Out* out) {
  const DD dd;
  const DF df;
  auto rounded = hn::DemoteTo(df, value);
  if constexpr (std::is_same_v<Out, float>) {
    hn::StoreU(rounded, df, out);
  } else {
    const hn::Rebind<int32_t, DD> di;
    const auto back = hn::PromoteTo(dd, rounded);
    const auto inexact = hn::AndNot(hn::IsNaN(value), hn::Ne(back, value));
    const auto away = hn::Gt(hn::Abs(back), hn::Abs(value));
    // -1 where the rounding went away from zero (one unit toward zero), then the sticky lowest bit; the masks
    // become int32 lanes through the double-to-int32 conversion, which every target has.
    const auto minus_one = hn::DemoteTo(di, hn::IfThenElseZero(away, hn::Set(dd, -1.0)));
    const auto sticky = hn::DemoteTo(di, hn::IfThenElseZero(inexact, hn::Set(dd, 1.0)));
    rounded = hn::BitCast(df, hn::Or(hn::Add(hn::BitCast(di, rounded), minus_one), sticky));
    uint16_t* destination = reinterpret_cast<uint16_t*>(out);
    if constexpr (std::is_same_v<Out, Float16>) {
      hn::StoreU(convert::FloatToHalf(df, rounded), convert::Bits16<DF>(), destination);
    } else {
      hn::StoreU(convert::FloatToBf16(df, rounded), convert::Bits16<DF>(), destination);
    }
  }
}

template <typename Out>
HWY_INLINE void StoreRounded(double value, Out* out) {
  cpu::StoreFromDouble<Out>(reinterpret_cast<char*>(out), value);
}

// FloatToBf16 of values that are not NaN: its rounding to nearest even without the NaN lanes' select, so the same
// bits for them.
template <class D>
HWY_INLINE hn::Vec<convert::Bits16<D>> Bf16OfNumbers(D d, hn::Vec<D> value) {
  const hn::RebindToUnsigned<D> du;
  (void)d;
  const auto bits = hn::BitCast(du, value);
  const auto rounding = hn::Add(hn::Set(du, 0x7fffu), hn::And(hn::ShiftRight<16>(bits), hn::Set(du, 1u)));
  return hn::TruncateTo(convert::Bits16<D>(), hn::ShiftRight<16>(hn::Add(bits, rounding)));
}

// Float lanes of any float tag d rounded once to Out: FLOAT as they are, FLOAT16 and BFLOAT16 to nearest even
// (hwy_convert-inl.h), the bits of the scalar StoreFromFloat. kNumbers: no lane is NaN (BFLOAT16 then skips the
// NaN select).
template <typename Out, bool kNumbers = false, class D>
HWY_INLINE void StoreFloats(D d, hn::Vec<D> value, Out* out) {
  if constexpr (std::is_same_v<Out, float>) {
    hn::StoreU(value, d, out);
  } else if constexpr (std::is_same_v<Out, Float16>) {
    hn::StoreU(convert::FloatToHalf(d, value), convert::Bits16<D>(), reinterpret_cast<uint16_t*>(out));
  } else if constexpr (kNumbers) {
    hn::StoreU(Bf16OfNumbers(d, value), convert::Bits16<D>(), reinterpret_cast<uint16_t*>(out));
  } else {
    hn::StoreU(convert::FloatToBf16(d, value), convert::Bits16<D>(), reinterpret_cast<uint16_t*>(out));
  }
}

template <typename Out>
HWY_INLINE void StoreFloat(float value, Out* out) {
  StoreFromFloat<Out>(reinterpret_cast<char*>(out), value);
}

// The sum over i in [0, count) of term(i) in LaneAccumulator's order: element i to lane i % 8, each lane left to
// right, the lanes combined as ((l0 + l1) + (l2 + l3)) + ((l4 + l5) + (l6 + l7)). VecTerm(i) gives the terms of
// elements [i, i + Lanes) as a vector, ScalarTerm(i) one term (the tail).
template <class VecTerm, class ScalarTerm>
HWY_INLINE double LaneSum(int64_t count, const VecTerm& vec_term, const ScalarTerm& scalar_term) {
  const DD dd;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(dd));
  auto a0 = hn::Zero(dd);
  auto a1 = hn::Zero(dd);
  auto a2 = hn::Zero(dd);
  auto a3 = hn::Zero(dd);
  int64_t i = 0;
  if (lanes == 8) {
    for (; i + 8 <= count; i += 8) {
      a0 = hn::Add(a0, vec_term(i));
    }
  } else if (lanes == 4) {
    for (; i + 8 <= count; i += 8) {
      a0 = hn::Add(a0, vec_term(i));
      a1 = hn::Add(a1, vec_term(i + 4));
    }
  } else {
    for (; i + 8 <= count; i += 8) {
      a0 = hn::Add(a0, vec_term(i));
      a1 = hn::Add(a1, vec_term(i + 2));
      a2 = hn::Add(a2, vec_term(i + 4));
      a3 = hn::Add(a3, vec_term(i + 6));
    }
  }
  HWY_ALIGN double l[cpu::kSumLanes];
  StoreLaneSums(a0, a1, a2, a3, l);
  for (int64_t k = 0; i < count; ++i, ++k) {  // i is a multiple of 8 here: element i goes to lane k.
    l[k] += scalar_term(i);
  }
  return ((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7]));
}

constexpr int64_t kStageElements = 1024;  // Output elements staged in L1 before a streaming copy.

// Writes out[i] for i in [0, count) through write(to, begin, end), which stores the elements [begin, end) of the
// row at `to` (out + begin, or a staging buffer). With `stream`, through a small staging buffer copied out with
// aligned streaming stores.
template <typename Out, class Write>
HWY_INLINE void WriteStaged(Out* out, int64_t count, bool stream, const Write& write) {
  if (!stream) {
    write(out, 0, count);
    return;
  }
  const hn::ScalableTag<uint8_t> du8;
  const auto vector_bytes = static_cast<int64_t>(hn::Lanes(du8));
  HWY_ALIGN Out stage[kStageElements];
  // Leading elements up to the first vector-aligned byte of out are written directly.
  const auto misaligned = static_cast<int64_t>(reinterpret_cast<uintptr_t>(out) % static_cast<uintptr_t>(vector_bytes));
  int64_t head = misaligned == 0 ? 0 : (vector_bytes - misaligned) / static_cast<int64_t>(sizeof(Out));
  head = head < count ? head : count;  // Out is aligned to its element size, so head elements reach the boundary.
  write(out, 0, head);
  for (int64_t begin = head; begin < count; begin += kStageElements) {
    const int64_t end = count - begin < kStageElements ? count : begin + kStageElements;
    write(stage, begin, end);
    const int64_t bytes = (end - begin) * static_cast<int64_t>(sizeof(Out));
    auto* to = reinterpret_cast<uint8_t*>(out + begin);
    const auto* from = reinterpret_cast<const uint8_t*>(stage);
    int64_t b = 0;
    for (; b + vector_bytes <= bytes; b += vector_bytes) {
      hn::Stream(hn::Load(du8, from + b), du8, to + b);
    }
    std::memcpy(to + b, from + b, static_cast<size_t>(bytes - b));
  }
  hwy::FlushStream();  // Streaming stores are weakly ordered: visible before the row is reported done.
}

// Writes out[i] = value(i) for i in [0, count): VecValue(i) the values of [i, i + Lanes) as doubles, ScalarValue(i)
// one value, each rounded once to Out. With `stream`, with streaming stores (WriteStaged).
template <typename Out, class VecValue, class ScalarValue>
HWY_INLINE void WriteRow(Out* out, int64_t count, bool stream, const VecValue& vec_value,
                         const ScalarValue& scalar_value) {
  const DD dd;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(dd));
  WriteStaged(out, count, stream, [&](Out* to, int64_t begin, int64_t end) OPENACLNN_ROW_INLINE {
    int64_t i = begin;
    for (; i + lanes <= end; i += lanes) {
      StoreRounded<Out>(vec_value(i), to + (i - begin));
    }
    for (; i < end; ++i) {
      StoreRounded<Out>(scalar_value(i), to + (i - begin));
    }
  });
}

// As WriteRow, with the values computed in float: VecValue(i) the values of [i, i + Lanes) at the full float
// width (hn::ScalableTag<float>), ScalarValue(i) one float; each rounded once to Out (StoreFloats, kNumbers as
// there).
template <typename Out, bool kNumbers = false, class VecValue, class ScalarValue>
HWY_INLINE void WriteFloatRow(Out* out, int64_t count, bool stream, const VecValue& vec_value,
                              const ScalarValue& scalar_value) {
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  WriteStaged(out, count, stream, [&](Out* to, int64_t begin, int64_t end) OPENACLNN_ROW_INLINE {
    int64_t i = begin;
    for (; i + lanes <= end; i += lanes) {
      StoreFloats<Out, kNumbers>(df, vec_value(i), to + (i - begin));
    }
    for (; i < end; ++i) {
      StoreFloat<Out>(scalar_value(i), to + (i - begin));
    }
  });
}

// The maximum and the minimum of a row of n elements, or false when it holds a NaN (the scalar kernel then does
// the row).
template <typename T>
HWY_INLINE bool RowMaxMin(const T* x, int64_t n, double* max, double* min) {
  const hn::ScalableTag<float> df;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(df));
  auto load = [&](int64_t i) { return LoadFloats(df, x + i); };
  const auto minus_inf = hn::Set(df, -std::numeric_limits<float>::infinity());
  const auto plus_inf = hn::Set(df, std::numeric_limits<float>::infinity());
  auto m0 = minus_inf;
  auto m1 = minus_inf;
  auto low0 = plus_inf;
  auto low1 = plus_inf;
  auto nan = hn::Zero(df);
  int64_t i = 0;
  for (; i + 2 * lanes <= n; i += 2 * lanes) {
    const auto v0 = load(i);
    const auto v1 = load(i + lanes);
    m0 = hn::Max(m0, v0);
    m1 = hn::Max(m1, v1);
    low0 = hn::Min(low0, v0);
    low1 = hn::Min(low1, v1);
    nan = hn::Or(nan, hn::Or(hn::VecFromMask(df, hn::Ne(v0, v0)), hn::VecFromMask(df, hn::Ne(v1, v1))));
  }
  for (; i + lanes <= n; i += lanes) {
    const auto v = load(i);
    m0 = hn::Max(m0, v);
    low0 = hn::Min(low0, v);
    nan = hn::Or(nan, hn::VecFromMask(df, hn::Ne(v, v)));
  }
  if (!hn::AllTrue(df, hn::Eq(nan, hn::Zero(df)))) {
    return false;
  }
  double high = hn::GetLane(hn::MaxOfLanes(df, hn::Max(m0, m1)));
  double low = hn::GetLane(hn::MinOfLanes(df, hn::Min(low0, low1)));
  for (; i < n; ++i) {
    const double v = LoadDouble(x + i);
    if (v != v) {
      return false;
    }
    high = v > high ? v : high;
    low = v < low ? v : low;
  }
  *max = high;
  *min = low;
  return true;
}

#endif  // HWY_HAVE_FLOAT64 && HWY_TARGET != HWY_SCALAR

}  // namespace HWY_NAMESPACE
}  // namespace openaclnn::row
HWY_AFTER_NAMESPACE();

#endif  // OPENACLNN_OPS_ROW_ROW_VECTOR_INL_H_ toggle
