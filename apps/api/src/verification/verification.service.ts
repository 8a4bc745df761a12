import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  apiPath,
  claimLimitFor,
  ERRORS,
  reliabilityScore,
  SUBMITTABLE_STATUSES,
  VERIFICATION_ROUTES,
  VERIFICATION_TRANSITIONS,
  VerificationFields,
  type DocumentType,
  type OpsVerificationItem,
  type VerificationAuditEntry,
  type VerificationDecisionBody,
  type VerificationStatus,
  type VerificationView,
} from '@food-link/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { accountOf, type AuthUser } from '../auth/auth-user';
import { CharitiesService } from '../auth/charities.service';
import { parseShape } from '../common/shape-pipe';
import { PhotoProcessor } from '../uploads/photo-processor';
import type { PhotoStorage, StoredPhoto } from '../photos/photo-storage';
import { checkPdf } from './pdf-documents';
import { VerificationChanges } from './verification-changes';
import { isPdf, newDocumentName, notSubmittable, type VerificationUpload } from './verification-documents';
import { VerificationRepository, verificationView, type VerificationChange, type VerificationRow } from './verification.repository';

/** Nest token of the documents' store (a PhotoStorage kind with DOCUMENT_NAMES). */
export const DOCUMENT_STORAGE = Symbol('DocumentStorage');

/**
 * Charity verification (docs/VERIFICATION.md): the charity submits, operators decide. Only an operator's
 * decision moves a status past `pending`; no field of the charity's own calls touches it.
 */
