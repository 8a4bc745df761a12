import { ConflictException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  CharityLookupResponse,
  LoginResponse,
  MeResponse,
  RegisterCharityResponse,
  RegisterDonorResponse,
} from '@food-link/contracts';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../common/errors';
import { isStorableText } from '../common/text';
import type { AuthUser } from './auth-user';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { LoginLimiterService } from './login-limiter.service';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';
import { UsersRepository } from './users.repository';

const EMAIL_TAKEN = 'This e-mail address is already registered';
const CHARITY_NAME_TAKEN = 'A charity with this name is already registered';

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly limiter: LoginLimiterService,
  ) {}

  async registerDonor(body: RegisterDto): Promise<RegisterDonorResponse> {
    const passwordHash = await this.passwords.hash(body.password);
    const userId = await this.insertUser(() => this.users.insert({ name: body.name, email: body.email, passwordHash, userType: 'donor' }));
    return { message: 'Donor registered successfully', user_id: userId };
  }

  async registerCharity(body: RegisterDto): Promise<RegisterCharityResponse> {
    const passwordHash = await this.passwords.hash(body.password);
    return this.insertUser(() =>
      this.dataSource.transaction(async (manager) => {
        const userId = await this.users.insert({ name: body.name, email: body.email, passwordHash, userType: 'charity' }, manager);
        const charityId = await this.users.insertCharity(userId, manager);
        return { message: 'Charity registered successfully', charity_id: charityId, user_id: userId };
      }),
    );
  }

  async login({ email, password }: LoginDto, address: string): Promise<LoginResponse> {
    await this.limiter.assertAllowed(email, address);
    const user = await this.users.findForLogin(email);
    const valid = await this.passwords.verify(user?.passwordHash, password);
    if (!user || !valid) {
      await this.limiter.recordFailure(email, address);
      throw new UnauthorizedException('Invalid email or password');
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
    const user = await this.users.findById(id);
    // A valid token for an account that no longer exists is no session at all.
    if (!user) throw new UnauthorizedException('The session token is invalid or has expired');
    return { user_id: user.id, name: user.name, email: user.email, user_type: user.userType };
  }

  async charityByName(name: string): Promise<CharityLookupResponse> {
    if (!isStorableText(name)) throw new NotFoundException('Charity not found');
    const row = await this.users.charityByName(name.trim());
    if (!row) throw new NotFoundException('Charity not found');
    return row;
  }

  /** Runs an insert, turning a lost race on the unique e-mail or charity name into a 409. */
  private async insertUser<T>(insert: () => Promise<T>): Promise<T> {
    try {
      return await insert();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw new ConflictException(EMAIL_TAKEN);
      if (isUniqueViolation(error, 'users_charity_name_key')) throw new ConflictException(CHARITY_NAME_TAKEN);
      throw error;
    }
  }
}
