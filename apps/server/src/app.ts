/**
 * buildApp(deps): plugins, services and feature routes wired together. It never listens,
 * so tests and main.ts start it the same way.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { RedisClientType } from 'redis';
import { ATTACHMENT_LIMIT_BYTES, type RouteAccess } from '@ichat/shared';
import { createMemoryLoginLimiter, createRedisLoginLimiter, type LoginLimits } from './auth/login-limiter.js';
import { createTokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/dialect.js';
import { createAccountsRepository } from './features/accounts/accounts.repository.js';
import { accountsRoutes } from './features/accounts/accounts.routes.js';
import { createAccountsService } from './features/accounts/accounts.service.js';
import { peopleRoutes } from './features/accounts/people.routes.js';
import { createNotificationSettingsService } from './features/accounts/notification-settings.service.js';
import { createPeopleService } from './features/accounts/people.service.js';
import { catalogsRoutes } from './features/catalogs/catalogs.routes.js';
import { createCatalogsRepository } from './features/catalogs/catalogs.repository.js';
import { createCatalogsService } from './features/catalogs/catalogs.service.js';
import { createAuditRepository } from './features/audit/audit.repository.js';
import { createAuditTrail } from './features/audit/audit.service.js';
import { createChatLive } from './features/chat/chat-live.js';
import { registerChatSocketEvents } from './features/chat/chat-socket.js';
import { createChatViews } from './features/chat/chat-views.js';
import { chatRoutes } from './features/chat/chat.routes.js';
import { createConversationsRepository } from './features/chat/conversations.repository.js';
import { createConversationsService } from './features/chat/conversations.service.js';
import { createMessagesRepository } from './features/chat/messages.repository.js';
import { createMessagesService } from './features/chat/messages.service.js';
import { createReactionsService } from './features/chat/reactions.service.js';
import { createPresenceAudience } from './features/chat/presence-audience.js';
import { createRosters } from './features/chat/rosters.js';
import { createSearchRepository } from './features/chat/search.repository.js';
import { createSearchService } from './features/chat/search.service.js';
import { createNotificationPush } from './features/notifications/notification-push.js';
import { createNotificationsRepository } from './features/notifications/notifications.repository.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { createNotificationsService } from './features/notifications/notifications.service.js';
import { createPushRepository } from './features/push/push.repository.js';
import { pushRoutes } from './features/push/push.routes.js';
import { createPushSender } from './features/push/push-sender.js';
import { createPushService, type PushService } from './features/push/push.service.js';
import { createApprovalsService } from './features/requests/approvals.service.js';
import { auditRoutes } from './features/audit/audit.routes.js';
import { createDelegationsRepository } from './features/requests/delegations.repository.js';
import { delegationsRoutes } from './features/requests/delegations.routes.js';
import { createDelegationsService } from './features/requests/delegations.service.js';
import { createFormSetupRepository } from './features/requests/form-setup.repository.js';
import { createFormSetupService } from './features/requests/form-setup.service.js';
import { createRemindersService, type RemindersService } from './features/requests/reminders.service.js';
import { requestsAdminRoutes } from './features/requests/requests-admin.routes.js';
import { createRequestsExportService } from './features/requests/requests-export.service.js';
import { createDataExportService } from './features/records/data-export.service.js';
import { createRecordsRepository } from './features/records/records.repository.js';
import { recordsRoutes } from './features/records/records.routes.js';
import { createRetentionService, type RetentionService } from './features/records/retention.service.js';
import { createUploadQuotaService } from './features/records/upload-quota.service.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { createSettingsService } from './features/settings/settings.service.js';
import { createRequestsRepository } from './features/requests/requests.repository.js';
import { requestsRoutes } from './features/requests/requests.routes.js';
import { createRequestsService } from './features/requests/requests.service.js';
import { systemRoutes } from './features/system/system.routes.js';
import { accessFor, registerAuthentication } from './http/authenticate.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerInputTextGuard } from './http/input-text.js';
import { registerWebClient } from './http/web-client.js';
import { noMetrics, UNMATCHED_ROUTE, type Metrics } from './metrics/metrics.js';
import { createRealtimeServer } from './realtime/socket-server.js';
import { createMemoryPresenceStore, createRedisPresenceStore } from './realtime/presence.js';
import { createPresenceRepository } from './realtime/presence.repository.js';
import { imagesRoutes } from './features/images/images.routes.js';
import { createFileStore } from './storage/file-store.js';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  redis?: RedisClientType | undefined;
  /**
   * Names the Redis keys and stream that processes share (live socket, login limits).
   * Processes of one deployment use the same; tests running side by side use their own.
   */
  redisKeyPrefix?: string | undefined;
  /** Tighter login limits for tests; production uses the shared constants. */
  loginLimits?: Partial<LoginLimits> | undefined;
  /** Where requests, queries, live events and a few feature events are counted (METRICS_PORT); none by default. */
  metrics?: Metrics | undefined;
}