@Injectable()
export class VerificationService {
  private readonly logger = new Logger('Verification');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: VerificationRepository,
    private readonly charities: CharitiesService,
    private readonly changes: VerificationChanges,
    private readonly processor: PhotoProcessor,
    @Inject(DOCUMENT_STORAGE) private readonly storage: PhotoStorage,
  ) {}

  async view(charity: AuthUser): Promise<VerificationView> {
    const row = await this.repository.find(accountOf(charity));
    if (!row) throw new NotFoundException(ERRORS.charityNotFound);
    return verificationView(row);
  }

  /**
   * Erases a deleted charity's submission in the deletion's transaction (CharitiesService.eraseSubmission);
   * returns what removes its document from storage, to run once the deletion committed.
   */
  async eraseSubmission(tx: EntityManager, userId: number): Promise<() => Promise<void>> {
    const key = await this.charities.eraseSubmission(tx, userId);
    return async () => {
      if (!key) return;
      // The row no longer names the file: a failure here leaves an orphan for operators to remove, said in the log.
      await this.storage.delete(key).catch((error: Error) => this.logger.error(`removing the deleted charity ${userId}'s document ${key}: ${error.message}`));
    };
  }

  /**
   * A submission (or a resubmission after a rejection): checked before the upload is read and again under
   * the charity's lock. The document is checked by its content: a PDF is kept as sent, only when it
   * parses and carries no active content or HTML (checkPdf); an image is
   * re-encoded as WebP without metadata (as photos are). Only the text fields VerificationFields names
   * are read; any other (`status`, `verified`…) is ignored.
   */
  async submit(charity: AuthUser, read: () => Promise<VerificationUpload>): Promise<VerificationView> {
    const current = await this.repository.find(accountOf(charity));
    if (!current) throw new NotFoundException(ERRORS.charityNotFound);
    if (!SUBMITTABLE_STATUSES.includes(current.status)) throw notSubmittable(current.status);
    const upload = await read();
    const fields = parseShape(VerificationFields, upload.fields);
    const { data, type } = await this.documentOf(upload.document as Buffer);
    const name = newDocumentName(type);
    await this.storage.put(name, data, type);
    let replaced: string | null = null;
    try {
      const after = await this.db.transaction(async (tx) => {
        const row = await this.repository.lock(tx, accountOf(charity));
        if (!row) throw new NotFoundException(ERRORS.charityNotFound);
        if (!SUBMITTABLE_STATUSES.includes(row.status)) throw notSubmittable(row.status);
        replaced = row.document_key;
        return this.changes.apply(
          tx,
          row,
          { status: 'pending', claimLimit: claimLimitFor('pending', suspended(row)), submission: { ...fields, documentKey: name, documentType: type } },
          { actorId: charity.id, action: 'submit', reason: null },
        );
      });
      if (replaced) await this.storage.delete(replaced).catch((error: Error) => this.logger.warn(`removing ${replaced}: ${error.message}`));
      return verificationView(after);
    } catch (error) {
      await this.storage.delete(name).catch(() => undefined);
      throw error;
    }
  }

  /**
   * An operator's decision: the transitions of VERIFICATION_TRANSITIONS only (409 otherwise). `operatorId`
   * is who the audit trail names: the signed-in operator, or null for Food Link itself (the demo seed
   * without a configured operator account).
   */
  async decide(operatorId: number | null, charityId: number, body: VerificationDecisionBody): Promise<VerificationView> {
    const after = await this.db.transaction(async (tx) => {
      const row = await this.repository.lock(tx, charityId);
      if (!row) throw new NotFoundException(ERRORS.charityNotFound);
      const change = decisionChange(row, body);
      return this.changes.apply(tx, row, change, { actorId: operatorId, action: body.decision, reason: body.reason ?? null });
    });
    return verificationView(after);
  }

  async queue(status: VerificationStatus): Promise<OpsVerificationItem[]> {
    const rows = await this.repository.queue(status);
    const noShows = await this.repository.noShows(rows.map((row) => row.user_id));
    return rows.map(({ has_document, completed, no_shows, late_cancellations, submitted_at, decided_at, claiming_suspended_until, ...row }) => {
      const counts = { completed, no_shows, late_cancellations };
      return {
        ...row,
        submitted_at: submitted_at?.toISOString() ?? null,
        decided_at: decided_at?.toISOString() ?? null,
        claiming_suspended_until: claiming_suspended_until?.toISOString() ?? null,
        document_url: has_document ? apiPath(VERIFICATION_ROUTES.opsDocument, { userId: row.user_id }) : null,
        reliability: { ...counts, score: reliabilityScore(counts) },
        no_show_list: noShows.get(row.user_id) ?? [],
      };
    });
  }

  async audit(charityId: number): Promise<VerificationAuditEntry[]> {
    if (!(await this.repository.find(charityId))) throw new NotFoundException(ERRORS.charityNotFound);
    return this.repository.auditTrail(charityId);
  }

  /** The charity's document (callers decide who may see it: the charity itself and operators). */
  async document(charityId: number): Promise<StoredPhoto> {
    const row = await this.repository.find(charityId);
    const file = row?.document_key ? await this.storage.get(row.document_key) : null;
    if (!file) throw new NotFoundException(ERRORS.documentNotFound);
    return file;
  }

  private async documentOf(data: Buffer): Promise<{ data: Buffer; type: DocumentType }> {
    if (isPdf(data)) {
      await checkPdf(data);
      return { data, type: 'application/pdf' };
    }
    try {
      return { data: (await this.processor.process(data)).photo, type: 'image/webp' };
    } catch (error) {
      if (error instanceof BadRequestException) throw new BadRequestException([ERRORS.documentNotAccepted]);
      throw error;
    }
  }
}

function suspended(row: VerificationRow): boolean {
  return row.claiming_suspended_until !== null && row.claiming_suspended_until.getTime() > Date.now();
}

/**
 * What a decision changes, or 409. `reinstate` of a charity whose claiming was suspended after no-shows
 * lifts that suspension and keeps its status (a suspended charity becomes verified as well).
 */
export function decisionChange(row: VerificationRow, body: VerificationDecisionBody): VerificationChange {
  const transition = VERIFICATION_TRANSITIONS[body.decision];
  const reason = body.reason ?? null;
  if (body.decision === 'reinstate' && (row.status === 'suspended' || suspended(row))) {
    const status = row.status === 'suspended' ? transition.to : row.status;
    return { status, reason, decided: true, claimingSuspendedUntil: null, claimLimit: claimLimitFor(status, false) };
  }
  if (!transition.from.includes(row.status)) throw new ConflictException(ERRORS.decisionNotAllowed(body.decision, row.status));
  return { status: transition.to, reason, decided: true, claimLimit: claimLimitFor(transition.to, suspended(row)) };
}
