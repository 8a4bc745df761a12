import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  API_ROUTES,
  CharityLookupResponse,
  ERRORS,
  LIMITS,
  LoginBody,
  LoginResponse,
  MeResponse,
  RegisterBody,
  RegisterCharityResponse,
  RegisterDonorResponse,
} from '@food-link/contracts';
import type { FastifyRequest } from 'fastify';
import { preferredLanguage } from '../common/language';
import { ApiErrors, type ErrorSpec } from '../openapi/api-errors';
import { shapeRef, ValidBody } from '../openapi/shapes';
import type { AuthUser } from './auth-user';
import { CurrentUser, Public } from './auth.decorators';
import { AuthService } from './auth.service';

const INVALID_REGISTRATION: ErrorSpec = {
  status: 400,
  description: 'A field is missing or too long, the e-mail is not valid, or the password is shorter than 8 characters',
  message: ['email must be a valid e-mail address', 'password must be longer than or equal to 8 characters'],
};

const SIGN_UP_LANGUAGE = {
  name: 'accept-language',
  required: false,
  description: "Without `language` in the body, the account's e-mail and push are written in Arabic or English, whichever the header prefers (English otherwise)",
};

/** The language an account signs up in: the body's, else the one its browser prefers. */
const signUpLanguage = (body: RegisterBody, request: FastifyRequest) => body.language ?? preferredLanguage(request.headers['accept-language']);

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post(API_ROUTES.registerDonor)
  @ApiOperation({ summary: 'Sign up as a donor' })
  @ApiCreatedResponse({ schema: shapeRef(RegisterDonorResponse), description: 'The donor account was created' })
  @ApiErrors(
    INVALID_REGISTRATION,
    { status: 409, description: 'The e-mail address is already registered', message: ERRORS.emailTaken },
    429,
    503,
  )
  @ApiHeader(SIGN_UP_LANGUAGE)
  registerDonor(@ValidBody(RegisterBody) body: RegisterBody, @Req() request: FastifyRequest) {
    return this.auth.registerDonor(body, request.ip, signUpLanguage(body, request));
  }

  @Public()
  @Post(API_ROUTES.registerCharity)
  @ApiOperation({ summary: 'Sign up as a charity' })
  @ApiCreatedResponse({ schema: shapeRef(RegisterCharityResponse), description: 'The charity account was created' })
  @ApiErrors(
    INVALID_REGISTRATION,
    {
      status: 409,
      description: 'The e-mail address or the charity name is already registered',
      message: ERRORS.charityNameTaken,
    },
    429,
    503,
  )
  @ApiHeader(SIGN_UP_LANGUAGE)
  registerCharity(@ValidBody(RegisterBody) body: RegisterBody, @Req() request: FastifyRequest) {
    return this.auth.registerCharity(body, request.ip, signUpLanguage(body, request));
  }

  @Public()
  @Post(API_ROUTES.login)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in: get a session token' })
  @ApiOkResponse({ schema: shapeRef(LoginResponse), description: 'Signed in' })
  @ApiErrors(
    { status: 400, description: 'E-mail or password missing, not text, or too long', message: ['password should not be empty'] },
    { status: 401, description: 'Wrong e-mail or password (the answer does not say which)', message: ERRORS.invalidLogin },
    429,
    503,
  )
  login(@ValidBody(LoginBody) body: LoginBody, @Req() request: FastifyRequest) {
    return this.auth.login(body, request.ip);
  }

  @Get(API_ROUTES.me)
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ schema: shapeRef(MeResponse), description: 'The account the session token stands for' })
  @ApiErrors(401, 503)
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  @Public()
  @Get(API_ROUTES.charityIdByName)
  @ApiOperation({ summary: "Look up a charity's account by its name" })
  @ApiParam({
    name: 'charityName',
    description: 'The registered name, any case',
    schema: { type: 'string', maxLength: LIMITS.nameMaxLength, example: 'Ahl Masr Foundation' },
  })
  @ApiOkResponse({ schema: shapeRef(CharityLookupResponse), description: 'The charity' })
  @ApiErrors({ status: 404, description: 'No charity has this name', message: ERRORS.charityNotFound }, 503)
  charityByName(@Param('charityName') name: string) {
    return this.auth.charityByName(name);
  }
}
