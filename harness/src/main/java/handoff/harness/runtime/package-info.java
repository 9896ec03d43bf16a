/**
 * The settings of a measuring JVM: its JDK ({@link handoff.harness.runtime.Jdk}), collector
 * ({@link handoff.harness.runtime.Gc}), thread kind ({@link handoff.harness.runtime.ThreadKind}), flags
 * ({@link handoff.harness.runtime.JvmOptions}) and safepoint logging ({@link handoff.harness.runtime.SafepointLogging}).
 */
package handoff.harness.runtime;
