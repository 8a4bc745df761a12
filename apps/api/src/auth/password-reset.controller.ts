import { Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ERRORS,
  FORGOT_PASSWORD_MESSAGE,
  ForgotPasswordBody,
  MessageResponse,
  RECOVERY_ROUTES,
  ResetPasswordBody,
} from '@food-link/contracts';
import type { FastifyRequest } from 'fastify';
import { preferredLanguage } from '../common/language';
import { ApiErrors } from '../openapi/api-errors';
import { shapeRef, ValidBody } from '../openapi/shapes';
import { Public } from './auth.decorators';
import { PasswordResetService } from './password-reset.service';

/** Password reset by e-mail (docs/ACCOUNT-RECOVERY.md). */
@ApiTags('auth')
@Controller()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Public()
  @Post(RECOVERY_ROUTES.forgotPassword)
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Ask for a password reset link by e-mail',
    description:
      'Always answers 202 with the same message, at once: whether the address has an account, and whether this ' +
      'request was over its limits (RESET_MAX_PER_ACCOUNT per account-and-client-address pair, RESET_MAX_PER_ADDRESS per client address), ' +
      'is worked out afterwards. An account gets a link valid RESET_TOKEN_MINUTES that works once; using any link of the account ends the others.',
  })
  @ApiAcceptedResponse({ schema: shapeRef(MessageResponse), description: FORGOT_PASSWORD_MESSAGE })
  @ApiErrors({ status: 400, description: 'The e-mail is missing or not valid, or the language is not en or ar', message: ['email must be a valid e-mail address'] })
  async forgotPassword(@ValidBody(ForgotPasswordBody) body: ForgotPasswordBody, @Req() request: FastifyRequest): Promise<MessageResponse> {
    await this.resets.request({
      email: body.email,
      language: body.language ?? preferredLanguage(request.headers['accept-language']),
      address: request.ip,
    });
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  @Public()
  @Post(RECOVERY_ROUTES.resetPassword)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Set a new password with an e-mailed link's token; every session of the account ends" })
  @ApiOkResponse({ schema: shapeRef(MessageResponse), description: 'The password was changed' })
  @ApiErrors(
    { status: 400, description: 'The token is not one we sent or has expired, or the password breaks the sign-up rules', message: ERRORS.resetTokenExpired },
    { status: 409, description: 'The link was used already, or another link of the account was', message: ERRORS.resetTokenUsed },
    503,
  )
  resetPassword(@ValidBody(ResetPasswordBody) body: ResetPasswordBody): Promise<MessageResponse> {
    return this.resets.reset(body);
  }
}
