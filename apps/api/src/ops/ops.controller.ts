import { Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  BULL_BOARD_PATH,
  ERRORS,
  FailedJobView,
  JobActionResult,
  OPS_ROUTES,
  OpsEventsQuery,
  OpsEventView,
  OpsMailItem,
  OpsMailMessage,
  OpsOverview,
  OpsSnapshot,
  QUEUES,
} from '@food-link/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { TokenService } from '../auth/token.service';
import { ApiErrors } from '../openapi/api-errors';
import { NoReplay } from '../idempotency/idempotency.interceptor';
import { shapeList, shapeRef, ValidQuery } from '../openapi/shapes';
import { Mailer } from '../mail/mailer';
import { OpsService } from './ops.service';
import { BOARD_COOKIE, BOARD_SESSION_SECONDS } from './queue-board';

const OPERATOR_ONLY = { status: 403, description: 'Not an operator', message: ERRORS.rolesOnly(['operator']) } as const;
const NO_QUEUE = { status: 404, description: 'No such queue', message: ERRORS.noSuchQueue('emails') } as const;
const NO_JOB = { status: 404, description: 'No such queue or job', message: ERRORS.noSuchJob('4f0c…', 'domain-events') } as const;
const NOT_FAILED = { status: 409, description: 'The job is not failed (it is waiting, active, delayed or completed)', message: ERRORS.jobNotFailed('4f0c…', 'active') } as const;
const queueParam = () => ApiParam({ name: 'queue', enum: Object.values(QUEUES) });
const jobParam = () => ApiParam({ name: 'jobId', description: 'The job id (for domain events, the event id)' });

/** The operator console's calls. Operators only: 401 without a session, 403 for donors and charities. */
@ApiTags('ops')
@Roles('operator')
@Controller()
export class OpsController {
  constructor(
    private readonly ops: OpsService,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
  ) {}

  @Get(OPS_ROUTES.mail)
  @ApiOperation({
    summary: 'The development mail outbox, newest first (at most 100)',
    description: 'Without SMTP_URL the API writes each e-mail to DATA_DIR/mail instead of sending it; with SMTP_URL this is empty.',
  })
  @ApiOkResponse({ schema: shapeList(OpsMailItem) })
  @ApiErrors(401, OPERATOR_ONLY)
  mail(): Promise<OpsMailItem[]> {
    return this.mailer.outbox();
  }

  @Get(OPS_ROUTES.mailMessage)
  @ApiOperation({ summary: 'One message of the development mail outbox: its plain text and the message as sent' })
  @ApiParam({ name: 'file', description: 'The .eml file name the listing gives' })
  @ApiOkResponse({ schema: shapeRef(OpsMailMessage) })
  @ApiErrors(401, OPERATOR_ONLY, { status: 404, description: 'No message by that name', message: ERRORS.noSuchMail })
  async mailMessage(@Param('file') file: string): Promise<OpsMailMessage> {
    const message = await this.mailer.outboxEntry(file);
    if (!message) throw new NotFoundException(ERRORS.noSuchMail);
    return message;
  }

  @Get(OPS_ROUTES.snapshot)
  @ApiOperation({ summary: 'Queues, outbox backlog, sockets, health and events per minute (also pushed as ops.snapshot)' })
  @ApiOkResponse({ schema: shapeRef(OpsSnapshot) })
  @ApiErrors(401, OPERATOR_ONLY)
  snapshot() {
    return this.ops.snapshot();
  }

  @Get(OPS_ROUTES.overview)
  @ApiOperation({ summary: 'Accounts, items and requests by status, impact totals and events recorded' })
  @ApiOkResponse({ schema: shapeRef(OpsOverview) })
  @ApiErrors(401, OPERATOR_ONLY, 503)
  overview() {
    return this.ops.overview();
  }

  @Get(OPS_ROUTES.events)
  @ApiOperation({ summary: 'The latest domain events, newest first (also pushed one by one as ops.event)' })
  @ApiOkResponse({ schema: shapeList(OpsEventView) })
  @ApiErrors({ status: 400, description: '`type` or `limit` is invalid', message: ['type must be one of food.listed, …'] }, 401, OPERATOR_ONLY, 503)
  events(@ValidQuery(OpsEventsQuery) query: OpsEventsQuery) {
    return this.ops.events(query.limit, query.type);
  }

  @Get(OPS_ROUTES.failedJobs)
  @ApiOperation({ summary: "A queue's failed jobs, latest failure first (at most 100)" })
  @queueParam()
  @ApiOkResponse({ schema: shapeList(FailedJobView) })
  @ApiErrors(401, OPERATOR_ONLY, NO_QUEUE, 503)
  failedJobs(@Param('queue') queue: string) {
    return this.ops.failedJobs(queue);
  }

  @Post(OPS_ROUTES.retryAllFailed)
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue every failed job of a queue again, each with fresh attempts' })
  @queueParam()
  @ApiOkResponse({ schema: shapeRef(JobActionResult) })
  @ApiErrors(401, OPERATOR_ONLY, NO_QUEUE, 503)
  retryAll(@CurrentUser() operator: AuthUser, @Param('queue') queue: string) {
    return this.ops.retryAllFailed(operator, queue);
  }

  @Post(OPS_ROUTES.retryJob)
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue one failed job again, with fresh attempts' })
  @queueParam()
  @jobParam()
  @ApiOkResponse({ schema: shapeRef(JobActionResult) })
  @ApiErrors(401, OPERATOR_ONLY, NO_JOB, NOT_FAILED, 503)
  retryJob(@CurrentUser() operator: AuthUser, @Param('queue') queue: string, @Param('jobId') jobId: string) {
    return this.ops.retryJob(operator, queue, jobId);
  }

  @Delete(OPS_ROUTES.removeJob)
  @ApiOperation({ summary: 'Remove one failed job (its event is not delivered)' })
  @queueParam()
  @jobParam()
  @ApiOkResponse({ schema: shapeRef(JobActionResult) })
  @ApiErrors(401, OPERATOR_ONLY, NO_JOB, NOT_FAILED, 503)
  removeJob(@CurrentUser() operator: AuthUser, @Param('queue') queue: string, @Param('jobId') jobId: string) {
    return this.ops.removeJob(operator, queue, jobId);
  }

  @Post(OPS_ROUTES.boardSession)
  @HttpCode(204)
  // The answer is its cookie: a retry sets a fresh one rather than replaying an empty body.
  @NoReplay()
  @ApiOperation({ summary: `Opens bull-board (${BULL_BOARD_PATH}) for this browser: a short-lived HttpOnly cookie scoped to it` })
  @ApiNoContentResponse({ description: 'The cookie is set' })
  @ApiErrors(401, OPERATOR_ONLY)
  async boardSession(@CurrentUser() operator: AuthUser, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const token = await this.tokens.issueBoardToken(operator.id, BOARD_SESSION_SECONDS);
    reply.setCookie(BOARD_COOKIE, token, {
      path: BULL_BOARD_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: BOARD_SESSION_SECONDS,
    });
  }
}
