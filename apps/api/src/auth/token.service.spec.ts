import { JwtService } from '@nestjs/jwt';
import type { SessionUsers } from './session-users';
import { TokenService } from './token.service';

describe('TokenService', () => {
  const secret = 'x'.repeat(40);
  /** Users 1 to 99 exist, with the type their token says; user 5's sessions are of version 2 (it reset its password twice). */
  const versionOf = (id: number) => (id === 5 ? 2 : 0);
  const users = {
    isCurrent: async (id: number, _type: string, version: number) => id < 100 && version === versionOf(id),
    current: async (id: number, type: string, version: number) =>
      id < 100 && version === versionOf(id) ? { userType: type, sessionVersion: version, suspensionReason: null, org: null } : null,
    currentVersion: async (id: number) => versionOf(id),
    suspensionOf: () => null,
  } as unknown as SessionUsers;
  const tokens = new TokenService(new JwtService({ secret, signOptions: { expiresIn: 60 } }), users);

  it('reads the token bare or after "Bearer", in any case', () => {
    expect(TokenService.fromAuthorizationHeader('abc.def.ghi')).toBe('abc.def.ghi');
    expect(TokenService.fromAuthorizationHeader('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(TokenService.fromAuthorizationHeader('bearer   abc.def.ghi')).toBe('abc.def.ghi');
    expect(TokenService.fromAuthorizationHeader('Bearer ')).toBeNull();
    expect(TokenService.fromAuthorizationHeader(undefined)).toBeNull();
  });

  it('round-trips a user', async () => {
    const token = await tokens.issue(42, 'charity', 0);
    await expect(tokens.verify(token)).resolves.toEqual({ id: 42, userType: 'charity', org: null });
  });

  it('rejects tokens signed with another secret or carrying an unknown role', async () => {
    const foreign = new TokenService(new JwtService({ secret: 'y'.repeat(40), signOptions: { expiresIn: 60 } }), users);
    await expect(tokens.verify(await foreign.issue(1, 'donor', 0))).resolves.toBeNull();
    const odd = await new JwtService({ secret }).signAsync({ sub: '1', typ: 'admin' });
    await expect(tokens.verify(odd)).resolves.toBeNull();
    const noSubject = await new JwtService({ secret }).signAsync({ sub: 'abc', typ: 'donor' });
    await expect(tokens.verify(noSubject)).resolves.toBeNull();
  });

  it('refuses tokens without an expiry, and tokens of users that no longer exist', async () => {
    const forever = await new JwtService({ secret }).signAsync({ sub: '42', typ: 'donor' });
    await expect(tokens.verify(forever)).resolves.toBeNull();
    await expect(tokens.verify(await tokens.issue(100, 'donor', 0))).resolves.toBeNull();
  });

  it('keeps board tokens and session tokens apart', async () => {
    const board = await tokens.issueBoardToken(7, 900);
    await expect(tokens.verify(board)).resolves.toBeNull();
    await expect(tokens.verifyBoard(board)).resolves.toEqual({ id: 7, userType: 'operator' });
    await expect(tokens.verifyBoard(await tokens.issue(7, 'operator', 0))).resolves.toBeNull();
  });

  it("refuses a token of an earlier session version, and reads a token without one as version 0", async () => {
    await expect(tokens.verify(await tokens.issue(5, 'donor', 1))).resolves.toBeNull();
    await expect(tokens.verify(await tokens.issue(5, 'donor', 2))).resolves.toEqual({ id: 5, userType: 'donor', org: null });
    const unversioned = await new JwtService({ secret, signOptions: { expiresIn: 60 } }).signAsync({ sub: '42', typ: 'donor' });
    await expect(tokens.verify(unversioned)).resolves.toEqual({ id: 42, userType: 'donor', org: null });
    await expect(tokens.verify(await new JwtService({ secret, signOptions: { expiresIn: 60 } }).signAsync({ sub: '5', typ: 'donor' }))).resolves.toBeNull();
    // A board token carries the operator's current version (version 0 would be refused).
    await expect(tokens.verifyBoard(await tokens.issueBoardToken(5, 900))).resolves.toEqual({ id: 5, userType: 'operator' });
  });
});
