import { JwtService } from '@nestjs/jwt';
import { TokenService } from './token.service';

describe('TokenService', () => {
  const secret = 'x'.repeat(40);
  const tokens = new TokenService(new JwtService({ secret, signOptions: { expiresIn: 60 } }));

  it('reads the token bare or after "Bearer", in any case', () => {
    expect(TokenService.fromAuthorizationHeader('abc.def.ghi')).toBe('abc.def.ghi');
    expect(TokenService.fromAuthorizationHeader('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(TokenService.fromAuthorizationHeader('bearer   abc.def.ghi')).toBe('abc.def.ghi');
    expect(TokenService.fromAuthorizationHeader('Bearer ')).toBeNull();
    expect(TokenService.fromAuthorizationHeader(undefined)).toBeNull();
  });

  it('round-trips a user', async () => {
    const token = await tokens.issue(42, 'charity');
    await expect(tokens.verify(token)).resolves.toEqual({ id: 42, userType: 'charity' });
  });

  it('rejects tokens signed with another secret or carrying an unknown role', async () => {
    const foreign = new TokenService(new JwtService({ secret: 'y'.repeat(40) }));
    await expect(tokens.verify(await foreign.issue(1, 'donor'))).resolves.toBeNull();
    const odd = await new JwtService({ secret }).signAsync({ sub: '1', typ: 'admin' });
    await expect(tokens.verify(odd)).resolves.toBeNull();
    const noSubject = await new JwtService({ secret }).signAsync({ sub: 'abc', typ: 'donor' });
    await expect(tokens.verify(noSubject)).resolves.toBeNull();
  });
});
