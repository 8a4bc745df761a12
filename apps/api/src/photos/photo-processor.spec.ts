import sharp from 'sharp';
import { ERRORS } from '@food-link/contracts';
import { PhotoProcessor, sniffImageFormat } from '../uploads/photo-processor';
import { parsePhotoIndex } from './photos.controller';

describe('sniffImageFormat', () => {
  const image = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff') =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: 'white' } }).toFormat(format).toBuffer();

  it('tells JPEG, PNG and WebP from their first bytes', async () => {
    expect(sniffImageFormat(await image('jpeg'))).toBe('jpeg');
    expect(sniffImageFormat(await image('png'))).toBe('png');
    expect(sniffImageFormat(await image('webp'))).toBe('webp');
  });

  it('knows nothing else, however it is named', async () => {
    expect(sniffImageFormat(await image('gif'))).toBeNull();
    expect(sniffImageFormat(await image('tiff'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('PhotoProcessor', () => {
  const processor = new PhotoProcessor();

  it('refuses a file whose content is no accepted image with 400 naming photo', async () => {
    await expect(processor.process(Buffer.from('plain text'))).rejects.toMatchObject({ response: expect.objectContaining({ message: [ERRORS.photoNotImage] }) });
  });

  it('makes WebP within the size limits and never enlarges', async () => {
    const wide = await sharp({ create: { width: 3200, height: 800, channels: 3, background: 'green' } }).png().toBuffer();
    const { photo, thumbnail, width, height } = await processor.process(wide);
    expect({ width, height }).toEqual({ width: 1600, height: 400 });
    expect(await sharp(photo).metadata()).toEqual(expect.objectContaining({ format: 'webp', width: 1600, height: 400 }));
    expect(await sharp(thumbnail).metadata()).toEqual(expect.objectContaining({ format: 'webp', width: 400, height: 100 }));
    const small = await processor.process(await sharp({ create: { width: 30, height: 20, channels: 3, background: 'red' } }).jpeg().toBuffer());
    expect({ width: small.width, height: small.height }).toEqual({ width: 30, height: 20 });
  });
});

describe('parsePhotoIndex', () => {
  it('takes positions 0 to 2 written plainly, and names index otherwise', () => {
    expect(['0', '1', '2'].map(parsePhotoIndex)).toEqual([0, 1, 2]);
    for (const raw of ['3', '-1', '01', '1.0', ' 1', '', 'x', undefined]) {
      expect(() => parsePhotoIndex(raw)).toThrow(expect.objectContaining({ response: expect.objectContaining({ message: [ERRORS.photoIndexInvalid(3)] }) }));
    }
  });
});
