import { Controller, Delete, Get, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeletePushSubscriptionBody, ERRORS, MessageResponse, PUSH_ROUTES, PushPublicKey, PushSubscriptionBody } from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Public } from '../auth/auth.decorators';
import { ApiErrors } from '../openapi/api-errors';
import { shapeRef, ValidBody } from '../openapi/shapes';
import { PushService } from './push.service';

/**
 * Web Push subscriptions (docs/PUSH.md): any signed-in user may have this browser notified; each user
 * sees and removes only their own. The public key is public: the browser needs it to subscribe.
 */
@ApiTags('push')
@Controller()
export class PushController {
  constructor(private readonly push: PushService) {}

  @Public()
  @Get(PUSH_ROUTES.publicKey)
  @ApiOperation({ summary: "The server's VAPID public key, the `applicationServerKey` a browser subscribes with" })
  @ApiOkResponse({ schema: shapeRef(PushPublicKey) })
  publicKey(): PushPublicKey {
    return this.push.publicKey();
  }

  @Post(PUSH_ROUTES.subscriptions)
  @ApiOperation({
    summary: "Saves this browser's push subscription for the signed-in user",
    description:
      'The body is `PushSubscription.toJSON()`. The endpoint must be https on a public address. Saving it again is harmless; ' +
      'the same browser signed in to another account moves to that account.',
  })
  @ApiCreatedResponse({ schema: shapeRef(MessageResponse) })
  @ApiErrors(
    { status: 400, description: 'A field is missing or invalid, or the endpoint is not https on a public address', message: [ERRORS.pushEndpointNotPublic] },
    401,
    { status: 409, description: 'Another account saved this endpoint with other keys', message: ERRORS.pushEndpointOfAnotherUser },
    503,
  )
  async subscribe(@CurrentUser() user: AuthUser, @ValidBody(PushSubscriptionBody) body: PushSubscriptionBody): Promise<MessageResponse> {
    await this.push.subscribe(user.id, body);
    return { message: 'This device will receive notifications' };
  }

  @Delete(PUSH_ROUTES.subscriptions)
  @ApiOperation({ summary: "Stops push notifications to this browser (one of the signed-in user's own subscriptions)" })
  @ApiOkResponse({ schema: shapeRef(MessageResponse) })
  @ApiErrors(
    { status: 400, description: '`endpoint` is missing or not a URL', message: ['endpoint should not be empty'] },
    401,
    { status: 404, description: 'The user has no subscription with this endpoint', message: ERRORS.pushSubscriptionNotFound },
    503,
  )
  async unsubscribe(@CurrentUser() user: AuthUser, @ValidBody(DeletePushSubscriptionBody) body: DeletePushSubscriptionBody): Promise<MessageResponse> {
    await this.push.unsubscribe(user.id, body.endpoint);
    return { message: 'This device will no longer receive notifications' };
  }
}
