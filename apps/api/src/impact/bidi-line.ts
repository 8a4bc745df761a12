import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** A piece of a line drawn with one font, in the order it is drawn (left to right). */
export interface DrawnPiece {
  text: string;
  /** Arabic: drawn with the Arabic font, which shapes it and lays it right to left itself (fontkit). */
  arabic: boolean;
}

/**
 * Orders one line for drawing (Unicode Bidirectional Algorithm, bidi-js for the levels; L2 reordering
 * here). pdfkit shapes Arabic through fontkit, which also lays an Arabic run right to left, but it knows
 * nothing of bidi: given a whole mixed line it would reverse the numbers and Latin words too. So each
 * right-to-left run is cut into pieces by font (`hasArabicGlyph`): Arabic pieces are passed in logical
 * order for fontkit to shape and reverse, other characters in it (punctuation) are reversed and mirrored
 * here; left-to-right runs are passed as they are.
 */
export function drawnPieces(line: string, rtlBase: boolean, hasArabicGlyph: (char: string) => boolean): DrawnPiece[] {
  if (line === '') return [];
  const { levels } = bidi.getEmbeddingLevels(line, rtlBase ? 'rtl' : 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const runs: { start: number; end: number; level: number }[] = [];
  for (let i = 0; i < line.length; i += 1) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, level: levels[i] });
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : Infinity)));
  for (let level = highest; level >= lowestOdd && level > 0; level -= 1) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i].level < level) {
        i += 1;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j].level >= level) j += 1;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  const pieces: DrawnPiece[] = [];
  for (const run of runs) {
    const chars = [...line.slice(run.start, run.end)].map((char, k) => mirrored.get(run.start + k) ?? char);
    const groups: DrawnPiece[] = [];
    for (const char of chars) {
      const arabic = run.level % 2 === 1 && hasArabicGlyph(char);
      const last = groups[groups.length - 1];
      if (last && last.arabic === arabic) last.text += char;
      else groups.push({ text: char, arabic });
    }
    if (run.level % 2 === 1) {
      groups.reverse();
      for (const group of groups) if (!group.arabic) group.text = [...group.text].reverse().join('');
    }
    pieces.push(...groups);
  }
  return pieces;
}
