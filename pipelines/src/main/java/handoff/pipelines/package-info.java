/**
 * The event ({@link handoff.pipelines.OrderEvent}), its inputs ({@link handoff.pipelines.Orders}), the three
 * stage functions shared verbatim by every transport ({@link handoff.pipelines.Parse},
 * {@link handoff.pipelines.Enrich}, {@link handoff.pipelines.Aggregate}) and the one assembly over any
 * transport ({@link handoff.pipelines.Pipeline}), with the order-independent checksum that verifies each run.
 */
package handoff.pipelines;
