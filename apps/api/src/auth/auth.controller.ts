import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { API_ROUTES, LIMITS } from '@food-link/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiErrors, type ErrorSpec } from '../openapi/api-errors';
import {
  CharityLookupResponseSchema,
  LoginResponseSchema,
  MeResponseSchema,
  RegisterCharityResponseSchema,
  RegisterDonorResponseSchema,
} from '../openapi/responses';
import type { AuthUser } from './auth-user';
import { CurrentUser, Public } from './auth.decorators';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';

const INVALID_REGISTRATION: ErrorSpec = {
  status: 400,
  description: 'A field is missing or too long, the e-mail is not valid, or the password is shorter than 8 characters',
  message: ['email must be a valid e-mail address', 'password must be longer than or equal to 8 characters'],
};

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post(API_ROUTES.registerDonor)
  @ApiOperation({ summary: 'Sign up as a donor' })
  @ApiCreatedResponse({ type: RegisterDonorResponseSchema, description: 'The donor account was created' })
  @ApiErrors(
    INVALID_REGISTRATION,
    { status: 409, description: 'The e-mail address is already registered', message: 'This e-mail address is already registered' },
    429,
    503,
  )
  registerDonor(@Body() body: RegisterDto, @Req() request: FastifyRequest) {
    return this.auth.registerDonor(body, request.ip);
  }

  @Public()
  @Post(API_ROUTES.registerCharity)
  @ApiOperation({ summary: 'Sign up as a charity' })
  @ApiCreatedResponse({ type: RegisterCharityResponseSchema, description: 'The charity account was created' })
  @ApiErrors(
    INVALID_REGISTRATION,
    {
      status: 409,
      description: 'The e-mail address or the charity name is already registered',
      message: 'A charity with this name is already registered',
    },
    429,
    503,
  )
  registerCharity(@Body() body: RegisterDto, @Req() request: FastifyRequest) {
    return this.auth.registerCharity(body, request.ip);
  }

  @Public()
  @Post(API_ROUTES.login)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in: get a session token' })
  @ApiOkResponse({ type: LoginResponseSchema, description: 'Signed in' })
  @ApiErrors(
    { status: 400, description: 'E-mail or password missing, not text, or too long', message: ['password should not be empty'] },
    { status: 401, description: 'Wrong e-mail or password (the answer does not say which)', message: 'Invalid email or password' },
    429,
    503,
  )
  login(@Body() body: LoginDto, @Req() request: FastifyRequest) {
    return this.auth.login(body, request.ip);
  }

  @Get(API_ROUTES.me)
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: MeResponseSchema, description: 'The account the session token stands for' })
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
  @ApiOkResponse({ type: CharityLookupResponseSchema, description: 'The charity' })
  @ApiErrors({ status: 404, description: 'No charity has this name', message: 'Charity not found' }, 503)
  charityByName(@Param('charityName') name: string) {
    return this.auth.charityByName(name);
  }
}
