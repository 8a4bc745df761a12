import { Controller, Delete, ForbiddenException, Get, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ERRORS,
  MESSAGING_CHANNELS,
  MESSAGING_ROUTES,
  PHONE_CODE,
  PhoneBody,
  PhoneCodeBody,
  MessageLog,
  MessageLogQuery,
  PhoneSettingsBody,
  PhoneView,
  WebhookReceipt,
  WhatsAppHandshakeQuery,
} from '@food-link/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Public, Roles } from '../auth/auth.decorators';
import { MessagingRepository } from './messaging.repository';
import { AppConfig } from '../config/app-config';
import { ApiErrors } from '../openapi/api-errors';
import { shapeRef, ValidBody, ValidQuery } from '../openapi/shapes';
import { PhoneService } from './phone.service';
import { validTwilioSignature, validWhatsAppSignature } from './webhook-signatures';
import { WebhookHandler } from './webhook-handler';

const same = (a: string, b: string) => a.length === b.length && Buffer.from(a).equals(Buffer.from(b));

/** The signed-in user's phone (any role): one phone per account, verified by a code sent to it. */
@ApiTags('messaging')
@Controller()
export class PhoneController {
  constructor(private readonly phones: PhoneService) {}

  @Get(MESSAGING_ROUTES.phone)
  @ApiOperation({ summary: "The signed-in user's phone for WhatsApp or SMS, whether it is verified, and which channels this server has" })
  @ApiOkResponse({ schema: shapeRef(PhoneView) })
  @ApiErrors(401, 503)
  phone(@CurrentUser() user: AuthUser): Promise<PhoneView> {
    return this.phones.view(user.id);
  }

  @Post(MESSAGING_ROUTES.phone)
  @ApiOperation({
    summary: `Sends a ${PHONE_CODE.digits}-digit code to an Egyptian mobile by WhatsApp or SMS; the phone is used once the code comes back`,
    description: `The code works for ${PHONE_CODE.minutes} minutes and ${PHONE_CODE.tries} tries. A new phone replaces the old one, unverified until its code comes back.`,
  })
  @ApiCreatedResponse({ schema: shapeRef(PhoneView) })
  @ApiErrors(
    { status: 400, description: 'phone is not an Egyptian mobile number, or channel is not one of ' + MESSAGING_CHANNELS.join(', '), message: [ERRORS.phoneNotMobile] },
    401,
    { status: 409, description: 'Another account has verified this phone', message: ERRORS.phoneOfAnotherAccount },
    { status: 429, description: 'Too many codes for this phone or account in the last hour (`Retry-After`)', message: ERRORS.phoneCodesTooMany },
    503,
  )
  request(@CurrentUser() user: AuthUser, @ValidBody(PhoneBody) body: PhoneBody): Promise<PhoneView> {
    return this.phones.request(user.id, body);
  }

  @Post(MESSAGING_ROUTES.verifyPhone)
  @HttpCode(200)
  @ApiOperation({ summary: 'Verifies the phone with the code sent to it' })
  @ApiOkResponse({ schema: shapeRef(PhoneView) })
  @ApiErrors(
    { status: 400, description: 'code is not 6 digits, or not the code sent (the tries left are said)', message: [ERRORS.phoneCodeWrong(4)] },
    401,
    { status: 409, description: 'No code is pending, it has expired or was mistyped 5 times (ask for a new one), or another account verified the phone first', message: ERRORS.phoneCodeExpired },
    503,
  )
  verify(@CurrentUser() user: AuthUser, @ValidBody(PhoneCodeBody) body: PhoneCodeBody): Promise<PhoneView> {
    return this.phones.verify(user.id, body.code);
  }

  @Put(MESSAGING_ROUTES.phoneSettings)
  @ApiOperation({
    summary: 'Settings of the verified phone: messages on or off (on again after STOP), SMS when WhatsApp fails for good, quiet hours (Cairo time)',
    description: 'Fields left out stay as they are. Messages held by quiet hours go out when the hours end.',
  })
  @ApiOkResponse({ schema: shapeRef(PhoneView) })
  @ApiErrors(
    { status: 400, description: 'A field is not a boolean, quiet_hours is not two different HH:MM times, or an unknown field', message: ['on must be true or false'] },
    401,
    { status: 409, description: 'The user has no verified phone', message: ERRORS.phoneNotVerified },
    503,
  )
  settings(@CurrentUser() user: AuthUser, @ValidBody(PhoneSettingsBody) body: PhoneSettingsBody): Promise<PhoneView> {
    return this.phones.saveSettings(user.id, body);
  }

  @Delete(MESSAGING_ROUTES.phone)
  @ApiOperation({ summary: "Removes the signed-in user's phone: nothing more is sent to it" })
  @ApiOkResponse({ schema: shapeRef(PhoneView) })
  @ApiErrors(401, 503)
  remove(@CurrentUser() user: AuthUser): Promise<PhoneView> {
    return this.phones.remove(user.id);
  }
}

