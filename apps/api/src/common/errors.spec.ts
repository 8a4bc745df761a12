import { isDependencyUnavailable } from './errors';
import { TimeoutError } from './with-timeout';

describe('isDependencyUnavailable', () => {
  it.each([
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Query read timeout'),
    new Error('Command timed out'),
    new TimeoutError('Reading queue counts did not finish within 2000 ms'),
    new Error("Stream isn't writeable and enableOfflineQueue options is false"),
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
