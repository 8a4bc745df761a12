import { DOMAIN_EVENT_TYPES } from '@food-link/contracts';
import { textKeys } from '../test/test-utils';
import { ops } from './resources/ops';

describe('the operator console texts', () => {
  it('names every domain event in both languages, so the recent events never show a raw key', () => {
    const named = (texts: object) => new Set(textKeys(texts));
    for (const language of [ops.en, ops.ar]) {
      const keys = named(language.eventTypes);
      for (const type of DOMAIN_EVENT_TYPES) expect(keys).toContain(type);
    }
  });

  it('has an Arabic text for every English one', () => {
    expect(textKeys(ops.ar)).toEqual(textKeys(ops.en));
  });
});
