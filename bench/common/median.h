#pragma once

// What every bench reports: the median of its rounds (robust against the one round a busy
// machine stretched, which a mean is not).

#include <QList>

#include <algorithm>

namespace Sandbench::Bench {

inline double median(QList<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const qsizetype n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace Sandbench::Bench
