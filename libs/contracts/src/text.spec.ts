import { codePointLength, hasLoneSurrogate } from './text';

describe('codePointLength', () => {
  it.each([
    ['ascii', 'Koshary', 7],
    ['variation selector', 'a\uFE0F', 2],
    ['keycap', '1\uFE0F\u20E3', 3],
    ['ZWJ family', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', 5],
    ['combining acute', 'e\u0301', 2],
    ['astral emoji', '\u{1F35A}', 1],
    ['Arabic', 'كشري', 4],
  ])('counts %s as PostgreSQL does', (_label, text, expected) => {
    expect(codePointLength(text)).toBe(expected);
  });
});

describe('hasLoneSurrogate', () => {
  it.each([
    ['a lone high surrogate', 'a\uD800b', true],
    ['a lone low surrogate', '\uDC00', true],
    ['a pair reversed', '\uDC00\uD800', true],
    ['a proper pair (emoji)', '\u{1F35A}', false],
    ['Arabic', 'كشري', false],
    ['nothing', '', false],
  ])('%s', (_label, text, expected) => {
    expect(hasLoneSurrogate(text)).toBe(expected);
  });
});
