import { describe, expect, it } from 'vitest';
import { isoMedia } from './upload-fixtures.ts';
import { readVideoDimensions } from './video-dimensions.ts';

describe('readVideoDimensions', () => {
  it('reads the first track with a picture, skipping the audio track', () => {
    expect(readVideoDimensions(isoMedia({ width: 1280, height: 720 }))).toEqual({ width: 1280, height: 720 });
  });

  it('never throws on a cut-off or lying file: it answers 0×0 instead', () => {
    const whole = isoMedia();
    for (let length = 0; length < whole.length; length++) {
      expect(() => readVideoDimensions(whole.subarray(0, length))).not.toThrow();
    }
    const lying = Buffer.from(whole);
    lying.writeUInt32BE(0xffffffff, 0);
    expect(readVideoDimensions(lying)).toEqual({ width: 0, height: 0 });
  });
});
