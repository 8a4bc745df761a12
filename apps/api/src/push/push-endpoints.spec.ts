import { ERRORS } from '@food-link/contracts';
import { addressAllowed, checkEndpoint } from './push-endpoints';

describe('push endpoint addresses', () => {
  const strict = { allowLocal: false };
  const local = { allowLocal: true };

  it.each([
    '10.0.0.1', '172.31.255.255', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255',
    '224.0.0.1', '192.0.2.10', '198.18.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    'ff02::1', '2001:db8::1', 'not an address',
  ])('refuses %s', (address) => {
    expect(addressAllowed(address, strict)).toBe(false);
  });

  it.each(['142.250.185.106', '8.8.8.8', '2a00:1450:4001:82b::200a', '::ffff:142.250.185.106'])('allows the global address %s', (address) => {
    expect(addressAllowed(address, strict)).toBe(true);
  });

  it('allows loopback, and only loopback, when local endpoints are allowed', () => {
    expect(addressAllowed('127.0.0.1', local)).toBe(true);
    expect(addressAllowed('::1', local)).toBe(true);
    for (const address of ['10.0.0.1', '169.254.169.254', 'fe80::1', 'fd00::1', '100.64.0.1']) expect(addressAllowed(address, local)).toBe(false);
  });

  it('wants https unless local endpoints are allowed', async () => {
    await expect(checkEndpoint('http://8.8.8.8/push', strict)).rejects.toThrow(ERRORS.pushEndpointNotHttps);
    await expect(checkEndpoint('https://8.8.8.8/push', strict)).resolves.toBeUndefined();
    await expect(checkEndpoint('http://127.0.0.1:8080/push', local)).resolves.toBeUndefined();
  });
});
