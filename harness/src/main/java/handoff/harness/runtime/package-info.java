/**
 * The settings of a measuring JVM: its JDK ({@link handoff.harness.runtime.JdkInstall}), collector
 * ({@link handoff.harness.runtime.Collector}), thread kind ({@link handoff.harness.runtime.ThreadKind}), flags
 * ({@link handoff.harness.runtime.JvmOptions}) and safepoint logging ({@link handoff.harness.runtime.SafepointLogging}).
 */
package handoff.harness.runtime;
