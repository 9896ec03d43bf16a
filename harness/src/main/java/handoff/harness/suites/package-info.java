/**
 * The suite registry ({@link handoff.harness.suites.Suites}): every suite in the order a sweep runs them, its part
 * of the report, and its schema. A suite declares what its CSVs hold once, in its {@code schema()} (files, key
 * columns, match columns, metrics with the direction that is better and their unit, flags); the layers below this
 * one cannot import it, so {@link handoff.harness.suites.SuiteSchemas} hands the schemas down through
 * {@link java.util.ServiceLoader} to {@link handoff.harness.results.Schemas#registered()}, where
 * {@code page.RunData}, {@code compare} and {@code results.Summary} (summary.json) read them. A new suite adds
 * its package and one line here; no report code names its files.
 */
package handoff.harness.suites;
