import { ConflictException, ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ERRORS,
  type CharityLookupResponse,
  type Language,
  type LoginBody,
  type LoginResponse,
  type MeResponse,
  type RegisterBody,
  type RegisterCharityResponse,
  type RegisterDonorResponse,
} from '@food-link/contracts';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../common/errors';
import { isStorableText } from '../common/text';
import type { AuthUser } from './auth-user';
import { CharitiesRepository } from './charities.repository';
import { LoginLimiterService } from './login-limiter.service';
import { OrganisationsRepository } from './organisations.repository';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';
import { UsersRepository, type UserWithPassword } from './users.repository';

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly charities: CharitiesRepository,
    private readonly organisations: OrganisationsRepository,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly limiter: LoginLimiterService,
  ) {}

  /** `language`: the account's language (the body's, else the request's Accept-Language, else English). */
  async registerDonor(body: RegisterBody, address: string, language: Language): Promise<RegisterDonorResponse> {
    await this.limiter.registration(address);
    const passwordHash = await this.passwords.hash(body.password);
    // The account, its organisation and its admin membership (docs/ORGANISATIONS.md) commit together.
    const userId = await this.insertUser(() =>
      this.dataSource.transaction(async (manager) => {
        const id = await this.users.insert({ name: body.name, email: body.email, passwordHash, userType: 'donor', language }, manager);
        await this.organisations.create(manager, 'donor', body.name, id);
        return id;
      }),
    );
    return { message: 'Donor registered successfully', user_id: userId };
  }

  async registerCharity(body: RegisterBody, address: string, language: Language): Promise<RegisterCharityResponse> {
    await this.limiter.registration(address);
    const passwordHash = await this.passwords.hash(body.password);
    return this.insertUser(() =>
      this.dataSource.transaction(async (manager) => {
        const userId = await this.users.insert({ name: body.name, email: body.email, passwordHash, userType: 'charity', language }, manager);
        const charityId = await this.charities.insert(userId, manager);
        await this.organisations.create(manager, 'charity', body.name, userId);
        return { message: 'Charity registered successfully', charity_id: charityId, user_id: userId };
      }),
    );
  }

  async login({ email, password }: LoginBody, address: string): Promise<LoginResponse> {
    // Counted before the password is checked, so parallel guesses cannot outrun the limit.
    const attempt = await this.limiter.begin(email, address);
    let user: UserWithPassword | undefined;
    let valid: boolean;
    try {
      user = await this.users.findForLogin(email);
      valid = await this.passwords.verify(user?.passwordHash, password, 'login');
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    if (!user || !valid) throw new UnauthorizedException(ERRORS.invalidLogin);
    await attempt.succeeded();
    // Told only with the right password, so it reveals nothing about an e-mail to anyone else.
    if (user.suspensionReason !== null) throw new ForbiddenException(ERRORS.accountSuspended(user.suspensionReason));
    const token = await this.tokens.issue(user.id, user.userType, user.sessionVersion);
    return {
      message: 'Login successful',
      token,
      data: [{ name: user.name, user_id: user.id, user_type: user.userType }],
    };
  }

  async me({ id }: AuthUser): Promise<MeResponse> {
    const user = await this.users.findById(id);
    // A valid token for an account that no longer exists is no session at all.
    if (!user) throw new UnauthorizedException(ERRORS.sessionInvalid);
    return { user_id: user.id, name: user.name, email: user.email, user_type: user.userType };
  }

  async charityByName(name: string): Promise<CharityLookupResponse> {
    if (!isStorableText(name)) throw new NotFoundException(ERRORS.charityNotFound);
    const row = await this.users.charityByName(name.trim());
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
