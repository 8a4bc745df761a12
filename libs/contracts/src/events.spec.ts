import { DOMAIN_EVENTS, type RecordedEventData } from './events';

/**
 * The fields the rooms are routed by must be stated by whoever records an event (issue 25): the compiler
 * checks the `@ts-expect-error` lines below (typecheck fails if one of them compiles), and the test keeps
 * the values the server records.
 */
describe('recorded events state what they are routed by', () => {
  it('requires governorate on the board events, and partners on the item events', () => {
    const recorded = [
      { foodId: 1, requestId: 2, governorate: 'EG-GZ' } satisfies RecordedEventData<typeof DOMAIN_EVENTS.requestCancelled>,
      { foodId: 1, governorate: null, partners: undefined } satisfies RecordedEventData<typeof DOMAIN_EVENTS.foodExpired>,
      { foodId: 1, requestId: null, governorate: 'EG-C', partners: [7] } satisfies RecordedEventData<typeof DOMAIN_EVENTS.foodWithdrawn>,
    ];
    // @ts-expect-error request.cancelled without its governorate
    const cancelledNowhere: RecordedEventData<'request.cancelled'> = { foodId: 1, requestId: 2 };
    // @ts-expect-error food.expired without its governorate
    const expiredNowhere: RecordedEventData<'food.expired'> = { foodId: 1, partners: undefined };
    // @ts-expect-error food.expired that does not say whether it is offered to partners alone
    const expiredToWhom: RecordedEventData<'food.expired'> = { foodId: 1, governorate: 'EG-C' };
    // @ts-expect-error request.not_collected without its governorate
    const notCollectedNowhere: RecordedEventData<'request.not_collected'> = { foodId: 1, requestId: 2, relisted: true };
    expect(recorded.map((data) => data.governorate)).toEqual(['EG-GZ', null, 'EG-C']);
    expect([cancelledNowhere, expiredNowhere, expiredToWhom, notCollectedNowhere].map((data) => data.foodId)).toEqual([1, 1, 1, 1]);
  });
});
