-- (b) One metric of one configuration over commits on one box: per run, the median over its forks and the number of
-- forks, in the order the runs were made. Edit the configuration and the machine to ask of another.
SELECT r.machine, r.commit, r.dirty, r.date_utc, r.run_id, f.config, f.metric,
       median(f.value) AS median_over_forks, count(f.value) AS forks
FROM forks f JOIN runs r USING (run_id)
WHERE f.file = 'rtt.csv' AND f.metric = 'p50_ns'
  AND f.transport = 'abq' AND f.wait = 'spin' AND f.producers = '1' AND f.burst = '1'
  AND r.machine = (SELECT min(machine) FROM runs)
GROUP BY ALL
ORDER BY r.date_utc, r.run_id;
