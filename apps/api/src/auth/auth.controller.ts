import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { API_ROUTES } from '@food-link/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from './auth-user';
import { CurrentUser, Public } from './auth.decorators';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { TooManyAttemptsException } from './login-limiter.service';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post(API_ROUTES.registerDonor)
  registerDonor(@Body() body: RegisterDto) {
    return this.auth.registerDonor(body);
  }

  @Public()
  @Post(API_ROUTES.registerCharity)
  registerCharity(@Body() body: RegisterDto) {
    return this.auth.registerCharity(body);
  }

  @Public()
  @Post(API_ROUTES.login)
  @HttpCode(HttpStatus.OK)
  async login(@Body() body: LoginDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    try {
      return await this.auth.login(body, request.ip);
    } catch (error) {
      if (error instanceof TooManyAttemptsException) void reply.header('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  @Get(API_ROUTES.me)
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user);
  }

  @Public()
  @Get(API_ROUTES.charityIdByName)
  charityByName(@Param('charityName') name: string) {
    return this.auth.charityByName(name);
  }
}
