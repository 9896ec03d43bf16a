/**
 * The {@code overload} suite: the parse → enrich → aggregate pipeline offered more than it can take (open loop at
 * multiples of its saturation rate), under each back-pressure policy ({@link handoff.pipelines.overload.OverloadPolicy}),
 * with every offered event accounted for after a graceful drain.
 */
package handoff.harness.overload;
