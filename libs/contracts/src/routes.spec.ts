import { API_ROUTES, apiPath } from './routes';

describe('apiPath', () => {
  it('fills and encodes path parameters', () => {
    expect(apiPath(API_ROUTES.charityIdByName, { charityName: 'Masr El Kheir/Cairo' })).toBe(
      '/api/charityid/Masr%20El%20Kheir%2FCairo',
    );
    expect(apiPath(API_ROUTES.food, { id: 7 })).toBe('/api/food/7');
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => apiPath(API_ROUTES.donorFood)).toThrow('Missing path parameter "userId"');
  });
});
