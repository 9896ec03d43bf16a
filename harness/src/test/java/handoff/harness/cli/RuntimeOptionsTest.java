package handoff.harness.cli;

import handoff.harness.runtime.JdkInstall;
import handoff.harness.testing.Jdks;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** --jdk, --gc, --threads: refused in one line with exit 2 and nothing created; swept into every trial otherwise. */
class RuntimeOptionsTest {
    @TempDir
    Path out;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--jdk 8|--jdk '8': no JDK 8 under",
            "--jdk /nonexistent|--jdk '/nonexistent': /nonexistent is not a folder",
            "--gc nope|--gc 'nope' is not known; allowed: g1, parallel, zgc, shenandoah",
            "--gc g1,g1|--gc 'g1,g1' gives 'g1' twice",
            "--threads fibre|--threads 'fibre' is not known; allowed: platform, virtual",
            "--threads virtual --wait spin|--threads virtual --wait spin: busy-waiting on a virtual thread is refused",
            "--threads virtual --wait spin,yield,park|busy-waiting on a virtual thread is refused",
    })
    void refused(String options, String message) throws Exception {
        Result r = run(options.split(" "));
        assertThat(r.code).as(r.err).isEqualTo(2);
        assertThat(r.err.strip()).startsWith("handoff: ").contains(message).doesNotContain("\n").doesNotContain("Exception");
        assertNothingCreated();
    }

    /** A "JDK" whose java says it is 1.8: it runs, but the build needs 17. */
    @Test
    void aJdkOlderThan17IsRefused(@TempDir Path jdk) throws Exception {
        fakeJava(jdk, "1.8", "1.8.0_402-b06");
        Result r = run("--jdk", jdk.toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).contains("is JDK 8 (1.8.0_402-b06); the build needs JDK 17 or newer").doesNotContain("\n");
        assertNothingCreated();
    }

    /** A folder that is not a JDK at all. */
    @Test
    void aFolderWithoutJavaIsRefused(@TempDir Path notJdk) {
        Result r = run("--jdk", notJdk.toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).contains("has no bin/java").doesNotContain("\n");
    }

    /** Names resolve under the JVM folder: a feature version finds the folder naming it, not one of 1.17 or 170. */
    @Test
    void namesResolveUnderTheJvmFolder(@TempDir Path dir) throws Exception {
        fakeJava(Files.createDirectories(dir.resolve("java-1.21.0-other")), "17", "17.0.1+1");
        fakeJava(Files.createDirectories(dir.resolve("zulu-210-fake")), "17", "17.0.2+1");
        fakeJava(Files.createDirectories(dir.resolve("vendor-21-jdk")), "21", "21.0.3+9-LTS");
        String before = System.getProperty(JdkInstall.DIR_PROPERTY);
        System.setProperty(JdkInstall.DIR_PROPERTY, dir.toString());
        try {
            JdkInstall j = JdkInstall.resolve("21");
            assertThat(j.home()).isEqualTo(dir.resolve("vendor-21-jdk"));
            assertThat(j.feature()).isEqualTo(21);
            assertThat(j.label()).isEqualTo("21");
            assertThat(j.version()).isEqualTo("21.0.3+9-LTS");
            assertThat(JdkInstall.resolve("zulu-210-fake").version()).isEqualTo("17.0.2+1");
        } finally {
            if (before == null) {
                System.clearProperty(JdkInstall.DIR_PROPERTY);
            } else {
                System.setProperty(JdkInstall.DIR_PROPERTY, before);
            }
        }
    }

    /** Every trial runs once per JDK and collector, its configuration naming both; the plan without them is as before. */
    @Test
    void theRuntimeMultipliesThePlan() {
        java.util.Optional<JdkInstall> other = Jdks.otherThanCurrent();
        Assumptions.assumeTrue(other.isPresent(), "a second JDK on this box: " + Jdks.described());
        String current = Integer.toString(Runtime.version().feature());
        String second = other.get().home().toString();
        Result plain = run("--profile", "smoke", "--suites", "pipeline", "--transports", "abq");
        Result swept = run("--profile", "smoke", "--suites", "pipeline", "--transports", "abq", "--jdk", current + "," + second, "--gc", "g1,zgc");
        assertThat(plain.code).isZero();
        assertThat(swept.code).as(swept.err).isZero();
        List<String> a = plain.out.lines().filter(l -> !l.startsWith("#")).toList();
        List<String> b = swept.out.lines().filter(l -> !l.startsWith("#")).toList();
        assertThat(swept.out.lines().toList()).last().asString().startsWith("# " + b.size() + " trials, about ");
        assertThat(a).noneMatch(l -> l.contains("jdk=") || l.contains("gc="));
        assertThat(b).hasSize(4 * a.size());
        for (String jdk : List.of(current, Integer.toString(other.get().feature()))) {
            for (String gc : List.of("g1", "zgc")) {
                assertThat(b).filteredOn(l -> l.contains(" jdk=" + jdk + " gc=" + gc + " ")).hasSize(a.size());
            }
        }
        assertNothingCreated();
    }

    /** Virtual threads on the harness's JDK 17 leave a named suite nothing to run: refused, saying why. */
    @Test
    void virtualThreadsNeedJdk21() {
        Assumptions.assumeTrue(Runtime.version().feature() < 21, "the harness runs on a JDK without virtual threads");
        Result r = run("--suites", "pipeline", "--transports", "abq", "--threads", "virtual", "--wait", "block");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).contains("virtual threads need JDK 21+").doesNotContain("\n");
    }

    static void fakeJava(Path home, String spec, String version) throws Exception {
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'Property settings:' >&2\necho '    java.runtime.version = " + version
                + "' >&2\necho '    java.specification.version = " + spec + "' >&2\nexit 0\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private void assertNothingCreated() {
        try (var s = Files.list(out)) {
            assertThat(s).as("no results folder is created").isEmpty();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Result run(String... args) {
        List<String> all = new ArrayList<>(List.of("sweep", "--dry-run", "--out", out.toString()));
        all.addAll(List.of(args));
        CommandLine cl = Main.commandLine();
        StringWriter err = new StringWriter();
        StringWriter o = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(o));
        java.io.PrintStream before = System.out;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(printed, true));
        int code;
        try {
            code = cl.execute(all.toArray(String[]::new));
        } finally {
            System.setOut(before);
        }
        return new Result(code, err.toString(), printed.toString());
    }

    private record Result(int code, String err, String out) {
    }
}
