/**
 * The server process: configuration, database, migrations, start-up data, the app, listen,
 * and a graceful shutdown on SIGTERM/SIGINT.
 */
import { createClient, type RedisClientType } from 'redis';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { createMetrics } from './metrics/metrics.js';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server.js';
import { ensureAdmin, seedDemoOrganisation } from './seed/seed.js';

const readConfig = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};

const main = async () => {
  const config = readConfig();
  // Kept only when they are served (METRICS_PORT): otherwise nothing is counted at all.
  const metrics = config.metricsPort === undefined ? undefined : createMetrics();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    checkpointInWorker: true,
    onProblem: (problem) => console.error(problem),
    onQuery: metrics?.queryLogged,
  });
  const applied = await migrateToLatest(database);

  let redis: RedisClientType | undefined;
  if (config.redisUrl) {
    redis = createClient({ url: config.redisUrl });
    redis.on('error', (error: unknown) => console.error('Redis error:', error));
    await redis.connect();
  }

  const app = await buildApp({ config, database, redis, metrics });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (config.seedDemo && (await seedDemoOrganisation(database.db, config.demoPassword))) {
    app.log.info('demo organisation seeded (see README for the logins)');
  }
  if (config.admin) {
    const outcome = await ensureAdmin(database.db, config.admin);
    app.log.info({ email: config.admin.email, outcome }, 'administrator from ADMIN_EMAIL checked');
  }

  const stopReminders =
    config.reminderIntervalMs > 0
      ? app.jobs.reminders.start(config.reminderIntervalMs, (error) => app.log.error({ err: error }, 'sending approval reminders failed'))
      : () => undefined;
  const stopRetention =
    config.retentionIntervalMs > 0
      ? app.jobs.retention.start(config.retentionIntervalMs, (error) => app.log.error({ err: error }, 'deleting messages past the retention setting failed'))
      : () => undefined;
  let metricsServer: MetricsServer | undefined;

  let closing = false;
  // Stop accepting, tell live sockets to go (they reconnect to another process, or to this
  // one when it is back), let requests in flight finish for up to SHUTDOWN_GRACE_MS, then
  // close the database and Redis.
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    stopReminders();
    stopRetention();
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: requests in flight may finish');
    let cutOff = false;
    const force = setTimeout(() => {
      cutOff = true;
      app.log.warn('requests still in flight after the grace period; closing their connections');
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    app
      .close()
      .then(() => clearTimeout(force))
      .then(() => metricsServer?.close())
      .then(() => database.close())
      .then(() => redis?.quit())
      .then(
        () => process.exit(cutOff ? 1 : 0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (metrics && config.metricsPort !== undefined) {
    metricsServer = await startMetricsServer(metrics, {
      port: config.metricsPort,
      host: config.host,
      onError: (error) => app.log.error({ err: error }, 'gathering the metrics failed'),
    });
    app.log.info(`Prometheus metrics on port ${metricsServer.port} at /metrics`);
  }
  app.log.info({ dialect: database.dialect, dataDir: config.dataDir }, `Internal Chat is ready on port ${config.port}`);
};

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
