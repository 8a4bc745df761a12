import { BadRequestException, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ERRORS,
  isCalendarDate,
  OnTheWayBody,
  TRANSPORT_ROUTES,
  TransportOfferBody,
  TransportOfferList,
  TransportOfferView,
  TripDay,
  TripOrderBody,
  TripsQuery,
  TripState,
  VolunteerProfileBody,
  VolunteerProfileView,
} from '@food-link/contracts';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, OrgRoles, Roles } from '../auth/auth.decorators';
import { IdParam } from '../common/id-param';
import { ApiErrors, type ErrorSpec } from '../openapi/api-errors';
import { ApiIdParam, invalidId } from '../openapi/api-params';
import { shapeRef, ValidBody, ValidQuery } from '../openapi/shapes';
import { TransportService } from './transport.service';

const REQUEST_NOT_FOUND: ErrorSpec = { status: 404, description: 'No such pickup request', message: ERRORS.requestNotFound };
const OFFER_NOT_FOUND: ErrorSpec = { status: 404, description: "No such transport offer (or another charity's)", message: ERRORS.transportOfferNotFound };
const VOLUNTEERS_ONLY: ErrorSpec = { status: 403, description: 'Not a volunteer of a charity', message: ERRORS.orgRolesOnly(['volunteer']) };
const ASSIGNEE_ONLY: ErrorSpec = { status: 403, description: 'Not the volunteer assigned to the pickup', message: ERRORS.assigneeOnly };

/** Getting the food there (issue 28; docs/API.md, "Volunteers and trips"). */
@ApiTags('transport')
@Controller()
export class TransportController {
  constructor(private readonly transport: TransportService) {}

  @Roles('charity')
  @OrgRoles('volunteer')
  @Get(TRANSPORT_ROUTES.volunteerProfile)
  @ApiOperation({ summary: "The volunteer's vehicle, what it carries, their governorates and hours (`saved: false` before the first save)" })
  @ApiOkResponse({ schema: shapeRef(VolunteerProfileView) })
  @ApiErrors(401, VOLUNTEERS_ONLY, 503)
  profile(@CurrentUser() user: AuthUser) {
    return this.transport.profile(user);
  }

  @Roles('charity')
  @OrgRoles('volunteer')
  @Put(TRANSPORT_ROUTES.volunteerProfile)
  @ApiOperation({ summary: "Saves the volunteer's profile: pickups are offered to them when the vehicle carries the claim's weight (its share of the listing's) and the pickup is in one of their governorates" })
  @ApiOkResponse({ schema: shapeRef(VolunteerProfileView) })
  @ApiErrors({ status: 400, description: 'A field is missing or invalid', message: ['capacity_kg must be more than 0'] }, 401, VOLUNTEERS_ONLY, 503)
  saveProfile(@CurrentUser() user: AuthUser, @ValidBody(VolunteerProfileBody) body: VolunteerProfileBody) {
    return this.transport.saveProfile(user, body);
  }

  @Roles('charity')
  @OrgRoles('admin', 'coordinator')
  @Post(TRANSPORT_ROUTES.offerTransport)
  @ApiOperation({
    summary:
      "Offers a pending, unassigned claim to the charity's volunteers whose vehicle carries the claim's weight (its share of the listing's) and whose governorates include the pickup's: each is told (in-app, push, WhatsApp or SMS as they chose); the first to accept gets it. Nobody by TRANSPORT_OFFER_MINUTES (or the window's end): it goes back to the coordinator",
  })
  @ApiIdParam('id', 'The pickup request')
  @ApiCreatedResponse({ schema: shapeRef(TransportOfferView) })
  @ApiErrors(
    { status: 400, description: 'The id is not a positive integer, or `note` is too long', message: ['note must be at most 300 characters'] },
    401,
    { status: 403, description: "Not the claiming charity's admin or coordinator", message: ERRORS.requestOfAnotherCharity },
    REQUEST_NOT_FOUND,
    { status: 409, description: 'The claim is not pending, already has a volunteer or an open offer, or no volunteer fits', message: ERRORS.noVolunteerFits },
    503,
  )
  offer(@CurrentUser() user: AuthUser, @IdParam('id') requestId: number, @ValidBody(TransportOfferBody) body: TransportOfferBody) {
    return this.transport.offer(user, requestId, body.note ?? null);
  }

  @Roles('charity')
  @OrgRoles('volunteer')
  @Get(TRANSPORT_ROUTES.myOffers)
  @ApiOperation({ summary: 'The open transport offers told to the signed-in volunteer (not those they declined)' })
  @ApiOkResponse({ schema: shapeRef(TransportOfferList) })
  @ApiErrors(401, VOLUNTEERS_ONLY, 503)
  myOffers(@CurrentUser() user: AuthUser) {
    return this.transport.myOffers(user);
  }

  @Roles('charity')
  @OrgRoles('volunteer')
  @Post(TRANSPORT_ROUTES.acceptOffer)
  @HttpCode(200)
  @ApiOperation({ summary: 'Takes the offered pickup: it is assigned to this volunteer. Of volunteers accepting at once exactly one wins; the others get 409' })
  @ApiIdParam('id', 'The transport offer')
  @ApiOkResponse({ schema: shapeRef(TransportOfferView) })
  @ApiErrors(
    invalidId('id'),
    401,
    { status: 403, description: 'Not a volunteer, or one the offer was not made to', message: ERRORS.transportOfferNotYours },
    OFFER_NOT_FOUND,
    { status: 409, description: 'Another volunteer took it, it ended, or this volunteer declined it', message: ERRORS.transportOfferClosed('accepted') },
    503,
  )
  accept(@CurrentUser() user: AuthUser, @IdParam('id') offerId: number) {
    return this.transport.accept(user, offerId);
  }

