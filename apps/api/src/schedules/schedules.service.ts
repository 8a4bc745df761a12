import { BadRequestException, ConflictException, ForbiddenException, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  cairoDate,
  checkShape,
  DOMAIN_EVENTS,
  type OccurrenceChange,
  ERRORS,
  isCalendarDate,
  isPrayerWindow,
  ScheduleBody,
  type MessageResponse,
  type Occurrence,
  type OccurrenceChangeBody,
  type OccurrencesQuery,
  type ListingNeeds,
  type OccurrenceView,
  type ScheduleView,
  STANDING_DAYS,
  type StandingOccurrenceView,
  type UpdateScheduleBody,
} from '@food-link/contracts';
import { setImmediate as yieldToOthers, setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import { accountOf, assertBranch, branchesOf, type AuthUser } from '../auth/auth-user';
import { isDependencyUnavailable } from '../common/errors';
import { AppConfig } from '../config/app-config';
import { FoodService, type Draft, type ScheduledListing } from '../food/food.service';
import { OfferCascade } from '../food/offer-cascade';
import { IdempotentAnswers } from '../idempotency/idempotent-answers';
import { OutboxService } from '../outbox/outbox.service';
import type { NewOffer } from '../listings/food.repository';
import { PartnersService } from '../partners/partners.service';
import type { HijriShifts } from './hijri';
import { HijriShiftsRepository } from './hijri-shifts.repository';
import { occurrences, type ScheduleTiming } from './occurrences';
import { SchedulesRepository, scheduleView, type OccurrenceRow, type ScheduleRow, type ScheduleFields } from './schedules.repository';

const MINUTE_MS = 60_000;
/** The shortest rest between the materialiser's batches (ms); SCHEDULE_BATCH_REST_PERCENT sets the rest. */
const BATCH_REST_MIN_MS = 10;

/** A schedule's day to list, with its (locked) schedule. */
interface DueDay {
  schedule: ScheduleRow;
  occurrence: Occurrence;
}

type TakersJudge = Awaited<ReturnType<PartnersService['takersOf']>>;

/** The day after a Cairo date. */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** What of a stored schedule times it: its rule, window and dates, at its point (or its governorate's capital). */
export function timingOf(row: ScheduleRow): ScheduleTiming {
  return {
    rule: row.rule,
    ramadan: row.ramadan,
    eids: row.eids,
    window: row.window,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    place: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : { governorate: row.governorate },
  };
}

/**
 * Standing collections (docs/DOMAIN-RULES.md, "Standing collections"): a donor's schedules, their days
 * (the engine's occurrences with the donor's changes and what became of each), and the listing of each day
 * `SCHEDULE_LEAD_MINUTES` before its window opens, exactly once (the day's row lock), by the worker's job
 * and at once when a schedule or a day is saved inside the lead time. Listings are made by the listings
 * owner (through FoodService.listScheduled, which computes the safe time as for any listing).
 */
@Injectable()
export class SchedulesService implements OnModuleInit {
  private readonly logger = new Logger('Schedules');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly schedules: SchedulesRepository,
    private readonly food: FoodService,
    private readonly partners: PartnersService,
    private readonly answers: IdempotentAnswers,
    private readonly config: AppConfig,
    private readonly offers: OfferCascade,
    private readonly outbox: OutboxService,
    private readonly hijriShifts: HijriShiftsRepository,
  ) {}

  /** A decline or pass-over of a day's listing (the offer cascade's steps) is told to the schedule's donor and charities. */
  onModuleInit(): void {
    this.offers.onStep(async (tx, foodId, step) => {
      const day = await this.schedules.dayOfListing(foodId, tx);
      if (day) await this.tellDay(tx, day, step);
    });
  }

  /**
   * `schedule.occurrence` (docs/REALTIME.md): a day changed; its donor and every standing charity hear it in
   * their rooms (an organisation's members hear its account's room), and their pages fetch the days again.
   */
  private async tellDay(tx: EntityManager, day: DayOfSchedule, change: OccurrenceChange, charityId?: number): Promise<void> {
    const event = dayEvent(day, change, charityId);
    await this.outbox.record(tx, DOMAIN_EVENTS.scheduleOccurrence, event.data, event.recipients);
  }

  /** `tellDay` for many days, in one insert. */
  private async tellDays(tx: EntityManager, days: readonly DayOfSchedule[], change: OccurrenceChange): Promise<void> {
    await this.outbox.recordMany(tx, DOMAIN_EVENTS.scheduleOccurrence, days.map((day) => dayEvent(day, change)));
  }

  /**
   * A standing charity confirmed (claimed) a day: its donor and the other charities hear it. Recorded after
   * the claim committed (the claim is RequestsService's transaction); should it fail, the claim stands and
   * its own `food.claimed` has told the donor, so it is logged, not thrown.
   */
  async toldConfirmed(id: number, date: string): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const schedule = await this.schedules.find(id, tx);
        if (schedule) await this.tellDay(tx, { schedule_id: id, date, donor_id: schedule.donor_id, partners: schedule.partners }, 'confirmed');
      });
    } catch (error) {
      this.logger.warn(`Telling schedule ${id}'s confirmation of ${date}: ${(error as Error).message}`);
    }
  }

  /**
   * THE check of who may manage a schedule (see, change, delete it and its days): today its donor's own
   * account. 404 when there is none (or it was deleted), 403 when it is another's. With organisations,
   * a donor organisation's admin or the manager of the schedule's branch (pickup point) pass here too.
   */
  mayManage(user: AuthUser, schedule: ScheduleRow | undefined): ScheduleRow {
    if (!schedule) throw new NotFoundException(ERRORS.scheduleNotFound);
    if (schedule.donor_id !== accountOf(user)) throw new ForbiddenException(ERRORS.scheduleOfAnotherDonor);
    // A branch manager manages the schedules of their branches (docs/ORGANISATIONS.md).
    assertBranch(user, schedule.pickup_point_id);
    return schedule;
  }

  /**
   * THE check of who may confirm, decline or leave for a standing charity: today the charity's own account,
   * when the schedule names it among its standing charities; returns the charity's account id. 404 when
   * there is no schedule, 403 when the charity is not one of its standing charities. With organisations,
   * a charity organisation's admin or coordinator pass here too (for the organisation's account).
   */
  mayConfirmFor(user: AuthUser, schedule: ScheduleRow | undefined): number {
    if (!schedule) throw new NotFoundException(ERRORS.scheduleNotFound);
    const account = accountOf(user);
    if (!schedule.partners.includes(account)) throw new ForbiddenException(ERRORS.notStandingCharity);
    return account;
  }

  /** Demo data: a schedule as stored, in the seed's transaction (its days are listed by the job as they come). */
  insertSeeded(tx: EntityManager, donorId: number, fields: ScheduleFields): Promise<number> {
    return this.schedules.insert(tx, donorId, fields);
  }

  async list(donor: AuthUser): Promise<ScheduleView[]> {
    const branches = branchesOf(donor);
    const rows = await this.schedules.listOfDonor(accountOf(donor));
    return rows.filter((row) => !branches || branches.includes(row.pickup_point_id)).map(scheduleView);
  }

  async get(user: AuthUser, id: number): Promise<ScheduleView> {
    return scheduleView(this.mayManage(user, await this.schedules.find(id)));
  }

  /** A new schedule; a day inside the lead time is listed at once, in the same transaction. */
  async create(donor: AuthUser, body: ScheduleBody, now: Date = new Date()): Promise<ScheduleView> {
    return this.db.transaction(async (tx) => {
      const account = accountOf(donor);
      assertBranch(donor, body.pickup_point_id);
      const fields = await this.checkedFields(tx, account, body);
      const id = await this.schedules.insert(tx, account, fields);
      const row = (await this.schedules.find(id, tx, true)) as ScheduleRow;
      await this.materialise(tx, row, now);
      return this.answers.storeWithin(tx, scheduleView(row));
    });
  }

  /**
   * A change: the fields sent replace the stored ones, and the whole must pass ScheduleBody's checks
   * (400 naming the field). Days already listed keep their listing; a day now inside the lead time is
   * listed at once.
   */
  async update(user: AuthUser, id: number, body: UpdateScheduleBody, now: Date = new Date()): Promise<ScheduleView> {
    return this.db.transaction(async (tx) => {
      const stored = this.mayManage(user, await this.schedules.find(id, tx, true));
      if (body.pickup_point_id !== undefined) assertBranch(user, body.pickup_point_id);
      const merged = checkShape(ScheduleBody, { ...bodyOf(stored), ...definedOf(body) });
      if (!merged.success) throw new BadRequestException(merged.messages);
      // Only what the change names is checked again: a standing charity that has lost its verification since
      // must not keep the donor from changing a quantity (it is passed over when a day is listed).
      await this.schedules.update(tx, id, await this.checkedFields(tx, stored.donor_id, merged.data, { point: body.pickup_point_id !== undefined, partners: body.partners !== undefined }));
      const row = (await this.schedules.find(id, tx, true)) as ScheduleRow;
      await this.materialise(tx, row, now);
      return this.answers.storeWithin(tx, scheduleView(row));
    });
  }

  /** Ends a schedule: no day is listed any more; listings already made stay as they are. */
  async remove(user: AuthUser, id: number): Promise<MessageResponse> {
    return this.db.transaction(async (tx) => {
      this.mayManage(user, await this.schedules.find(id, tx, true));
      await this.schedules.softDelete(tx, id);
      return this.answers.storeWithin<MessageResponse>(tx, { message: 'Schedule deleted' });
    });
  }

  /** The schedule's days from `from` to `to`, with the donor's changes and what became of each. */
  async occurrences(user: AuthUser, id: number, query: OccurrencesQuery, now: Date = new Date()): Promise<OccurrenceView[]> {
    const schedule = this.mayManage(user, await this.schedules.find(id));
    const rows = new Map((await this.schedules.occurrenceRows(id, query.from, query.to)).map((row) => [row.date, row]));
    const judge = await this.partners.takersOf(schedule.partners);
    const hijriShifts = await this.hijriShifts.shifts();
    return occurrences(timingOf(schedule), query, { hijriShifts }).map((occurrence) => {
      const view = occurrenceView(schedule, occurrence, rows.get(occurrence.date), now);
      if (view.status !== 'planned' && view.status !== 'listed') return view;
      // Why a standing charity would be (or was) skipped that day, as its profile says now; "full today" counts on its own day.
      const from = new Date(occurrence.window_from);
      const needs = { storage: schedule.storage, weight_kg: schedule.weight_kg, pickup_from: from, pickup_until: new Date(occurrence.window_until) };
      const { passedOver } = judge(needs, from > now ? from : now);
      return passedOver.length > 0 ? { ...view, passed_over: passedOver } : view;
    });
  }

  /**
   * The donor changes one day: its quantity (null: the schedule's again) or `skip`. 404 on a date the
   * schedule does not run, 409 once the day is listed (its listing is changed or withdrawn instead) or its
   * window has closed. A day that runs again inside the lead time is listed at once.
   */
  async changeOccurrence(user: AuthUser, id: number, date: string, body: OccurrenceChangeBody, now: Date = new Date()): Promise<OccurrenceView> {
    return this.changingDay(user, id, date, now, async (tx, schedule, occurrence, day) => {
      if (day.food_id !== null) throw new ConflictException(ERRORS.occurrenceAlreadyListed);
      const quantity = body.quantity === undefined ? day.quantity : body.quantity;
      const skipped = body.skip ?? day.skipped;
      await this.schedules.changeOccurrence(tx, id, date, quantity, skipped);
      const listed = await this.listDay(tx, schedule, occurrence, now);
      // A day listed at once was told as `listed` by listDay.
      if (!listed) await this.tellDay(tx, { schedule_id: id, date, donor_id: schedule.donor_id, partners: schedule.partners }, skipped ? 'skipped' : 'changed');
      const [row] = await this.schedules.occurrenceRows(id, date, date, tx);
      return this.answers.storeWithin(tx, occurrenceView(schedule, occurrence, row, now));
    });
  }

  /**
   * "Nothing today" (issue 29: `POST .../occurrences/{date}/skip`, and the donor's reminder's button): the
   * day is skipped whether or not it is listed yet. Not listed yet: it will not be (as `PATCH` `{skip: true}`).
   * Listed: its listing is withdrawn in the same transaction (FoodService.withdrawWithin, as the donor's
   * withdrawal: a standing charity that confirmed has its claim ended `withdrawn` and is told) and the day
   * is no longer tied to it (SchedulesRepository.skipListedDay). Skipped already: nothing changes. 409 once
   * its window has closed, or when its food was collected.
   */
  async skipDay(user: AuthUser, id: number, date: string, now: Date = new Date()): Promise<OccurrenceView> {
    return this.changingDay(user, id, date, now, async (tx, schedule, occurrence, day) => {
      if (!day.skipped) {
        // The charity whose confirmed claim the skip ends: told (`charityId`), by StandingNews.
        let confirmedBy: number | undefined;
        if (day.food_id !== null) {
          const [listed] = await this.schedules.occurrenceRows(id, date, date, tx);
          if (listed?.outcome === 'collected') throw new ConflictException(ERRORS.foodNotWithdrawable('fulfilled'));
          if (listed?.outcome === 'claimed') confirmedBy = (await this.schedules.claimantOf(day.food_id, tx))?.charity_id;
          // A listing withdrawn or expired already is left as it is; the day is skipped all the same.
          if (listed?.outcome === 'listed' || listed?.outcome === 'claimed') await this.food.withdrawWithin(tx, user, day.food_id);
          await this.schedules.skipListedDay(tx, id, date);
        } else {
          await this.schedules.changeOccurrence(tx, id, date, day.quantity, true);
        }
        await this.tellDay(tx, { schedule_id: id, date, donor_id: schedule.donor_id, partners: schedule.partners }, 'skipped', confirmedBy);
      }
      const [row] = await this.schedules.occurrenceRows(id, date, date, tx);
      return this.answers.storeWithin(tx, occurrenceView(schedule, occurrence, row, now));
    });
  }

  /**
   * A donor's change of one day, in a transaction: the schedule locked and checked (mayManage), the day
   * evaluated (400 a date that is not one, 404 one it does not run, 409 once its window has closed) and its
   * row locked; then `change`.
   */
  private changingDay<T>(
    user: AuthUser,
    id: number,
    date: string,
    now: Date,
    change: (tx: EntityManager, schedule: ScheduleRow, occurrence: Occurrence, day: OccurrenceRow) => Promise<T>,
  ): Promise<T> {
    if (!isCalendarDate(date)) throw new BadRequestException(['date must be a date written YYYY-MM-DD']);
    return this.db.transaction(async (tx) => {
      const schedule = this.mayManage(user, await this.schedules.find(id, tx, true));
      const shifts = await this.hijriShifts.shifts(tx);
      const [occurrence] = occurrences(timingOf(schedule), { from: date, to: date }, { hijriShifts: shifts });
      if (!occurrence) throw new NotFoundException(ERRORS.occurrenceNotFound);
      if (Date.parse(occurrence.window_until) <= now.getTime()) throw new ConflictException(ERRORS.occurrencePast);
      return change(tx, schedule, occurrence, await this.schedules.lockOccurrence(tx, id, date));
    });
  }

  /** "We can't come tonight": the next standing charity is asked at once (or the open board). 409 when the day is not offered to this charity now. */
  async decline(user: AuthUser, id: number, date: string): Promise<MessageResponse> {
    const foodId = await this.listedDayFor(user, id, date);
    if (!(await this.offers.decline(foodId, accountOf(user)))) throw new ConflictException(ERRORS.standingNotOffered);
    return { message: 'Declined: the next charity is asked' };
  }

  /** The schedule and date a standing collection's listing is the day of (a WhatsApp or SMS reply names the listing), or undefined. */
  async dayOfListing(foodId: number): Promise<{ scheduleId: number; date: string } | undefined> {
    const day = await this.schedules.dayOfListing(foodId);
    return day && { scheduleId: day.schedule_id, date: day.date };
  }

  /** The charity leaves the schedule's standing charities; the others keep their order. */
  async leave(user: AuthUser, id: number): Promise<MessageResponse> {
    return this.db.transaction(async (tx) => {
      const charityId = this.mayConfirmFor(user, await this.schedules.find(id, tx, true));
      await this.schedules.removePartner(tx, id, charityId);
      return this.answers.storeWithin<MessageResponse>(tx, { message: 'You have left this schedule' });
    });
  }

  /** The days of the next STANDING_DAYS where the charity is a standing charity, in time order. */
  async standing(user: AuthUser, now: Date = new Date()): Promise<StandingOccurrenceView[]> {
    const from = cairoDate(now);
    const to = new Date(Date.parse(`${from}T00:00:00Z`) + (STANDING_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const account = accountOf(user);
    const schedules = await this.schedules.standingOf(account);
    if (schedules.length === 0) return [];
    const rows = new Map(
      (await this.schedules.occurrenceRowsOf(schedules.map((s) => s.id), from, to)).map((row) => [`${row.schedule_id} ${row.date}`, row]),
    );
    const days: StandingOccurrenceView[] = [];
    const hijriShifts = await this.hijriShifts.shifts();
    for (const schedule of schedules) {
      let dates: Occurrence[];
      try {
        dates = occurrences(timingOf(schedule), { from, to }, { hijriShifts });
      } catch {
        continue;
      }
      for (const occurrence of dates) {
        const row = rows.get(`${schedule.id} ${occurrence.date}`);
        days.push({
          ...occurrenceView(schedule, occurrence, row, now),
          schedule_id: schedule.id,
          donor_name: schedule.donor_name,
          food_name: schedule.food_name,
          governorate: schedule.governorate,
          area: schedule.area,
          position: schedule.partners.indexOf(account),
          offered_to_you: row?.offered_to?.length === 1 && row.offered_to[0] === account,
        });
      }
    }
    return days.sort((a, b) => a.window_from.localeCompare(b.window_from) || a.schedule_id - b.schedule_id);
  }

  /** The listing of a day of a schedule the charity stands for (404, 403 by mayConfirmFor; 409 not listed yet). */
  async listedDayFor(user: AuthUser, id: number, date: string): Promise<number> {
    if (!isCalendarDate(date)) throw new BadRequestException(['date must be a date written YYYY-MM-DD']);
    const schedule = await this.schedules.find(id);
    this.mayConfirmFor(user, schedule);
    const [row] = await this.schedules.occurrenceRows(id, date, date);
    if (!row?.food_id) {
      const [occurrence] = occurrences(timingOf(schedule as ScheduleRow), { from: date, to: date }, { hijriShifts: await this.hijriShifts.shifts() });
      if (!occurrence) throw new NotFoundException(ERRORS.occurrenceNotFound);
      throw new ConflictException(ERRORS.occurrenceNotListed);
    }
    return row.food_id;
  }

  /**
   * The worker's job: every running schedule's days of today and tomorrow (Cairo) that are inside the
   * lead time are listed, in batches (docs/DESIGN.md, "Standing collections: materialising in batches").
   * The schedules are read a page of SCHEDULE_BATCH_SIZE at a time, their rules evaluated in memory, and
   * those with a due day not yet listed or skipped are locked (skipping any another transaction holds)
   * and their days listed in one transaction per page, with a few set-based statements; between batches
   * it rests (SCHEDULE_BATCH_REST_PERCENT of the batch's time).
   * Returns how many days were listed. Safe to run in several workers at once and again after a crash: a
   * day is listed only by the transaction that finds its locked row without a listing.
   */
  async materialiseDue(now: Date = new Date()): Promise<number> {
    const today = cairoDate(now);
    const tomorrow = nextDate(today);
    let listed = 0;
    const shifts = await this.hijriShifts.shifts();
    const evaluations = new Map<string, Occurrence[]>();
    const batch = this.config.SCHEDULE_BATCH_SIZE;
    for (let after = 0; ; ) {
      const page = await this.schedules.running(today, tomorrow, after, batch);
      const pending = page.filter((schedule) =>
        this.dueOccurrences(schedule, now, shifts, evaluations).some((occurrence) => !schedule.settled.includes(occurrence.date)),
      );
      if (page.length < batch) return listed + (pending.length > 0 ? await this.listBatch(pending.map((schedule) => schedule.id), now, shifts, evaluations) : 0);
      after = page[page.length - 1].id;
      if (pending.length === 0) {
        // Nothing to write on this page: only let the process's other work in before the next.
        await yieldToOthers();
        continue;
      }
      const started = Date.now();
      listed += await this.listBatch(pending.map((schedule) => schedule.id), now, shifts, evaluations);
      await sleep(Math.max(BATCH_REST_MIN_MS, ((Date.now() - started) * this.config.SCHEDULE_BATCH_REST_PERCENT) / 100));
    }
  }

  /**
   * Lists the due days of the schedules `ids` in one transaction; should it fail (but for an outage of
   * PostgreSQL), each half again in a transaction of its own, down to single schedules, so that one
   * schedule's problem does not keep the others' days from being listed (the next run tries the failed
   * one's days again).
   */
  private async listBatch(ids: readonly number[], now: Date, shifts: HijriShifts, evaluations: Map<string, Occurrence[]>): Promise<number> {
    try {
      return await this.db.transaction(async (tx) => {
        const locked = await this.schedules.lockRunning(tx, ids);
        return this.listDays(
          tx,
          locked.flatMap((schedule) => this.dueOccurrences(schedule, now, shifts, evaluations).map((occurrence) => ({ schedule, occurrence }))),
          now,
        );
      });
    } catch (error) {
      // An outage is no schedule's problem: the run stops (the job fails) and the next one starts over.
      if (isDependencyUnavailable(error)) throw error;
      if (ids.length === 1) {
        this.logger.warn(`Listing schedule ${ids[0]}'s days: ${(error as Error).message}`);
        return 0;
      }
      this.logger.warn(`Listing a batch of ${ids.length} schedules: ${(error as Error).message}; listing each half apart`);
      const half = Math.ceil(ids.length / 2);
      return (await this.listBatch(ids.slice(0, half), now, shifts, evaluations)) + (await this.listBatch(ids.slice(half), now, shifts, evaluations));
    }
  }

  /**
   * The schedule's days of today and tomorrow whose lead time has begun and whose window is still open.
   * With `evaluations` (one run's), schedules that share what times them (timingKey) share one evaluation.
   */
  private dueOccurrences(schedule: ScheduleRow, now: Date, hijriShifts: HijriShifts, evaluations?: Map<string, Occurrence[]>): Occurrence[] {
    const key = evaluations && timingKey(schedule);
    let days = key === undefined ? undefined : evaluations?.get(key);
    if (!days) {
      const today = cairoDate(now);
      try {
        days = occurrences(timingOf(schedule), { from: today, to: nextDate(today) }, { hijriShifts });
      } catch (error) {
        this.logger.warn(`Schedule ${schedule.id} cannot be evaluated: ${(error as Error).message}`);
        days = [];
      }
      if (key !== undefined) evaluations?.set(key, days);
    }
    return days.filter((o) => this.isDue(o, now));
  }

  /** Whether the day's lead time has begun and its window is still open. */
  private isDue(occurrence: Occurrence, now: Date): boolean {
    const leadMs = this.config.SCHEDULE_LEAD_MINUTES * MINUTE_MS;
    return Date.parse(occurrence.window_from) - leadMs <= now.getTime() && Date.parse(occurrence.window_until) > now.getTime();
  }

  /** Lists the schedule's days inside the lead time, in the caller's transaction (a save). */
  private async materialise(tx: EntityManager, schedule: ScheduleRow, now: Date): Promise<void> {
    const shifts = await this.hijriShifts.shifts(tx);
    await this.listDays(tx, this.dueOccurrences(schedule, now, shifts).map((occurrence) => ({ schedule, occurrence })), now);
  }

  /** Lists one day if it is due, not skipped and not listed yet (listDays); returns whether it did. */
  private async listDay(tx: EntityManager, schedule: ScheduleRow, occurrence: Occurrence, now: Date): Promise<boolean> {
    return (await this.listDays(tx, [{ schedule, occurrence }], now)) > 0;
  }

  /**
   * Lists the days that are due, not skipped and not listed yet, under the days' row locks, in a few
   * statements whatever their number (the days' rows, the standing charities' profiles, the listings and
   * their events, the days' listings and their events); returns how many it listed. Each listing is
   * offered to the first of its schedule's standing charities that is still an eligible partner able to
   * take it, for STANDING_CONFIRM_MINUTES, then goes on through the cascade; without one, straight to the
   * open board. The schedules must be locked by the caller (a save's FOR UPDATE, the batch's lockRunning).
   */
  private async listDays(tx: EntityManager, days: readonly DueDay[], now: Date): Promise<number> {
    // A schedule whose pickup point was deleted lists nothing until it is moved to a live point.
    const due = days.filter(({ schedule, occurrence }) => !schedule.point_deleted && this.isDue(occurrence, now));
    if (due.length === 0) return 0;
    const rows = new Map(
      (await this.schedules.lockOccurrences(tx, due.map(({ schedule, occurrence }) => ({ scheduleId: schedule.id, date: occurrence.date })))).map((row) => [
        `${row.schedule_id} ${row.date}`,
        row,
      ]),
    );
    const open = due.flatMap((day) => {
      const row = rows.get(`${day.schedule.id} ${day.occurrence.date}`);
      return row && !row.skipped && row.food_id === null ? [{ ...day, quantity: row.quantity ?? day.schedule.quantity }] : [];
    });
    if (open.length === 0) return 0;
    const judge = await this.partners.takersOf([...new Set(open.flatMap(({ schedule }) => schedule.partners))], tx);
    const listings = open.map(({ schedule, occurrence, quantity }): ScheduledListing => {
      const opensAt = new Date(occurrence.window_from);
      const closesAt = new Date(occurrence.window_until);
      const draft: Draft = {
        food_name: schedule.food_name,
        quantity,
        description: schedule.description,
        expiration_date: cairoDate(closesAt),
        pickup_point_id: schedule.pickup_point_id,
        // A day listed after its window opened (a schedule saved at 20:15 for 20:00) is collectible from now.
        pickup_from: opensAt.getTime() < now.getTime() ? now : opensAt,
        pickup_until: closesAt,
        category: schedule.category,
        storage: schedule.storage,
        prepared_at: null,
        unit: schedule.unit,
        weight_kg: schedule.weight_kg,
        allergens: schedule.allergens,
      };
      return { donorId: schedule.donor_id, draft, governorate: schedule.governorate, readyAt: opensAt, offer: this.standingOffer(judge, schedule.partners, draft, now) };
    });
    const made = await this.food.listScheduled(tx, listings, now);
    const listed = open.flatMap(({ schedule, occurrence }, index) => {
      const row = made[index];
      if (row) return [{ schedule, date: occurrence.date, foodId: row.id }];
      this.logger.warn(`Schedule ${schedule.id} on ${occurrence.date}: the window does not fit the food's safe time; not listed`);
      return [];
    });
    await this.schedules.markListed(tx, listed.map(({ schedule, date, foodId }) => ({ scheduleId: schedule.id, date, foodId })));
    await this.tellDays(
      tx,
      listed.map(({ schedule, date }) => ({ schedule_id: schedule.id, date, donor_id: schedule.donor_id, partners: schedule.partners })),
      'listed',
    );
    return listed.length;
  }

  /**
   * The standing offer: the first standing charity still eligible, alone for STANDING_CONFIRM_MINUTES, the
   * others after it as its waitlist (OfferCascade asks each in turn, then opens the board). `judge` has
   * read the schedule's charities (PartnersService.takersOf).
   */
  private standingOffer(judge: TakersJudge, partners: readonly number[], listing: ListingNeeds, now: Date): NewOffer {
    const { takers } = judge(listing, now, partners);
    const primary = takers.length > 0 ? partners.indexOf(takers[0]) : -1;
    if (primary === -1) return { stage: 'open', partnerIds: [], openAt: null };
    return {
      stage: 'partners',
      partnerIds: [partners[primary]],
      openAt: new Date(now.getTime() + this.config.STANDING_CONFIRM_MINUTES * MINUTE_MS),
      waitlist: partners.slice(primary + 1),
    };
  }

  /** The body's fields as stored, after checking the point is the donor's and each partner an eligible charity (400 naming the field). */
  private async checkedFields(tx: EntityManager, donorId: number, body: ScheduleBody, check = { point: true, partners: true }): Promise<ScheduleFields> {
    if (check.point && !(await this.schedules.ownLivePoint(tx, donorId, body.pickup_point_id))) throw new BadRequestException([ERRORS.pickupPointNotOwn]);
    const partners = body.partners ?? [];
    const refused = check.partners ? await this.partners.ineligible(tx, partners) : [];
    if (refused.length > 0) throw new BadRequestException([`partners must each be a charity's account (not: ${refused.join(', ')})`]);
    return {
      pickup_point_id: body.pickup_point_id,
      food_name: body.food_name,
      description: body.description,
      category: body.category ?? 'other',
      storage: body.storage ?? 'ambient',
      unit: body.unit ?? 'portion',
      quantity: body.quantity,
      weight_kg: body.weight_kg ?? null,
      allergens: body.allergens ?? [],
      rule: body.rule,
      ramadan: body.ramadan,
      eids: body.eids,
      window: body.window,
      partners,
      starts_on: body.starts_on,
      ends_on: body.ends_on ?? null,
    };
  }
}

/**
 * What of a schedule decides its occurrences, as a key: its rule, Ramadan and Eid choices, window and
 * dates, and for a prayer window its place (a clock window's times do not depend on it, only on the
 * governorate's validity). The materialiser evaluates each key once per run.
 */
function timingKey(row: ScheduleRow): string {
  const { place, ...timing } = timingOf(row);
  const where = isPrayerWindow(row.window) ? place : 'governorate' in place ? place.governorate : '';
  return JSON.stringify([timing.rule, timing.ramadan, timing.eids, timing.window, timing.starts_on, timing.ends_on, where]);
}

/** A schedule's day and who hears of its changes: its donor and standing charities. */
interface DayOfSchedule {
  schedule_id: number;
  date: string;
  donor_id: number;
  partners: readonly number[];
}

/**
 * `schedule.occurrence` (docs/REALTIME.md) of a day: its donor and every standing charity hear it in their
 * rooms (an organisation's members hear its account's room).
 */
/** `schedule.occurrence` of a day; `charityId`: the standing charity that had confirmed a skipped day (it is told). */
function dayEvent(
  day: DayOfSchedule,
  change: OccurrenceChange,
  charityId?: number,
): { data: { scheduleId: number; date: string; change: OccurrenceChange; charityId?: number }; recipients: number[] } {
  const data = { scheduleId: day.schedule_id, date: day.date, change, ...(charityId !== undefined ? { charityId } : {}) };
  return { data, recipients: [...new Set([day.donor_id, ...day.partners])] };
}

/** A stored schedule as the body that would make it (for merging a PATCH). */
function bodyOf(row: ScheduleRow): Record<string, unknown> {
  const { id, donor_id, created_at, governorate, lat, lng, point_deleted, ...fields } = row;
  void [id, donor_id, created_at, governorate, lat, lng, point_deleted];
  return fields;
}

/** The fields a PATCH sends (undefined: left out). */
function definedOf(body: UpdateScheduleBody): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** One day as the donor sees it: skipped, what became of its listing, or planned (missed once its window closed unlisted). */
export function occurrenceView(schedule: ScheduleRow, occurrence: Occurrence, row: OccurrenceRow | undefined, now: Date): OccurrenceView {
  const status = row?.skipped ? 'skipped' : (row?.outcome ?? (Date.parse(occurrence.window_until) <= now.getTime() ? 'missed' : 'planned'));
  return {
    date: occurrence.date,
    hijri: occurrence.hijri,
    window_from: occurrence.window_from,
    window_until: occurrence.window_until,
    status,
    quantity: row?.quantity ?? schedule.quantity,
    ...(row?.food_id ? { food_id: row.food_id } : {}),
  };
}
