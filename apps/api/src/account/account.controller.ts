import { Controller, Delete, ForbiddenException, Get, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ACCOUNT_DELETED_MESSAGE, ACCOUNT_ROUTES, AccountExport, DeleteAccountBody, ERRORS, MessageResponse } from '@food-link/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { LoginLimiterService } from '../auth/login-limiter.service';
import { IdParam } from '../common/id-param';
import { ApiErrors } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { shapeRef, ValidBody } from '../openapi/shapes';
import { AccountService } from './account.service';

const OPERATOR_ONLY = { status: 403, description: 'Not an operator', message: 'Only operator accounts may do this' } as const;
const NO_USER = { status: 404, description: 'No such account, or it is already deleted', message: ERRORS.userNotFound } as const;
const OPERATOR_ACCOUNT = { status: 409, description: 'Operator accounts are configured, not deleted', message: ERRORS.operatorAccountNotDeletable } as const;

/** Sends the export as a file download named after the account. */
function download(reply: FastifyReply, userId: number): void {
  void reply.header('content-disposition', `attachment; filename="foodlink-data-${userId}.json"`).header('cache-control', 'no-store');
}

/** A user's own personal data, and operators acting on a user's request. */
@ApiTags('account')
@Controller()
export class AccountController {
  constructor(
    private readonly accounts: AccountService,
    private readonly limiter: LoginLimiterService,
  ) {}

  @Get(ACCOUNT_ROUTES.export)
  @ApiOperation({ summary: 'Download everything stored about the signed-in user (JSON)' })
  @ApiOkResponse({ schema: shapeRef(AccountExport), description: 'The account, its charity number, its donations and pickup requests' })
  @ApiErrors(401, 503)
  async export(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply) {
    const data = await this.accounts.export(user.id);
    download(reply, user.id);
    return data;
  }

  @Post(ACCOUNT_ROUTES.delete)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Delete the signed-in user's account",
    description:
      'Every session ends (tokens answer 401), pending requests are cancelled, a donor\'s food leaves the board, and the ' +
      'name, e-mail and password are removed; past donations and requests stay, anonymised, so totals stay correct.',
  })
  @ApiOkResponse({ schema: shapeRef(MessageResponse), description: ACCOUNT_DELETED_MESSAGE })
  @ApiErrors(
    { status: 400, description: '`password` is missing', message: ['password should not be empty'] },
    401,
    { status: 403, description: 'The password is not correct', message: ERRORS.wrongPassword },
    OPERATOR_ACCOUNT,
    { status: 429, description: 'Too many wrong passwords for this account from this address (the login limits)', message: ERRORS.tooManyLogins(900) },
    503,
  )
  async deleteOwn(@CurrentUser() user: AuthUser, @ValidBody(DeleteAccountBody) body: DeleteAccountBody, @Req() request: FastifyRequest) {
    // The password check counts against the login limits (429 past them); a wrong password stays counted.
    const attempt = await this.limiter.beginPasswordCheck(user.id, request.ip);
    try {
      const answer = await this.accounts.deleteOwn(user, body.password);
      await attempt.succeeded();
      return answer;
    } catch (error) {
      if (!(error instanceof ForbiddenException)) await attempt.abandoned();
      throw error;
    }
  }

  @Roles('operator')
  @Get(ACCOUNT_ROUTES.opsExport)
  @ApiOperation({ summary: "A user's data, for an operator answering the user's request" })
  @ApiIdParam('userId', 'The account')
  @ApiOkResponse({ schema: shapeRef(AccountExport), description: 'The account, its charity number, its donations and pickup requests' })
  @ApiErrors(invalidId('userId'), 401, OPERATOR_ONLY, NO_USER, 503)
  async opsExport(@IdParam('userId') userId: number, @Res({ passthrough: true }) reply: FastifyReply) {
    const data = await this.accounts.export(userId);
    download(reply, userId);
    return data;
  }

  @Roles('operator')
  @Delete(ACCOUNT_ROUTES.opsDelete)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: "Delete a user's account on the user's request (operators); recorded in the audit log" })
  @ApiIdParam('userId', 'The account')
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(invalidId('userId'), 401, OPERATOR_ONLY, NO_USER, OPERATOR_ACCOUNT, 503)
  async opsDelete(@CurrentUser() operator: AuthUser, @IdParam('userId') userId: number): Promise<void> {
    await this.accounts.deleteByOperator(operator, userId);
  }
}