  @Roles('charity')
  @OrgRoles('volunteer')
  @Post(TRANSPORT_ROUTES.declineOffer)
  @HttpCode(200)
  @ApiOperation({ summary: 'Will not take the offered pickup; when every volunteer told declines, it goes back to the coordinator at once' })
  @ApiIdParam('id', 'The transport offer')
  @ApiOkResponse({ schema: shapeRef(TransportOfferView) })
  @ApiErrors(
    invalidId('id'),
    401,
    { status: 403, description: 'Not a volunteer, or one the offer was not made to', message: ERRORS.transportOfferNotYours },
    OFFER_NOT_FOUND,
    { status: 409, description: 'The offer ended, or this volunteer declined it already', message: ERRORS.transportDeclined },
    503,
  )
  decline(@CurrentUser() user: AuthUser, @IdParam('id') offerId: number) {
    return this.transport.decline(user, offerId);
  }

  @Roles('charity')
  @OrgRoles('volunteer', 'coordinator', 'admin')
  @Post(TRANSPORT_ROUTES.onTheWay)
  @HttpCode(200)
  @ApiOperation({ summary: "The assigned volunteer sets off: the donor's card shows who is coming and when, live (`request.trip`). Again: a new ETA" })
  @ApiIdParam('id', 'The pickup request')
  @ApiOkResponse({ schema: shapeRef(TripState) })
  @ApiErrors(
    { status: 400, description: 'The id is not a positive integer, or `eta_minutes` is missing or not a whole number of minutes', message: ['eta_minutes must be a whole number of minutes'] },
    401,
    ASSIGNEE_ONLY,
    REQUEST_NOT_FOUND,
    { status: 409, description: 'The claim is no longer pending (handed over, cancelled…)', message: ERRORS.requestNotPending('fulfilled') },
    503,
  )
  onTheWay(@CurrentUser() user: AuthUser, @IdParam('id') requestId: number, @ValidBody(OnTheWayBody) body: OnTheWayBody) {
    return this.transport.onTheWay(user, requestId, body);
  }

  @Roles('charity')
  @OrgRoles('volunteer', 'coordinator', 'admin')
  @Post(TRANSPORT_ROUTES.delivered)
  @HttpCode(200)
  @ApiOperation({ summary: "After the handover (Donate), the assigned volunteer delivered the food to the charity: its admins and coordinators are asked for the received report" })
  @ApiIdParam('id', 'The pickup request')
  @ApiOkResponse({ schema: shapeRef(TripState) })
  @ApiErrors(
    invalidId('id'),
    401,
    ASSIGNEE_ONLY,
    REQUEST_NOT_FOUND,
    { status: 409, description: 'Not handed over yet, ended without a handover, or delivered already', message: ERRORS.notHandedOverYet },
    503,
  )
  delivered(@CurrentUser() user: AuthUser, @IdParam('id') requestId: number) {
    return this.transport.delivered(user, requestId);
  }

  @Roles('donor', 'charity', 'operator')
  @Get(TRANSPORT_ROUTES.trip)
  @ApiOperation({ summary: "Who is coming for a claim and when: the item's donor (branch roles at their branches), the charity's admins and coordinators, the assigned volunteer" })
  @ApiIdParam('id', 'The pickup request')
  @ApiOkResponse({ schema: shapeRef(TripState) })
  @ApiErrors(invalidId('id'), 401, { status: 403, description: 'Not a party to the claim', message: ERRORS.tripNotYours }, REQUEST_NOT_FOUND, 503)
  trip(@CurrentUser() user: AuthUser, @IdParam('id') requestId: number) {
    return this.transport.trip(user, requestId);
  }

  @Roles('charity')
  @OrgRoles('volunteer')
  @Get(TRANSPORT_ROUTES.trips)
  @ApiOperation({
    summary:
      "The volunteer's pickups of a Cairo day in a suggested order (nearest next from `from`, else the charity's base, respecting each window) or their own, the weight against the vehicle, and the route as one maps link",
  })
  @ApiOkResponse({ schema: shapeRef(TripDay) })
  @ApiErrors({ status: 400, description: '`date` is not a date, or `from` not lat,lng inside Egypt', message: ['date must be a date written YYYY-MM-DD'] }, 401, VOLUNTEERS_ONLY, 503)
  trips(@CurrentUser() user: AuthUser, @ValidQuery(TripsQuery) query: TripsQuery) {
    return this.transport.day(user, query);
  }

  @Roles('charity')
  @OrgRoles('volunteer')
  @Put(TRANSPORT_ROUTES.tripOrder)
  @ApiOperation({ summary: "The volunteer's own order of a day's pickups: exactly the day's pickups assigned to them" })
  @ApiParam({ name: 'date', description: 'The Cairo date, YYYY-MM-DD', schema: { type: 'string', format: 'date', example: '2026-12-01' } })
  @ApiOkResponse({ schema: shapeRef(TripDay) })
  @ApiErrors({ status: 400, description: 'The date is invalid, or `request_ids` is not exactly the day\'s pickups', message: [ERRORS.tripOrderNotTheDay] }, 401, VOLUNTEERS_ONLY, 503)
  reorder(@CurrentUser() user: AuthUser, @Param('date') date: string, @ValidBody(TripOrderBody) body: TripOrderBody) {
    if (!isCalendarDate(date)) throw new BadRequestException(['date must be a date written YYYY-MM-DD']);
    return this.transport.reorder(user, date, body);
  }
}
