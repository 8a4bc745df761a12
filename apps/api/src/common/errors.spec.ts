import { isDependencyUnavailable } from './errors';

describe('isDependencyUnavailable', () => {
  it.each([
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Query read timeout'),
  ])('treats %s as an outage (503)', (error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it.each([
    Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    new Error('Cannot read properties of undefined'),
    null,
  ])('treats %s as a bug (500)', (error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });
});
