import { auth } from './resources/auth';
import { charity } from './resources/charity';
import { common } from './resources/common';
import { donor } from './resources/donor';
import { impact } from './resources/impact';
import { landing } from './resources/landing';
import { listing } from './resources/listing';
import { moderation } from './resources/moderation';
import { notifications } from './resources/notifications';
import { ops } from './resources/ops';
import { org } from './resources/org';
import { push } from './resources/push';
import { schedules } from './resources/schedules';
import { verification } from './resources/verification';

const RESOURCES = { auth, charity, common, donor, impact, landing, listing, moderation, notifications, ops, org, push, schedules, verification };

/** Every Arabic text with its key, `resource:a.b.c`. */
function arabicTexts(): [key: string, text: string][] {
  const walk = (value: unknown, key: string): [string, string][] =>
    typeof value === 'string' ? [[key, value]] : Object.entries(value as object).flatMap(([name, inner]) => walk(inner, `${key}.${name}`));
  return Object.entries(RESOURCES).flatMap(([name, resource]) => walk(resource.ar, name));
}

describe('the Arabic texts', () => {
  it('name the platform in Arabic, فود لينك, never "Food Link" in the middle of an Arabic sentence', () => {
    expect(arabicTexts().filter(([, text]) => text.includes('Food Link'))).toEqual([]);
  });

  it('write the numbers of their sentences in Arabic digits (only typed examples, like a phone number, stay as typed)', () => {
    // A number of one or two digits on its own, not part of a longer number, a date or an example to type.
    const westernCount = /(?<![\d/.-])\d{1,2}(?![\d/.-])/;
    expect(arabicTexts().filter(([, text]) => westernCount.test(text.replace(/\{\{\w+\}\}/g, '')))).toEqual([]);
  });
});
