-- (c) A JDK's effect per transport: on each box, each configuration's median over forks under each JVM divided by its
-- median on the same box under the box's earliest JVM version measured (row-level java.runtime.version, so a run that
-- swept --jdk and runs on different JDKs both count). Ratios within one box only: machines are never mixed.
WITH per_jvm AS (
    SELECT r.machine, f.jvm, f.file, f.metric, f.transport, f.wait, f.producers, f.burst, f.work, f.workers,
           f.producer_model, f.messages, median(f.value) AS med, count(f.value) AS forks
    FROM forks f JOIN runs r USING (run_id)
    WHERE (f.file = 'pipeline.csv' AND f.metric = 'throughput_eps') OR (f.file = 'rtt.csv' AND f.metric = 'p50_ns')
    GROUP BY ALL
), base AS (
    SELECT *, min(jvm) OVER (PARTITION BY machine, file, metric, transport, wait, producers, burst, work, workers,
                                          producer_model, messages) AS base_jvm
    FROM per_jvm
)
SELECT b.machine, b.file, b.metric, b.transport, b.wait, b.producers, b.burst, b.workers, b.producer_model, b.messages,
       b.base_jvm, b.jvm, b.forks, b.med / o.med AS ratio_to_base_jvm
FROM base b JOIN per_jvm o
  ON o.machine = b.machine AND o.jvm = b.base_jvm AND o.file = b.file AND o.metric = b.metric AND o.transport = b.transport
 AND o.wait = b.wait AND o.producers IS NOT DISTINCT FROM b.producers AND o.burst IS NOT DISTINCT FROM b.burst
 AND o.work IS NOT DISTINCT FROM b.work AND o.workers IS NOT DISTINCT FROM b.workers
 AND o.producer_model IS NOT DISTINCT FROM b.producer_model AND o.messages IS NOT DISTINCT FROM b.messages
WHERE b.jvm <> b.base_jvm
ORDER BY b.machine, b.file, b.transport, b.wait, b.producers, b.burst, b.jvm;
