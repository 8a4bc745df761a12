import { ConflictException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  ERRORS,
  type CharityLookupResponse,
  type LoginBody,
  type LoginResponse,
  type MeResponse,
  type RegisterBody,
  type RegisterCharityResponse,
  type RegisterDonorResponse,
} from '@food-link/contracts';
import { DataSource, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors';
import { isStorableText } from '../common/text';
import type { AuthUser } from './auth-user';
import { Charity } from './charity.entity';
import { LoginLimiterService } from './login-limiter.service';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';
import { User } from './user.entity';

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly limiter: LoginLimiterService,
  ) {}

  async registerDonor(body: RegisterBody): Promise<RegisterDonorResponse> {
    const passwordHash = await this.passwords.hash(body.password);
    const user = await this.insertUser(() => this.users.save(this.users.create({ ...body, passwordHash, userType: 'donor' })));
    return { message: 'Donor registered successfully', user_id: user.id };
  }

  async registerCharity(body: RegisterBody): Promise<RegisterCharityResponse> {
    const passwordHash = await this.passwords.hash(body.password);
    return this.insertUser(() =>
      this.dataSource.transaction(async (manager) => {
        const user = await manager.save(User, manager.create(User, { ...body, passwordHash, userType: 'charity' }));
        const charity = await manager.save(Charity, manager.create(Charity, { userId: user.id }));
        return { message: 'Charity registered successfully', charity_id: charity.id, user_id: user.id };
      }),
    );
  }

  async login({ email, password }: LoginBody, address: string): Promise<LoginResponse> {
    await this.limiter.assertAllowed(email, address);
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('lower(user.email) = :email', { email })
      .getOne();
    const valid = await this.passwords.verify(user?.passwordHash, password);
    if (!user || !valid) {
      await this.limiter.recordFailure(email, address);
      throw new UnauthorizedException(ERRORS.invalidLogin);
    }
    await this.limiter.recordSuccess(email);
    const token = await this.tokens.issue(user.id, user.userType);
    return {
      message: 'Login successful',
      token,
      data: [{ name: user.name, user_id: user.id, user_type: user.userType }],
    };
  }

  async me({ id }: AuthUser): Promise<MeResponse> {
    const user = await this.users.findOneBy({ id });
    // A valid token for an account that no longer exists is no session at all.
    if (!user) throw new UnauthorizedException(ERRORS.sessionInvalid);
    return { user_id: user.id, name: user.name, email: user.email, user_type: user.userType };
  }

  async charityByName(name: string): Promise<CharityLookupResponse> {
    if (!isStorableText(name)) throw new NotFoundException(ERRORS.charityNotFound);
    const row = await this.dataSource
      .createQueryBuilder()
      .select(['u.id AS user_id', 'c.id AS charity_id', 'u.name AS name'])
      .from(User, 'u')
      .innerJoin(Charity, 'c', 'c.user_id = u.id')
      .where(`u.user_type = 'charity' AND lower(u.name) = lower(:name)`, { name: name.trim() })
      .getRawOne<CharityLookupResponse>();
    if (!row) throw new NotFoundException(ERRORS.charityNotFound);
    return row;
  }

  /** Runs an insert, turning a lost race on the unique e-mail or charity name into a 409. */
  private async insertUser<T>(insert: () => Promise<T>): Promise<T> {
    try {
      return await insert();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw new ConflictException(ERRORS.emailTaken);
      if (isUniqueViolation(error, 'users_charity_name_key')) throw new ConflictException(ERRORS.charityNameTaken);
      throw error;
    }
  }
}
