// Checking a backward operator against central differences of its forward: for each element j of an input's
// values, the objective at base[j] + step and base[j] - step gives (f+ - f-) / (2 step), which the analytic
// gradient at j must match within `tolerance`, relative to 1 + |analytic|.
#ifndef OPENACLNN_TESTS_SUPPORT_CENTRAL_DIFFERENCE_H_
#define OPENACLNN_TESTS_SUPPORT_CENTRAL_DIFFERENCE_H_

#include <functional>
#include <vector>

namespace openaclnn::test {

// set_input(values) stores the perturbed input; objective() evaluates the forward's objective on it. Adds a gtest
// failure per element beyond the tolerance, restores `base` at the end and returns the worst relative error.
double ExpectCentralDifferences(const std::vector<double>& base, double step,
                                const std::function<void(const std::vector<double>&)>& set_input,
                                const std::function<double()>& objective, const std::vector<double>& analytic,
                                double tolerance);

}  // namespace openaclnn::test

#endif  // OPENACLNN_TESTS_SUPPORT_CENTRAL_DIFFERENCE_H_