/** A route as registered, with the access its callers need (http/authenticate.ts). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

/** Work the server does on its own, on a timer started by main.ts (and called by tests). */
export interface BackgroundJobs {
  reminders: RemindersService;
  /** Pushes go out after their cause has answered; `idle()` waits for those under way. */
  pushes: Pick<PushService, 'idle'>;
  /** Deletes messages past the retention setting (off until an administrator sets one). */
  retention: RetentionService;
}

/** What the server writes itself: pages, styles, scripts, JSON, CSV and other text. */
const COMPRESSED_TYPES = /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)|\/javascript(?:;|$)/;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, so tests can check each one (a new route cannot be missed). */
    registeredRoutes: readonly RegisteredRoute[];
    jobs: BackgroundJobs;
  }
}

export const buildApp = async ({ config, database, redis, redisKeyPrefix = 'ichat', loginLimits, metrics = noMetrics }: AppDependencies): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // On close, idle keep-alive connections go at once; requests in flight may finish
    // (main.ts cuts them off after SHUTDOWN_GRACE_MS).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const access = accessFor(route.config?.access, route.url);
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url, access });
  });
  if (metrics !== noMetrics) {
    metrics.checkReadinessWith(() => database.ping());
    metrics.watchDisk(config.dataDir);
    // The route's pattern, never the URL: ids in paths would make a series per id.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpAnswered(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // Security headers from helmet, its middleware built once: @fastify/helmet builds it anew on
  // every request, parsing the CSP directives each time (3 % of the send path's CPU in
  // bench/RESULTS.md's profile).
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // Staff reach the product over plain http on the office network: never upgrade.
        'upgrade-insecure-requests': null,
      },
    },
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // helmet 8 throws a bad option at build time and calls next() with nothing afterwards.
    applySecurityHeaders(request.raw, reply.raw, () => done());
  });
  // Before any route: JSON answers and pages over 1 KB go out brotli or gzip, as the client
  // accepts; the web client's bundles are compressed once at build (http/web-client.ts).
  // Stored uploads (application/octet-stream or an image type) go out as stored: most are
  // compressed formats already, and @fastify/compress passes a body whose first two bytes
  // look like a zlib header through unchanged while labelling it compressed, which broke
  // about one random upload in a thousand (features/chat/messages.test.ts).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024, customTypes: COMPRESSED_TYPES });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: ATTACHMENT_LIMIT_BYTES, files: 20, fields: 20, fieldSize: 1024 * 1024, parts: 60 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Internal Chat API',
        description: 'Chat and request-approval portal. Every failure is {success: false, message}.',
        version: config.appVersion,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const documentation = '/docs';
  await app.register(fastifySwaggerUi, {
    routePrefix: documentation,
    uiHooks: {
      // @fastify/swagger-ui 6.1 redirects its old address (static/index.html under the prefix)
      // to the page only when nothing follows the path: with a query string it redirects to
      // itself for ever (found by http/fuzz.test.ts). It goes to the page, whatever follows.
      onRequest: (request, reply, done) => {
        if (request.routeOptions.url === `${documentation}/static/index.html`) {
          void reply.redirect(`${documentation}/`);
          return;
        }
        done();
      },
    },
  });

  const files = createFileStore(config.uploadsDir);
  await files.ensureBuckets();
  // The live socket is transport only: features emit through it after they commit and
  // handle the client events that concern them. A handshake's token is read by accounts.
  const realtime = createRealtimeServer({
    server: app.server,
    authenticate: (token) => accounts.authenticate(token),
    presence: redis ? createRedisPresenceStore(redis, `${redisKeyPrefix}:live`) : createMemoryPresenceStore(),
    presenceRepo: createPresenceRepository(database.db),
    redis,
    streamName: `${redisKeyPrefix}:live:socket.io`,
    logger: app.log,
    parseCookie: (header) => app.parseCookie(header),
    metrics,
  });
  const accountsRepo = createAccountsRepository(database.db);
  const pushRepo = createPushRepository(database.db);
  const limiter = redis
    ? createRedisLoginLimiter(redis, { prefix: `${redisKeyPrefix}:login`, limits: loginLimits })
    : createMemoryLoginLimiter({ limits: loginLimits });
  const accounts = createAccountsService({
    db: database.db,
    repo: accountsRepo,
    tokens: createTokenService(config.jwtSecret),
    limiter,
    files,
    live: realtime,
    pushSubscriptions: pushRepo,
    counters: metrics,
  });
  const audit = createAuditTrail(createAuditRepository(database.db));
  const pushes = createPushService({
    repo: pushRepo,
    sender: createPushSender({ vapid: config.webPush.vapid, subject: config.webPush.subject }),
    attention: realtime,
    publicKey: config.webPush.vapid.publicKey,
    allowHttpEndpoints: config.webPush.allowHttpEndpoints,
    onError: (error, context) => app.log.warn({ err: error }, `${context} failed`),
  });
  const people = createPeopleService({ db: database.db, repo: accountsRepo, limiter, live: realtime, audit, pushSubscriptions: pushRepo });
  const catalogs = createCatalogsService({ db: database.db, repo: createCatalogsRepository(database.db, database.dialect), audit });
  const settings = createSettingsService({ db: database.db, audit });
  const notificationsRepo = createNotificationsRepository(database.db);
  const push = createNotificationPush(realtime, pushes);
  const conversationsRepo = createConversationsRepository(database.db);
  const messagesRepo = createMessagesRepository(database.db);
  const rosters = createRosters({ conversations: conversationsRepo, signals: realtime });
  const chatViews = createChatViews({ conversations: conversationsRepo, messages: messagesRepo, rosters });
  const live = createChatLive({ channel: realtime, rosters, onError: (error) => app.log.error({ err: error }, 'a sidebar nudge could not be sent') });
  const chatDeps = {
    db: database.db,
    conversations: conversationsRepo,
    rosters,
    messages: messagesRepo,
    views: chatViews,
    files,
    live,
    notifications: notificationsRepo,
    push,
    pushes,
    editWindowMinutes: async () => (await settings.read()).message_edit_window_minutes,
    counters: metrics,
  };
  const conversations = createConversationsService(chatDeps);
  const messages = createMessagesService(chatDeps);
  registerChatSocketEvents(realtime, { messages, live, presenceAudience: createPresenceAudience(conversationsRepo, { everyoneLimit: config.presenceEveryoneLimit }) });
  const reactions = createReactionsService(chatDeps);
  const search = createSearchService({ ...chatDeps, search: createSearchRepository(database.db, database.dialect) });
  const requestsRepo = createRequestsRepository(database.db);
  const delegationsRepo = createDelegationsRepository(database.db);
  const requestDeps = { db: database.db, requests: requestsRepo, delegations: delegationsRepo, notifications: notificationsRepo, push };
  const requests = createRequestsService({ ...requestDeps, files });
  const approvals = createApprovalsService(requestDeps);
  const reminders = createRemindersService({ ...requestDeps, settings });
  const formSetup = createFormSetupService({ db: database.db, repo: createFormSetupRepository(database.db), audit });
  const exports = createRequestsExportService({ db: database.db, requests: requestsRepo, audit });
  const delegations = createDelegationsService({ db: database.db, delegations: delegationsRepo, audit });
  const recordsRepo = createRecordsRepository(database.db);
  const retention = createRetentionService({ db: database.db, records: recordsRepo, files, settings, audit });
  const dataExport = createDataExportService({ db: database.db, records: recordsRepo, files, audit });
  const uploadQuota = createUploadQuotaService({ records: recordsRepo, settings });
  app.decorate('jobs', { reminders, pushes, retention });
  const notifications = createNotificationsService({ notifications: notificationsRepo });
  registerAuthentication(app, accounts.authenticate);
  registerInputTextGuard(app);

  await app.register(systemRoutes({ config, database }));
  await app.register(accountsRoutes({ accounts, notificationSettings: createNotificationSettingsService({ repo: accountsRepo }), files }));
  await app.register(peopleRoutes({ accounts, people }));
  await app.register(catalogsRoutes({ catalogs }));
  await app.register(imagesRoutes({ files }));
  await app.register(chatRoutes({ conversations, messages, reactions, search, files, uploadQuota: uploadQuota.allowanceFor }));
  await app.register(requestsRoutes({ requests, approvals, files, uploadQuota: uploadQuota.allowanceFor }));
  await app.register(delegationsRoutes({ delegations }));
  await app.register(requestsAdminRoutes({ formSetup, reminders, exports }));
  await app.register(settingsRoutes({ settings }));
  await app.register(recordsRoutes({ retention, dataExport }));
  await app.register(auditRoutes({ audit }));
  await app.register(notificationsRoutes({ notifications }));
  await app.register(pushRoutes({ pushes }));
  await registerWebClient(app, config);

  // Once closing, each answer still going out tells its client to close the connection, so
  // the server is not kept waiting for keep-alive connections after their last request.
  let isClosing = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    isClosing = true;
    live.close();
    // Pushes under way finish (each gives up after its own timeout) while the sockets still answer where people look.
    await pushes.idle();
    await realtime.close();
  });

  return app;
};
