-- (a) The same configuration across boxes, as ratios to each run's own reference: abq in pipeline.csv, baseline in
-- rtt.csv, at the same keys but the transport (same wait, P, burst, workers, work, runtime). Each ratio is computed
-- within one run (median over that run's forks ÷ median over the same run's reference forks); absolute values of two
-- machines are never divided or pooled. Compare the ratio column down the boxes of one configuration.
WITH per_row AS (
    SELECT f.run_id, r.machine, f.file, f.metric, f.config, f.transport, f.wait, f.producers, f.burst, f.work, f.workers,
           f.producer_model, f.messages, f.jdk, f.thread_kind, f.gc, median(f.value) AS med, count(f.value) AS forks
    FROM forks f JOIN runs r USING (run_id)
    WHERE (f.file = 'pipeline.csv' AND f.metric = 'throughput_eps') OR (f.file = 'rtt.csv' AND f.metric = 'p50_ns')
    GROUP BY ALL
), ref AS (
    SELECT * FROM per_row WHERE transport = CASE file WHEN 'pipeline.csv' THEN 'abq' ELSE 'baseline' END
)
SELECT p.machine, p.run_id, p.file, p.metric, p.config, p.transport, p.wait, p.producers, p.burst, p.workers, p.producer_model,
       p.messages, p.forks,
       p.med / ref.med AS ratio_to_reference
FROM per_row p JOIN ref
  ON p.run_id = ref.run_id AND p.file = ref.file AND p.metric = ref.metric AND p.wait = ref.wait
 AND p.producers IS NOT DISTINCT FROM ref.producers AND p.burst IS NOT DISTINCT FROM ref.burst
 AND p.work IS NOT DISTINCT FROM ref.work AND p.workers IS NOT DISTINCT FROM ref.workers
 AND p.jdk IS NOT DISTINCT FROM ref.jdk AND p.thread_kind IS NOT DISTINCT FROM ref.thread_kind AND p.gc IS NOT DISTINCT FROM ref.gc
WHERE p.transport <> ref.transport
ORDER BY p.file, p.config, p.machine, p.run_id;
