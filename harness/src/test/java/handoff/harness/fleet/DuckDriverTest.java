package handoff.harness.fleet;

import handoff.harness.RunBench;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The DuckDB driver collect loads comes from the build (issue 50, item 8): its version is the parent pom's
 * {@code duckdb.version}, the one the tests run against, and the build leaves the driver in {@code lib/} beside the
 * classes and handoff.jar, where a box that never ran Maven finds it.
 */
class DuckDriverTest {
    @TempDir
    Path tmp;

    @Test
    void theVersionReadFromTheBuildIsThePomsAndTheTestedOne() throws Exception {
        Matcher m = Pattern.compile("<duckdb\\.version>([^<]+)</duckdb\\.version>").matcher(Files.readString(RunBench.root().resolve("pom.xml")));
        assertThat(m.find()).as("duckdb.version in the parent pom").isTrue();
        assertThat(Duck.VERSION).isEqualTo(m.group(1));
        Path tested = Path.of(Class.forName(Duck.DRIVER).getProtectionDomain().getCodeSource().getLocation().toURI());
        assertThat(tested.getFileName().toString()).as("the driver the tests load").isEqualTo(Duck.jarName());
        assertThat(Duck.FETCH).endsWith(":" + m.group(1));
    }

    @Test
    void theBuildPutsTheDriverBesideTheJarAndItOpensADatabaseFromThereAlone() throws Exception {
        Path lib = Duck.besideJar();
        assertThat(lib).as("the build's copy (harness/pom.xml, maven-dependency-plugin)").isRegularFile();
        assertThat(lib.getParent().getFileName().toString()).isEqualTo("lib");
        assertThat(Duck.places()).first().isEqualTo(lib);
        // a class loader that sees nothing but that jar: a box with no Maven repository and no driver on the class path
        try (URLClassLoader alone = new URLClassLoader(new URL[] {lib.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Driver d = (Driver) Class.forName(Duck.DRIVER, true, alone).getDeclaredConstructor().newInstance();
            try (Connection c = d.connect("jdbc:duckdb:" + tmp.resolve("alone.duckdb"), new Properties());
                 Statement s = c.createStatement(); ResultSet r = s.executeQuery("select 6 * 7")) {
                assertThat(r.next()).isTrue();
                assertThat(r.getInt(1)).isEqualTo(42);
            }
        }
    }

    @Test
    void collectAndCompareBoxesSayInTheirHelpWhereTheDriverIsRead() {
        for (String command : List.of("collect", "compare-boxes")) {
            picocli.CommandLine cl = handoff.harness.cli.Main.commandLine();
            java.io.StringWriter out = new java.io.StringWriter();
            cl.setOut(new java.io.PrintWriter(out));
            assertThat(cl.execute(command, "--help")).isZero();
            String help = out.toString().replaceAll("\\s+", ""); // picocli wraps where it likes, inside words too
            assertThat(help).as(command).contains("lib/" + Duck.jarName() + "besidehandoff.jar").contains("harness/target/lib/")
                    .contains(Duck.FETCH.replace(" ", "")).contains(Duck.besideJar().toString());
        }
    }

    @Test
    void theMavenRepositoryIsTheOneTheUsersSettingsName() throws Exception {
        Path home = tmp.resolve("home");
        Files.createDirectories(home.resolve(".m2"));
        assertThat(Duck.localRepository(home.resolve(".m2/settings.xml"), home)).isEqualTo(home.resolve(".m2/repository").toString());
        Files.writeString(home.resolve(".m2/settings.xml"), "<settings>\n  <localRepository>${user.home}/repo</localRepository>\n</settings>\n");
        assertThat(Duck.localRepository(home.resolve(".m2/settings.xml"), home)).isEqualTo(home + "/repo");
        if (System.getProperty("maven.repo.local") == null) {
            assertThat(Duck.mavenJar(home)).isEqualTo(Path.of(home + "/repo", "org", "duckdb", "duckdb_jdbc", Duck.VERSION, Duck.jarName()));
        }
    }
}
