import { donorRequestExtras } from './food.repository';

describe("the donor's view of a claim's charity", () => {
  it('carries the reliability with its score and the received report, numbers as numbers', () => {
    expect(
      donorRequestExtras({
        charity_user_id: 7,
        charity_verified: true,
        charity_phone: '+201001234567',
        reliability_completed: 3,
        reliability_no_shows: 1,
        reliability_late_cancellations: 2,
        received_quantity: 8,
        received_weight_kg: '2.50',
        received_comment: null,
        received_at: new Date('2026-11-24T10:00:00Z'),
      }),
    ).toEqual({
      charity_user_id: 7,
      charity_verified: true,
      charity_phone: '+201001234567',
      reliability: { completed: 3, no_shows: 1, late_cancellations: 2, score: 0.6 },
      received: { received_quantity: 8, received_weight_kg: 2.5, comment: null, received_at: '2026-11-24T10:00:00.000Z' },
    });
  });

  it('has a null score without history and no report before one is made', () => {
    const extras = donorRequestExtras({
      charity_user_id: 7,
      charity_verified: false,
      charity_phone: null,
      reliability_completed: 0,
      reliability_no_shows: 0,
      reliability_late_cancellations: 0,
      received_quantity: null,
      received_weight_kg: null,
      received_comment: null,
      received_at: null,
    });
    expect(extras).toEqual({ charity_user_id: 7, charity_verified: false, charity_phone: null, reliability: { completed: 0, no_shows: 0, late_cancellations: 0, score: null }, received: null });
  });
});
