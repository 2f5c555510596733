import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { checkVideoPixels } from './pixel-limits.ts';
import type { StoredFiles } from './uploads.repository.ts';
import { posterFrame, probeVideo, remuxWithoutMetadata, type VideoExtension } from './video-processing.ts';
import { wrongFileType } from './wrong-file-type.ts';

/**
 * A video is kept only if ffprobe finds a real picture stream in the
 * container its first bytes announced; what is stored is a remux without
 * metadata (GPS included), and a poster frame (`poster.webp`, the media's
 * thumbnail) with a blurred placeholder, like a photo's (decision 018).
 */
export async function storeVideo(
  mediaDir: string,
  folder: string,
  input: string,
  extension: VideoExtension,
): Promise<StoredFiles> {
  const probed = await probeVideo(input, extension);
  if (!probed) throw wrongFileType();
  checkVideoPixels(probed.width, probed.height, 'file');
  const videoPath = `${folder}/video.${extension}`;
  const output = path.join(mediaDir, videoPath);
  if (!(await remuxWithoutMetadata(input, output, extension))) {
    await rm(output, { force: true });
    throw wrongFileType();
  }
  const frame = await posterFrame(output);
  if (!frame) throw wrongFileType();
  const posterPath = `${folder}/poster.webp`;
  const poster = sharp(frame, { failOn: 'error' });
  const encode = async () => ({
    display: await poster.clone().webp({ quality: 80 }).toBuffer(),
    tiny: await poster.clone().resize({ width: 16 }).webp({ quality: 40 }).toBuffer(),
  });
  const { display, tiny } = await encode().catch(() => {
    throw wrongFileType();
  });
  await writeFile(path.join(mediaDir, posterPath), display);
  return {
    path: videoPath,
    thumb_path: posterPath,
    width: probed.width,
    height: probed.height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}
