import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { PHOTO_NAMES } from './photo-names';
import type { PhotoStorage, StoredNames, StoredPhoto } from './photo-storage';

/**
 * Photos as files in one folder (PHOTO_DIR, or DATA_DIR/photos). A name must match PHOTO_NAME_PATTERN
 * before it becomes a path, and the path must still lie inside the folder: no name reaches another file.
 */
export class LocalPhotoStorage implements PhotoStorage {
  private readonly root: string;

  constructor(
    folder: string,
    private readonly names: StoredNames = PHOTO_NAMES,
  ) {
    this.root = resolve(folder);
  }

  /** Creates the folder if needed; called once at start-up so that a folder we cannot write fails the boot. */
  async prepare(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  /**
   * Written to a temporary file, then renamed: a reader never sees half a photo, and a crash leaves at most
   * a `.tmp-` file behind, never a truncated photo under a served name.
   */
  async put(name: string, data: Buffer): Promise<void> {
    const path = this.pathOf(name);
    const temporary = `${path}.tmp-${randomBytes(6).toString('hex')}`;
    await writeFile(temporary, data, { flag: 'wx' });
    try {
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(name: string): Promise<StoredPhoto | null> {
    if (!this.names.valid(name)) return null;
    const path = this.pathOf(name);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { stream: createReadStream(path), contentType: this.names.contentType(name), bytes: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }

  /** The file of a valid name, inside the folder; anything else throws (callers only pass names they made). */
  private pathOf(name: string): string {
    if (!this.names.valid(name)) throw new Error(`Not a photo name: ${JSON.stringify(name)}`);
    const path = join(this.root, name);
    if (!path.startsWith(this.root + sep)) throw new Error(`Photo path outside ${this.root}`);
    return path;
  }
}
