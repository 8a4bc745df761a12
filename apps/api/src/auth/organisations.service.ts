import { Injectable } from '@nestjs/common';
import type { ActivityEntry, OrgKind, OrgMember, OrgRole, PendingInvitation } from '@food-link/contracts';
import type { EntityManager } from 'typeorm';
import {
  OrganisationsRepository,
  type InvitationRow,
  type MemberRow,
  type NewActivity,
  type Organisation,
} from './organisations.repository';

export type { InvitationRow, MemberRow, NewActivity, Organisation } from './organisations.repository';

/**
 * The organisations owner's door for other modules (docs/ORGANISATIONS.md; docs/CONTRIBUTING.md, "Reaching
 * the database"): `OrganisationsRepository` writes the organisation tables, and code outside `auth/` reaches
 * them through this service. The rules (roles, the last admin, invitations) are OrgService's (org/).
 */
@Injectable()
export class OrganisationsService {
  constructor(private readonly organisations: OrganisationsRepository) {}

  create(tx: EntityManager, kind: OrgKind, name: string, accountId: number): Promise<number> {
    return this.organisations.create(tx, kind, name, accountId);
  }

  byId(orgId: number, manager?: EntityManager): Promise<Organisation | undefined> {
    return this.organisations.byId(orgId, manager);
  }

  lock(tx: EntityManager, orgId: number): Promise<void> {
    return this.organisations.lock(tx, orgId);
  }

  members(orgId: number, withEmails: boolean, manager?: EntityManager): Promise<OrgMember[]> {
    return this.organisations.members(orgId, withEmails, manager);
  }

  /** The members who act at an account's branch: its admins, and the branch's managers and staff (OrganisationsRepository.branchActors). */
  branchActors(accountId: number, pointId: number, manager?: EntityManager): Promise<number[]> {
    return this.organisations.branchActors(accountId, pointId, manager);
  }

  member(orgId: number, userId: number, manager?: EntityManager): Promise<MemberRow | undefined> {
    return this.organisations.member(orgId, userId, manager);
  }

  memberName(userId: number, manager?: EntityManager): Promise<string | undefined> {
    return this.organisations.memberName(userId, manager);
  }

  adminCount(tx: EntityManager, orgId: number): Promise<number> {
    return this.organisations.adminCount(tx, orgId);
  }

  hasAccount(email: string): Promise<boolean> {
    return this.organisations.hasAccount(email);
  }

  isMember(userId: number, manager?: EntityManager): Promise<boolean> {
    return this.organisations.isMember(userId, manager);
  }

  addMember(tx: EntityManager, orgId: number, userId: number, role: OrgRole, pickupPointIds: number[]): Promise<boolean> {
    return this.organisations.addMember(tx, orgId, userId, role, pickupPointIds);
  }

  updateMember(tx: EntityManager, orgId: number, userId: number, role: OrgRole, pickupPointIds: number[]): Promise<void> {
    return this.organisations.updateMember(tx, orgId, userId, role, pickupPointIds);
  }

  removeMember(tx: EntityManager, orgId: number, userId: number): Promise<void> {
    return this.organisations.removeMember(tx, orgId, userId);
  }

  invite(
    tx: EntityManager,
    invitation: { orgId: number; tokenHash: Buffer; email: string; role: OrgRole; pickupPointIds: number[]; invitedBy: number; days: number },
  ): Promise<{ id: number; expiresAt: Date }> {
    return this.organisations.invite(tx, invitation);
  }

  pendingCount(tx: EntityManager, orgId: number): Promise<number> {
    return this.organisations.pendingCount(tx, orgId);
  }

  pending(orgId: number): Promise<PendingInvitation[]> {
    return this.organisations.pending(orgId);
  }

  withdraw(orgId: number, invitationId: number): Promise<boolean> {
    return this.organisations.withdraw(orgId, invitationId);
  }

  byTokenHash(tokenHash: Buffer, manager?: EntityManager, lock?: boolean): Promise<InvitationRow | undefined> {
    return this.organisations.byTokenHash(tokenHash, manager, lock);
  }

  openForMail(invitationId: number) {
    return this.organisations.openForMail(invitationId);
  }

  markAccepted(tx: EntityManager, invitationId: number, userId: number): Promise<void> {
    return this.organisations.markAccepted(tx, invitationId, userId);
  }

  /** An account is deleted: its organisation's other members leave (their ids), its invitations are withdrawn. */
  dissolve(tx: EntityManager, userId: number): Promise<number[]> {
    return this.organisations.dissolve(tx, userId);
  }

  /** Records an activity entry in the act's transaction. */
  record(manager: EntityManager, entry: NewActivity): Promise<void> {
    return this.organisations.record(manager, entry);
  }

  /** Records an activity entry for the organisation of account `accountId`, in the act's transaction. */
  recordForAccount(manager: EntityManager, accountId: number, entry: Omit<NewActivity, 'organisationId'>): Promise<void> {
    return this.organisations.recordForAccount(manager, accountId, entry);
  }

  activity(orgId: number, beforeId: number | null, limit: number, branches: number[] | null): Promise<ActivityEntry[]> {
    return this.organisations.activity(orgId, beforeId, limit, branches);
  }
}
