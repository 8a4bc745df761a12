import { BadRequestException, Controller, Delete, Get, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ERRORS, EXTRA_ROUTES, LIMITS, PhotosResponse } from '@food-link/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, Public, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors, type ErrorSpec } from '../openapi/api-errors';
import { ApiIdParam } from '../openapi/api-params';
import { shapeRef } from '../openapi/shapes';
import { isPhotoName, PHOTO_NAME_PATTERN } from './photo-names';
import { readPhotoFiles } from './photo-upload';
import { PhotosService } from './photos.service';
import { UploadSlots } from '../uploads/upload-slots';

/** A stored photo never changes (a new photo gets a new name), so caches may keep it for a year unasked. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const MEGABYTES = LIMITS.photoMaxBytes / (1024 * 1024);

const FOOD_NOT_FOUND: ErrorSpec = { status: 404, description: 'No such food item', message: ERRORS.foodNotFound };
const NOT_THE_DONOR: ErrorSpec = {
  status: 403,
  description: "Not a donor, or another donor's item",
  message: ERRORS.ownPhotosOnly,
};

/** The multipart body of an upload, for the OpenAPI document. */
const UPLOAD_BODY = {
  type: 'object',
  description: `One or more image files (at most ${LIMITS.photosPerItem} in all per item) in the field \`photo\` or \`photos\``,
  properties: {
    photo: { type: 'string', format: 'binary', description: `A JPEG, PNG or WebP image of at most ${MEGABYTES} MB (repeat the field for more)` },
    photos: {
      type: 'array',
      maxItems: LIMITS.photosPerItem,
      items: { type: 'string', format: 'binary' },
      description: 'The same, under this name',
    },
  },
};

/** `index` of DELETE /api/food/{id}/photos/{index}: a position, 0 first; else 400 naming it. */
export function parsePhotoIndex(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d$/.test(raw) || Number(raw) >= LIMITS.photosPerItem) {
    throw new BadRequestException([ERRORS.photoIndexInvalid(LIMITS.photosPerItem)]);
  }
  return Number(raw);
}

@ApiTags('photos')
@Controller()
export class PhotosController {
  constructor(
    private readonly photos: PhotosService,
    private readonly uploads: UploadSlots,
  ) {}

  @Roles('donor')
  @OrgRoles('admin', 'branch_manager', 'staff')
  @Post(EXTRA_ROUTES.foodPhotos)
  @ApiOperation({
    summary: "Add photos to a food item (its donor, while available or claimed)",
    description:
      `Each file is checked by its content (JPEG, PNG or WebP; its name and declared type do not count), turned upright, ` +
      `re-encoded as WebP without any metadata (no EXIF, so no GPS position), at most 1600 px on its long side, with a 400 px ` +
      `thumbnail. An item has at most ${LIMITS.photosPerItem} photos; new ones take the next positions. ` +
      `An account may have 2 uploads in progress at once and a server 4 (UPLOADS_PER_USER, UPLOADS_PER_PROCESS): more are answered ` +
      `429 with \`Retry-After\` before their body is read.`,
  })
  @ApiIdParam('id', 'The food item')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ required: true, schema: UPLOAD_BODY })
  @ApiCreatedResponse({ schema: shapeRef(PhotosResponse), description: "All the item's photos after the upload, in order" })
  @ApiErrors(
    {
      status: 400,
      description: 'No photo, a file that is not a JPEG, PNG or WebP image or whose header claims too many pixels or too much memory to decode, a malformed body, or a bad `id`',
      message: [ERRORS.photoNotImage],
    },
    401,
    NOT_THE_DONOR,
    FOOD_NOT_FOUND,
    {
      status: 409,
      description: `The item already has ${LIMITS.photosPerItem} photos, or would have more with these, or its listing has ended`,
      message: ERRORS.tooManyPhotos(LIMITS.photosPerItem, LIMITS.photosPerItem),
    },
    { status: 413, description: `A file is over ${MEGABYTES} MB`, message: ERRORS.photoTooLarge(MEGABYTES) },
    503,
  )
  upload(
    @CurrentUser() donor: AuthUser,
    @IdParam('id') foodId: number,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PhotosResponse> {
    return this.photos.upload(donor, foodId, (has) => {
      this.uploads.enter(request, reply, donor.id);
      return readPhotoFiles(request, has);
    });
  }

  @Roles('donor')
  @OrgRoles('admin', 'branch_manager', 'staff')
  @Delete(EXTRA_ROUTES.foodPhoto)
  @ApiOperation({ summary: 'Remove one photo of a food item (its donor, while available or claimed); the later ones move up' })
  @ApiIdParam('id', 'The food item')
  @ApiParam({
    name: 'index',
    description: 'The photo\'s position, 0 first, as in `photo_urls`',
    schema: { type: 'integer', minimum: 0, maximum: LIMITS.photosPerItem - 1, example: 0 },
  })
  @ApiOkResponse({ schema: shapeRef(PhotosResponse), description: "The item's photos left, in order" })
  @ApiErrors(
    { status: 400, description: '`id` or `index` out of range', message: [ERRORS.photoIndexInvalid(LIMITS.photosPerItem)] },
    401,
    NOT_THE_DONOR,
    { status: 404, description: 'No such food item, or no photo at that index', message: ERRORS.noPhotoAtIndex },
    { status: 409, description: 'The listing has ended', message: ERRORS.photosClosed('expired') },
    503,
  )
  remove(@CurrentUser() donor: AuthUser, @IdParam('id') foodId: number, @Param('index') index: string): Promise<PhotosResponse> {
    return this.photos.remove(donor, foodId, parsePhotoIndex(index));
  }

  @Public()
  @Get(EXTRA_ROUTES.photo)
  @ApiOperation({
    summary: 'A stored photo or thumbnail (WebP), by the name in `photo_urls` / `thumbnail_urls`',
    description: 'Cached for a year as immutable; answers 304 when `If-None-Match` names its `ETag`.',
  })
  @ApiParam({ name: 'name', description: 'The stored name', schema: { type: 'string', pattern: PHOTO_NAME_PATTERN.source } })
  @ApiProduces('image/webp')
  @ApiOkResponse({
    description: 'The image',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      ETag: { description: 'The photo\'s entity tag (its name: a stored photo never changes)', schema: { type: 'string' } },
      'Cache-Control': { description: `\`${PHOTO_CACHE_CONTROL}\``, schema: { type: 'string' } },
    },
  })
  @ApiErrors({ status: 404, description: 'No photo by that name (or not a name this API makes)', message: ERRORS.photoNotFound }, 503)
  async serve(@Param('name') name: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!isPhotoName(name)) throw new NotFoundException(ERRORS.photoNotFound);
    const etag = `"${name}"`;
    reply.header('etag', etag).header('cache-control', PHOTO_CACHE_CONTROL);
    if (namesEtag(request.headers['if-none-match'], etag)) {
      await reply.code(304).send();
      return;
    }
    const photo = await this.photos.file(name);
    if (!photo) {
      reply.removeHeader('etag').removeHeader('cache-control');
      throw new NotFoundException(ERRORS.photoNotFound);
    }
    reply.code(200).type(photo.contentType);
    if (photo.bytes !== undefined) reply.header('content-length', photo.bytes);
    await reply.send(photo.stream);
  }
}

/** True when an `If-None-Match` header lists `etag` (weakly compared, as RFC 9110 asks for GET) or is `*`. */
function namesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
