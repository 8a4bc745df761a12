import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  ERRORS,
  LIMITS,
  OpsVerificationItem,
  OpsVerificationsQuery,
  VERIFICATION_ROUTES,
  VerificationAuditEntry,
  VerificationDecisionBody,
  VerificationView,
} from '@food-link/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountOf, type AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors } from '../openapi/api-errors';
import { ApiIdParam } from '../openapi/api-params';
import { shapeList, shapeRef, ValidBody, ValidQuery } from '../openapi/shapes';
import type { StoredPhoto } from '../photos/photo-storage';
import { UploadSlots } from '../uploads/upload-slots';
import { readVerificationUpload } from './verification-documents';
import { VerificationService } from './verification.service';

const MEGABYTES = LIMITS.documentMaxBytes / (1024 * 1024);
const CHARITIES_ONLY = { status: 403, description: 'Not a charity', message: ERRORS.rolesOnly(['charity']) } as const;
const OPERATORS_ONLY = { status: 403, description: 'Not an operator', message: ERRORS.rolesOnly(['operator']) } as const;
const NO_CHARITY = { status: 404, description: 'No live charity account by that id', message: ERRORS.charityNotFound } as const;
const NO_DOCUMENT = { status: 404, description: 'No document submitted', message: ERRORS.documentNotFound } as const;

/** The stored document, as sendDocument answers it. */
const THE_DOCUMENT = {
  description: 'The document, as stored (a PDF, or an image re-encoded as WebP)',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } }, 'image/webp': { schema: { type: 'string', format: 'binary' } } },
} as const;

const UPLOAD_BODY = {
  type: 'object',
  required: ['moss_number', 'address', 'contact_phone', 'document'],
  properties: {
    moss_number: { type: 'string', maxLength: 30, example: '1234/2019' },
    address: { type: 'string', maxLength: LIMITS.addressMaxLength },
    contact_phone: { type: 'string', example: '01001234567' },
    document: { type: 'string', format: 'binary', description: `A PDF, or a JPEG, PNG or WebP image, of at most ${MEGABYTES} MB` },
  },
};

/**
 * Documents are private: never cached by anything shared, never sniffed into something else, and always
 * a download (`Content-Disposition: attachment`) when opened by address, so a document is never a page of
 * the API's origin. The in-app viewer fetches it as a blob and shows it from an object URL, which this
 * header does not touch (docs/VERIFICATION.md). A sandbox CSP covers browsers that render it anyway.
 */
async function sendDocument(reply: FastifyReply, file: StoredPhoto): Promise<void> {
  const filename = file.contentType === 'application/pdf' ? 'document.pdf' : 'document.webp';
  reply
    .code(200)
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('content-security-policy', "sandbox; default-src 'none'");
  if (file.bytes !== undefined) reply.header('content-length', file.bytes);
  await reply.send(file.stream);
}

/** The charity's side of verification (docs/VERIFICATION.md). */
@ApiTags('verification')
@Roles('charity')
@OrgRoles('admin')
@Controller()
export class CharityVerificationController {
  constructor(
    private readonly verification: VerificationService,
    private readonly uploads: UploadSlots,
  ) {}

  @Get(VERIFICATION_ROUTES.charity)
  @ApiOperation({ summary: "The signed-in charity's verification (charities)" })
  @ApiOkResponse({ schema: shapeRef(VerificationView) })
  @ApiErrors(401, CHARITIES_ONLY, 503)
  view(@CurrentUser() charity: AuthUser): Promise<VerificationView> {
    return this.verification.view(charity);
  }

