import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { OrgRole, UserType } from '@food-link/contracts';
import type { FastifyRequest } from 'fastify';
import { PUBLIC_KEY } from '../common/route-metadata';
import type { AuthUser } from './auth-user';

export const ROLES_KEY = 'foodlink:roles';
export const VIEWER_KEY = 'foodlink:viewer';
export const ORG_ROLES_KEY = 'foodlink:org-roles';

/** The call needs no session token. Every other call does. */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/**
 * The call needs no session token, but what it answers may depend on who asks (an item offered to a
 * donor's partner charities alone): a valid token makes its user the `@Viewer()`; a missing, expired or
 * forged one makes the caller anonymous, never a 401.
 */
export const PublicWithViewer = () => applyDecorators(Public(), SetMetadata(VIEWER_KEY, true));

/** Only these user types may make the call (403 for the others). */
export const Roles = (...roles: UserType[]) => SetMetadata(ROLES_KEY, roles);

/**
 * Only members whose organisation role is one of these may make the call (403 for other members and for
 * users in no organisation; docs/ORGANISATIONS.md). Operators pass when @Roles lets them in. Branch checks
 * (which pickup points a branch manager or staff member works at) are the owning services'.
 */
export const OrgRoles = (...roles: OrgRole[]) => SetMetadata(ORG_ROLES_KEY, roles);

export type AuthenticatedRequest = FastifyRequest & { user?: AuthUser };

/** The signed-in user of this request; only on calls that are not @Public(). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new Error('CurrentUser used on a public route');
  return user;
});

/** On a `@PublicWithViewer()` call: the signed-in user, or null for anyone else. */
export const Viewer = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | null => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().user ?? null;
});
