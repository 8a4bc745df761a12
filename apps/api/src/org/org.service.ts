import { createHash, randomBytes } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  GoneException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ACTIVITY_PAGE_SIZE,
  BRANCH_ROLES,
  ERRORS,
  INVITATION_DAYS,
  MAX_PENDING_INVITATIONS,
  rolesOf,
  type AcceptedInvitation,
  type AcceptInvitationBody,
  type ActivityPage,
  type InvitationBody,
  type InvitationCreated,
  type InvitationList,
  type InvitationPreview,
  type Language,
  type MemberPatchBody,
  type OrgMember,
  type OrgRole,
  type OrgView,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { membershipOf, type AuthUser, type Membership } from '../auth/auth-user';
import { OrganisationsService, type InvitationRow } from '../auth/organisations.service';
import { PasswordService } from '../auth/password.service';
import { SessionUsers } from '../auth/session-users';
import { SOCKET_SIGN_OUT, type SocketSignOut } from '../auth/socket-sign-out';
import { TokenService } from '../auth/token.service';
import { UsersService } from '../auth/users.service';
import { isUniqueViolation } from '../common/errors';
import { IdempotentAnswers } from '../idempotency/idempotent-answers';
import { PickupPointsService } from '../pickup-points/pickup-points.service';
import { InvitationMail } from './invitation-mail';
import { InvitationPhone } from './invitation-phone';

const sha256 = (token: string) => createHash('sha256').update(token).digest();

/** Roles that see members' e-mails and the activity list. */
const SEES_EMAILS: readonly OrgRole[] = ['admin', 'branch_manager', 'coordinator'];

/**
 * Organisations (docs/ORGANISATIONS.md): the members and their roles, invitations by e-mail, the last-admin
 * rule, removal (which ends the member's sessions and sockets at once) and the activity list. Every
 * membership change of one organisation runs under a lock on its row.
 */
