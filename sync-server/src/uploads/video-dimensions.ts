interface Box {
  type: string;
  /** Where the payload starts and where the box ends, as offsets into the file. */
  start: number;
  end: number;
}

/** ISO BMFF boxes are [size u32][type][payload]; size 1 means a u64 size follows, 0 means "to the end". */
function* childBoxes(bytes: Buffer, start: number, end: number): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = bytes.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    // A size that lies about the file's length ends the walk rather than reading past it.
    if (size < header || offset + size > end) return;
    yield { type: bytes.toString('latin1', offset + 4, offset + 8), start: offset + header, end: offset + size };
    offset += size;
  }
}

function findChild(bytes: Buffer, parent: Box | null, type: string): Box[] {
  const children = childBoxes(bytes, parent?.start ?? 0, parent?.end ?? bytes.length);
  return Array.from(children).filter((box) => box.type === type);
}

/** Version 0 `tkhd`: version/flags, five u32 fields, 16 reserved bytes, a 36-byte matrix, width, height. */
const TKHD_MIN_PAYLOAD = 84;

/**
 * The picture size of an MP4/MOV from its first visual track header, read
 * from the bytes already in memory (no ffmpeg). The last eight bytes of a
 * `tkhd` are width and height in 16.16 fixed point; a matrix turned a
 * quarter (phones filming upright) swaps them. 0×0 when there is none.
 */
export function readVideoDimensions(bytes: Buffer): { width: number; height: number } {
  for (const moov of findChild(bytes, null, 'moov')) {
    for (const trak of findChild(bytes, moov, 'trak')) {
      for (const tkhd of findChild(bytes, trak, 'tkhd')) {
        if (tkhd.end - tkhd.start < TKHD_MIN_PAYLOAD) continue;
        const width = Math.round(bytes.readUInt32BE(tkhd.end - 8) / 65536);
        const height = Math.round(bytes.readUInt32BE(tkhd.end - 4) / 65536);
        // Audio tracks carry 0×0; the first track with a picture wins.
        if (width === 0 || height === 0) continue;
        const matrixA = bytes.readInt32BE(tkhd.end - 44);
        const isQuarterTurn = matrixA === 0;
        return isQuarterTurn ? { width: height, height: width } : { width, height };
      }
    }
  }
  return { width: 0, height: 0 };
}
