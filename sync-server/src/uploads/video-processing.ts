import { runTool } from './run-tool.ts';

/** The containers the spec allows (spec 2 §5), as ffprobe names them and as ffmpeg writes them. */
const VIDEO_CONTAINERS = {
  mp4: { probedAs: 'mp4', muxer: 'mp4', isIsoMedia: true },
  mov: { probedAs: 'mov', muxer: 'mov', isIsoMedia: true },
  webm: { probedAs: 'webm', muxer: 'webm', isIsoMedia: false },
  avi: { probedAs: 'avi', muxer: 'avi', isIsoMedia: false },
} as const;

export type VideoExtension = keyof typeof VIDEO_CONTAINERS;

export interface ProbedVideo {
  /** As shown: a phone's upright film (rotation 90/270) has width and height swapped. */
  width: number;
  height: number;
  /** The coded frame, which is what decoding a poster costs. */
  codedPixels: number;
}

interface ProbeOutput {
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    disposition?: { attached_pic?: number };
    side_data_list?: { rotation?: number }[];
    tags?: { rotate?: string };
  }[];
  format?: { format_name?: string };
}

/**
 * What ffprobe makes of the file: null unless it finds a real picture stream
 * (not cover art) in the container the first bytes announced. Bytes behind
 * an MP4 header that are not a video (an .exe, issue 18) end here.
 */
export async function probeVideo(file: string, extension: VideoExtension): Promise<ProbedVideo | null> {
  const result = await runTool('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,width,height:stream_disposition=attached_pic:stream_side_data=rotation:stream_tags=rotate:format=format_name',
    '-of',
    'json',
    file,
  ]);
  if (result.code !== 0) return null;
  let output: ProbeOutput;
  try {
    output = JSON.parse(result.stdout.toString()) as ProbeOutput;
  } catch {
    return null;
  }
  const formats = (output.format?.format_name ?? '').split(',');
  if (!formats.includes(VIDEO_CONTAINERS[extension].probedAs)) return null;
  const picture = output.streams?.find(
    (stream) =>
      stream.codec_type === 'video' &&
      !stream.disposition?.attached_pic &&
      (stream.width ?? 0) > 0 &&
      (stream.height ?? 0) > 0,
  );
  if (!picture?.width || !picture.height) return null;
  const rotation = Number(
    picture.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? picture.tags?.rotate ?? 0,
  );
  const isQuarterTurn = Math.abs(rotation) % 180 === 90;
  return {
    width: isQuarterTurn ? picture.height : picture.width,
    height: isQuarterTurn ? picture.width : picture.height,
    codedPixels: picture.width * picture.height,
  };
}

/**
 * Copies the first picture stream and the audio into a new file of the same
 * container, without any metadata (GPS, titles, device names), chapters,
 * subtitles or data streams; MP4 and MOV get their index first (+faststart)
 * so playback starts before the whole file is loaded. No re-encoding.
 * Returns whether ffmpeg succeeded.
 */
export async function remuxWithoutMetadata(input: string, output: string, extension: VideoExtension): Promise<boolean> {
  const { muxer, isIsoMedia } = VIDEO_CONTAINERS[extension];
  const result = await runTool('ffmpeg', [
    '-v',
    'error',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '0:a?',
    '-c',
    'copy',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-fflags',
    '+bitexact',
    ...(isIsoMedia ? ['-movflags', '+faststart'] : []),
    '-f',
    muxer,
    '-y',
    output,
  ]);
  return result.code === 0;
}

/** Largest poster frame width; the same as the display copy of a photo. */
const POSTER_MAX_WIDTH = 1200;

/**
 * The first frame as PNG bytes, turned upright and at most 1200 wide, for
 * sharp to encode as the poster; null when no frame decodes.
 */
export async function posterFrame(video: string): Promise<Buffer | null> {
  const result = await runTool('ffmpeg', [
    '-v',
    'error',
    '-threads',
    '1',
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    `scale='min(${POSTER_MAX_WIDTH},iw)':-2`,
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-',
  ]);
  return result.code === 0 && result.stdout.length > 0 ? result.stdout : null;
}
