import { z } from 'zod';
import { ACCOUNT_SUSPENDED_MESSAGE } from './suspension';

/**
 * The messages of the API's 4xx answers, in one place: services and controllers throw with these, the
 * OpenAPI document shows them as examples, and the web may compare with them. A message never changes
 * once shipped (clients match on some). Validation messages (400 naming a field) come from the shapes'
 * checks instead (fields.ts).
 */
export const ERRORS = {
  // 400
  idNotPositive: (name: string) => `${name} must be a positive integer`,
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  bodyTooDeep: (levels: number) => `The request body is nested more than ${levels} levels deep`,
  photoRequired: 'photo is required: send multipart/form-data with one or more files in the field photo (or photos)',
  photoNotImage: 'photo must be a JPEG, PNG or WebP image',
  photoUnreadable: 'photo could not be read: the multipart/form-data body is malformed or has too many parts',
  photoTooManyPixels: (megapixels: number) => `photo must be at most ${megapixels} megapixels`,
  photoIndexInvalid: (max: number) => `index must be a whole number from 0 to ${max - 1}`,
  documentRequired: 'document is required: send multipart/form-data with one file in the field document',
  documentNotAccepted: 'document must be a PDF or a JPEG, PNG or WebP image',
  documentUnreadable: 'document could not be read: the multipart/form-data body is malformed or has too many parts',
  // Uploads (issue 31): decode budget, active content in PDFs.
  photoTooMuchMemory: (megabytes: number) =>
    `photo is too large to process: it must decode to at most ${megabytes} MB (width × height × channels × bytes per channel)`,
  documentActiveContent: 'document must be a plain PDF: no JavaScript, actions, attachments, multimedia or XFA forms',
  documentEncrypted: 'document must not be encrypted or password-protected',
  pickupPointNotOwn: 'pickup_point_id must be one of your pickup points',
  pushEndpointNotHttps: 'endpoint must be an https URL',
  pushEndpointNotPublic: 'endpoint must be on a public address (not private, loopback, link-local or otherwise reserved)',
  pushEndpointUnresolvable: 'endpoint has a host name that does not resolve',
  resetTokenInvalid: 'token is not a valid password reset link; ask for a new one',
  resetTokenExpired: 'token has expired; ask for a new password reset link',
  phoneNotMobile: 'phone must be an Egyptian mobile number (010, 011, 012 or 015 followed by 8 digits)',
  phoneCodeWrong: (left: number) => `code is not the code sent to this phone; ${left} ${left === 1 ? 'try' : 'tries'} left`,
  roleNotOfOrganisation: (kind: string) =>
    kind === 'donor'
      ? 'role must be one of admin, branch_manager, staff, viewer for a donor organisation'
      : 'role must be one of admin, coordinator, volunteer for a charity organisation',
  branchesForBranchRolesOnly: 'pickup_point_ids are given only to branch managers and staff',
  branchesRequired: 'pickup_point_ids must name at least one branch for a branch manager or staff member',
  branchNotOfOrganisation: "pickup_point_ids names a pickup point that is not one of your organisation's",
  /** 410, as an expired, used or withdrawn link: a link that no longer works, or never did, says the same. */
  invitationUnknown: 'This invitation link does not work; ask for a new one',
  transportOfferNotFound: 'No such transport offer',
  invitationSignUpNeedsName: 'name and password are needed to join with a new account (or sign in first)',
  activityCursorInvalid: 'cursor must be a cursor from the last page',
  assigneeNotMember: 'user_id is not a member of your charity',
  tripOrderNotTheDay: "request_ids must list exactly the day's pickups assigned to you",
  // 401
  sessionRequired: 'A session token is required',
  sessionInvalid: 'The session token is invalid or has expired',
  accountSuspended: (reason: string | null) => `${ACCOUNT_SUSPENDED_MESSAGE}${reason ? `: ${reason}` : ''}`,
  invalidLogin: 'Invalid email or password',
  metricsCredentialsRequired: 'Metrics need the metrics token or an operator session',
  metricsCredentialsInvalid: 'The token is not the metrics token or a valid session',
  // 403
  webhookSignatureInvalid: 'The webhook signature is missing or does not match the body',
  webhookVerifyTokenWrong: 'The verify token does not match',
  rolesOnly: (roles: readonly string[]) => `Only ${roles.join(' or ')} accounts may do this`,
  notInOrganisation: 'You are not a member of an organisation; accept an invitation to join one',
  orgRolesOnly: (roles: readonly string[]) => `Only an organisation's ${roles.join(' or ')} may do this`,
  branchNotYours: 'This pickup point is not one of your branches',
  invitationForAnotherEmail: 'This invitation was sent to another e-mail address',
  assignedVolunteersOnly: 'Only the volunteer assigned to this pickup, a coordinator or an administrator may see it',
  assigneeOnly: 'Only the volunteer assigned to this pickup may do this',
  volunteersOnly: "Only an organisation's volunteer may do this",
  transportOfferNotYours: 'This transport offer was not made to you',
  tripNotYours: 'Only the donor, the charity and the volunteer of this pickup may see who is coming',
  metricsOperatorsOnly: 'Only operator accounts may read metrics',
  ownDonationsOnly: 'You may only see your own donations',
  ownRequestsOnly: 'You may only see your own requests',
  ownDetailsOnly: 'You may only see your own details',
  requestOfAnotherCharity: 'This request belongs to another charity',
  requestForAnotherDonor: "This request is for another donor's food",
  claimantForDonorOnly: "Only the item's donor may see who claimed it",
  requestForPartiesOnly: "Only the item's donor or the requesting charity may see its request",
  noRequestForDonor: "You have no request for this donor's food",
  requestNotYours: 'This request is not yours',
  wrongPassword: 'The password is not correct',
  ownPhotosOnly: "Only the item's donor may change its photos",
  pickupPointOfAnotherDonor: "This pickup point belongs to another donor",
  foodOfAnotherDonor: "This food item belongs to another donor",
  scheduleOfAnotherDonor: 'This schedule belongs to another donor',
  notStandingCharity: 'Your charity is not a standing charity of this schedule',
  pickupDetailsForPartiesOnly: "Only the claiming charity, the item's donor or an operator may see where to collect it",
  pickupDetailsForActiveClaims: 'Pickup details are shown only while your claim is pending or after the handover',
  receivedByCharityOnly: 'Only the charity that made the request may report what it received',
  noShowByDonorOnly: "Only the item's donor may report a no-show",
  reliabilityNotVisible: 'Only donors, operators and the charity itself may see its reliability',
  claimingSuspended: (until: string | null) =>
    until
      ? `Claiming is suspended for your charity until ${until} (three no-shows in 30 days), or until an operator reinstates it`
      : 'Your charity is suspended and cannot claim food; contact the Food Link operators',
  // 404
  scheduleNotFound: 'Schedule not found',
  occurrenceNotFound: 'The schedule does not run on that date',
  documentNotFound: 'No verification document has been submitted',
  foodNotFound: 'Food item not found',
  requestNotFound: 'Pickup request not found',
  charityNotFound: 'Charity not found',
  donorNotFound: 'Donor not found',
  noClaimingCharity: 'No charity has claimed this item',
  noCurrentRequest: 'This item has no current request',
  noSuchQueue: (queue: string) => `There is no queue named ${queue}`,
  noSuchJob: (jobId: string, queue: string) => `There is no job ${jobId} in ${queue}`,
  noSuchMail: 'There is no message by that name in the mail outbox',
  userNotFound: 'User not found',
  photoNotFound: 'Photo not found',
  noPhotoAtIndex: 'This food item has no photo at that index',
  pickupPointNotFound: 'Pickup point not found',
  heatOverrideNotFound: 'There is no heat override for this governorate and date',
  pushSubscriptionNotFound: 'You have no push subscription with this endpoint',
  memberNotFound: 'No member of your organisation has this id',
  invitationNotFound: 'Your organisation has no pending invitation with this id',
  // 409
  occurrenceAlreadyListed: 'That day is already listed: change or withdraw its listing instead',
  occurrencePast: 'That day has passed',
  occurrenceNotListed: 'That day is not listed yet: it is offered to you when it is',
  standingNotOffered: 'That day is not offered to your charity now',
  emailTaken: 'This e-mail address is already registered',
  charityNameTaken: 'A charity with this name is already registered',
  foodExpired: 'This food item has expired',
  foodAlreadyClaimed: 'This food item has already been claimed',
  requestNotPending: (status: string) => `This request is already ${status}`,
  transportOfferClosed: (state: string) => `This transport offer is already ${state}`,
  transportOfferOpen: 'This pickup is already offered to your volunteers; wait for an answer or for the offer to end',
  transportAlreadyAssigned: 'This pickup already has a volunteer; unassign them first',
  noVolunteerFits: "None of your volunteers' vehicles and areas fit this pickup (their profiles: vehicle capacity and governorates)",
  transportDeclined: 'You declined this transport offer',
  notHandedOverYet: 'The food has not been handed over yet: the donor enters your code first (Donate)',
  alreadyDelivered: 'This pickup is already delivered',
  claimLimitReached: (limit: number) => `You already hold ${limit} active claims; collect or cancel one first`,
  wrongPickupCode: 'The pickup code does not match this request',
  receivedBeforeFulfilment: 'What was received can be reported only once the donation is fulfilled',
  receivedReportClosed: (days: number) => `What was received can be reported or corrected only within ${days} days of the handover`,
  notANoShow: 'The request is not a no-show',
  noShowAlreadyOverturned: 'The no-show is already overturned',
  noShowBeforeWindow: 'A no-show can be reported only once the pickup window has started',
  jobNotFailed: (jobId: string, state: string) => `Job ${jobId} is ${state}, not failed`,
  operatorsNotSuspendable: 'Operator accounts cannot be suspended here',
  operatorAccountNotDeletable: 'Operator accounts are managed through the configuration, not deleted here',
  resetTokenUsed: 'token has already been used, or another link sent to this account was used; ask for a new one if you need it',
  idempotencyKeyInProgress: 'A request with this Idempotency-Key is still in progress; retry shortly',
  idempotencyKeyTakenOver: 'A retry with this Idempotency-Key has taken over; this attempt was not applied',
  tooManyPhotos: (max: number, has: number) =>
    has >= max ? `This food item already has ${max} photos` : `A food item has at most ${max} photos; this one has ${has}`,
  photosClosed: (status: string) => `Photos can be changed only while the item is available or claimed; it is ${status}`,
  verificationNotSubmittable: (status: string) => `Your verification is ${status}; it can be submitted only when unverified or rejected`,
  decisionNotAllowed: (decision: string, status: string) => `A charity whose verification is ${status} cannot be given the decision ${decision}`,
  foodNotHideable: (status: string) => `Only an available food item can be hidden; this one is ${status}`,
  foodAlreadyHidden: 'This food item is already hidden',
  foodNotHidden: 'This food item is not hidden',
  accountAlreadySuspended: 'This account is already suspended',
  accountNotSuspended: 'This account is not suspended',
  verifiedCharitiesOnly: 'This donor accepts claims from verified charities only; get your charity verified to claim its food',
  alreadyInOrganisation: 'You are already a member of an organisation; leave it first',
  invitationKindMismatch: (kind: string) => `This invitation is to a ${kind} organisation, and your account is of another kind`,
  lastAdmin: 'An organisation needs an administrator: the last one cannot be removed or given another role',
  tooManyInvitations: (max: number) => `Your organisation already has ${max} pending invitations; withdraw some first`,
  // 410
  invitationExpired: 'This invitation has expired; ask for a new one',
  invitationUsed: 'This invitation has already been accepted',
  invitationWithdrawn: 'This invitation was withdrawn',
  // 413
  documentTooLarge: (megabytes: number) => `document must be at most ${megabytes} MB`,
  photoTooLarge: (megabytes: number) => `photo must be at most ${megabytes} MB`,
  pickupPointInUse: 'This pickup point is used by an available or claimed listing; edit it, or wait until those listings end',
  pickupPointLimit: (max: number) => `A donor may keep at most ${max} pickup points`,
  pickupPointDefaultStays: 'The default pickup point stays the default until another point is made the default',
  foodNotEditable: (status: string) => `Only an available food item can be edited; this one is ${status}`,
  foodNotWithdrawable: (status: string) => `This food item is ${status} and can no longer be withdrawn`,
  pushEndpointOfAnotherUser: 'This push endpoint is registered to another account with other keys',
  phoneOfAnotherAccount: 'This phone number is verified by another account',
  phoneCodeNotPending: 'No code is waiting for this account; ask for a code first',
  phoneNotVerified: 'Add and verify a phone first',
  claimByCharitiesOnly: 'Only a charity can claim food',
  phoneCodeExpired: 'The code has expired; ask for a new one',
  phoneCodeTriesUsed: 'The code was mistyped too many times; ask for a new one',
  // 422
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request',
  // 429
  phoneCodesTooMany: 'Too many codes asked for this phone or account in the last hour',
  tooManyLogins: (seconds: number) => `Too many failed login attempts; try again in ${seconds} seconds`,
  uploadsPerUser: (max: number) => `You have ${max} uploads in progress; wait for one to finish, then try again`,
  uploadsBusy: 'The server is processing too many uploads; try again in a few seconds',
  claimsPausedQuickCancels: (cancels: number, minutes: number, hours: number) =>
    `Your charity cancelled ${cancels} claims within ${minutes} minutes of making them in the last ${hours} hours, so its claiming is paused for a while; claim only what you will collect`,
  pickupCodeLocked: (tries: number) =>
    `${tries} wrong pickup codes were entered for this request, so codes are no longer accepted for it; if the charity is at the door, mark it donated without a code, or contact the Food Link operators`,
  // 503
  dependencyUnavailable: 'A service the platform depends on is unavailable; please retry shortly',
} as const;

/** Every error answer has this shape; `message` lists each bad field for a 400. */
export const ErrorResponse = z
  .object({
    statusCode: z.int().meta({ description: 'The HTTP status, repeated', example: 404 }),
    error: z.string().meta({ description: "The status's standard reason phrase", example: 'Not Found' }),
    message: z.union([z.string(), z.array(z.string())]).meta({
      description:
        'What went wrong; for invalid input (400) usually a list with one line per bad field, each starting with its name',
      example: ERRORS.foodNotFound,
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
