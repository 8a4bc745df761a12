import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { LocalPhotoStorage } from './local-photo-storage';
import { newPhotoNames } from './photo-names';

describe('LocalPhotoStorage', () => {
  const parent = mkdtempSync(join(tmpdir(), 'foodlink-photos-'));
  const folder = join(parent, 'photos');
  const storage = new LocalPhotoStorage(folder);

  beforeAll(() => storage.prepare());

  it('puts, gets and deletes a file by its name, leaving no temporary file', async () => {
    const { name } = newPhotoNames();
    await storage.put(name, Buffer.from('webp bytes'));
    expect(readdirSync(folder)).toEqual([name]);
    const stored = await storage.get(name);
    expect({ contentType: stored?.contentType, bytes: stored?.bytes }).toEqual({ contentType: 'image/webp', bytes: 10 });
    expect(await text(stored!.stream)).toBe('webp bytes');
    await storage.delete(name);
    expect(readdirSync(folder)).toEqual([]);
    expect(await storage.get(name)).toBeNull();
    // Deleting what is not there is fine.
    await storage.delete(name);
  });

  it('never reaches a file outside its folder, whatever the name', async () => {
    writeFileSync(join(parent, 'secret.webp'), 'private');
    for (const name of ['../secret.webp', '..%2Fsecret.webp', `${join(parent, 'secret.webp')}`, 'secret.webp']) {
      expect(await storage.get(name)).toBeNull();
      await expect(storage.put(name, Buffer.from('x'))).rejects.toThrow('Not a photo name');
      await expect(storage.delete(name)).rejects.toThrow('Not a photo name');
    }
    expect(readFileSync(join(parent, 'secret.webp'), 'utf8')).toBe('private');
  });

  it('does not serve a temporary file left by a crash half-way through a write', async () => {
    const { name } = newPhotoNames();
    writeFileSync(join(folder, `${name}.tmp-0a1b2c3d4e5f`), 'half a photo');
    expect(await storage.get(`${name}.tmp-0a1b2c3d4e5f`)).toBeNull();
    expect(await storage.get(name)).toBeNull();
  });
});
