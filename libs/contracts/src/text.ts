/**
 * Text as PostgreSQL counts it. `varchar(n)` bounds a value in characters, that is Unicode code points:
 * neither UTF-16 code units (`string.length`, which counts an emoji as 2) nor graphemes (which count a
 * letter with its variation selector or combining mark, or a whole ZWJ sequence, as 1). Every bounded
 * text field of the contracts is measured with this, so what passes validation fits its column.
 */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** PostgreSQL text cannot hold NUL, and no honest input contains it. */
export function hasNul(text: string): boolean {
  return text.includes(String.fromCharCode(0));
}

/**
 * A UTF-16 surrogate without its partner (`\ud800` alone, which JSON can carry as an escape) is no
 * character at all: PostgreSQL refuses it in jsonb and UTF-8 cannot encode it. In Unicode mode a proper
 * pair is one code point, so only lone halves match.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** True when a free-text value (a path parameter, say) could be stored text. */
export const isStorableText = (text: string): boolean => !hasNul(text) && !hasLoneSurrogate(text);
