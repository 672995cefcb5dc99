import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import { AuditService } from '../audit/audit.service.ts';
import { AppCatalogueService } from '../base/app-catalogue.service.ts';
import { BaseRepository } from '../base/base.repository.ts';
import { BaseService } from '../base/base.service.ts';
import { DirectoryService } from '../uaa/directory.service.ts';
import { SessionCache } from '../uaa/session-cache.ts';
import { localSessionEvents } from '../uaa/session-events.ts';
import { UaaRepository } from '../uaa/uaa.repository.ts';
import { FileStore } from './file-store.ts';
import { DiskObjectStore } from './object-store.ts';
import { StorageRepository } from './storage.repository.ts';
import { storageRoutes } from './storage.routes.ts';
import { StorageService } from './storage.service.ts';

const LOGO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');

let dataDir: string;
let handle: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-storage-'));
  handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  const repository = new StorageRepository(handle.db);
  const files = new FileStore(new DiskObjectStore(path.join(dataDir, 'files')), repository);
  const logo = await files.put('logo.svg', 'image/svg+xml', LOGO);
  const unit = {
    unit_type: 2,
    status: 1,
    help_center: 0,
    autologin: 0,
    created_at: 0,
    face_sign_in: 0,
  };
  await handle.db
    .insertInto('units')
    .values([
      { ...unit, id: 'with-logo', name: '有标志', logo_file_id: logo.id },
      { ...unit, id: 'without-logo', name: '无标志' },
    ])
    .execute();
  await handle.db
    .insertInto('app_groups')
    .values({ code: 'g', name: '组', en_name: 'G', sort: 1 })
    .execute();
  await handle.db
    .insertInto('apps')
    .values({
      code: 'cms',
      group_code: 'g',
      name: '信息发布',
      short_name: '资讯',
      english_name: 'News',
      english_short_name: 'News',
      server_id: 'cms',
      update_status: 1,
      front_user_type: '1,2,3,4',
      limit_user_type: '1,2,3,4',
      icon_color: '#C8161D',
      sort: 1,
    })
    .execute();
  app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
  const units = new DirectoryService(
    new UaaRepository(handle.db),
    localSessionEvents({ sessions: new SessionCache(Date.now) }),
    Date.now,
  );
  const baseRepository = new BaseRepository(handle.db);
  const apps = new AppCatalogueService(baseRepository);
  const audit = new AuditService(new AuditRepository(handle.db), Date.now);
  const admins = new BaseService(baseRepository, audit, Date.now, units);
  await app.register(
    storageRoutes({
      files,
      storage: new StorageService(files, units, apps, admins, repository),
    }),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await handle.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('GET /api/storage/show/unit/:unitId', () => {
  it('serves the logo with its type, cacheable, without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/storage/show/unit/with-logo' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload).toEqual(LOGO);

    const again = await app.inject({
      method: 'GET',
      url: '/api/storage/show/unit/with-logo',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each(['without-logo', 'no-such-unit'])('answers 404 with the envelope for %s', async (id) => {
    const res = await app.inject({ method: 'GET', url: `/api/storage/show/unit/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 404,
      code: 'not_found',
      message: '单位标志不存在|||Unit logo not found',
    });
  });
});

describe('GET /api/storage/app-icon/:code/:variant', () => {
  it.each(['gray', 'color', 'cartoon'])('draws the %s icon', async (variant) => {
    const res = await app.inject({ method: 'GET', url: `/api/storage/app-icon/cms/${variant}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toContain('<title>信息发布</title>');
  });

  it('answers 404 with the envelope for an unknown app', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/storage/app-icon/nope/color' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('rejects an unknown variant by schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/storage/app-icon/cms/neon' });
    expect(res.statusCode).toBe(400);
  });
});
