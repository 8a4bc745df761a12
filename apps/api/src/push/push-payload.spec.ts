import { pushPayload } from './push.service';

describe('pushPayload', () => {
  it('marks Arabic text right to left and makes a stable tag when none is given', () => {
    const message = { title: 'طعام جديد', body: 'كشري في الدقي', url: '/food/1' };
    const payload = pushPayload(message);
    expect(payload).toMatchObject({ lang: 'ar', dir: 'rtl', url: '/food/1' });
    expect(payload.tag).toMatch(/^[\w-]{16}$/);
    expect(pushPayload(message).tag).toBe(payload.tag);
    expect(pushPayload({ ...message, url: '/food/2' }).tag).not.toBe(payload.tag);
    expect(pushPayload({ ...message, tag: 'food-1' }).tag).toBe('food-1');
  });

  it('cuts a body too long for a push message, by whole characters', () => {
    const payload = pushPayload({ title: 'Food', body: 'ك'.repeat(5000), url: '/' });
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(3000);
    expect(payload.body.endsWith('…')).toBe(true);
    expect(payload.body.slice(0, -1)).toMatch(/^ك+$/);
  });
});