@Injectable()
export class OrgService {
  private readonly logger = new Logger('Organisations');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly organisations: OrganisationsService,
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly sessions: SessionUsers,
    private readonly points: PickupPointsService,
    private readonly mail: InvitationMail,
    private readonly phone: InvitationPhone,
    private readonly answers: IdempotentAnswers,
    @Inject(SOCKET_SIGN_OUT) private readonly realtime: SocketSignOut,
  ) {}

  async view(user: AuthUser): Promise<OrgView> {
    const me = membershipOf(user);
    const org = await this.organisations.byId(me.orgId);
    if (!org) throw new ForbiddenException(ERRORS.notInOrganisation);
    return {
      id: org.id,
      name: org.name,
      kind: org.kind,
      account_id: org.accountId,
      my_role: me.role,
      my_pickup_point_ids: me.pickupPointIds,
      members: await this.organisations.members(org.id, SEES_EMAILS.includes(me.role)),
    };
  }

  async invite(user: AuthUser, body: InvitationBody): Promise<InvitationCreated> {
    const me = membershipOf(user);
    const branches = await this.checkRoleAndBranches(me, body.role, body.pickup_point_ids);
    const token = randomBytes(32).toString('base64url');
    const created = await this.db.transaction(async (tx) => {
      await this.organisations.lock(tx, me.orgId);
      if ((await this.organisations.pendingCount(tx, me.orgId)) >= MAX_PENDING_INVITATIONS) {
        throw new ConflictException(ERRORS.tooManyInvitations(MAX_PENDING_INVITATIONS));
      }
      const invitation = await this.organisations.invite(tx, {
        orgId: me.orgId,
        tokenHash: sha256(token),
        email: body.email,
        role: body.role,
        pickupPointIds: branches,
        invitedBy: user.id,
        days: INVITATION_DAYS,
      });
      await this.organisations.record(tx, { organisationId: me.orgId, action: 'invited', actorId: user.id, subject: body.email });
      return this.answers.storeWithin<InvitationCreated>(tx, { invitation_id: invitation.id, expires_at: invitation.expiresAt.toISOString() });
    });
    // After the commit: the job reads the invitation's row. Its retries carry the e-mail past an SMTP outage.
    await this.mail.enqueue(created.invitation_id, token);
    // And by WhatsApp or SMS when the invited e-mail's account has a verified phone (docs/MESSAGING.md, "Invitations").
    await this.phone.send(created.invitation_id, token);
    return created;
  }

  async pending(user: AuthUser): Promise<InvitationList> {
    return { invitations: await this.organisations.pending(membershipOf(user).orgId) };
  }

  async withdraw(user: AuthUser, invitationId: number): Promise<void> {
    if (!(await this.organisations.withdraw(membershipOf(user).orgId, invitationId))) throw new NotFoundException(ERRORS.invitationNotFound);
  }

  async preview(token: string): Promise<InvitationPreview> {
    const invitation = await this.openInvitation(token);
    return {
      organisation: invitation.organisationName,
      kind: invitation.kind,
      role: invitation.role,
      email: invitation.email,
      has_account: await this.organisations.hasAccount(invitation.email),
      expires_at: invitation.expiresAt.toISOString(),
    };
  }

  /**
   * Joins the invitation's organisation: as the signed-in `viewer` (the invited e-mail's account), or
   * with a new account made from `name` and `password` for the invited e-mail.
   */
  async accept(body: AcceptInvitationBody, viewer: AuthUser | null, language: Language): Promise<AcceptedInvitation> {
    const first = await this.openInvitation(body.token);
    let passwordHash: string | null = null;
    if (viewer) {
      if (viewer.userType === 'operator') throw new ConflictException(ERRORS.invitationKindMismatch(first.kind));
      if (viewer.org) throw new ConflictException(ERRORS.alreadyInOrganisation);
    } else {
      if (!body.name || !body.password) throw new BadRequestException([ERRORS.invitationSignUpNeedsName]);
      if (await this.organisations.hasAccount(first.email)) throw new ConflictException(ERRORS.emailTaken);
      passwordHash = await this.passwords.hash(body.password);
    }
    const joined = await this.db
      .transaction(async (tx) => {
        const invitation = await this.organisations.byTokenHash(sha256(body.token), tx, true);
        if (!invitation) throw new GoneException(ERRORS.invitationUnknown);
        refuseClosed(invitation);
        let userId: number;
        if (viewer) {
          const account = await this.users.findById(viewer.id);
          if (!account || account.email !== invitation.email) throw new ForbiddenException(ERRORS.invitationForAnotherEmail);
          if (account.userType !== invitation.kind) throw new ConflictException(ERRORS.invitationKindMismatch(invitation.kind));
          userId = viewer.id;
        } else {
          userId = await this.users.insert(
            { name: body.name as string, email: invitation.email, passwordHash: passwordHash as string, userType: invitation.kind, language, memberOnly: true },
            tx,
          );
        }
        await this.organisations.lock(tx, invitation.organisationId);
        if (!(await this.organisations.addMember(tx, invitation.organisationId, userId, invitation.role, invitation.pickupPointIds))) {
          throw new ConflictException(ERRORS.alreadyInOrganisation);
        }
        await this.organisations.markAccepted(tx, invitation.id, userId);
        const name = (await this.organisations.memberName(userId, tx)) ?? '';
        await this.organisations.record(tx, { organisationId: invitation.organisationId, action: 'joined', actorId: userId, subject: name, memberId: userId });
        return { userId, name, invitation };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'users_email_key')) throw new ConflictException(ERRORS.emailTaken);
        throw error;
      });
    this.sessions.forget(joined.userId);
    const version = (await this.sessions.currentVersion(joined.userId)) ?? 0;
    return {
      token: await this.tokens.issue(joined.userId, joined.invitation.kind, version),
      user_id: joined.userId,
      user_type: joined.invitation.kind,
      name: joined.name,
      organisation_id: joined.invitation.organisationId,
      role: joined.invitation.role,
    };
  }

  async updateMember(user: AuthUser, userId: number, body: MemberPatchBody): Promise<OrgMember> {
    const me = membershipOf(user);
    const answer = await this.db.transaction(async (tx) => {
      await this.organisations.lock(tx, me.orgId);
      const member = await this.organisations.member(me.orgId, userId, tx);
      if (!member) throw new NotFoundException(ERRORS.memberNotFound);
      const role = body.role ?? member.role;
      const branches = await this.checkRoleAndBranches(
        me,
        role,
        body.pickup_point_ids ?? (BRANCH_ROLES.includes(role) ? member.pickupPointIds : undefined),
        tx,
      );
      if (member.role === 'admin' && role !== 'admin' && (await this.organisations.adminCount(tx, me.orgId)) <= 1) {
        throw new ConflictException(ERRORS.lastAdmin);
      }
      await this.organisations.updateMember(tx, me.orgId, userId, role, branches);
      const name = (await this.organisations.memberName(userId, tx)) ?? '';
      if (role !== member.role) {
        await this.organisations.record(tx, { organisationId: me.orgId, action: 'role_changed', actorId: user.id, subject: name, memberId: userId });
      }
      const view = (await this.organisations.members(me.orgId, true, tx)).find((row) => row.user_id === userId) as OrgMember;
      return this.answers.storeWithin(tx, view);
    });
    // This process reads the new role at once; others within SESSION_USER_TTL_MS. The member's sockets are
    // closed so that they reconnect into the rooms of their new role (their token stays valid).
    this.sessions.forget(userId);
    await this.realtime
      .disconnectUser(userId)
      .catch((error: Error) => this.logger.warn(`Member ${userId}'s sockets were not closed after their role changed: ${error.message}`));
    return answer;
  }

  /** Removes a member: their sessions end at once (HTTP and sockets, on every instance). */
  async removeMember(user: AuthUser, userId: number): Promise<void> {
    const me = membershipOf(user);
    await this.db.transaction(async (tx) => {
      await this.organisations.lock(tx, me.orgId);
      const member = await this.organisations.member(me.orgId, userId, tx);
      if (!member) throw new NotFoundException(ERRORS.memberNotFound);
      if (member.role === 'admin' && (await this.organisations.adminCount(tx, me.orgId)) <= 1) throw new ConflictException(ERRORS.lastAdmin);
      await this.organisations.removeMember(tx, me.orgId, userId);
      // Raising the session version ends every token issued before, in every process (as a password reset does).
      await this.users.endSessions(tx, userId);
      const name = (await this.organisations.memberName(userId, tx)) ?? '';
      await this.organisations.record(tx, { organisationId: me.orgId, action: 'removed', actorId: user.id, subject: name, memberId: userId });
    });
    this.sessions.forget(userId);
    await this.realtime
      .disconnectUser(userId)
      .catch((error: Error) => this.logger.warn(`Member ${userId}'s sockets were not closed after their removal: ${error.message}`));
  }

  async activity(user: AuthUser, cursor: string | undefined): Promise<ActivityPage> {
    const me = membershipOf(user);
    const before = cursor === undefined ? null : decodeCursor(cursor);
    const branches = me.role === 'branch_manager' ? me.pickupPointIds : null;
    const entries = await this.organisations.activity(me.orgId, before, ACTIVITY_PAGE_SIZE + 1, branches);
    const page = entries.slice(0, ACTIVITY_PAGE_SIZE);
    return { entries: page, next_cursor: entries.length > ACTIVITY_PAGE_SIZE ? encodeCursor(page[page.length - 1].id) : null };
  }

  /** The invitation of a link that still works: 410 for an unknown token, as for one expired, used or withdrawn. */
  private async openInvitation(token: string): Promise<InvitationRow> {
    const invitation = await this.organisations.byTokenHash(sha256(token));
    if (!invitation) throw new GoneException(ERRORS.invitationUnknown);
    refuseClosed(invitation);
    return invitation;
  }

  /**
   * The branches a member of `role` gets: the role must be one of the organisation's kind; branch roles
   * need at least one of the organisation's live pickup points, other roles none.
   */
  private async checkRoleAndBranches(me: Membership, role: OrgRole, pickupPointIds: number[] | undefined, manager?: EntityManager): Promise<number[]> {
    if (!rolesOf(me.kind).includes(role)) throw new BadRequestException([ERRORS.roleNotOfOrganisation(me.kind)]);
    if (!BRANCH_ROLES.includes(role)) {
      if (pickupPointIds && pickupPointIds.length > 0) throw new BadRequestException([ERRORS.branchesForBranchRolesOnly]);
      return [];
    }
    if (!pickupPointIds || pickupPointIds.length === 0) throw new BadRequestException([ERRORS.branchesRequired]);
    if (!(await this.points.allLiveOf(me.accountId, pickupPointIds, manager))) throw new BadRequestException([ERRORS.branchNotOfOrganisation]);
    return [...pickupPointIds].sort((a, b) => a - b);
  }
}

function refuseClosed(invitation: InvitationRow): void {
  if (invitation.state === 'used') throw new GoneException(ERRORS.invitationUsed);
  if (invitation.state === 'withdrawn') throw new GoneException(ERRORS.invitationWithdrawn);
  if (invitation.state === 'expired') throw new GoneException(ERRORS.invitationExpired);
}

/** An opaque cursor: the last entry's id. */
function encodeCursor(id: number): string {
  return Buffer.from(`a${id}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^a([1-9][0-9]{0,17})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id)) throw new BadRequestException([ERRORS.activityCursorInvalid]);
  return id;
}
