import { rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../http/logger.ts';
import type { MediaFiles } from './post-delete.ts';

/** A stored relative path inside the media folder, or null for an empty one or one that would leave it. */
function resolveInside(mediaDir: string, relative: string): string | null {
  if (!relative) return null;
  const absolute = path.resolve(mediaDir, relative);
  return absolute.startsWith(`${mediaDir}${path.sep}`) ? absolute : null;
}

/**
 * Removes a deleted post's files after its rows are gone. Best effort: the
 * post is already deleted for everyone, so a file that will not go is
 * logged for an operator rather than failing the request (spec 2 §8 has
 * "Couldn't delete post images" for the client's own failure). Each
 * upload's folder is removed when it ends up empty.
 */
export async function removeMediaFiles(mediaDir: string, files: MediaFiles[], logger: Logger): Promise<void> {
  const root = path.resolve(mediaDir);
  const folders = new Set<string>();
  for (const file of files) {
    for (const relative of [file.path, file.thumb_path]) {
      const absolute = resolveInside(root, relative);
      if (!absolute) continue;
      try {
        await rm(absolute, { force: true });
        folders.add(path.dirname(absolute));
      } catch (error) {
        logger.error('post media file not removed', { path: relative, error: String(error) });
      }
    }
  }
  for (const folder of folders) {
    // Only an upload's own folder, never the media root; a folder still holding files stays.
    if (folder !== root) await rmdir(folder).catch(() => undefined);
  }
}
