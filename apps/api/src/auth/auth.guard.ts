import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ERRORS, type OrgRole, type UserType } from '@food-link/contracts';
import { PUBLIC_KEY } from '../common/route-metadata';
import { ORG_ROLES_KEY, ROLES_KEY, VIEWER_KEY, type AuthenticatedRequest } from './auth.decorators';
import { TokenService } from './token.service';

/**
 * Global guard: every call needs a valid session token unless marked @Public(), and the user's type
 * must be one of @Roles(...) when the call names roles. A donor or charity user acts through its
 * organisation (docs/ORGANISATIONS.md): one in none may make no call that names donor or charity roles,
 * and a call with @OrgRoles(...) needs one of those organisation roles. Ownership and branches are checked
 * by the services.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) {
      if (this.reflector.getAllAndOverride<boolean>(VIEWER_KEY, targets)) {
        const token = TokenService.fromAuthorizationHeader(request.headers.authorization);
        request.user = (token && (await this.tokens.verify(token))) || undefined;
      }
      return true;
    }

    const token = TokenService.fromAuthorizationHeader(request.headers.authorization);
    if (!token) throw new UnauthorizedException(ERRORS.sessionRequired);
    const session = await this.tokens.check(token);
    if (!session) throw new UnauthorizedException(ERRORS.sessionInvalid);
    // A suspended account's session is valid but of no use: it is told why.
    if (session.suspensionReason !== null) throw new ForbiddenException(ERRORS.accountSuspended(session.suspensionReason));
    const { user } = session;
    request.user = user;

    const roles = this.reflector.getAllAndOverride<UserType[] | undefined>(ROLES_KEY, targets);
    if (roles && !roles.includes(user.userType)) {
      throw new ForbiddenException(ERRORS.rolesOnly(roles));
    }
    if (user.userType === 'operator') return true;
    const orgRoles = this.reflector.getAllAndOverride<OrgRole[] | undefined>(ORG_ROLES_KEY, targets);
    if ((orgRoles || roles) && !user.org) throw new ForbiddenException(ERRORS.notInOrganisation);
    if (orgRoles && user.org && !orgRoles.includes(user.org.role)) throw new ForbiddenException(ERRORS.orgRolesOnly(orgRoles));
    return true;
  }
}
