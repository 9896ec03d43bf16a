/** The event, the three stage functions, and the pipeline assembly over any transport. */
package handoff.pipelines;
