import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImageVariants } from '../uploads/image-variants.ts';
import { createArtCache } from './art-cache.ts';

function counted<T>(make: (call: number) => T) {
  let calls = 0;
  return {
    render: async () => make(++calls),
    get calls() {
      return calls;
    },
  };
}

const variantsOf = (call: number): ImageVariants => ({
  display: Buffer.from(`display ${call}`),
  thumb: Buffer.from(`thumb ${call}`),
  width: 1200,
  height: 900,
  placeholder: `data:image/webp;base64,${call}`,
});

describe('the demo art cache', () => {
  it('renders a recipe once and then answers the kept bytes and variants, also to a new cache on the same directory', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'campus-art-'));
    const bytes = counted((call) => Buffer.from(`avatar ${call}`));
    const variants = counted(variantsOf);
    for (const cache of [createArtCache(dir), createArtCache(dir)]) {
      expect((await cache.bytes('avatar <svg/>', bytes.render)).toString()).toBe('avatar 1');
      expect(await cache.variants('photo <svg/>', variants.render)).toEqual(variantsOf(1));
    }
    expect([bytes.calls, variants.calls]).toEqual([1, 1]);
    // Another recipe is another rendering.
    expect((await createArtCache(dir).bytes('avatar <svg id="2"/>', bytes.render)).toString()).toBe('avatar 2');
    expect((await readdir(dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('renders every time without a directory', async () => {
    const bytes = counted((call) => Buffer.from(`avatar ${call}`));
    const cache = createArtCache(undefined);
    await cache.bytes('avatar', bytes.render);
    await cache.bytes('avatar', bytes.render);
    expect(bytes.calls).toBe(2);
  });

  it('renders again when a kept description is unreadable', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'campus-art-'));
    const variants = counted(variantsOf);
    await createArtCache(dir).variants('photo', variants.render);
    const [meta] = (await readdir(dir)).filter((name) => name.endsWith('.json'));
    await writeFile(path.join(dir, meta ?? 'missing.json'), '{"width":');
    expect(await createArtCache(dir).variants('photo', variants.render)).toEqual(variantsOf(2));
  });
});
