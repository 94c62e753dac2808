#!/usr/bin/env python3
"""statsmodels' SimpleExpSmoothing as an independent oracle for `juice forecast --method smoothing`.

    smoothing_oracle.py < '{"series": [DAY, ...]}'

SERIES is a fruit's use on each usable day of the history, oldest first. Prints JSON:
`{"forecast": F, "backtest": [P, ...]}`: F is the one-step forecast of the whole
series, and each P the forecast of one of the series' last 7 days that has a day
before it, from the days before it. Every fit is statsmodels' own: alpha 0.3, the
initial level the first day's use (`initialization_method="known"`), not optimized.
Figures are printed in full (repr), unrounded. Used by ForecastCommandTests.
"""
import json
import sys
import warnings

from statsmodels.tsa.holtwinters import SimpleExpSmoothing

ALPHA = 0.3
BACKTEST_DAYS = 7


def one_step(series):
    """The forecast of the day after SERIES."""
    model = SimpleExpSmoothing(
        [float(value) for value in series], initialization_method="known", initial_level=float(series[0])
    )
    return float(model.fit(smoothing_level=ALPHA, optimized=False).forecast(1)[0])


def main():
    series = json.load(sys.stdin)["series"]
    with warnings.catch_warnings():
        # A series of one or two days warns that it is short; the fit is exact all the same.
        warnings.simplefilter("ignore")
        first = max(1, len(series) - BACKTEST_DAYS)
        answer = {
            "forecast": one_step(series),
            "backtest": [one_step(series[:index]) for index in range(first, len(series))],
        }
    json.dump(answer, sys.stdout)
    print()


main()
