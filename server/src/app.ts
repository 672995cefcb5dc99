/**
 * buildApp(config): the whole server as a Fastify instance, without listening (tests
 * call it directly; main.ts listens and wires signals). It opens and migrates the
 * database, seeds the demo school when asked, and registers every domain.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import qs from 'qs';
import { QUERY_STRING_LIMITS } from '@campus/contracts/query-string';
import type { AppConfig } from './config.ts';
import { registerAuth } from './core/auth.ts';
import { registerCsrfCheck } from './core/csrf.ts';
import { registerFiniteNumbersCheck } from './core/finite-numbers.ts';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandling,
} from './core/error-handler.ts';
import { batchedStdout } from './core/log-destination.ts';
import { OneLineRequestLog } from './core/request-log.ts';
import { registerSecurityHeaders } from './core/security-headers.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { seedDemoSchool } from './db/seed/demo-school.ts';
import { listenForTableChanges } from './db/table-change-listener.ts';
import { TableChanges } from './db/table-changes.ts';
import { WatchedReadCache } from './db/watched-read-cache.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { AppCatalogueService } from './modules/base/app-catalogue.service.ts';
import { CATALOGUE_CACHE_TTL_MS, CatalogueCache } from './modules/base/catalogue-cache.ts';
import { BaseRepository } from './modules/base/base.repository.ts';
import { AdminAccess } from './modules/admin/admin-access.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminAppRoutes } from './modules/admin/admin-apps.routes.ts';
import { createAdminAppServices } from './modules/admin/admin-apps.wiring.ts';
import type { DeployLimits } from './modules/admin/subapp-deploy.ts';
import { ImportResultRepository } from './modules/admin/import/import-result.repository.ts';
import { importRoutes } from './modules/admin/import/import.routes.ts';
import { ImportService, type ImportDomains } from './modules/admin/import/import.service.ts';
import { createAdminConsole, type ConsoleDomains } from './modules/admin/admin-console.ts';
import { adminDirectoryRoutes } from './modules/admin/admin-directory.routes.ts';
import { firstAdminHint } from './modules/admin/first-admin.ts';
import { baseRoutes } from './modules/base/base.routes.ts';
import { BaseService } from './modules/base/base.service.ts';
import { CmsRepository } from './modules/cms/cms.repository.ts';
import { cmsRoutes } from './modules/cms/cms.routes.ts';
import { CmsService } from './modules/cms/cms.service.ts';
import { AppMenuService } from './modules/desktop/app-menu.service.ts';
import { ClientDownloadsService } from './modules/desktop/client-downloads.service.ts';
import {
  DESKTOP_READ_TTL_MS,
  DesktopReadCache,
  PendingDesktopChanges,
  type DesktopChanges,
} from './modules/desktop/desktop-read-cache.ts';
import { DesktopRepository } from './modules/desktop/desktop.repository.ts';
import { desktopRoutes } from './modules/desktop/desktop.routes.ts';
import { DesktopService } from './modules/desktop/desktop.service.ts';
import { UnitSettingsService } from './modules/desktop/unit-settings.service.ts';
import { exportRoutes } from './modules/export/export.routes.ts';
import { ExportService } from './modules/export/export.service.ts';
import { FamilyRepository } from './modules/family/family.repository.ts';
import { familyRoutes } from './modules/family/family.routes.ts';
import { FamilyService } from './modules/family/family.service.ts';
import {
  AppCredentialService,
  DEFAULT_FEED_LIMITS,
  FeedRateLimit,
  type FeedLimits,
} from './modules/feed/app-credential.service.ts';
import { FeedRepository } from './modules/feed/feed.repository.ts';
import { feedRoutes } from './modules/feed/feed.routes.ts';
import { FeedService, noticeFeed, type InFeedTransaction } from './modules/feed/feed.service.ts';
import { InboxService } from './modules/desktop/inbox.service.ts';
import { CMS_APP_CODE } from '@campus/contracts/cms';
import { loadFaceConfig, type FaceConfig } from './modules/face/face-config.ts';
import { DEFAULT_FACE_ENGINE_OPTIONS, FaceEngine } from './modules/face/face-engine.ts';
import { FaceRepository } from './modules/face/face.repository.ts';
import { faceAdminRoutes } from './modules/face/face-admin.routes.ts';
import { FaceAdminService } from './modules/face/face-admin.service.ts';
import { faceRoutes } from './modules/face/face.routes.ts';
import { FaceService } from './modules/face/face.service.ts';
import { oldBrowserHook } from './modules/pages/old-browser.ts';
import { pageFallback } from './modules/pages/page-fallback.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { OidcRepository } from './modules/oidc/oidc.repository.ts';
import { oidcRoutes } from './modules/oidc/oidc.routes.ts';
import { OidcService } from './modules/oidc/oidc.service.ts';
import { createMetrics, registerMetrics } from './modules/system/metrics.ts';
import { scheduleChunkCleanUp } from './modules/storage/chunk-janitor.ts';
import {
  EXPIRED_RECORD_GRACE_MS,
  scheduleExpiredRecordsCleanUp,
  USED_TICKET_KEEP_MS,
} from './modules/system/expired-records.ts';
import { ChunkStore } from './modules/storage/chunk-store.ts';
import { FileStore } from './modules/storage/file-store.ts';
import { openObjectStore } from './modules/storage/open-object-store.ts';
import { StorageRepository } from './modules/storage/storage.repository.ts';
import { storageRoutes } from './modules/storage/storage.routes.ts';
import { subappRoutes } from './modules/subapps/subapps.routes.ts';
import { StorageService } from './modules/storage/storage.service.ts';
import { uploadRoutes } from './modules/storage/upload.routes.ts';
import { UploadService } from './modules/storage/upload.service.ts';
import { SocialProviderClient } from './modules/social/provider-client.ts';
import { SocialProviderAdmin } from './modules/social/social-providers.ts';
import { SocialRepository } from './modules/social/social.repository.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { SocialService } from './modules/social/social.service.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { AccountRecoveryRepository } from './modules/uaa/account-recovery.repository.ts';
import { accountRecoveryRoutes } from './modules/uaa/account-recovery.routes.ts';
import { AccountService } from './modules/uaa/account.service.ts';
import { validateCasTicket } from './modules/uaa/cas-response.ts';
import { DirectoryService } from './modules/uaa/directory.service.ts';
import {
  DatabaseIpFailureCounter,
  RedisIpFailureCounter,
} from './modules/uaa/ip-failure-counter.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './modules/uaa/login-limits.ts';
import { LoginService } from './modules/uaa/login.service.ts';
import { smtpMailer } from './modules/uaa/mailer.ts';
import {
  DEFAULT_PASSWORD_LIMITS,
  PasswordResetService,
  type PasswordLimits,
} from './modules/uaa/password-reset.service.ts';
import { SESSION_CACHE_TTL_MS, SessionCache } from './modules/uaa/session-cache.ts';
import { localSessionEvents, redisSessionEvents } from './modules/uaa/session-events.ts';
import { SessionService } from './modules/uaa/session.service.ts';
import { TicketLoginService } from './modules/uaa/ticket-login.service.ts';
import { UaaRepository } from './modules/uaa/uaa.repository.ts';
import { uaaRoutes } from './modules/uaa/uaa.routes.ts';
import { VersionsRepository } from './modules/versions/versions.repository.ts';
import { versionsRoutes } from './modules/versions/versions.routes.ts';
import { VersionsService } from './modules/versions/versions.service.ts';

export interface BuildOptions {
  /** Pino options, or false for silence (tests). Defaults to JSON logs at config.logLevel. */
  logger?: boolean | { level: string };
  /** Overridable in tests to cross time windows without waiting. */
  clock?: () => number;
  loginLimits?: Partial<LoginLimits>;
  /** Namespace for Redis keys, so parallel test runs sharing one Redis stay apart. */
  redisKeyPrefix?: string;
  /** Password self-service limits (issue 12 §4), tightened or loosened by tests. */
  passwordLimits?: Partial<PasswordLimits>;
  /** The feed's per-credential rate limit (issue 13 §4), tightened by tests. */
  feedLimits?: Partial<FeedLimits>;
  /** The console's sub-app deploy limits (issue 13 §2), tightened by tests. */
  deployLimits?: Partial<DeployLimits>;
  /** Face settings (DESIGN.md §9) over FACE_* of the environment, e.g. a liveness threshold. */
  face?: Partial<FaceConfig>;
}

