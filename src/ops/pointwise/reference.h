// The engine's scalar reference kernels for an element term. A term supplies, in a plain header:
//   static double Value(double x, double y, const TermParams& p);  forward term, in double (DECISIONS 17)
//   static float Gradient(float g, float x, float y, float s, const TermParams& p);
//                                                  gradient in float (DECISIONS 4), s the reduction factor
// (p: the operator's scalar parameters, run.h). A term that reads extra operands (engine.h's ExtraOperands) says
// how many in `static constexpr int kExtraOperands`, and receives them after y, in its order:
//   Value(x, y, e0, e1, p) and Gradient(g, x, y, e0, e1, s, p).
// Every FLOAT, FLOAT16 and BFLOAT16 value is exact in float and in double, so inputs of any mix of the three are
// read as they are; NaN results are stored canonical (core/nan.h) so that every path gives the same bits.
#ifndef OPENACLNN_OPS_POINTWISE_REFERENCE_H_
#define OPENACLNN_OPS_POINTWISE_REFERENCE_H_

#include <cstdint>
#include <type_traits>
#include <utility>

#include "core/element.h"
#include "core/nan.h"
#include "ops/pointwise/run.h"

namespace openaclnn::pointwise {

inline void StoreFloatAs(aclDataType dtype, char* address, float value) {
  switch (dtype) {
    case ACL_FLOAT16: return StoreFromFloat<Float16>(address, value);
    case ACL_BF16: return StoreFromFloat<BFloat16>(address, value);
    default: return StoreFromFloat<float>(address, value);
  }
}

// The number of extra operands a term reads: its kExtraOperands, 0 when it declares none.
template <class Term, class = void>
struct ExtraOperandCount : std::integral_constant<int, 0> {};
template <class Term>
struct ExtraOperandCount<Term, std::void_t<decltype(Term::kExtraOperands)>>
    : std::integral_constant<int, Term::kExtraOperands> {};
template <class Term>
using ExtraSequence = std::make_index_sequence<static_cast<size_t>(ExtraOperandCount<Term>::value)>;

// The exp / log / log1p evaluations a term makes per element (its kTranscendentals, 0 when it declares none): the
// engine's share of the one grain policy (cpu::GrainForBytes), so compute-bound terms split over threads sooner.
template <class Term, class = void>
struct TranscendentalCount : std::integral_constant<int, 0> {};
template <class Term>
struct TranscendentalCount<Term, std::void_t<decltype(Term::kTranscendentals)>>
    : std::integral_constant<int, Term::kTranscendentals> {};

// The same for the gradient where a term states it apart (kGradientTranscendentals: BCE's forward takes two
// logarithms, its gradient none); otherwise its kTranscendentals.
template <class Term, class = void>
struct GradientTranscendentalCount : TranscendentalCount<Term> {};
template <class Term>
struct GradientTranscendentalCount<Term, std::void_t<decltype(Term::kGradientTranscendentals)>>
    : std::integral_constant<int, Term::kGradientTranscendentals> {};

// Input k of a run at element i, as float.
inline float InputAt(const Run& run, int k, int64_t i) {
  return LoadAsFloat(run.dtype[k], run.input[k] + i * run.stride[k]);
}

template <class Term, size_t... kExtra>
double ValueAt(const Run& run, int64_t i, std::index_sequence<kExtra...>) {
  return Term::Value(InputAt(run, 0, i), InputAt(run, 1, i), InputAt(run, kForwardInputs + kExtra, i)...,
                     run.params);
}

template <class Term, size_t... kExtra>
float GradientAt(const Run& run, int64_t i, float scale, std::index_sequence<kExtra...>) {
  return Term::Gradient(InputAt(run, 0, i), InputAt(run, 1, i), InputAt(run, 2, i),
                        InputAt(run, kBackwardInputs + kExtra, i)..., scale, run.params);
}

template <class Term>
bool ForwardTermsReference(const Run& run, double* terms) {
  for (int64_t i = 0; i < run.count; ++i) {
    terms[i] = ValueAt<Term>(run, i, ExtraSequence<Term>{});
  }
  return true;
}

template <class Term>
bool BackwardReference(const Run& run, const BackwardOut& out) {
  for (int64_t i = 0; i < run.count; ++i) {
    StoreFloatAs(out.dtype, out.data + i * out.stride,
                 CanonicalizeNan(GradientAt<Term>(run, i, out.scale, ExtraSequence<Term>{})));
  }
  return true;
}

}  // namespace openaclnn::pointwise

#endif  // OPENACLNN_OPS_POINTWISE_REFERENCE_H_
