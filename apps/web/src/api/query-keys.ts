/** react-query keys, scoped by whose data they hold. */
export const queryKeys = {
  available: ['available-food'] as const,
  food: (id: number) => ['food', id] as const,
  donorFood: (userId: number) => ['donor-food', userId] as const,
  charityRequests: (charityUserId: number) => ['charity-requests', charityUserId] as const,
  me: (token: string) => ['me', token] as const,
  totalMeals: ['stats', 'total-meals'] as const,
  totalCharities: ['stats', 'total-charities'] as const,
};