/** Spec §9 query-string limits, also applied to form bodies. */
const QS_LIMITS = { ...QUERY_STRING_LIMITS, allowDots: true } as const;

export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const clock = options.clock ?? Date.now;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: typeof options.logger === 'object' ? options.logger.level : config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'res.headers["set-cookie"]',
            ],
            // Batched: a write per line was the costliest part of a request (log-destination.ts).
            stream: batchedStdout(),
          },
    logController: new OneLineRequestLog(config.accessLog),
    // A hop count trusts that many proxies in front, as proxy-addr reads a number.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // Malformed URLs, over-long path parameters and unreadable requests answer the envelope too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: { querystringParser: (query: string) => qs.parse(query, QS_LIMITS) },
    ajv: {
      customOptions: {
        coerceTypes: true,
        removeAdditional: true,
        useDefaults: true,
        allErrors: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const metrics = createMetrics(
    config.databaseUrl?.startsWith('postgres') ? { poolStats: () => database.poolStats!() } : {},
  );
  registerMetrics(app, metrics, { token: config.metricsToken });
  const tableChanges = new TableChanges();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    databasePoolMax: config.databasePoolMax,
    onAcquire: (seconds) => metrics.poolAcquired(seconds),
    onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
    onWatchedWrite: () => tableChanges.changed(),
  });
  app.addHook('onClose', async () => database.close());
  await migrateToLatest(database.db);
  // Issue 15 §1: units, licences, roles and unit settings kept while PostgreSQL's notices of
  // every change to them are heard (table-changes.ts); on SQLite the cache is never live.
  if (database.kind === 'postgres' && config.databaseUrl) {
    const listener = listenForTableChanges(config.databaseUrl, tableChanges, (error) =>
      app.log.warn({ err: error }, 'table change notices interrupted'),
    );
    app.addHook('onClose', async () => listener.close());
    await listener.ready;
  }
  const watchedReads = new WatchedReadCache(tableChanges, clock, (hit) =>
    metrics.cacheLookup('unit', hit),
  );
  const storageRepository = new StorageRepository(database.db);
  const objects = openObjectStore(config.fileStore);
  const files = new FileStore(objects, storageRepository, clock);
  // The chunks of uploads in progress live in the same store, so instances sharing it share them.
  const chunks = new ChunkStore(objects, clock, config.uploadMaxBytes);
  app.addHook('onClose', async () => chunks.close());
  // Outside any transaction: SQLite has one connection, which an open transaction would hold.
  if (config.demo) await seedDemoSchool(database.db, files);

  // ioredis is loaded only where Redis is configured (issue 15 §4's idle memory).
  const redis: Redis | undefined = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        lazyConnect: true,
        maxRetriesPerRequest: 2,
      })
    : undefined;
  if (redis) {
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }

  const secureCookies = config.publicUrl?.startsWith('https://') ?? false;
  registerErrorHandling(app, { pageFallback: pageFallback({ pagesDir: config.pagesDir }) });
  registerFiniteNumbersCheck(app);
  // The API speaks JSON and form bodies only; anything else is an unsupported media type.
  app.removeContentTypeParser('text/plain');
  // Spec §1/§8: IE 6 to 8 get the upgrade message instead of any page (root scope, before routes).
  app.addHook('onRequest', oldBrowserHook);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { parser: (body: string) => qs.parse(body, QS_LIMITS) });
  registerSecurityHeaders(app, {
    https: secureCookies,
    // The login page's scan-code widget frames the providers' own pages (DESIGN.md §8).
    frameSources: [config.social.wecomLogin, config.social.wechatOauth].map(
      (u) => new URL(u).origin,
    ),
  });
  registerCsrfCheck(app, config.publicUrl);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Campus Portal API',
        version: '0.1.0',
        description: 'Envelope: { status, code?, message?, data?, fieldErrors? }',
      },
      tags: [
        { name: 'uaa' },
        { name: 'base' },
        { name: 'desktop' },
        { name: 'family' },
        { name: 'sso' },
        { name: 'cms' },
        { name: 'versions' },
        { name: 'storage' },
        { name: 'export' },
        { name: 'face' },
        { name: 'system' },
      ],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const limits: LoginLimits = { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits };
  const audit = new AuditService(new AuditRepository(database.db), clock);
  const uaaRepository = new UaaRepository(database.db, watchedReads);
  const sessionCache = new SessionCache(clock, SESSION_CACHE_TTL_MS, (hit) =>
    metrics.cacheLookup('session', hit),
  );
  const prefix = options.redisKeyPrefix ?? 'campus:';
  const catalogueCache = new CatalogueCache(clock, CATALOGUE_CACHE_TTL_MS, (hit) =>
    metrics.cacheLookup('catalogue', hit),
  );
  const desktopCache = new DesktopReadCache(clock, DESKTOP_READ_TTL_MS, (hit) =>
    metrics.cacheLookup('desktop', hit),
  );
  const eventCaches = { sessions: sessionCache, catalogue: catalogueCache, desktop: desktopCache };
  const sessionEvents = redis
    ? await redisSessionEvents(eventCaches, redis, `${prefix}session-events`)
    : localSessionEvents(eventCaches);
  app.addHook('onClose', async () => sessionEvents.close());
  // A committed change to users' desktop data, told to every instance. The write stands
  // whatever happens to the event: were Redis unreachable, the entries still expire
  // (DESKTOP_READ_TTL_MS), so the request is not failed for it.
  const desktopChanges: DesktopChanges = {
    users: (ids) =>
      void sessionEvents
        .publish({ kind: 'desktop-users', ids: ids === null ? null : [...ids] })
        .catch(() => undefined),
  };
  const directory = new DirectoryService(uaaRepository, sessionEvents, clock);
  const family = new FamilyService(new FamilyRepository(database.db), directory, clock);
  const sessions = new SessionService(
    uaaRepository,
    audit,
    clock,
    sessionCache,
    sessionEvents,
    family,
  );
  const ipFailures = redis
    ? new RedisIpFailureCounter(
        redis,
        limits.ipWindowMs,
        `${options.redisKeyPrefix ?? 'campus:'}login-fail:ip:`,
      )
    : new DatabaseIpFailureCounter(uaaRepository, limits.ipWindowMs);
  const login = new LoginService(uaaRepository, sessions, audit, ipFailures, limits, clock);
  const accounts = new AccountService(uaaRepository, sessionCache, family);

  registerAuth(app, (token, fresh) => sessions.authenticateNow(token, fresh));

  await app.register(
    systemRoutes({
      pingDatabase: () => database.ping(),
      ...(redis
        ? {
            pingRedis: () =>
              redis.ping().then(
                (r) => r === 'PONG',
                () => false,
              ),
          }
        : {}),
    }),
  );
  await app.register(uaaRoutes({ login, sessions, accounts, secureCookies }));
  // The portal's origin for the OIDC issuer (DESIGN.md §8), mail links and the ticket's service.
  const portalOrigin = () => publicOrigin(config, app.server.address());
  const oidcRepository = new OidcRepository(database.db);
  const oidc = new OidcService(
    oidcRepository,
    directory,
    {
      publicUrl: config.publicUrl,
      listeningOrigin: portalOrigin,
      trustProxy: config.trustProxy !== false,
    },
    clock,
  );
  await app.register(oidcRoutes({ oidc }));
  const baseRepository = new BaseRepository(database.db, watchedReads);
  const base = new BaseService(baseRepository, audit, clock, directory);
  const catalogue = new AppCatalogueService(baseRepository, catalogueCache);
  await app.register(baseRoutes({ base }));
  const adminAccess = new AdminAccess(base, directory);
  await app.register(adminRoutes({ access: adminAccess }));
  // Issue 13 §3: the bulk import of users and parent–child links.
  // Its domains once on the database and once per transaction, so that an import's accounts,
  // students, links, audit entry and result commit together or not at all.
  const importDomains = (handle: typeof database.db): ImportDomains => {
    const importDirectory = new DirectoryService(new UaaRepository(handle), sessionEvents, clock);
    return {
      directory: importDirectory,
      family: new FamilyService(new FamilyRepository(handle), importDirectory, clock),
      audit: new AuditService(new AuditRepository(handle), clock),
      results: new ImportResultRepository(handle),
    };
  };
  const imports = new ImportService(
    adminAccess,
    importDomains(database.db),
    (work) => database.db.transaction().execute((trx) => work(importDomains(trx))),
    { clock },
  );
  await app.register(importRoutes({ imports }));
  const desktopRepository = new DesktopRepository(database.db, {
    cache: desktopCache,
    changes: desktopChanges,
    watched: watchedReads,
  });
  const unitSettings = new UnitSettingsService(desktopRepository, clock);
  await app.register(
    desktopRoutes({
      desktop: new DesktopService(desktopRepository, { base, catalogue, directory, audit, clock }),
      appMenu: new AppMenuService(desktopRepository, catalogue, clock),
      unitSettings,
      clientDownloads: new ClientDownloadsService(config.clientDownloadsDir, unitSettings),
    }),
  );
  await app.register(familyRoutes({ family }));

  // Issue 12 §3, §4: ticket sign-in, the SSO URL on the login page, password self-service.
  const passwordLimits = { ...DEFAULT_PASSWORD_LIMITS, ...options.passwordLimits };
  const counter = (name: string, windowMs: number) =>
    redis
      ? new RedisIpFailureCounter(redis, windowMs, `${prefix}password:${name}:`)
      : new DatabaseIpFailureCounter(uaaRepository, windowMs);
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  const recovery = new AccountRecoveryRepository(database.db);
  const passwords = new PasswordResetService({
    recovery,
    uaa: uaaRepository,
    directory,
    events: sessionEvents,
    audit,
    mailer,
    counters: {
      forgotIp: counter('forgot-ip', passwordLimits.forgotIpWindowMs),
      mailAccount: counter('mail-account', passwordLimits.mailAccountWindowMs),
      change: counter('change', passwordLimits.changeWindowMs),
    },
    limits: passwordLimits,
    clock,
    portalOrigin,
    onMailError: (error) => app.log.error({ err: error }, 'password reset mail not sent'),
  });
  app.addHook('onClose', async () => passwords.settled());
  const tickets = new TicketLoginService({
    recovery,
    uaa: uaaRepository,
    accounts,
    sessions,
    audit,
    validate: (issuer, ticket, service) => validateCasTicket(issuer, ticket, service),
    ssoUrlOf: (unitId) => unitSettings.unitSsoLoginUrl(unitId),
    passwordReset: () => passwords.resetKind,
    // Issue 14 §1: the unit's switch is on and someone in it has enrolled a face.
    faceSignIn: async (unitId) =>
      (await uaaRepository.findUnit(unitId))?.faceSignIn === 1 &&
      (await new FaceRepository(database.db).unitVersion(unitId)).count > 0,
    clock,
    portalOrigin,
  });
  await app.register(accountRecoveryRoutes({ passwords, tickets, secureCookies }));
  // Issue 12 §2: WeCom and WeChat sign-in, through the uaa's session issuing.
  const socialRepository = new SocialRepository(database.db);
  const social = new SocialService({
    repository: socialRepository,
    client: new SocialProviderClient(config.social, clock),
    accounts,
    uaa: uaaRepository,
    login,
    sessions,
    audit,
    clock,
    portalOrigin,
  });
  await app.register(socialRoutes({ social, secureCookies }));
  // Issue 13 §4: one feed of messages, to-dos and badges; apps' servers call it with their
  // credential, cms in process, the console as the base platform.
  const inFeedTransaction: InFeedTransaction = async (work) => {
    const changes = new PendingDesktopChanges();
    const result = await database.db.transaction().execute((trx) =>
      work({
        feed: new FeedRepository(trx),
        inbox: new InboxService(new DesktopRepository(trx, { changes })),
        audit: new AuditService(new AuditRepository(trx), clock),
      }),
    );
    changes.commit(desktopChanges);
    return result;
  };
  const feedRepository = new FeedRepository(database.db);
  const feedAccess = adminAccess;
  const feed = new FeedService({
    repository: feedRepository,
    inbox: new InboxService(desktopRepository),
    inTransaction: inFeedTransaction,
    access: feedAccess,
    units: directory,
    licences: base,
    catalogue,
    clock,
  });
  const feedLimits = { ...DEFAULT_FEED_LIMITS, ...options.feedLimits };
  await app.register(
    feedRoutes({
      feed,
      credentials: new AppCredentialService({
        repository: feedRepository,
        inTransaction: inFeedTransaction,
        access: feedAccess,
        catalogue,
        units: directory,
        clock,
      }),
      rateLimit: new FeedRateLimit(
        redis
          ? new RedisIpFailureCounter(redis, feedLimits.windowMs, `${prefix}feed-rate:`)
          : new DatabaseIpFailureCounter(uaaRepository, feedLimits.windowMs),
        feedLimits,
        clock,
      ),
    }),
  );
  const storage = new StorageService(files, directory, catalogue, base, storageRepository);
  const cms = new CmsService(
    new CmsRepository(database.db),
    base,
    family,
    storage,
    audit,
    clock,
    noticeFeed(feed, CMS_APP_CODE),
  );
  // DESIGN.md §7: a notice's readers may download its attachments.
  storage.registerReadGrant('cms', (fileId, user) => cms.mayReadAttachment(fileId, user));
  await app.register(cmsRoutes({ cms }));
  // Issue 13 §2: the console's units, users and audit log; each change runs in one transaction
  // with its audit entry, so the domains are bound once to the database and once per transaction.
  const consoleDomains = (handle: Kysely<Database>): ConsoleDomains => {
    const bound = new DirectoryService(new UaaRepository(handle), sessionEvents, clock);
    return {
      directory: bound,
      family: new FamilyService(new FamilyRepository(handle), bound, clock),
      unitSettings: new UnitSettingsService(new DesktopRepository(handle), clock),
      socialProviders: new SocialProviderAdmin(new SocialRepository(handle), clock),
      audit: new AuditService(new AuditRepository(handle), clock),
    };
  };
  await app.register(
    adminDirectoryRoutes(
      createAdminConsole({
        access: adminAccess,
        domains: consoleDomains(database.db),
        inTransaction: (work) =>
          database.db.transaction().execute((trx) => work(consoleDomains(trx))),
        storage,
        clock,
      }),
    ),
  );
  await app.register(
    versionsRoutes({ versions: new VersionsService(new VersionsRepository(database.db)) }),
  );
  await app.register(storageRoutes({ files, storage }));
  // Issue 13 §2: the console's apps, menus, roles, licences, themes, OAuth clients, versions.
  await app.register(
    adminAppRoutes(
      createAdminAppServices({
        db: database.db,
        access: adminAccess,
        events: sessionEvents,
        storage,
        pagesDir: config.pagesDir,
        deployLimits: options.deployLimits,
        clock,
      }),
    ),
  );
  await app.register(
    uploadRoutes({
      uploads: new UploadService(
        files,
        chunks,
        storageRepository,
        { maxBytes: config.uploadMaxBytes },
        clock,
      ),
      storage,
      maxBytes: config.uploadMaxBytes,
    }),
  );
  await app.register(exportRoutes({ exports: new ExportService() }));
  // Issue 14 §2: face enrolment, face sign-in and clock-in; the models in one worker thread.
  const faceConfig = { ...loadFaceConfig(process.env), ...options.face };
  const faceEngine = new FaceEngine({
    ...DEFAULT_FACE_ENGINE_OPTIONS,
    detector: faceConfig.detector,
  });
  app.addHook('onClose', async () => faceEngine.close());
  if (faceConfig.preload) {
    // Not awaited: the server answers while the models load; the first photo waits for them.
    app.addHook('onReady', async () => {
      void faceEngine.warmUp().then(
        () => app.log.info({ loadMs: faceEngine.loadMs }, 'face models loaded'),
        (error: unknown) => app.log.error({ err: error }, 'face models failed to load'),
      );
    });
  }
  const faceRepository = new FaceRepository(database.db);
  const face = new FaceService({
    engine: faceEngine,
    repository: faceRepository,
    files,
    uaa: uaaRepository,
    accounts,
    sessions,
    admins: new AdminAccess(base, directory),
    ipFailures,
    limits,
    audit,
    config: faceConfig,
    clock,
  });
  await app.register(faceRoutes({ face, secureCookies }));
  // Issue 14 §2 Privacy and Clock-in: the console's enrolments, deletion, attendance, bulk.
  await app.register(
    faceAdminRoutes({
      faceAdmin: new FaceAdminService({
        access: adminAccess,
        repository: faceRepository,
        files,
        face,
        uaa: uaaRepository,
        audit,
        exports: new ExportService(),
      }),
    }),
  );
  scheduleChunkCleanUp(app, chunks);
  scheduleExpiredRecordsCleanUp(
    app,
    [
      (now) => uaaRepository.deleteExpiredSignIns(now - EXPIRED_RECORD_GRACE_MS),
      (now) => oidcRepository.deleteExpiredPayloads(now - EXPIRED_RECORD_GRACE_MS),
      (now) => recovery.deleteExpired(now - EXPIRED_RECORD_GRACE_MS, now - USED_TICKET_KEEP_MS),
      (now) => socialRepository.deleteExpired(now - EXPIRED_RECORD_GRACE_MS),
    ],
    clock,
  );
  await app.register(
    pagesRoutes({
      webRoot: config.webRoot,
      runtimeRoot: config.runtimeRoot,
      pagesDir: config.pagesDir,
    }),
  );
  await app.register(subappRoutes({ pagesDir: config.pagesDir }));

  app.decorate('services', {
    audit,
    sessions,
    database,
    storage,
    oidc,
    firstAdminHint: (portalUrl: string) => firstAdminHint({ base, directory }, portalUrl),
  });
  return app;
}

/**
 * The portal's public origin (the OIDC issuer, links in mail, the ticket's `service`): PUBLIC_URL, else
 * the listening address (never the request's Host header, which a caller chooses).
 */
function publicOrigin(
  config: AppConfig,
  address: ReturnType<FastifyInstance['server']['address']>,
): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const port = address && typeof address === 'object' ? address.port : config.port;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Reached by tests and the CLI; routes receive their services explicitly. */
    services: {
      audit: AuditService;
      sessions: SessionService;
      database: ReturnType<typeof openDatabase>;
      /** Features that own files register their read grants on it (DESIGN.md §7). */
      storage: StorageService;
      /** The OpenID Connect provider (tests rotate its signing key). */
      oidc: OidcService;
      /** How to create the first administrator, or null when one exists (issue 13 §5). */
      firstAdminHint: (portalUrl: string) => Promise<string | null>;
    };
  }
}
