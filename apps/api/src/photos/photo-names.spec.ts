import { isPhotoName, newPhotoNames, photoUrl } from './photo-names';

describe('photo names', () => {
  it('are fresh random hex with a thumbnail beside each, and valid by their own pattern', () => {
    const a = newPhotoNames();
    const b = newPhotoNames();
    expect(a.name).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(a.thumbnailName).toBe(a.name.replace('.webp', '-thumb.webp'));
    expect(a.name).not.toBe(b.name);
    expect(isPhotoName(a.name) && isPhotoName(a.thumbnailName)).toBe(true);
    expect(photoUrl(a.name)).toBe(`/api/photos/${a.name}`);
  });

  it.each([
    '',
    '../secret.webp',
    `..%2F${'a'.repeat(32)}.webp`,
    `${'a'.repeat(32)}.webp/`,
    `/${'a'.repeat(32)}.webp`,
    `${'a'.repeat(31)}.webp`,
    `${'a'.repeat(33)}.webp`,
    `${'A'.repeat(32)}.webp`,
    `${'g'.repeat(32)}.webp`,
    `${'a'.repeat(32)}.png`,
    `${'a'.repeat(32)}.webp\n`,
    `${'a'.repeat(32)}.webp\u0000`,
    `${'a'.repeat(32)}-thumb-thumb.webp`,
    `${'a'.repeat(32)}.webp.tmp-0a1b2c`,
  ])('refuses %j', (name) => {
    expect(isPhotoName(name)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isPhotoName(undefined)).toBe(false);
    expect(isPhotoName(['a'.repeat(32) + '.webp'])).toBe(false);
  });
});
