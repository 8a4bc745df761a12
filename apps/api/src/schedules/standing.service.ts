import { Injectable } from '@nestjs/common';
import type { PickupRequestResponse } from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { RequestsService } from '../requests/requests.service';
import { SchedulesService } from './schedules.service';

/**
 * A standing charity's confirmation of a listed day (docs/DOMAIN-RULES.md, "Standing collections"): its
 * claim, made exactly as `POST /api/request` makes it (RequestsService.requestPickup: the same statement,
 * rules, refusals and pickup code). Apart from SchedulesService because the claims' calls live only in
 * processes that serve HTTP, and the worker lists days through SchedulesService.
 */
@Injectable()
export class StandingService {
  constructor(
    private readonly schedules: SchedulesService,
    private readonly requests: RequestsService,
  ) {}

  /**
   * It succeeds while the day is offered to this charity alone, or once its listing is on the open board;
   * 409 while the day is not listed yet (SchedulesService.listedDayFor, which also checks mayConfirmFor).
   */
  async confirm(user: AuthUser, id: number, date: string): Promise<PickupRequestResponse> {
    const foodId = await this.schedules.listedDayFor(user, id, date);
    const claim = await this.requests.requestPickup(user, foodId);
    // The claim's own events (food.claimed) reach the donor and this charity; the schedule's other charities
    // and the week views hear the day's change as schedule.occurrence, recorded once the claim has committed.
    await this.schedules.toldConfirmed(id, date);
    return claim;
  }
}