  @Post(VERIFICATION_ROUTES.charity)
  @ApiOperation({
    summary: 'Submits (or, after a rejection, resubmits) the charity\'s registration for review (charities)',
    description:
      'The document is checked by its content (a PDF, or a JPEG, PNG or WebP image, re-encoded without metadata), stored privately ' +
      'and shown only to operators and the charity. The status becomes `pending`; no field of this call can set it otherwise.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ required: true, schema: UPLOAD_BODY })
  @ApiOkResponse({ schema: shapeRef(VerificationView) })
  @ApiErrors(
    {
      status: 400,
      description: 'A field is missing or invalid, or the document is not a PDF or an image, or is a PDF with active content (JavaScript, actions, attachments, multimedia, XFA) or encrypted',
      message: [ERRORS.documentNotAccepted],
    },
    401,
    CHARITIES_ONLY,
    { status: 409, description: 'Pending, verified or suspended: nothing to submit', message: ERRORS.verificationNotSubmittable('pending') },
    { status: 413, description: `The document is over ${MEGABYTES} MB`, message: ERRORS.documentTooLarge(MEGABYTES) },
    { status: 429, description: 'The account, or the server, has too many uploads in progress (`Retry-After`)', message: ERRORS.uploadsBusy },
    503,
  )
  submit(@CurrentUser() charity: AuthUser, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<VerificationView> {
    return this.verification.submit(charity, () => {
      this.uploads.enter(request, reply, charity.id);
      return readVerificationUpload(request);
    });
  }

  @Get(VERIFICATION_ROUTES.charityDocument)
  @ApiOperation({ summary: "The charity's own submitted document (charities)" })
  @ApiProduces('application/pdf', 'image/webp')
  @ApiOkResponse(THE_DOCUMENT)
  @ApiErrors(401, CHARITIES_ONLY, NO_DOCUMENT, 503)
  async document(@CurrentUser() charity: AuthUser, @Res() reply: FastifyReply): Promise<void> {
    await sendDocument(reply, await this.verification.document(accountOf(charity)));
  }
}

/** The operators' review queue and decisions. */
@ApiTags('verification')
@Roles('operator')
@Controller()
export class OpsVerificationController {
  constructor(private readonly verification: VerificationService) {}

  @Get(VERIFICATION_ROUTES.ops)
  @ApiOperation({ summary: 'Charities by verification status, oldest submission first, all of them (operators)' })
  @ApiOkResponse({ schema: shapeList(OpsVerificationItem) })
  @ApiErrors({ status: 400, description: '`status` is not a status', message: ['status must be one of: unverified, pending, verified, rejected, suspended'] }, 401, OPERATORS_ONLY, 503)
  queue(@ValidQuery(OpsVerificationsQuery) query: OpsVerificationsQuery): Promise<OpsVerificationItem[]> {
    return this.verification.queue(query.status);
  }

  @Post(VERIFICATION_ROUTES.opsDecide)
  @ApiOperation({
    summary: 'Decides on a charity: verify or reject a pending one, suspend a verified one, reinstate a suspended one (operators)',
    description: 'Recorded in the audit trail and announced to the charity live and in its chosen channels. A reason is required to reject or suspend.',
  })
  @ApiIdParam('userId', "The charity's account")
  @ApiOkResponse({ schema: shapeRef(VerificationView), description: 'The verification after the decision' })
  @ApiErrors(
    { status: 400, description: '`decision` or `reason` invalid (a reason is required to reject or suspend)', message: ['reason is required to reject'] },
    401,
    OPERATORS_ONLY,
    NO_CHARITY,
    { status: 409, description: 'The decision does not apply to the current status', message: ERRORS.decisionNotAllowed('verify', 'unverified') },
    503,
  )
  decide(@CurrentUser() operator: AuthUser, @IdParam('userId') charityId: number, @ValidBody(VerificationDecisionBody) body: VerificationDecisionBody): Promise<VerificationView> {
    return this.verification.decide(operator.id, charityId, body);
  }

  @Get(VERIFICATION_ROUTES.opsDocument)
  @ApiOperation({ summary: "A charity's submitted document (operators)" })
  @ApiIdParam('userId', "The charity's account")
  @ApiProduces('application/pdf', 'image/webp')
  @ApiOkResponse(THE_DOCUMENT)
  @ApiErrors(401, OPERATORS_ONLY, NO_DOCUMENT, 503)
  async document(@IdParam('userId') charityId: number, @Res() reply: FastifyReply): Promise<void> {
    await sendDocument(reply, await this.verification.document(charityId));
  }

  @Get(VERIFICATION_ROUTES.opsAudit)
  @ApiOperation({ summary: "A charity's verification audit trail, newest first (operators)" })
  @ApiIdParam('userId', "The charity's account")
  @ApiOkResponse({ schema: shapeList(VerificationAuditEntry) })
  @ApiErrors(401, OPERATORS_ONLY, NO_CHARITY, 503)
  audit(@IdParam('userId') charityId: number): Promise<VerificationAuditEntry[]> {
    return this.verification.audit(charityId);
  }
}
