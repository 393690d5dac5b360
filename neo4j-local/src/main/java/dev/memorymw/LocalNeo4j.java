package dev.memorymw;

import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.SettingValueParsers;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilderImplementation;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.config.Setting;
import org.neo4j.server.configuration.ServerSettings;

/**
 * Runs a Neo4j 2026.x Community DBMS in this JVM (Bolt, optionally HTTP + Neo4j Browser).
 *
 * <p>Protocol on stdout: exactly one line, either {@code NEO4J_READY bolt://127.0.0.1:<port>[ http://127.0.0.1:<port>/browser/]}
 * or {@code NEO4J_FAILED <reason>} (then exit code 1). Everything else any library prints to
 * System.out is redirected to stderr so the protocol line stays alone.
 *
 * <p>Usage: {@code LocalNeo4j --data-dir <path> [--bolt-port 7687] [--http-port 0] [--page-cache 256m]
 * [--log-level INFO] [--conf key=value]... [--exit-on-stdin-eof]}
 */
public final class LocalNeo4j {
    private static final String DEFAULT_DATABASE = "neo4j";
    private static final long READY_TIMEOUT_MS = 120_000;

    // The real stdout, kept for the single protocol line. System.out is pointed at stderr.
    private static final PrintStream PROTOCOL_OUT =
            new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);

    private static volatile DatabaseManagementService managementService;
    private static final AtomicBoolean stopped = new AtomicBoolean(false);
    private static final CountDownLatch stopLatch = new CountDownLatch(1);
    private static final CountDownLatch startupDone = new CountDownLatch(1);
    private static final long STARTUP_WAIT_ON_STOP_MS = 60_000;

    // A Duration in 2026.x, seconds as an int in 5.26: typed loosely so that this class still builds against 5.26,
    // which scripts/neo4j-upgrade-check.ts starts to write a store that 2026 must then open.
    @SuppressWarnings("unchecked")
    private static final Setting<Object> QUIET_PERIOD =
            (Setting<Object>) (Setting<?>) GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period;

    private static Object noQuietPeriod() {
        return QUIET_PERIOD.defaultValue() instanceof Duration ? Duration.ZERO : (Object) 0;
    }

    private LocalNeo4j() {}

    public static void main(String[] args) {
        System.setOut(System.err);

        Options opts;
        try {
            opts = Options.parse(args);
        } catch (IllegalArgumentException e) {
            fail("bad arguments: " + e.getMessage());
            return;
        }

        Runtime.getRuntime().addShutdownHook(new Thread(LocalNeo4j::stop, "local-neo4j-shutdown"));

        if (opts.exitOnStdinEof) {
            Thread watcher = new Thread(LocalNeo4j::watchStdin, "local-neo4j-stdin-watch");
            watcher.setDaemon(true);
            watcher.start();
        }

        Throwable failure = null;
        try {
            Path home = opts.dataDir.toAbsolutePath().normalize();
            Files.createDirectories(home);
            Path confDir = home.resolve("conf");
            Files.createDirectories(confDir);
            Path serverLogs = confDir.resolve("server-logs.xml");
            Files.writeString(serverLogs, serverLogsXml(opts.logLevel), StandardCharsets.UTF_8);

            DatabaseManagementServiceBuilderImplementation builder =
                    new DatabaseManagementServiceBuilderImplementation(home);
            builder.setConfig(GraphDatabaseSettings.initial_default_database, DEFAULT_DATABASE)
                    .setConfig(GraphDatabaseSettings.auth_enabled, false)
                    .setConfig(GraphDatabaseSettings.udc_enabled, false)
                    .setConfig(GraphDatabaseSettings.server_logging_config_path, serverLogs)
                    .setConfig(GraphDatabaseSettings.log_queries, GraphDatabaseSettings.LogQueryLevel.OFF)
                    .setConfig(GraphDatabaseSettings.pagecache_memory, opts.pageCacheBytes)
                    // An erased person's words stay in the transaction logs until their file is rotated and then
                    // pruned after a checkpoint: keep only the newest file, rotate small files, checkpoint every minute.
                    // Each file is also preallocated to the rotation size, so small files cost little disk.
                    .setConfig(GraphDatabaseSettings.logical_log_rotation_threshold, SettingValueParsers.BYTES.parse("1m"))
                    .setConfig(GraphDatabaseSettings.keep_logical_logs, "keep_none")
                    .setConfig(GraphDatabaseSettings.check_point_interval_time, Duration.ofMinutes(1))
                    // Bolt's netty event loops wait a 5 s quiet period each (10 s total) on shutdown by default.
                    .setConfig(QUIET_PERIOD, noQuietPeriod())
                    .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_timeout, Duration.ofSeconds(5))
                    .setConfig(BoltConnector.enabled, true)
                    .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", opts.boltPort))
                    .setConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", opts.boltPort))
                    .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                    .setConfig(HttpsConnector.enabled, false)
                    .setConfig(ServerSettings.allow_telemetry, false);
            if (opts.httpPort > 0) {
                builder.setConfig(HttpConnector.enabled, true)
                        .setConfig(HttpConnector.listen_address, new SocketAddress("127.0.0.1", opts.httpPort))
                        .setConfig(HttpConnector.advertised_address, new SocketAddress("127.0.0.1", opts.httpPort));
            } else {
                builder.setConfig(HttpConnector.enabled, false);
            }
            if (!opts.rawConf.isEmpty()) {
                builder.setConfigRaw(opts.rawConf);
            }

            managementService = builder.build();
        } catch (Throwable t) {
            failure = t;
        } finally {
            startupDone.countDown();
        }
        if (failure != null) {
            fail(describe(failure));
            return;
        }
        if (stopped.get()) {
            return; // a signal arrived while starting; the shutdown hook stops the DBMS
        }

        try {
            GraphDatabaseService db = managementService.database(DEFAULT_DATABASE);
            if (!db.isAvailable(READY_TIMEOUT_MS)) {
                throw new IllegalStateException(
                        "database '" + DEFAULT_DATABASE + "' not available after " + READY_TIMEOUT_MS + " ms");
            }
            db.executeTransactionally("RETURN 1");
        } catch (Throwable t) {
            fail(describe(t));
            return;
        }

        StringBuilder ready = new StringBuilder("NEO4J_READY bolt://127.0.0.1:").append(opts.boltPort);
        if (opts.httpPort > 0) {
            ready.append(" http://127.0.0.1:").append(opts.httpPort).append("/browser/");
        }
        PROTOCOL_OUT.println(ready);
        PROTOCOL_OUT.flush();

        // Keep the JVM alive until a signal / stdin EOF triggers the shutdown hook.
        try {
            stopLatch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void watchStdin() {
        byte[] buf = new byte[256];
        try {
            InputStream in = System.in;
            while (in.read(buf) != -1) {
                // ignore input; we only care about EOF
            }
        } catch (IOException ignored) {
            // treat a broken stdin like EOF
        }
        System.err.println("local-neo4j: stdin closed, shutting down");
        System.exit(0); // runs the shutdown hook
    }

    private static void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            // If a signal arrives mid-start, let the start finish so the shutdown below is a clean one.
            startupDone.await(STARTUP_WAIT_ON_STOP_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        DatabaseManagementService svc = managementService;
        if (svc != null) {
            try {
                svc.shutdown();
            } catch (Throwable t) {
                System.err.println("local-neo4j: error during shutdown: " + describe(t));
            }
        }
        stopLatch.countDown();
    }

    private static void fail(String reason) {
        PROTOCOL_OUT.println("NEO4J_FAILED " + reason.replaceAll("[\\r\\n]+", " ").trim());
        PROTOCOL_OUT.flush();
        System.exit(1); // shutdown hook stops anything that was partially started
    }

    /** Innermost cause first, then the outermost exception in parentheses. */
    private static String describe(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String rootMsg = root.getClass().getSimpleName() + ": " + root.getMessage();
        if (root == t) {
            return rootMsg;
        }
        return rootMsg + " (" + t.getClass().getSimpleName() + ": " + t.getMessage() + ")";
    }

    private static String serverLogsXml(String level) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- Generated by dev.memorymw.LocalNeo4j on every start; edits are overwritten. -->
                <Configuration status="ERROR" packages="org.neo4j.logging.log4j">
                    <Appenders>
                        <RollingRandomAccessFile name="DebugLog" fileName="${config:server.directories.logs}/debug.log"
                                                 filePattern="$${config:server.directories.logs}/debug.log.%02i">
                            <Neo4jDebugLogLayout pattern="%d{yyyy-MM-dd HH:mm:ss.SSSZ}{GMT+0} %-5p [%c{1.}] %m%n"/>
                            <Policies>
                                <SizeBasedTriggeringPolicy size="5 MB"/>
                            </Policies>
                            <DefaultRolloverStrategy fileIndex="min" max="2"/>
                        </RollingRandomAccessFile>
                    </Appenders>
                    <Loggers>
                        <Root level="LEVEL">
                            <AppenderRef ref="DebugLog"/>
                        </Root>
                        <Logger name="QueryLogger" level="OFF" additivity="false"/>
                        <Logger name="HttpLogger" level="OFF" additivity="false"/>
                        <Logger name="SecurityLogger" level="OFF" additivity="false"/>
                    </Loggers>
                </Configuration>
                """.replace("LEVEL", level);
    }

    private static final class Options {
        Path dataDir;
        int boltPort = 7687;
        int httpPort = 0;
        long pageCacheBytes = SettingValueParsers.BYTES.parse("256m");
        String logLevel = "INFO";
        boolean exitOnStdinEof = false;
        final Map<String, String> rawConf = new LinkedHashMap<>();

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                String key = a;
                String inline = null;
                int eq = a.indexOf('=');
                if (a.startsWith("--") && eq > 0) {
                    key = a.substring(0, eq);
                    inline = a.substring(eq + 1);
                }
                switch (key) {
                    case "--exit-on-stdin-eof" -> o.exitOnStdinEof = true;
                    case "--data-dir", "--bolt-port", "--http-port", "--page-cache", "--log-level", "--conf" -> {
                        String v = inline;
                        if (v == null) {
                            if (i + 1 >= args.length) {
                                throw new IllegalArgumentException(key + " needs a value");
                            }
                            v = args[++i];
                        }
                        o.set(key, v);
                    }
                    default -> throw new IllegalArgumentException("unknown argument " + a);
                }
            }
            if (o.dataDir == null) {
                throw new IllegalArgumentException("--data-dir is required");
            }
            return o;
        }

        private void set(String key, String v) {
            switch (key) {
                case "--data-dir" -> dataDir = Path.of(v);
                case "--bolt-port" -> boltPort = port(key, v, false);
                case "--http-port" -> httpPort = port(key, v, true);
                case "--page-cache" -> {
                    try {
                        pageCacheBytes = SettingValueParsers.BYTES.parse(v);
                    } catch (RuntimeException e) {
                        throw new IllegalArgumentException("--page-cache: " + e.getMessage());
                    }
                }
                case "--log-level" -> {
                    String l = v.toUpperCase();
                    if (!l.matches("DEBUG|INFO|WARN|ERROR|OFF")) {
                        throw new IllegalArgumentException("--log-level must be DEBUG|INFO|WARN|ERROR|OFF");
                    }
                    logLevel = l;
                }
                case "--conf" -> {
                    int eq = v.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("--conf expects key=value, got " + v);
                    }
                    rawConf.put(v.substring(0, eq).trim(), v.substring(eq + 1).trim());
                }
                default -> throw new IllegalArgumentException("unknown argument " + key);
            }
        }

        private static int port(String key, String v, boolean zeroAllowed) {
            int p;
            try {
                p = Integer.parseInt(v.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + ": not a number: " + v);
            }
            if (p < (zeroAllowed ? 0 : 1) || p > 65535) {
                throw new IllegalArgumentException(key + ": out of range: " + v);
            }
            return p;
        }
    }
}
