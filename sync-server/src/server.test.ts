import { existsSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scaled } from '@campus/shared/time-scale';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

async function tempConfig(seedDemo: boolean) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-server-'));
  return loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { port: 0, host: '127.0.0.1', seedDemo });
}

describe('startServer', () => {
  it('creates and migrates a WAL database, serves, and closes it cleanly on shutdown', async () => {
    const config = await tempConfig(false);
    const server = await startServer(config);
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(existsSync(`${config.databaseFile}-wal`)).toBe(true);

    await server.close();
    await expect(fetch(`http://127.0.0.1:${server.port}/api/health`)).rejects.toThrow();
    // A clean close checkpoints the WAL into the database file and removes it.
    expect(existsSync(`${config.databaseFile}-wal`)).toBe(false);
    const reopened = new SQLite(config.databaseFile, { readonly: true });
    expect(reopened.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(reopened.prepare('select count(*) as count from campuses').get()).toEqual({ count: 21 });
    reopened.close();
  });

  it('seeds demo students with avatars and listings with photos on first start only', {
    // Rasterising the demo photos takes a few seconds on two cores.
    timeout: scaled(30_000),
  }, async () => {
    const config = await tempConfig(true);
    const first = await startServer(config);
    const users = await first.db.selectFrom('users').select(['campus_id', 'img']).execute();
    expect(new Set(users.map((user) => user.campus_id))).toEqual(new Set(['ou', 'ut']));
    expect(users.every((user) => user.img?.startsWith('/media/avatars/'))).toBe(true);
    const media = await first.db.selectFrom('post_media').select(['path', 'thumb_path', 'placeholder']).execute();
    expect(media.length).toBeGreaterThan(10);
    expect(media.every((row) => row.placeholder?.startsWith('data:image/webp;base64,'))).toBe(true);
    const files = await readdir(path.join(config.dataDir, 'media', 'demo'));
    expect(files).toContain(media[0]?.path.replace('demo/', ''));
    const photo = await fetch(`http://127.0.0.1:${first.port}/media/${media[0]?.path}`);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const count = users.length;
    await first.close();

    const second = await startServer(config);
    expect(await second.db.selectFrom('users').select('id').execute()).toHaveLength(count);
    await second.close();
  });
});
