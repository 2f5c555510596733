import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A signing key: the secret from the environment when set, else a random key
 * kept in `dataDir/fileName` (mode 600), so what it signed survives a restart.
 * No secret lives in the repository.
 */
export function loadSecretKey(secret: string | undefined, dataDir: string, fileName: string): Buffer {
  if (secret) return Buffer.from(secret);
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file);
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
