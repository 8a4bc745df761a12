import { Injectable } from '@nestjs/common';
import { RequestsRepository } from './requests.repository';

/**
 * The claims owner's door for the claim itself and the requests' reads (RequestsService, the claims' HTTP
 * calls in requests/): RequestsRepository is provided by HandoverModule alone, and code outside this folder
 * reaches it through this service or HandoverService (the transitions that end a claim), never the
 * repository (docs/CONTRIBUTING.md, "Reaching the database"). One repository call each, so the claim stays
 * one statement.
 */
@Injectable()
export class ClaimsService {
  constructor(private readonly requests: RequestsRepository) {}

  /** The one-statement claim (the listing's side composed in, its Idempotency-Key answer stored in it). */
  claim(...args: Parameters<RequestsRepository['claim']>): ReturnType<RequestsRepository['claim']> {
    return this.requests.claim(...args);
  }

  /** A charity's claims cancelled soon after claiming, lately (claim-then-cancel). */
  countQuickCancels(...args: Parameters<RequestsRepository['countQuickCancels']>): ReturnType<RequestsRepository['countQuickCancels']> {
    return this.requests.countQuickCancels(...args);
  }

  /** Counts a wrong pickup code against a locked request; returns the count. */
  countWrongCode(...args: Parameters<RequestsRepository['countWrongCode']>): ReturnType<RequestsRepository['countWrongCode']> {
    return this.requests.countWrongCode(...args);
  }

  /** Ends a locked request (the handover: `fulfilled`; the other ends are HandoverService's transitions). */
  end(...args: Parameters<RequestsRepository['end']>): ReturnType<RequestsRepository['end']> {
    return this.requests.end(...args);
  }

  /** The charity's report of what it received. */
  saveReceived(...args: Parameters<RequestsRepository['saveReceived']>): ReturnType<RequestsRepository['saveReceived']> {
    return this.requests.saveReceived(...args);
  }

  /** A request's pickup details with who may see them. */
  pickupDetails(...args: Parameters<RequestsRepository['pickupDetails']>): ReturnType<RequestsRepository['pickupDetails']> {
    return this.requests.pickupDetails(...args);
  }

  /** What a charity may claim of an item, for the claim's refusals. */
  offerState(...args: Parameters<RequestsRepository['offerState']>): ReturnType<RequestsRepository['offerState']> {
    return this.requests.offerState(...args);
  }

  /** Whether the user is a charity. */
  isCharity(...args: Parameters<RequestsRepository['isCharity']>): ReturnType<RequestsRepository['isCharity']> {
    return this.requests.isCharity(...args);
  }

  /** A charity's reliability counts (the view `charity_reliability`). */
  reliabilityCounts(...args: Parameters<RequestsRepository['reliabilityCounts']>): ReturnType<RequestsRepository['reliabilityCounts']> {
    return this.requests.reliabilityCounts(...args);
  }

  /** A request, optionally locked, in the caller's transaction when given. */
  find(...args: Parameters<RequestsRepository['find']>): ReturnType<RequestsRepository['find']> {
    return this.requests.find(...args);
  }

  /** A charity's requests. */
  listForCharity(...args: Parameters<RequestsRepository['listForCharity']>): ReturnType<RequestsRepository['listForCharity']> {
    return this.requests.listForCharity(...args);
  }

  /** The charities holding an item's current request. */
  currentCharities(...args: Parameters<RequestsRepository['currentCharities']>): ReturnType<RequestsRepository['currentCharities']> {
    return this.requests.currentCharities(...args);
  }

  /** An item's current request. */
  currentForFood(...args: Parameters<RequestsRepository['currentForFood']>): ReturnType<RequestsRepository['currentForFood']> {
    return this.requests.currentForFood(...args);
  }

  /** Whether a charity has (or had) a claim on the donor's items. */
  charityLinkToDonor(...args: Parameters<RequestsRepository['charityLinkToDonor']>): ReturnType<RequestsRepository['charityLinkToDonor']> {
    return this.requests.charityLinkToDonor(...args);
  }

  /** Assigns a request to a charity member, or unassigns it (docs/ORGANISATIONS.md). */
  setAssignee(...args: Parameters<RequestsRepository['setAssignee']>): ReturnType<RequestsRepository['setAssignee']> {
    return this.requests.setAssignee(...args);
  }

  /** Records the donor's member who confirmed the handover. */
  setCollectedBy(...args: Parameters<RequestsRepository['setCollectedBy']>): ReturnType<RequestsRepository['setCollectedBy']> {
    return this.requests.setCollectedBy(...args);
  }

  memberName(...args: Parameters<RequestsRepository['memberName']>): ReturnType<RequestsRepository['memberName']> {
    return this.requests.memberName(...args);
  }

  /** A volunteer's assigned pickups, with codes. */
  assignedTo(...args: Parameters<RequestsRepository['assignedTo']>): ReturnType<RequestsRepository['assignedTo']> {
    return this.requests.assignedTo(...args);
  }
}
