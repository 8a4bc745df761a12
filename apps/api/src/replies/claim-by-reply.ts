import { ConflictException, HttpException, Injectable } from '@nestjs/common';
import { ERRORS, type UserType } from '@food-link/contracts';
import type { ClaimReply, ReplyActions } from '../messaging/reply-actions';
import { RequestsService } from '../requests/requests.service';

/** An error's words as the API would answer them. */
function reasonOf(error: HttpException): string {
  const response = error.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: string | string[] }).message;
  return Array.isArray(message) ? message.join('; ') : (message ?? error.message);
}

/**
 * A claim by a WhatsApp button or an SMS "1" (docs/MESSAGING.md, "Replies that act"): exactly the web's
 * claim (RequestsService.requestPickup: one race-safe statement, the claim limits, verification-only
 * listings, suspensions), as the phone's owner, then the pickup details the claiming charity may read.
 * Only a charity claims; the web's refusals come back as words for the answer.
 */
@Injectable()
export class ClaimByReply implements ReplyActions {
  constructor(private readonly requests: RequestsService) {}

  async claim(user: { id: number; userType: UserType }, foodId: number): Promise<ClaimReply> {
    if (user.userType !== 'charity') return { outcome: 'refused', reason: ERRORS.claimByCharitiesOnly };
    try {
      const { request_id: requestId } = await this.requests.requestPickup(user, foodId);
      const details = await this.requests.pickupDetails(user, requestId);
      const address = details.point ? [details.point.address_line, details.point.area].filter(Boolean).join(', ') : null;
      return { outcome: 'claimed', foodName: details.food_name, pickupCode: details.pickup_code, address };
    } catch (error) {
      if (error instanceof ConflictException && reasonOf(error) === ERRORS.foodAlreadyClaimed) return { outcome: 'taken' };
      if (error instanceof HttpException) return { outcome: 'refused', reason: reasonOf(error) };
      throw error;
    }
  }
}
