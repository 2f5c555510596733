import type { Metadata } from 'sharp';
import { AppError } from '../http/app-error.ts';

/**
 * Pixels, not bytes, are what decoding costs: a 170 KB GIF declaring
 * 16000×16000 took 3 GB to decode (issue 18). Headers are read first and
 * anything past these limits is refused before a pixel is decoded.
 */
export const PIXEL_LIMITS = {
  /** One frame: a 50 MP camera photo (8660 × 5773) still fits. */
  perFrame: 50_000_000,
  /** Every frame of an animation together. */
  allFrames: 200_000_000,
} as const;

export const PIXEL_MESSAGES = {
  photoTooManyPixels: 'Photos can be at most 50 megapixels (for example 8000 × 6000).',
  animationTooManyPixels: 'Animations can be at most 200 megapixels over all their frames.',
  videoTooManyPixels: 'Videos can be at most 50 megapixels a frame.',
} as const;

function tooManyPixels(msg: string, field: string): AppError {
  return new AppError('validation_failed', [{ msg, field }]);
}

/** Throws (422) when a header from sharp's `metadata()` declares more pixels than the limits. */
export function checkImagePixels(metadata: Metadata, field: string): void {
  const width = metadata.width ?? 0;
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  const frames = Math.max(1, metadata.pages ?? 1);
  const framePixels = width * frameHeight;
  if (framePixels > PIXEL_LIMITS.perFrame) throw tooManyPixels(PIXEL_MESSAGES.photoTooManyPixels, field);
  if (framePixels * frames > PIXEL_LIMITS.allFrames) throw tooManyPixels(PIXEL_MESSAGES.animationTooManyPixels, field);
}

export function checkVideoPixels(width: number, height: number, field: string): void {
  if (width * height > PIXEL_LIMITS.perFrame) throw tooManyPixels(PIXEL_MESSAGES.videoTooManyPixels, field);
}
