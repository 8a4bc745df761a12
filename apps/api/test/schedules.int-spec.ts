import { jest } from '@jest/globals';
import { cairoDate, cairoInstant, QUEUES, SCHEDULE_ROUTES, type OccurrenceView, type ScheduleView } from '@food-link/contracts';
import { OfferCascade } from '../src/food/offer-cascade';
import { CharityProfilesRepository } from '../src/notifications/charity-profiles.repository';
import { PartnersService } from '../src/partners/partners.service';
import { SchedulesService } from '../src/schedules/schedules.service';
import { cairoDateIn, createCharity, createDonor, createPickupPoint, loginAs, type TestUser, verifyCharities } from './support/factories';
import { openQueue } from './support/queue';
import { startPeer, startTestApp, startWorker, type Instance, type Listening, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';

/**
 * Standing collections (docs/DOMAIN-RULES.md, "Standing collections"): the schedule calls, a day's
 * changes, and each day listed SCHEDULE_LEAD_MINUTES before its window, exactly once. The listing job is
 * driven with a chosen `now` (SchedulesService.materialiseDue) where the clock matters, and by the real
 * BullMQ job in two worker processes for the race.
 */
const path = (route: string, id: number, date?: string) => route.replace(':id', String(id)).replace(':date', date ?? '');

/** The instant of `hour`:`minute` in Cairo on `date`. */
function cairoAt(date: string, hour: number, minute = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  return cairoInstant(y, m, d, hour, minute);
}

function scheduleBody(pointId: number, overrides: Record<string, unknown> = {}) {
  return {
    pickup_point_id: pointId,
    food_name: 'Baladi bread',
    description: 'Fresh bread from the evening bake',
    category: 'bakery',
    quantity: 40,
    rule: 'FREQ=DAILY',
    window: { from: '20:00', until: '21:30' },
    starts_on: cairoDateIn(3),
    ...overrides,
  };
}

async function listingsOf(t: TestApp, scheduleId: number): Promise<{ date: string; food_id: number; quantity: number; offer_partner_ids: number[]; offer_waitlist: number[]; offer_stage: string }[]> {
  return t.db.query(
    `SELECT to_char(o.date, 'YYYY-MM-DD') AS date, o.food_id, f.quantity, f.offer_partner_ids, f.offer_waitlist, f.offer_stage
       FROM schedule_occurrences o JOIN food_items f ON f.id = o.food_id WHERE o.schedule_id = $1 ORDER BY o.date`,
    [scheduleId],
  );
}

/** The schedule's `schedule.occurrence` events as recorded in the outbox, in order: [date, change, recipients]. */
async function dayEvents(t: TestApp, scheduleId: number): Promise<[string, string, number[]][]> {
  const rows = await t.db.query(
    `SELECT data->>'date' AS date, data->>'change' AS change, recipients FROM outbox_events
      WHERE type = 'schedule.occurrence' AND (data->>'scheduleId')::int = $1 ORDER BY occurred_at, id`,
    [scheduleId],
  );
  return rows.map((row: { date: string; change: string; recipients: number[] }) => [row.date, row.change, [...row.recipients].sort((a, b) => a - b)]);
}

const OPERATOR_EMAIL = 'hijri-ops@foodlink.example';
const OPERATOR_PASSWORD = 'a long operator passphrase for shifts';

describe('standing collections', () => {
  let t: TestApp;
  let donor: TestUser;
  let other: TestUser;
  let charity: TestUser;
  let waitlisted: TestUser;
  let pointId: number;
  let service: SchedulesService;

  beforeAll(async () => {
    // The job's own schedule is slow here: these tests run the listing with a chosen clock.
    t = await startTestApp({ SCHEDULE_CHECK_MS: '3600000', OPERATOR_EMAIL, OPERATOR_PASSWORD });
    service = t.app.get(SchedulesService);
    donor = await createDonor(t.http);
    other = await createDonor(t.http);
    charity = await createCharity(t.http);
    waitlisted = await createCharity(t.http);
    await verifyCharities(t.db, charity, waitlisted);
    pointId = (await createPickupPoint(t.http, donor)).id;
  });

  afterAll(() => t.close());

  const create = async (overrides: Record<string, unknown> = {}, who: TestUser = donor) =>
    t.http.post(SCHEDULE_ROUTES.schedules, scheduleBody(pointId, overrides), { token: who.token });

  describe('the calls', () => {
    it('creates, reads, lists, changes and deletes a schedule (201, 200)', async () => {
      const created = await create({ partners: [charity.id, waitlisted.id] });
      expect(created.status).toBe(201);
      const schedule = created.body as ScheduleView;
      expect(schedule).toMatchObject({
        donor_id: donor.id,
        pickup_point_id: pointId,
        rule: 'FREQ=DAILY',
        ramadan: 'any',
        eids: 'any',
        storage: 'ambient',
        unit: 'portion',
        partners: [charity.id, waitlisted.id],
        window: { from: '20:00', until: '21:30' },
        ends_on: null,
      });
      expect((await t.http.get(path(SCHEDULE_ROUTES.schedule, schedule.id), { token: donor.token })).body).toEqual(schedule);
      const list = await t.http.get(SCHEDULE_ROUTES.schedules, { token: donor.token });
      expect(list.body.map((s: ScheduleView) => s.id)).toContain(schedule.id);

      const changed = await t.http.patch(path(SCHEDULE_ROUTES.schedule, schedule.id), { quantity: 25, window: { anchor: 'maghrib', from_minutes: 30, until_minutes: 90 } }, { token: donor.token });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ quantity: 25, food_name: 'Baladi bread', window: { anchor: 'maghrib', from_minutes: 30, until_minutes: 90 }, partners: [charity.id, waitlisted.id] });

      // A standing charity that lost its verification since does not keep the donor from changing the rest.
      await t.db.query(`UPDATE charities SET verification_status = 'suspended' WHERE user_id = $1`, [waitlisted.id]);
      try {
        const fewer = await t.http.patch(path(SCHEDULE_ROUTES.schedule, schedule.id), { quantity: 20 }, { token: donor.token });
        expect(fewer.status).toBe(200);
        const renamed = await t.http.patch(path(SCHEDULE_ROUTES.schedule, schedule.id), { partners: [waitlisted.id] }, { token: donor.token });
        expect(renamed.body.message).toEqual([`partners must each be a charity's account (not: ${waitlisted.id})`]);
      } finally {
        await verifyCharities(t.db, waitlisted);
      }

      const removed = await t.http.delete(path(SCHEDULE_ROUTES.schedule, schedule.id), { token: donor.token });
      expect(removed.status).toBe(200);
      expect((await t.http.get(path(SCHEDULE_ROUTES.schedule, schedule.id), { token: donor.token })).status).toBe(404);
    });

    it('refuses bad input with 400 naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ rule: 'FREQ=HOURLY' }, 'rule FREQ must be one of: DAILY, WEEKLY, MONTHLY'],
        [{ window: { from: '20:00', until: '20:10' } }, 'window.until must be at least 30 minutes after from'],
        [{ window: { from: '20:00', until: '09:00' } }, 'window.until must be after from the same day, or (a window that passes midnight) at most 12 hours after it'],
        [{ window: { anchor: 'noon', from_minutes: 0, until_minutes: 60 } }, 'window anchor'],
        [{ ends_on: '2020-01-01' }, 'ends_on must not be before starts_on'],
        [{ quantity: 0 }, 'quantity must be a positive number'],
        [{ pickup_point_id: 999999 }, 'pickup_point_id must be one of your pickup points'],
        [{ partners: [donor.id] }, `partners must each be a charity's account (not: ${donor.id})`],
      ];
      for (const [overrides, message] of cases) {
        const answer = await create(overrides);
        expect(answer.status).toBe(400);
        expect((answer.body.message as string[]).some((line) => line.startsWith(message))).toBe(true);
      }
      // Another donor's point is not one of yours either.
      const foreign = await t.http.post(SCHEDULE_ROUTES.schedules, scheduleBody(pointId), { token: other.token });
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toEqual(['pickup_point_id must be one of your pickup points']);
      // A PATCH whose merge breaks a rule between fields.
      const schedule = (await create()).body as ScheduleView;
      const merged = await t.http.patch(path(SCHEDULE_ROUTES.schedule, schedule.id), { unit: 'tray' }, { token: donor.token });
      expect(merged.status).toBe(400);
      expect(merged.body.message).toEqual(['weight_kg is required when the unit is tray']);
      const range = await t.http.get(`${path(SCHEDULE_ROUTES.occurrences, schedule.id)}?from=2027-01-01&to=2028-02-05`, { token: donor.token });
      expect(range.status).toBe(400);
      expect(range.body.message).toEqual(['to must be at most 400 days from from, inclusive']);
      const badDate = await t.http.patch(path(SCHEDULE_ROUTES.occurrence, schedule.id, '2027-02-30'), { skip: true }, { token: donor.token });
      expect(badDate.status).toBe(400);
      expect(badDate.body.message).toEqual(['date must be a date written YYYY-MM-DD']);
      const empty = await t.http.patch(path(SCHEDULE_ROUTES.occurrence, schedule.id, schedule.starts_on), {}, { token: donor.token });
      expect(empty.status).toBe(400);
    });

    it("answers 403 for another donor's schedule, 404 for none, 403 for a charity", async () => {
      const schedule = (await create()).body as ScheduleView;
      for (const [method, route, body] of [
        ['get', path(SCHEDULE_ROUTES.schedule, schedule.id), undefined],
        ['patch', path(SCHEDULE_ROUTES.schedule, schedule.id), { quantity: 3 }],
        ['delete', path(SCHEDULE_ROUTES.schedule, schedule.id), undefined],
        ['get', `${path(SCHEDULE_ROUTES.occurrences, schedule.id)}?from=${schedule.starts_on}&to=${schedule.starts_on}`, undefined],
        ['patch', path(SCHEDULE_ROUTES.occurrence, schedule.id, schedule.starts_on), { skip: true }],
      ] as const) {
        const call = (token: string, target = route) =>
          method === 'get' ? t.http.get(target, { token }) : method === 'delete' ? t.http.delete(target, { token }) : t.http.patch(target, body, { token });
        const foreign = await call(other.token);
        expect([method, route, foreign.status]).toEqual([method, route, 403]);
        expect(foreign.body.message).toBe('This schedule belongs to another donor');
        expect((await call(donor.token, route.replace(`/${schedule.id}`, '/99999999'))).status).toBe(404);
        expect((await call(charity.token)).status).toBe(403);
      }
      // Nothing changed.
      expect((await t.http.get(path(SCHEDULE_ROUTES.schedule, schedule.id), { token: donor.token })).body).toEqual(schedule);
    });
  });

  describe('occurrences', () => {
    it('lists the days with their windows and Hijri dates, and takes a skip and a quantity', async () => {
      const starts = cairoDateIn(3);
      const schedule = (await create({ rule: 'FREQ=WEEKLY;BYDAY=SU,TU,TH', starts_on: starts })).body as ScheduleView;
      const to = cairoDateIn(16);
      const days = (await t.http.get(`${path(SCHEDULE_ROUTES.occurrences, schedule.id)}?from=${starts}&to=${to}`, { token: donor.token })).body as OccurrenceView[];
      expect(days.length).toBe(6);
      for (const day of days) {
        expect(['Sun', 'Tue', 'Thu']).toContain(new Date(`${day.date}T12:00:00Z`).toUTCString().slice(0, 3));
        expect(day).toMatchObject({ status: 'planned', quantity: 40 });
        expect(day.window_from).toBe(cairoAt(day.date, 20).toISOString());
        expect(day.window_until).toBe(cairoAt(day.date, 21, 30).toISOString());
        expect(day.hijri.year).toBeGreaterThan(1440);
      }
      const [first, second] = days;
      const skipped = await t.http.patch(path(SCHEDULE_ROUTES.occurrence, schedule.id, first.date), { skip: true }, { token: donor.token });
      expect(skipped.status).toBe(200);
      expect(skipped.body).toMatchObject({ date: first.date, status: 'skipped' });
      const fewer = await t.http.patch(path(SCHEDULE_ROUTES.occurrence, schedule.id, second.date), { quantity: 10 }, { token: donor.token });
      expect(fewer.body).toMatchObject({ date: second.date, status: 'planned', quantity: 10 });
      const again = (await t.http.get(`${path(SCHEDULE_ROUTES.occurrences, schedule.id)}?from=${starts}&to=${to}`, { token: donor.token })).body as OccurrenceView[];
      expect(again.slice(0, 3).map((d) => [d.status, d.quantity])).toEqual([
        ['skipped', 40],
        ['planned', 10],
        ['planned', 40],
      ]);
      // A day the schedule does not run.
      // The day after a Sunday, Tuesday or Thursday is not one.
      const notADay = new Date(Date.parse(`${first.date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const none = await t.http.patch(path(SCHEDULE_ROUTES.occurrence, schedule.id, notADay), { skip: true }, { token: donor.token });
      expect(days.map((d) => d.date)).not.toContain(notADay);
      expect(none.status).toBe(404);

      // The listing job honours both: the skipped day is never listed, the other is listed with 10.
      for (const day of [first, second]) await service.materialiseDue(cairoAt(day.date, 19));
      const listed = await listingsOf(t, schedule.id);
      expect(listed.map((l) => [l.date, l.quantity])).toEqual([[second.date, 10]]);
      // Each change reached the donor's room (the schedule has no standing charities): the pages fetch the days again.
      expect(await dayEvents(t, schedule.id)).toEqual([
        [first.date, 'skipped', [donor.id]],
        [second.date, 'changed', [donor.id]],
        [second.date, 'listed', [donor.id]],
      ]);
      // Once listed, the day is changed through its listing.
      const late = await t.http.patch(path(SCHEDULE_ROUTES.occurrence, schedule.id, second.date), { quantity: 5 }, { token: donor.token });
      expect(late.status).toBe(409);
      const view = (await t.http.get(`${path(SCHEDULE_ROUTES.occurrences, schedule.id)}?from=${second.date}&to=${second.date}`, { token: donor.token })).body as OccurrenceView[];
      expect(view).toEqual([expect.objectContaining({ status: 'listed', food_id: listed[0].food_id, quantity: 10 })]);
    });
  });

  describe('from a day to a listing', () => {
    it('lists a day SCHEDULE_LEAD_MINUTES (120) before its window opens, not a minute earlier, offered to the primary partner', async () => {
      const day = cairoDateIn(5);
      const schedule = (await create({ starts_on: day, ends_on: day, partners: [charity.id, waitlisted.id] })).body as ScheduleView;
      expect(await service.materialiseDue(cairoAt(day, 17, 59))).toBe(0);
      expect(await listingsOf(t, schedule.id)).toEqual([]);
      expect(await service.materialiseDue(cairoAt(day, 18, 0))).toBeGreaterThanOrEqual(1);
      const [listing] = await listingsOf(t, schedule.id);
      expect(listing).toMatchObject({ date: day, quantity: 40, offer_stage: 'partners', offer_partner_ids: [charity.id] });
      const [food] = await t.db.query(`SELECT pickup_from, pickup_until, donor_id, pickup_point_id FROM food_items WHERE id = $1`, [listing.food_id]);
      expect(food).toMatchObject({ pickup_from: cairoAt(day, 20), pickup_until: cairoAt(day, 21, 30), donor_id: donor.id, pickup_point_id: pointId });
      // The listing was announced as any new listing is, to its partner first.
      const events = await t.db.query(`SELECT recipients FROM outbox_events WHERE type = 'food.listed' AND data->>'foodId' = $1`, [String(listing.food_id)]);
      expect(events).toHaveLength(1);
      // Running again, as a retry would, lists nothing more.
      await service.materialiseDue(cairoAt(day, 18, 30));
      expect(await listingsOf(t, schedule.id)).toHaveLength(1);
    });

    it('lists each day exactly once when two instances run the job at the same moment, again and again', async () => {
      const day = cairoDateIn(6);
      // A donor of its own, so that its listings are these schedules' only.
      const bakery = await createDonor(t.http);
      const point = (await createPickupPoint(t.http, bakery)).id;
      const ids: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        ids.push(((await t.http.post(SCHEDULE_ROUTES.schedules, scheduleBody(point, { starts_on: day, ends_on: day }), { token: bakery.token })).body as ScheduleView).id);
      }
      const peer: Instance = await startPeer(t, { SCHEDULE_CHECK_MS: '3600000' });
      try {
        const peerService = peer.app.get(SchedulesService);
        const at = cairoAt(day, 18, 30);
        // The runs also list the earlier tests' schedules whose day is due then (a daily one from the third day on).
        const [before] = await t.db.query(`SELECT count(*)::int AS n FROM food_items`);
        const counts = await Promise.all([service.materialiseDue(at), peerService.materialiseDue(at), service.materialiseDue(at), peerService.materialiseDue(at)]);
        const rows = await t.db.query(
          `SELECT o.schedule_id, count(f.id)::int AS listings FROM schedule_occurrences o LEFT JOIN food_items f ON f.id = o.food_id
            WHERE o.schedule_id = ANY($1::int[]) GROUP BY o.schedule_id`,
          [ids],
        );
        expect(rows).toHaveLength(10);
        expect(rows.every((row: { listings: number }) => row.listings === 1)).toBe(true);
        // Every listing came from one of the runs, and none of the others made another; each run counted its own.
        const total = await t.db.query(`SELECT count(*)::int AS n FROM food_items WHERE donor_id = $1`, [bakery.id]);
        expect(total[0].n).toBe(10);
        const [after] = await t.db.query(`SELECT count(*)::int AS n FROM food_items`);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(after.n - before.n);
      } finally {
        await peer.close();
      }
    });
    /** `count` one-day schedules of a new bakery on `day`, 20:00 to 21:30, written straight in as the bench does; quantity n, name `Bread n`. */
    async function bakeryWithSchedules(count: number, day: string): Promise<TestUser> {
      const bakery = await createDonor(t.http);
      const point = (await createPickupPoint(t.http, bakery)).id;
      await t.db.query(
        `INSERT INTO schedules (donor_id, pickup_point_id, food_name, description, category, storage, unit, quantity, rule, ramadan, eids, time_window, starts_on, ends_on)
         SELECT $1, $2, 'Bread ' || n, 'From the evening bake', 'bakery', 'ambient', 'portion', n, 'FREQ=DAILY', 'any', 'any',
                '{"from": "20:00", "until": "21:30"}'::jsonb, $3::date, $3::date
           FROM generate_series(1, $4::int) n`,
        [bakery.id, point, day, count],
      );
      return bakery;
    }

    it('lists the days of more schedules than one batch holds in a few statements per batch, each day its own listing and events', async () => {
      const day = cairoDateIn(7);
      const bakery = await bakeryWithSchedules(260, day);
      // Every statement of this file's DataSources goes through the one PostgresQueryRunner prototype.
      const runner = t.db.createQueryRunner();
      const prototype = Object.getPrototypeOf(runner) as { query: (sql: string, ...rest: unknown[]) => Promise<unknown> };
      await runner.release();
      const spy = jest.spyOn(prototype, 'query');
      const [before] = await t.db.query(`SELECT count(*)::int AS n FROM food_items`);
      let listed: number;
      let statements: string[];
      try {
        listed = await service.materialiseDue(cairoAt(day, 18, 30));
      } finally {
        statements = spy.mock.calls.map(([sql]) => sql);
        spy.mockRestore();
      }
      const writes = (table: string) => statements.filter((sql) => new RegExp(`INSERT INTO ${table}\\b`).test(sql)).length;
      // Two pages of schedules: the days, the listings and the two kinds of events are written once a page.
      expect({ days: writes('schedule_occurrences'), listings: writes('food_items'), events: writes('outbox_events') }).toEqual({ days: 2, listings: 2, events: 4 });
      const [after] = await t.db.query(`SELECT count(*)::int AS n FROM food_items`);
      // Earlier tests' schedules due then are listed too; the count is the run's own.
      expect(listed).toBe(after.n - before.n);
      // Each day became its own schedule's listing: its name, that schedule's quantity, its window.
      const [days] = await t.db.query(
        `SELECT count(*)::int AS listed, count(DISTINCT o.food_id)::int AS distinct_listings,
                count(*) FILTER (WHERE f.food_name = s.food_name AND f.quantity = s.quantity AND f.donor_id = s.donor_id
                                   AND f.pickup_from = $2::timestamptz AND f.pickup_until = $3::timestamptz)::int AS matching
           FROM schedules s JOIN schedule_occurrences o ON o.schedule_id = s.id JOIN food_items f ON f.id = o.food_id
          WHERE s.donor_id = $1`,
        [bakery.id, cairoAt(day, 20).toISOString(), cairoAt(day, 21, 30).toISOString()],
      );
      expect(days).toEqual({ listed: 260, distinct_listings: 260, matching: 260 });
      // Each listing was announced once, with its own view, to its donor; each day told to its donor.
      const [announced] = await t.db.query(
        `SELECT count(*)::int AS n, count(DISTINCT e.data->>'foodId')::int AS items
           FROM outbox_events e JOIN food_items f ON f.id = (e.data->>'foodId')::int
          WHERE e.type = 'food.listed' AND f.donor_id = $1 AND e.data->'food'->>'food_name' = f.food_name AND e.recipients = ARRAY[$1::int]`,
        [bakery.id],
      );
      expect(announced).toEqual({ n: 260, items: 260 });
      const [told] = await t.db.query(
        `SELECT count(*)::int AS n, count(DISTINCT s.id)::int AS schedules FROM outbox_events e JOIN schedules s ON s.id = (e.data->>'scheduleId')::int
          WHERE e.type = 'schedule.occurrence' AND e.data->>'change' = 'listed' AND e.data->>'date' = $2 AND s.donor_id = $1 AND e.recipients = ARRAY[$1::int]`,
        [bakery.id, day],
      );
      expect(told).toEqual({ n: 260, schedules: 260 });
      // A second run reads the schedules and writes nothing: every due day is settled.
      expect(await service.materialiseDue(cairoAt(day, 18, 45))).toBe(0);
    });

    it('passes over a schedule another transaction holds (a save, a day being changed) without waiting, and lists it on the next run', async () => {
      const day = cairoDateIn(9);
      const bakery = await bakeryWithSchedules(3, day);
      const ids = ((await t.db.query(`SELECT id FROM schedules WHERE donor_id = $1 ORDER BY id`, [bakery.id])) as { id: number }[]).map((row) => row.id);
      const held = t.db.createQueryRunner();
      await held.connect();
      await held.startTransaction();
      try {
        // As SchedulesService's saves and day changes lock it.
        await held.query(`SELECT id FROM schedules WHERE id = $1 FOR UPDATE`, [ids[1]]);
        const started = Date.now();
        await service.materialiseDue(cairoAt(day, 18, 30));
        expect(Date.now() - started).toBeLessThan(10_000);
        const listed = ((await t.db.query(`SELECT schedule_id FROM schedule_occurrences WHERE schedule_id = ANY($1::int[]) AND food_id IS NOT NULL ORDER BY schedule_id`, [ids])) as { schedule_id: number }[]).map((row) => row.schedule_id);
        expect(listed).toEqual([ids[0], ids[2]]);
      } finally {
        await held.rollbackTransaction();
        await held.release();
      }
      expect(await service.materialiseDue(cairoAt(day, 18, 40))).toBe(1);
      expect((await t.db.query(`SELECT count(*)::int AS n FROM food_items WHERE donor_id = $1`, [bakery.id]))[0].n).toBe(3);
    });

    it('lists the others of a batch when one schedule cannot be listed, and tries that one again on the next run', async () => {
      const day = cairoDateIn(8);
      const bakery = await bakeryWithSchedules(30, day);
      // One schedule's listing fails (a trigger stands for any problem of one schedule).
      await t.db.query(
        `CREATE FUNCTION refuse_bread_20() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN IF NEW.food_name = 'Bread 20' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`,
      );
      await t.db.query(`CREATE TRIGGER refuse_bread_20 BEFORE INSERT ON food_items FOR EACH ROW EXECUTE FUNCTION refuse_bread_20()`);
      const names = async () =>
        ((await t.db.query(`SELECT food_name FROM food_items WHERE donor_id = $1`, [bakery.id])) as { food_name: string }[]).map((row) => row.food_name);
      try {
        await service.materialiseDue(cairoAt(day, 18, 30));
        expect(await names()).toHaveLength(29);
        expect(await names()).not.toContain('Bread 20');
        // Still refused: nothing more is listed.
        expect(await service.materialiseDue(cairoAt(day, 18, 40))).toBe(0);
      } finally {
        await t.db.query(`DROP TRIGGER refuse_bread_20 ON food_items`);
        await t.db.query(`DROP FUNCTION refuse_bread_20()`);
      }
      // Its problem gone, the next run lists it.
      expect(await service.materialiseDue(cairoAt(day, 18, 50))).toBe(1);
      expect(await names()).toContain('Bread 20');
    });
  });

  describe('standing offers', () => {
    const offerOf = async (foodId: number) =>
      (await t.db.query(`SELECT offer_stage, offer_partner_ids, offer_waitlist, status FROM food_items WHERE id = $1`, [foodId]))[0];

    /** A one-day schedule in `days` days with the two standing charities, listed (its lead time reached). */
    async function listedDay(days: number): Promise<{ schedule: ScheduleView; day: string; foodId: number }> {
      const day = cairoDateIn(days);
      const schedule = (await create({ starts_on: day, ends_on: day, partners: [charity.id, waitlisted.id] })).body as ScheduleView;
      await service.materialiseDue(cairoAt(day, 18, 30));
      const [listing] = await listingsOf(t, schedule.id);
      return { schedule, day, foodId: listing.food_id };
    }

    it("shows the charity its week, and passes a declined day down the waitlist, then to the open board", async () => {
      const { schedule, day, foodId } = await listedDay(2);
      const week = (await t.http.get(SCHEDULE_ROUTES.charityStanding, { token: charity.token })).body as { schedule_id: number; date: string; offered_to_you: boolean; position: number; status: string; food_id?: number; donor_name: string }[];
      expect(week.filter((d) => d.schedule_id === schedule.id)).toEqual([
        expect.objectContaining({ date: day, status: 'listed', food_id: foodId, offered_to_you: true, position: 0, donor_name: donor.name }),
      ]);
      const theirs = (await t.http.get(SCHEDULE_ROUTES.charityStanding, { token: waitlisted.token })).body as { schedule_id: number; offered_to_you: boolean; position: number }[];
      expect(theirs.filter((d) => d.schedule_id === schedule.id)).toEqual([expect.objectContaining({ offered_to_you: false, position: 1 })]);
      expect(await offerOf(foodId)).toMatchObject({ offer_stage: 'partners', offer_partner_ids: [charity.id], offer_waitlist: [waitlisted.id] });

      // The waitlisted charity's turn has not come: its confirmation is refused as its claim would be.
      const early = await t.http.post(path(SCHEDULE_ROUTES.confirm, schedule.id, day), undefined, { token: waitlisted.token });
      expect(early.status).toBe(404);

      const declined = await t.http.post(path(SCHEDULE_ROUTES.decline, schedule.id, day), undefined, { token: charity.token });
      expect(declined.status).toBe(201);
      expect(await offerOf(foodId)).toMatchObject({ offer_stage: 'partners', offer_partner_ids: [waitlisted.id], offer_waitlist: [] });
      expect((await t.http.post(path(SCHEDULE_ROUTES.decline, schedule.id, day), undefined, { token: charity.token })).status).toBe(409);
      // The next charity heard of it: food.listed names it.
      const heard = await t.db.query(`SELECT data->'partners' AS partners FROM outbox_events WHERE type = 'food.listed' AND data->>'foodId' = $1 ORDER BY occurred_at`, [String(foodId)]);
      expect(heard.map((e: { partners: number[] | null }) => e.partners)).toEqual([[charity.id], [waitlisted.id]]);

      expect((await t.http.post(path(SCHEDULE_ROUTES.decline, schedule.id, day), undefined, { token: waitlisted.token })).status).toBe(201);
      expect(await offerOf(foodId)).toMatchObject({ offer_stage: 'open', status: 'available' });
      // The donor and both standing charities heard each step (schedule.occurrence), so their pages follow live.
      const everyone = [donor.id, charity.id, waitlisted.id].sort((a, b) => a - b);
      expect(await dayEvents(t, schedule.id)).toEqual([
        [day, 'listed', everyone],
        [day, 'declined', everyone],
        [day, 'declined', everyone],
      ]);
    });

    it('passes the offer on when the charity asked does not answer within STANDING_CONFIRM_MINUTES (30)', async () => {
      const { schedule, foodId } = await listedDay(3);
      const cascade = t.app.get(OfferCascade);
      // Listed at 18:30 that day (the job's clock): the primary charity has until 19:00.
      const listedAt = cairoAt(cairoDateIn(3), 18, 30).getTime();
      expect(await cascade.openToBoard(foodId, () => listedAt + 29 * 60_000)).toMatchObject({ outcome: 'early' });
      expect(await offerOf(foodId)).toMatchObject({ offer_partner_ids: [charity.id] });
      expect(await cascade.openToBoard(foodId, () => listedAt + 30 * 60_000)).toEqual({ outcome: 'passed', dueAt: listedAt + 60 * 60_000 });
      expect(await offerOf(foodId)).toMatchObject({ offer_stage: 'partners', offer_partner_ids: [waitlisted.id] });
      expect(await cascade.openToBoard(foodId, () => listedAt + 59 * 60_000)).toMatchObject({ outcome: 'early' });
      expect(await cascade.openToBoard(foodId, () => listedAt + 60 * 60_000)).toEqual({ outcome: 'opened' });
      expect(await offerOf(foodId)).toMatchObject({ offer_stage: 'open' });
      expect((await dayEvents(t, schedule.id)).map(([, change]) => change)).toEqual(['listed', 'passed_over', 'passed_over']);
      // A run that finds the offer not due yet tells no one.
      expect(await cascade.openToBoard(foodId, () => listedAt + 61 * 60_000)).toEqual({ outcome: 'not_offered' });
      expect(await dayEvents(t, schedule.id)).toHaveLength(3);
    });

    it("confirms a day with the charity's claim (its code, its rules), and refuses others", async () => {
      const { schedule, day, foodId } = await listedDay(4);
      const stranger = await createCharity(t.http);
      expect((await t.http.post(path(SCHEDULE_ROUTES.confirm, schedule.id, day), undefined, { token: stranger.token })).body.message).toBe(
        'Your charity is not a standing charity of this schedule',
      );
      expect((await t.http.post(path(SCHEDULE_ROUTES.confirm, schedule.id, day), undefined, { token: donor.token })).status).toBe(403);
      expect((await t.http.post(path(SCHEDULE_ROUTES.confirm, 99999999, day), undefined, { token: charity.token })).status).toBe(404);
      const notYet = await t.http.post(path(SCHEDULE_ROUTES.confirm, schedule.id, cairoDateIn(1)), undefined, { token: charity.token });
      expect(notYet.status).toBe(404);

      const confirmed = await t.http.post(path(SCHEDULE_ROUTES.confirm, schedule.id, day), undefined, { token: charity.token });
      expect(confirmed.status).toBe(201);
      expect(confirmed.body).toMatchObject({ status: 'pending', request_id: expect.any(Number) });
      const [request] = await t.db.query(`SELECT charity_id, food_id, pickup_code FROM pickup_requests WHERE id = $1`, [confirmed.body.request_id]);
      expect(request).toMatchObject({ charity_id: charity.id, food_id: foodId, pickup_code: expect.any(String) });
      expect((await t.http.post(path(SCHEDULE_ROUTES.confirm, schedule.id, day), undefined, { token: charity.token })).status).toBe(409);
      // The refused confirmations told no one; the one that claimed did, once.
      expect((await dayEvents(t, schedule.id)).map(([date, change]) => [date, change])).toEqual([
        [day, 'listed'],
        [day, 'confirmed'],
      ]);
      const view = (await t.http.get(`${path(SCHEDULE_ROUTES.occurrences, schedule.id)}?from=${day}&to=${day}`, { token: donor.token })).body as OccurrenceView[];
      expect(view).toEqual([expect.objectContaining({ status: 'claimed', food_id: foodId })]);
    });

    it('refuses to confirm a day not listed yet (409), and lets a charity leave a schedule', async () => {
      const day = cairoDateIn(8);
      const schedule = (await create({ starts_on: day, ends_on: day, partners: [charity.id, waitlisted.id] })).body as ScheduleView;
      const notListed = await t.http.post(path(SCHEDULE_ROUTES.confirm, schedule.id, day), undefined, { token: charity.token });
      expect(notListed.status).toBe(409);
      expect(notListed.body.message).toBe('That day is not listed yet: it is offered to you when it is');
      const left = await t.http.delete(path(SCHEDULE_ROUTES.leaveStanding, schedule.id), { token: charity.token });
      expect(left.status).toBe(200);
      expect(((await t.http.get(path(SCHEDULE_ROUTES.schedule, schedule.id), { token: donor.token })).body as ScheduleView).partners).toEqual([waitlisted.id]);
      expect((await t.http.delete(path(SCHEDULE_ROUTES.leaveStanding, schedule.id), { token: charity.token })).status).toBe(403);
      // Its day is now offered to the one left first.
      await service.materialiseDue(cairoAt(day, 18, 30));
      const [listing] = await listingsOf(t, schedule.id);
      expect(listing.offer_partner_ids).toEqual([waitlisted.id]);
    });
  });

  describe("the operator's Hijri shift", () => {
    // Umm al-Qura puts 1 Ramadan 1448 on 2027-02-08 (Node's ICU); Egypt may announce it a day later.
    const ramadanOnly = { rule: 'FREQ=DAILY', ramadan: 'only', starts_on: '2027-02-01', ends_on: '2027-02-15' };
    const firstDays = async (scheduleId: number) =>
      ((await t.http.get(`${path(SCHEDULE_ROUTES.occurrences, scheduleId)}?from=2027-02-01&to=2027-02-10`, { token: donor.token })).body as OccurrenceView[]).map((d) => [d.date, d.hijri.month, d.hijri.day]);

    afterEach(() => t.db.query(`DELETE FROM hijri_shifts`));

    it('is stored by an operator (PUT, GET), refused to others and outside -1..1 (400 naming the field), and moves Ramadan by a day', async () => {
      const schedule = (await create(ramadanOnly)).body as ScheduleView;
      expect(await firstDays(schedule.id)).toEqual([
        ['2027-02-08', 9, 1],
        ['2027-02-09', 9, 2],
        ['2027-02-10', 9, 3],
      ]);
      const operator = await loginAs(t.http, OPERATOR_EMAIL, OPERATOR_PASSWORD);
      expect((await t.http.put(SCHEDULE_ROUTES.hijriShifts, { hijri_year: 1448, days: 1 }, { token: donor.token })).status).toBe(403);
      expect((await t.http.get(SCHEDULE_ROUTES.hijriShifts, { token: charity.token })).status).toBe(403);
      expect((await t.http.get(SCHEDULE_ROUTES.hijriShifts)).status).toBe(401);
      const bad = await t.http.put(SCHEDULE_ROUTES.hijriShifts, { hijri_year: 1448, days: 2 }, { token: operator });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toEqual(['days must be -1, 0 or 1']);
      expect((await t.http.put(SCHEDULE_ROUTES.hijriShifts, { hijri_year: 'next', days: 1 }, { token: operator })).body.message).toEqual(['hijri_year must be a whole Hijri year']);

      const set = await t.http.put(SCHEDULE_ROUTES.hijriShifts, { hijri_year: 1448, days: 1 }, { token: operator });
      expect(set.status).toBe(200);
      expect(set.body).toEqual([{ hijri_year: 1448, days: 1, updated_at: expect.any(String) }]);
      expect((await t.http.get(SCHEDULE_ROUTES.hijriShifts, { token: operator })).body).toEqual(set.body);
      // Announced a day later: Ramadan starts on the 9th, and each day reads one Hijri day earlier.
      expect(await firstDays(schedule.id)).toEqual([
        ['2027-02-09', 9, 1],
        ['2027-02-10', 9, 2],
      ]);
      await t.http.put(SCHEDULE_ROUTES.hijriShifts, { hijri_year: 1448, days: -1 }, { token: operator });
      expect((await firstDays(schedule.id))[0]).toEqual(['2027-02-07', 9, 1]);
      // 0 removes the shift.
      expect((await t.http.put(SCHEDULE_ROUTES.hijriShifts, { hijri_year: 1448, days: 0 }, { token: operator })).body).toEqual([]);
      expect((await firstDays(schedule.id))[0]).toEqual(['2027-02-08', 9, 1]);
    });

    it("is followed by the listing job: a shifted Ramadan's first day is not listed on Umm al-Qura's", async () => {
      const schedule = (await create({ ...ramadanOnly, starts_on: '2027-02-08', ends_on: '2027-02-09' })).body as ScheduleView;
      await t.db.query(`INSERT INTO hijri_shifts (hijri_year, days) VALUES (1448, 1)`);
      await service.materialiseDue(cairoAt('2027-02-08', 18, 30));
      expect(await listingsOf(t, schedule.id)).toEqual([]);
      await service.materialiseDue(cairoAt('2027-02-09', 18, 30));
      expect((await listingsOf(t, schedule.id)).map((l) => l.date)).toEqual(['2027-02-09']);
    });
  });

  describe('a deleted pickup point', () => {
    it("stops its schedules: no day is listed, the donor's view says paused, the charities' week leaves it out; moving it to a live point resumes it", async () => {
      const day = cairoDateIn(9);
      const point = (await createPickupPoint(t.http, donor)).id;
      const schedule = (await create({ pickup_point_id: point, starts_on: day, ends_on: day, partners: [charity.id] })).body as ScheduleView;
      expect(schedule.paused).toBeNull();
      expect((await t.http.delete(`/api/pickup-points/${point}`, { token: donor.token })).status).toBe(200);

      // (Other tests' schedules may list that day; this one must not.)
      await service.materialiseDue(cairoAt(day, 18, 30));
      expect(await listingsOf(t, schedule.id)).toEqual([]);
      const view = (await t.http.get(path(SCHEDULE_ROUTES.schedule, schedule.id), { token: donor.token })).body as ScheduleView;
      expect(view.paused).toBe('pickup_point_deleted');
      const week = (await t.http.get(SCHEDULE_ROUTES.charityStanding, { token: charity.token })).body as { schedule_id: number }[];
      expect(week.map((d) => d.schedule_id)).not.toContain(schedule.id);
      // A change that keeps the deleted point lists nothing either, even inside the lead time.
      const kept = await service.update({ id: donor.id, userType: 'donor', org: { orgId: 0, accountId: donor.id, kind: 'donor', role: 'admin', pickupPointIds: [] } } as never, schedule.id, { quantity: 30 }, cairoAt(day, 18, 30));
      expect(kept.paused).toBe('pickup_point_deleted');
      expect(await listingsOf(t, schedule.id)).toEqual([]);

      const moved = await t.http.patch(path(SCHEDULE_ROUTES.schedule, schedule.id), { pickup_point_id: pointId }, { token: donor.token });
      expect(moved.status).toBe(200);
      expect(moved.body.paused).toBeNull();
      expect(await service.materialiseDue(cairoAt(day, 18, 30))).toBeGreaterThanOrEqual(1);
      expect((await listingsOf(t, schedule.id)).map((l) => l.date)).toEqual([day]);
    });
  });

  describe('charity capacity and needs', () => {
    const profile = (overrides: Record<string, unknown> = {}) => ({
      governorates: ['EG-C'],
      categories: ['bakery', 'dairy'],
      storage: ['ambient', 'chilled'],
      ...overrides,
    });

    it('skips a standing charity that cannot take the day (no fridge, too little space, not receiving then, full today) and tells the donor why', async () => {
      const [noFridge, smallFridge, mornings, full, roomy] = [
        await createCharity(t.http),
        await createCharity(t.http),
        await createCharity(t.http),
        await createCharity(t.http),
        await createCharity(t.http),
      ];
      await verifyCharities(t.db, noFridge, smallFridge, mornings, full, roomy);
      const put = (who: TestUser, body: Record<string, unknown>) => t.http.put('/api/charity/profile', profile(body), { token: who.token });
      expect((await put(noFridge, { storage: ['ambient'] })).status).toBe(200);
      expect((await put(smallFridge, { chilled_capacity_kg: 20 })).body).toMatchObject({ chilled_capacity_kg: 20, full_today: false, receiving_hours: null });
      expect((await put(mornings, { receiving_hours: { from: '08:00', until: '12:00' } })).body).toMatchObject({ receiving_hours: { from: '08:00', until: '12:00' } });
      expect((await put(full, { full_today: true })).body).toMatchObject({ full_today: true });
      expect((await put(roomy, { chilled_capacity_kg: 200 })).status).toBe(200);
      const refused = await put(roomy, { receiving_hours: { from: '12:00', until: '08:00' }, chilled_capacity_kg: -1 });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual(['chilled_capacity_kg must be 0 or more', 'receiving_hours.until must be after from, the same day']);

      const day = cairoDateIn(9);
      const partners = [noFridge.id, smallFridge.id, mornings.id, full.id, roomy.id];
      const schedule = (await create({ category: 'dairy', storage: 'chilled', unit: 'tray', weight_kg: 50, starts_on: day, ends_on: day, partners })).body as ScheduleView;
      const [planned] = (await t.http.get(`${path(SCHEDULE_ROUTES.occurrences, schedule.id)}?from=${day}&to=${day}`, { token: donor.token })).body as OccurrenceView[];
      // Full today is about today only: on day 9 it is not full.
      expect(planned.passed_over).toEqual([
        { charity_id: noFridge.id, reason: 'storage' },
        { charity_id: smallFridge.id, reason: 'capacity' },
        { charity_id: mornings.id, reason: 'hours' },
      ]);
      await service.materialiseDue(cairoAt(day, 18, 30));
      const [listing] = await listingsOf(t, schedule.id);
      expect(listing).toMatchObject({ offer_partner_ids: [full.id], offer_waitlist: [roomy.id] } as object);

      // Today the full charity is passed over too, by the standing offer, its waitlist and the partner cascade alike.
      const takers = await t.app.get(PartnersService).takers(t.db.manager, partners, { storage: 'chilled', weight_kg: 50, pickup_from: cairoAt(day, 20), pickup_until: cairoAt(day, 21, 30) }, new Date());
      expect(takers).toEqual({
        takers: [roomy.id],
        passedOver: [
          { charity_id: noFridge.id, reason: 'storage' },
          { charity_id: smallFridge.id, reason: 'capacity' },
          { charity_id: mornings.id, reason: 'hours' },
          { charity_id: full.id, reason: 'full_today' },
        ],
      });

      // Matching (the notifications of new food) skips the same charities, in SQL.
      const matched = await t.app.get(CharityProfilesRepository, { strict: false }).matching(
        { category: 'dairy', storage: 'chilled', governorate: 'EG-C', lat: null, lng: null, weight_kg: 50, pickup_from: cairoAt(day, 20), pickup_until: cairoAt(day, 21, 30) },
        [],
      );
      expect(matched.filter((id) => partners.includes(id))).toEqual([roomy.id]);
    });
  });

  describe('by the worker (BullMQ), at once on save', () => {
    let lead: TestApp;
    let workers: Listening[] = [];

    beforeAll(async () => {
      // A lead of a whole day: whatever the hour, a daily schedule starting today has a day inside it.
      lead = await startTestApp({ SCHEDULE_LEAD_MINUTES: '1440', SCHEDULE_CHECK_MS: '1000', ROLE: 'api' });
    });

    afterAll(async () => {
      for (const worker of workers) await worker.close();
      await lead.close();
    });

    it("lists a day inside the lead time at once when the schedule is saved, and the two workers' jobs (and a restart) add none", async () => {
      const baker = await createDonor(lead.http);
      const point = (await createPickupPoint(lead.http, baker)).id;
      const saved = await lead.http.post(SCHEDULE_ROUTES.schedules, scheduleBody(point, { starts_on: cairoDateIn(0), ends_on: cairoDateIn(1) }), { token: baker.token });
      expect(saved.status).toBe(201);
      const schedule = saved.body as ScheduleView;
      // ROLE=api runs no job: what is listed now was listed by the save.
      const atSave = await listingsOf(lead, schedule.id);
      expect(atSave.length).toBeGreaterThanOrEqual(1);

      // A second one whose day comes inside the lead time after it was saved (its dates moved in the
      // database, as time passing would): only the workers' job lists it.
      const later = (await lead.http.post(SCHEDULE_ROUTES.schedules, scheduleBody(point, { starts_on: cairoDateIn(4), ends_on: cairoDateIn(4), window: { from: '00:00', until: '23:59' } }), { token: baker.token })).body as ScheduleView;
      expect(await listingsOf(lead, later.id)).toEqual([]);
      // Its day becomes the one 12 hours from now: its window (all day) then lies inside the lead time.
      const soon = cairoDate(new Date(Date.now() + 12 * 3_600_000));
      await lead.db.query(`UPDATE schedules SET starts_on = $2, ends_on = $2 WHERE id = $1`, [later.id, soon]);

      workers = [await startWorker(lead), await startWorker(lead)];
      await waitFor(() => listingsOf(lead, later.id), (rows) => rows.length === 1, 'the workers list the day');
      // Both workers keep running the job every second; a restart of one changes nothing.
      await workers[0].close();
      workers[0] = await startWorker(lead);
      const { queue, close } = openQueue(lead, QUEUES.schedules);
      try {
        const before = (await queue.getJobCounts('completed')).completed;
        await waitFor(async () => (await queue.getJobCounts('completed')).completed, (n) => n >= before + 3, 'three more runs of the job');
      } finally {
        await close();
      }
      expect(await listingsOf(lead, later.id)).toHaveLength(1);
      expect(await listingsOf(lead, schedule.id)).toEqual(atSave);
    });
  });
});
