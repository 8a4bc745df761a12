import { Injectable, Module } from '@nestjs/common';
import { DOMAIN_EVENTS } from '@food-link/contracts';
import { OnDomainEvent, type DomainEventOf } from '../common/on-domain-event';
import { NotificationsModule } from '../notifications/notifications.module';
import { NotificationsService } from '../notifications/notifications.service';
import { newsReason, verificationNews } from './verification-news';

/** A decision on the charity's verification is told in its chosen channels too (once per event), after its room heard it live. */
@Injectable()
export class VerificationReactions {
  constructor(private readonly notifications: NotificationsService) {}

  @OnDomainEvent({ event: DOMAIN_EVENTS.charityVerification, phase: 'notices' })
  async tellDecision({ id, data: { charityId, action, verification } }: DomainEventOf<'charity.verification'>): Promise<void> {
    await this.notifications.notify({
      key: `charity-verification-${id}`,
      userIds: [charityId],
      type: 'account.news',
      data: {
        message: verificationNews(action, verification),
        // The parts, for each reader's app to word in its own language.
        action,
        reason: newsReason(action, verification),
      },
    });
  }
}

/** Verification's reactions, for processes that consume jobs (the worker imports it). */
@Module({ imports: [NotificationsModule], providers: [VerificationReactions] })
export class VerificationReactionsModule {}
