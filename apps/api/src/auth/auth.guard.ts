import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { UserType } from '@food-link/contracts';
import { PUBLIC_KEY, ROLES_KEY, type AuthenticatedRequest } from './auth.decorators';
import { TokenService } from './token.service';
import { UserDirectory } from './user-directory.service';

/**
 * Global guard: every call needs a valid session token unless marked @Public(), and the user's type
 * must be one of @Roles(...) when the call names roles. Ownership is checked by the services.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly users: UserDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = TokenService.fromAuthorizationHeader(request.headers.authorization);
    if (!token) throw new UnauthorizedException('A session token is required');
    const user = await this.tokens.verify(token);
    // A token outlives an account that has been deleted: it stands for nobody then.
    if (!user || !(await this.users.isLive(user.id))) throw new UnauthorizedException('The session token is invalid or has expired');
    request.user = user;

    const roles = this.reflector.getAllAndOverride<UserType[] | undefined>(ROLES_KEY, targets);
    if (roles && !roles.includes(user.userType)) {
      throw new ForbiddenException(`Only ${roles.join(' or ')} accounts may do this`);
    }
    return true;
  }
}