/** The operators' message log (docs/MESSAGING.md, "The operators' log"). */
@ApiTags('ops')
@Roles('operator')
@Controller()
export class MessagingOpsController {
  constructor(private readonly repository: MessagingRepository) {}

  @Get(MESSAGING_ROUTES.opsMessages)
  @ApiOperation({
    summary: 'WhatsApp and SMS messages, newest first, with their delivery statuses (failed: the reason), and the last 7 days per channel and status',
    description: "Never a message's text (it may hold a pickup code or an address); numbers with their middle hidden. Failed sends also wait as failed jobs of the `messaging` queue.",
  })
  @ApiOkResponse({ schema: shapeRef(MessageLog) })
  @ApiErrors(
    { status: 400, description: 'channel, status or limit is not one of its values', message: ['channel must be one of whatsapp, sms'] },
    401,
    { status: 403, description: 'Not an operator', message: ERRORS.rolesOnly(['operator']) },
    503,
  )
  log(@ValidQuery(MessageLogQuery) query: MessageLogQuery): Promise<MessageLog> {
    return this.repository.messageLog(query);
  }
}

/**
 * The providers' webhooks (docs/MESSAGING.md). Public, and refused (403) unless signed as the provider
 * signs them: Meta's `X-Hub-Signature-256` over the raw body, Twilio's `X-Twilio-Signature` over
 * PUBLIC_URL + path and the sorted form parameters.
 */
@ApiTags('messaging')
@Controller()
export class WebhooksController {
  constructor(
    private readonly config: AppConfig,
    private readonly handler: WebhookHandler,
  ) {}

  @Public()
  @Get(MESSAGING_ROUTES.whatsappWebhook)
  @ApiOperation({ summary: "Meta's webhook subscription handshake: answers hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN" })
  @ApiOkResponse({ description: 'hub.challenge, as sent', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiErrors({ status: 400, description: 'A hub.* parameter is too long' }, { status: 403, description: 'Not a subscription, or the wrong verify token', message: ERRORS.webhookVerifyTokenWrong })
  handshake(@ValidQuery(WhatsAppHandshakeQuery) query: WhatsAppHandshakeQuery, @Res({ passthrough: true }) reply: FastifyReply): string {
    const expected = this.config.WHATSAPP_VERIFY_TOKEN;
    const token = query['hub.verify_token'];
    if (!expected || query['hub.mode'] !== 'subscribe' || token === undefined || !same(token, expected)) {
      throw new ForbiddenException(ERRORS.webhookVerifyTokenWrong);
    }
    // The content type is set on success only: a refusal is an ErrorResponse in JSON.
    reply.header('content-type', 'text/plain; charset=utf-8');
    return query['hub.challenge'] ?? '';
  }

  @Public()
  @Post(MESSAGING_ROUTES.whatsappWebhook)
  @HttpCode(200)
  @ApiOperation({
    summary: 'WhatsApp messages and delivery statuses from Meta, signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET)',
  })
  @ApiOkResponse({ schema: shapeRef(WebhookReceipt) })
  @ApiErrors({ status: 403, description: 'The signature is missing or wrong (or WhatsApp is not configured)', message: ERRORS.webhookSignatureInvalid }, 503)
  async whatsApp(@Req() request: FastifyRequest & { rawBody?: Buffer }): Promise<WebhookReceipt> {
    const secret = this.config.WHATSAPP_APP_SECRET;
    const signature = request.headers['x-hub-signature-256'];
    if (!secret || !request.rawBody || !validWhatsAppSignature(secret, request.rawBody, typeof signature === 'string' ? signature : undefined)) {
      throw new ForbiddenException(ERRORS.webhookSignatureInvalid);
    }
    await this.handler.whatsApp(request.body);
    return { received: true };
  }

  @Public()
  @Post(MESSAGING_ROUTES.smsWebhook)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Inbound SMS and delivery statuses from a Twilio-compatible API, signed with X-Twilio-Signature (PUBLIC_URL + path and the sorted parameters, HMAC-SHA1 with SMS_AUTH_TOKEN)',
  })
  @ApiOkResponse({ description: 'Empty TwiML: no reply from here', content: { 'text/xml': { schema: { type: 'string' } } } })
  @ApiErrors({ status: 403, description: 'The signature is missing or wrong (or SMS is not configured)', message: ERRORS.webhookSignatureInvalid }, 503)
  async sms(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const token = this.config.SMS_AUTH_TOKEN;
    const signature = request.headers['x-twilio-signature'];
    const params = formParams(request.body);
    if (!token || !params || !validTwilioSignature(token, `${this.config.publicUrl}${request.url}`, params, typeof signature === 'string' ? signature : undefined)) {
      throw new ForbiddenException(ERRORS.webhookSignatureInvalid);
    }
    await this.handler.sms(params);
    reply.header('content-type', 'text/xml; charset=utf-8');
    return '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
  }
}

/** A form body's parameters (text values only), or null when the body is not a form. */
function formParams(body: unknown): Record<string, string | string[]> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))) params[name] = value as string | string[];
    else return null;
  }
  return params;
}
