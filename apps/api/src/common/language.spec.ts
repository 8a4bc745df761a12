import { namedLanguage, preferredLanguage } from './language';

describe('preferredLanguage', () => {
  it('picks the known language of highest quality', () => {
    expect(preferredLanguage('ar-EG,ar;q=0.9,en-US;q=0.8')).toBe('ar');
    expect(preferredLanguage('en-GB, ar;q=0.5')).toBe('en');
    expect(preferredLanguage('fr-FR, ar;q=0.4, en;q=0.3')).toBe('ar');
    expect(preferredLanguage('en;q=0.2, AR;q=0.9')).toBe('ar');
  });

  it('falls back to English for none, unknown languages and refused ones', () => {
    expect(preferredLanguage(undefined)).toBe('en');
    expect(preferredLanguage('fr, de')).toBe('en');
    expect(preferredLanguage('ar;q=0')).toBe('en');
    expect(preferredLanguage('arabic')).toBe('en');
  });
});

describe('namedLanguage', () => {
  it('is the preferred language when the header names one, and null when it names neither', () => {
    expect(namedLanguage('ar-EG,ar;q=0.9,en;q=0.5')).toBe('ar');
    expect(namedLanguage('en-US')).toBe('en');
    expect(namedLanguage('*')).toBeNull();
    expect(namedLanguage(undefined)).toBeNull();
    expect(namedLanguage('fr, de')).toBeNull();
  });
});
