import { Injectable } from '@nestjs/common';
import { DOMAIN_EVENTS } from '@food-link/contracts';
import { OnDomainEvent, type DomainEventOf } from '../common/on-domain-event';
import { jobKey } from '../outbox/notification-jobs';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/**
 * A standing charity is told when the donor says "Nothing today" of a day it had confirmed (issue 29;
 * docs/NOTIFICATIONS.md, "Reminders"): `standing.skipped`, in-app and on every channel of its `reminders`
 * choices, in its language, once per event (the key is the event's id). Its claim has already ended
 * `withdrawn` in the skip's transaction (`food.withdrawn` told its pages live); this reaches the charity
 * that is not looking, on its way to collect.
 */
@Injectable()
export class StandingNews {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  @OnDomainEvent({ event: DOMAIN_EVENTS.scheduleOccurrence, phase: 'notices' })
  async tellSkipped({ id, data: { scheduleId, date, change, charityId } }: DomainEventOf<'schedule.occurrence'>): Promise<void> {
    if (change !== 'skipped' || charityId === undefined) return;
    const facts = await this.repository.scheduleFacts(scheduleId);
    if (!facts) return;
    await this.notifications.notify({
      key: jobKey('standing-skipped', id),
      userIds: [charityId],
      type: 'standing.skipped',
      data: { scheduleId, date, foodName: facts.food_name, donorName: facts.donor_name },
    });
  }
}
