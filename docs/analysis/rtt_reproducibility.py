#!/usr/bin/env python3
"""How often a second run would make the RTT-against-baseline verdicts a first run makes, by rounds per row.

Resampled, not measured: each row's per-fork p50s from two runs of one commit are pooled, two synthetic runs of R
rounds are drawn from the pools (with replacement, independently per row, so a round shares no spell: conservative
for the paired test), both are judged as the report judges them (docs/statistics.md §3 and §5: paired t on per-round
log-ratios, the 2x spread check below 6 rounds, Holm over the family, alike within +-5 % by TOST at alpha/m), and the
share of the first's decided verdicts that the second makes the same way is counted (docs/statistics.md §13).

usage: rtt_reproducibility.py RUN_A RUN_B      (needs numpy and scipy)
"""
import csv, math, random, sys
import numpy as np
from scipy import stats

FLOOR = math.log(1.01) ** 2 / 3   # LogT.RESOLUTION


def forks(run):
    out = {}
    for row in csv.DictReader(open(run + '/rtt.csv')):
        if row['producers'] != '1' or row['status'] != 'ok' or row['transport'] in ('null', 'nanotime'):
            continue
        key = (row['burst'], row['wait'], row['transport'] + row['producer_model'])
        out.setdefault(key, []).extend(float(x) for x in row['p50_ns_forks'].split(';') if x)
    return out


def baseline_of(key, pool):
    own = (key[0], key[1], 'baseline')
    return own if own in pool else (key[0], 'spin', 'baseline')


def judge(pool, rows, rounds, per_wait, rng):
    families = {}
    for k in rows:
        families.setdefault((k[0], k[1]) if per_wait else (k[0],), []).append(k)
    verdicts = {}
    for keys in families.values():
        tests = {}
        for k in keys:
            a = np.array([rng.choice(pool[k]) for _ in range(rounds)])
            b = np.array([rng.choice(pool[baseline_of(k, pool)]) for _ in range(rounds)])
            d = np.log(a) - np.log(b)
            if rounds < 6 and d.max() - d.min() > math.log(2):
                tests[k] = None                      # refused: two modes, stays in the family at p = 1
                continue
            se = math.sqrt(max(d.var(ddof=1), 2 * FLOOR) / rounds)
            tests[k] = (d.mean(), se, 2 * stats.t.sf(abs(d.mean() / se), rounds - 1))
        m = len(keys)
        order = sorted(keys, key=lambda k: 1.0 if tests[k] is None else tests[k][2])
        running = 0.0
        for j, k in enumerate(order):
            p = 1.0 if tests[k] is None else tests[k][2]
            running = max(running, min(1.0, (m - j) * p))
            if tests[k] is None:
                verdicts[k] = 'cannot tell'
            elif running <= 0.05:
                verdicts[k] = 'above' if tests[k][0] > 0 else 'below'
            else:
                mean, se, _ = tests[k]
                t = stats.t.ppf(1 - 0.05 / m, rounds - 1)
                inside = mean - t * se >= -math.log(1.05) and mean + t * se <= math.log(1.05)
                verdicts[k] = 'alike' if inside else 'cannot tell'
    return verdicts


def agreement(pool, rows, rounds, per_wait, draws=200, seed=1):
    rng = random.Random(seed)
    decided = same = reversed_ = 0
    for _ in range(draws):
        first, second = judge(pool, rows, rounds, per_wait, rng), judge(pool, rows, rounds, per_wait, rng)
        for k, v in first.items():
            if v == 'cannot tell':
                continue
            decided += 1
            same += second[k] == v
            reversed_ += second[k] not in (v, 'cannot tell')
    return decided / draws, same / max(decided, 1), reversed_ / draws


def predicted_power(pilot, k, rounds, m):
    b = baseline_of(k, pilot)
    n = min(len(pilot.get(k, [])), len(pilot.get(b, [])))
    if n < 2:
        return 0.0
    d = np.log(pilot[k][:n]) - np.log(pilot[b][:n])
    sd = max(d.std(ddof=1), math.sqrt(2 * FLOOR))
    return stats.nct.sf(stats.t.ppf(1 - 0.025 / m, rounds - 1), rounds - 1, abs(d.mean()) / (sd / math.sqrt(rounds)))


def main(run_a, run_b):
    pilot, other = forks(run_a), forks(run_b)
    pool = {k: pilot.get(k, []) + other.get(k, []) for k in set(pilot) | set(other)}
    rows = sorted(k for k in pool if k[2] != 'baseline')
    print('design | rounds | decided verdicts per run | made the same way | reversed per run')
    for rounds in (3, 4, 6, 8, 10):
        for per_wait, name in ((False, 'family per burst (as declared)'), (True, 'family per burst and wait')):
            dec, same, rev = agreement(pool, rows, rounds, per_wait)
            print(f'{name} | {rounds} | {dec:.1f} | {100 * same:.0f} % | {rev:.2f}')
        per_wait_m = {}
        for k in rows:
            per_wait_m[(k[0], k[1])] = per_wait_m.get((k[0], k[1]), 0) + 1
        chosen = [k for k in rows if predicted_power(pilot, k, rounds, per_wait_m[(k[0], k[1])]) >= 0.9]
        dec, same, rev = agreement(pool, chosen, rounds, True)
        print(f'per burst and wait, only rows run A predicts at >= 90 % power ({len(chosen)} of {len(rows)}) | {rounds} | '
              f'{dec:.1f} | {100 * same:.0f} % | {rev:.2f}')


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
