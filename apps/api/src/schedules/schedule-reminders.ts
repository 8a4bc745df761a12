import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { cairoDate, type Occurrence } from '@food-link/contracts';
import { DataSource } from 'typeorm';
import { OrganisationsService } from '../auth/organisations.service';
import { AppConfig } from '../config/app-config';
import { NotificationsService } from '../notifications/notifications.service';
import { jobKey } from '../outbox/notification-jobs';
import { HijriShiftsRepository } from './hijri-shifts.repository';
import { occurrences } from './occurrences';
import { SchedulesRepository, type ScheduleRow } from './schedules.repository';
import { nextDate, timingOf } from './schedules.service';

const MINUTE_MS = 60_000;
/** Schedules are read in pages of this many. */
const PAGE = 500;

/** The notification key of a day's reminder: one per schedule and Cairo date (in-app rows and jobs are unique by it). */
export const scheduleReminderKey = (scheduleId: number, date: string) => jobKey('schedule-reminder', scheduleId, date);

/**
 * The donors' reminders of their standing collections (issue 29; docs/DOMAIN-RULES.md, "Standing
 * collections"): `SCHEDULE_REMINDER_MINUTES` (default 60) before a day's window opens, the members who act
 * at the schedule's branch (the organisation's admins, the branch's managers and staff) are told
 * `schedule.reminder`: the day's food, quantity and window and who is coming (the charity holding its
 * claim, once one confirmed), in-app and on every channel their `reminders` choices allow, each in their
 * language, with "Nothing today" (a WhatsApp button, an SMS "1", the Schedules page). Quiet hours hold the
 * push, e-mail and phone messages back as for any notification, and drop them when they would end after the
 * window opens.
 *
 * Once per day: the day's row is locked (as the materialiser locks it) and `reminded_at` decides; the
 * notification is made inside that lock with a key of its own per day (NotificationsService.notify adds
 * nothing twice for one key), so that two workers, a retried job or a run after a crash told between the
 * notification and the commit remind the day once. A skipped day is not reminded.
 */
@Injectable()
export class ScheduleReminders {
  private readonly logger = new Logger('ScheduleReminders');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly schedules: SchedulesRepository,
    private readonly hijriShifts: HijriShiftsRepository,
    private readonly notifications: NotificationsService,
    private readonly organisations: OrganisationsService,
    private readonly config: AppConfig,
  ) {}

  /** The `schedules` queue's `remind` job: every running schedule's days due a reminder. Returns how many were reminded now. */
  async remindDue(now: Date = new Date()): Promise<number> {
    const leadMs = this.config.SCHEDULE_REMINDER_MINUTES * MINUTE_MS;
    if (leadMs <= 0) return 0;
    const today = cairoDate(now);
    const tomorrow = nextDate(today);
    const hijriShifts = await this.hijriShifts.shifts();
    let reminded = 0;
    for (let after = 0; ; ) {
      const page = await this.schedules.running(today, tomorrow, after, PAGE);
      for (const schedule of page) {
        let due: Occurrence[];
        try {
          due = occurrences(timingOf(schedule), { from: today, to: tomorrow }, { hijriShifts }).filter(
            (o) => Date.parse(o.window_from) - leadMs <= now.getTime() && Date.parse(o.window_from) > now.getTime(),
          );
        } catch (error) {
          this.logger.warn(`Schedule ${schedule.id} cannot be evaluated: ${(error as Error).message}`);
          continue;
        }
        for (const occurrence of due) {
          try {
            reminded += await this.remindDay(schedule, occurrence);
          } catch (error) {
            // One day's problem must not stop the others; the next run tries it again.
            this.logger.warn(`Reminding schedule ${schedule.id} of ${occurrence.date}: ${(error as Error).message}`);
          }
        }
      }
      if (page.length < PAGE) return reminded;
      after = page[page.length - 1].id;
    }
  }

  /** One day's reminder, under the day's row lock: 1 when this call reminded it, 0 when it was skipped or reminded already. */
  private async remindDay(schedule: ScheduleRow, occurrence: Occurrence): Promise<number> {
    return this.db.transaction(async (tx) => {
      const current = await this.schedules.find(schedule.id, tx);
      if (!current || current.point_deleted) return 0;
      const day = await this.schedules.lockForReminder(tx, schedule.id, occurrence.date);
      if (day.skipped || day.reminded) return 0;
      const coming = day.food_id !== null ? await this.schedules.claimantOf(day.food_id, tx) : undefined;
      const userIds = await this.organisations.branchActors(current.donor_id, current.pickup_point_id, tx);
      await this.notifications.notify({
        key: scheduleReminderKey(current.id, occurrence.date),
        userIds,
        type: 'schedule.reminder',
        data: {
          scheduleId: current.id,
          date: occurrence.date,
          foodName: current.food_name,
          quantity: day.quantity ?? current.quantity,
          unit: current.unit,
          windowFrom: occurrence.window_from,
          windowUntil: occurrence.window_until,
          ...(coming ? { charityName: coming.charity_name } : {}),
        },
        // A reminder that quiet hours would hold until the window has opened is not worth sending.
        expiresAt: new Date(occurrence.window_from),
      });
      await this.schedules.markReminded(tx, current.id, occurrence.date);
      return 1;
    });
  }
}
