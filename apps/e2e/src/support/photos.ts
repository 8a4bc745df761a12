import sharp from 'sharp';

/**
 * A small real JPEG (a plain coloured picture), made in the test so no binary file lives in the repository;
 * the server decodes and re-encodes uploads, so it must be a genuine image, not bytes named `.jpg`.
 */
export async function smallJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 196, g: 120, b: 48 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A small real PNG (a verification document photographed, say); like smallJpeg, made in the test. */
export async function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 40, g: 110, b: 60 } } })
    .png()
    .toBuffer();
}
