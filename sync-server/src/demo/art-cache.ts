import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ImageVariants, VARIANTS_RECIPE } from '../uploads/image-variants.ts';

/**
 * The demo seed's rendered images, kept on disk between seeds (DEMO_ART_CACHE):
 * rasterising the demo's SVG art and encoding its sizes is ~5 s of every
 * seeded start, and the e2e suite starts a seeded server per file. A rendering
 * is found by the SHA-256 of everything it is made from (the SVG, the steps,
 * sharp's libvips version, renderImageVariants' sizes), so a change to any of
 * them renders again. Without a directory nothing is kept.
 */
export interface ArtCache {
  /** `render()`'s bytes, or the kept bytes of the same `recipe`. */
  bytes(recipe: string, render: () => Promise<Buffer>): Promise<Buffer>;
  /** `render()`'s variants, or the kept variants of the same `recipe`. */
  variants(recipe: string, render: () => Promise<ImageVariants>): Promise<ImageVariants>;
}

export function createArtCache(dir: string | undefined): ArtCache {
  const fileOf = (recipe: string, suffix: string) => {
    const key = createHash('sha256').update(`${VARIANTS_RECIPE}\n${recipe}`).digest('hex');
    return path.join(dir ?? '', `${key}.${suffix}`);
  };

  /** Written under a temporary name and renamed, so a reader never sees half a file. */
  async function keep(file: string, data: Buffer | string): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
  }

  async function kept<T>(read: () => Promise<T>): Promise<T | undefined> {
    try {
      return await read();
    } catch {
      return undefined;
    }
  }

  return {
    async bytes(recipe, render) {
      if (dir === undefined) return render();
      const file = fileOf(recipe, 'bin');
      const found = await kept(() => readFile(file));
      if (found) return found;
      const made = await render();
      await keep(file, made);
      return made;
    },
    async variants(recipe, render) {
      if (dir === undefined) return render();
      const [display, thumb, meta] = [
        fileOf(recipe, 'display.webp'),
        fileOf(recipe, 'thumb.webp'),
        fileOf(recipe, 'json'),
      ];
      const found = await kept(async () => {
        // The description is written last: when it is there, so are the two images.
        const { width, height, placeholder } = JSON.parse(await readFile(meta, 'utf8')) as Omit<
          ImageVariants,
          'display' | 'thumb'
        >;
        return { display: await readFile(display), thumb: await readFile(thumb), width, height, placeholder };
      });
      if (found) return found;
      const made = await render();
      await keep(display, made.display);
      await keep(thumb, made.thumb);
      await keep(meta, JSON.stringify({ width: made.width, height: made.height, placeholder: made.placeholder }));
      return made;
    },
  };
}
