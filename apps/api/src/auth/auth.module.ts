import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { CharitiesRepository } from './charities.repository';
import { CharitiesService } from './charities.service';
import { LoginLimiterService } from './login-limiter.service';
import { OperatorAccountService } from './operator-account.service';
import { OrganisationsRepository } from './organisations.repository';
import { OrganisationsService } from './organisations.service';
import { PasswordService } from './password.service';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { PasswordResetMailModule } from './password-reset-mail';
import { SessionUsers } from './session-users';
import { TokenService } from './token.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Session tokens alone, for processes that check them without serving sign-in (a worker's /metrics). */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // A KeyObject, not the string: jsonwebtoken tries (and fails) to read a string secret as a
        // public key on every verify, which measured ~550 µs a request against ~11 µs.
        secret: createSecretKey(Buffer.from(config.jwtSecret)),
        signOptions: { algorithm: 'HS256', expiresIn: config.JWT_TTL_SECONDS },
      }),
    }),
  ],
  // The repositories stay inside auth/ (AuthModule provides them to its own services too); other modules use
  // UsersService, CharitiesService and OrganisationsService.
  providers: [TokenService, SessionUsers, UsersRepository, UsersService, CharitiesRepository, CharitiesService, OrganisationsRepository, OrganisationsService],
  exports: [TokenService, SessionUsers, UsersService, CharitiesService, OrganisationsService],
})
export class TokenModule {}

@Module({
  // A password reset closes the account's sockets through SOCKET_SIGN_OUT (SocketSignOutModule, global).
  imports: [TokenModule, PasswordResetMailModule],
  controllers: [AuthController, PasswordResetController],
  providers: [
    AuthService,
    PasswordService,
    LoginLimiterService,
    OperatorAccountService,
    PasswordResetService,
    UsersRepository,
    CharitiesRepository,
    OrganisationsRepository,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [TokenModule, PasswordService, LoginLimiterService],
})
export class AuthModule {}
