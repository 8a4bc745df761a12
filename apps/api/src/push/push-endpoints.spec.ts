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

  // Private addresses written in forms that embed IPv4 in IPv6, or in the shorthand forms of IPv4 (issue 31, item 12).
  it.each([
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible, dotted', '::127.0.0.1'],
    ['IPv4-compatible private', '::a00:1'],
    ['IPv4-compatible metadata', '::169.254.169.254'],
    ['IPv4-mapped, hex', '::ffff:7f00:1'],
    ['IPv4-mapped, expanded', '0:0:0:0:0:ffff:a9fe:a9fe'],
    ['NAT64 loopback', '64:ff9b::127.0.0.1'],
    ['NAT64 private', '64:ff9b::c0a8:101'],
    ['NAT64 local-use', '64:ff9b:1::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of a private address', '2002:c0a8:101::'],
    ['Teredo with a private client', '2001:0:4136:e378:8000:63bf:f5ff:fffe'],
    ['IPv4 as one decimal number', '2130706433'],
    ['IPv4 in hex', '0x7f.0.0.1'],
    ['IPv4 in octal', '0177.0.0.1'],
    ['IPv4 shortened', '127.1'],
  ])('refuses %s (%s)', (_form, address) => {
    expect(addressAllowed(address, strict)).toBe(false);
  });

  it.each(['::ffff:8.8.8.8', '::808:808'])('judges %s by the public IPv4 address inside', (address) => {
    expect(addressAllowed(address, strict)).toBe(true);
  });

  it.each([
    ['IPv4-compatible loopback', 'https://[::7f00:1]/push'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/push'],
    ['NAT64 of metadata', 'https://[64:ff9b::a9fe:a9fe]/push'],
    ['6to4 of loopback', 'https://[2002:7f00:1::]/push'],
    ['decimal IPv4', 'https://2130706433/push'],
    ['hex IPv4', 'https://0x7f000001/push'],
    ['octal IPv4', 'https://0177.0.0.01/push'],
    ['short IPv4', 'https://10.1/push'],
  ])('refuses an endpoint at %s (%s) when it is saved', async (_form, endpoint) => {
    await expect(checkEndpoint(endpoint, strict)).rejects.toThrow(ERRORS.pushEndpointNotPublic);
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
