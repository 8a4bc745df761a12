import { LANGUAGES, type Language } from '@food-link/contracts';

/**
 * The language, of those the app speaks, that an `Accept-Language` header prefers most (ties go to the
 * one listed first); English when it names neither. `ar-EG;q=0.9, en;q=0.8` is Arabic.
 */
export function preferredLanguage(header: string | undefined): Language {
  return namedLanguage(header) ?? 'en';
}

/** The language, of those the app speaks, that an `Accept-Language` header prefers; null when it names neither (`*`, `fr`, none). */
export function namedLanguage(header: string | undefined): Language | null {
  let best: { language: Language; quality: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const language = LANGUAGES.find((known) => tag.toLowerCase() === known || tag.toLowerCase().startsWith(`${known}-`));
    if (!language) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { language, quality };
  }
  return best?.language ?? null;
}
