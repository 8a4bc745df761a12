import { Body, Controller, Get, Headers, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CharityProfileBody,
  CharityProfileView,
  ERRORS,
  FailedNotificationView,
  NOTIFICATION_ROUTES,
  NotificationPreferences,
  NotificationsResponse,
  OPS_ROUTES,
  ReadNotificationsBody,
} from '@food-link/contracts';
import { accountOf, type AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, Roles } from '../auth/auth.decorators';
import { parseShape } from '../common/shape-pipe';
import { ApiErrors } from '../openapi/api-errors';
import { shapeList, shapeRef, ValidBody } from '../openapi/shapes';
import { namedLanguage } from '../common/language';
import { InboxService } from './inbox.service';

const CHARITIES_ONLY = { status: 403, description: 'Not a charity', message: ERRORS.rolesOnly(['charity']) } as const;
const OPERATOR_ONLY = { status: 403, description: 'Not an operator', message: ERRORS.rolesOnly(['operator']) } as const;

/** The signed-in user's notifications and choices (every role, each their own). */
@ApiTags('notifications')
@Controller()
export class NotificationsController {
  constructor(private readonly inbox: InboxService) {}

  @Get(NOTIFICATION_ROUTES.list)
  @ApiOperation({ summary: "The caller's in-app notifications, newest first (at most 50), and the unread count" })
  @ApiOkResponse({ schema: shapeRef(NotificationsResponse) })
  @ApiErrors(401, 503)
  list(@CurrentUser() user: AuthUser) {
    return this.inbox.list(user.id);
  }

  @Post(NOTIFICATION_ROUTES.read)
  @HttpCode(200)
  @ApiOperation({ summary: "Marks the caller's notifications read: `ids`, or all without them; others' ids change nothing" })
  @ApiBody({ required: false, schema: shapeRef(ReadNotificationsBody) })
  @ApiOkResponse({ schema: shapeRef(NotificationsResponse) })
  @ApiErrors({ status: 400, description: '`ids` is not a list of notification ids', message: ['ids.0 must each be a notification id'] }, 401, 503)
  read(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    // No body at all means "all", like `{}`.
    const { ids } = parseShape(ReadNotificationsBody, body ?? {});
    return this.inbox.markRead(user.id, ids);
  }

  @Get(NOTIFICATION_ROUTES.preferences)
  @ApiOperation({ summary: "The caller's choices per kind and channel, and the language of e-mail and push" })
  @ApiOkResponse({ schema: shapeRef(NotificationPreferences) })
  @ApiErrors(401, 503)
  preferences(@CurrentUser() user: AuthUser) {
    return this.inbox.preferences(user.id);
  }

  @Put(NOTIFICATION_ROUTES.preferences)
  @ApiOperation({ summary: "Replaces the caller's choices and language" })
  @ApiOkResponse({ schema: shapeRef(NotificationPreferences) })
  @ApiErrors({ status: 400, description: 'A field is missing or invalid', message: ['choices.new_food.email must be true or false'] }, 401, 503)
  savePreferences(@CurrentUser() user: AuthUser, @ValidBody(NotificationPreferences) body: NotificationPreferences) {
    return this.inbox.savePreferences(user.id, body);
  }
}

/** A charity's matching profile: what food it takes and where (charities only, their own). */
@ApiTags('notifications')
@Roles('charity')
@OrgRoles('admin', 'coordinator')
@Controller()
export class CharityProfileController {
  constructor(private readonly inbox: InboxService) {}

  @Get(NOTIFICATION_ROUTES.charityProfile)
  @ApiOperation({ summary: "The charity's matching profile (`saved: false` before the first save: it is not matched until then)" })
  @ApiOkResponse({ schema: shapeRef(CharityProfileView) })
  @ApiErrors(401, CHARITIES_ONLY, 503)
  profile(@CurrentUser() charity: AuthUser) {
    return this.inbox.profile(accountOf(charity));
  }

  @Put(NOTIFICATION_ROUTES.charityProfile)
  @ApiOperation({ summary: "Saves the charity's matching profile (replacing it)" })
  @ApiOkResponse({ schema: shapeRef(CharityProfileView) })
  @ApiErrors({ status: 400, description: 'A field is missing or invalid', message: ['radius_km is required with base_lat, base_lng and radius_km'] }, 401, CHARITIES_ONLY, 503)
  @ApiHeader({ name: 'accept-language', required: false, description: 'Until the charity saves notification preferences, its notifications are written in Arabic or English, whichever the header prefers; a header naming neither keeps the language it signed up in' })
  save(@CurrentUser() charity: AuthUser, @ValidBody(CharityProfileBody) body: CharityProfileBody, @Headers('accept-language') acceptLanguage?: string) {
    return this.inbox.saveProfile(accountOf(charity), body, namedLanguage(acceptLanguage));
  }
}

/** Notifications that could not be delivered, for the operator console. */
@ApiTags('ops')
@Roles('operator')
@Controller()
export class NotificationsOpsController {
  constructor(private readonly inbox: InboxService) {}

  @Get(OPS_ROUTES.failedNotifications)
  @ApiOperation({
    summary: 'Notification deliveries that failed for good, latest first (retry or remove them as failed jobs of the `notifications` queue)',
    description: 'Deliveries of notifications, and password reset e-mails (`type` `password.reset`: the account and address, never the link).',
  })
  @ApiOkResponse({ schema: shapeList(FailedNotificationView) })
  @ApiErrors(401, OPERATOR_ONLY, 503)
  failed() {
    return this.inbox.failed();
  }
}
