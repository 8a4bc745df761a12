import { ConflictException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type {
  CharityLookupResponse,
  LoginResponse,
  MeResponse,
  RegisterCharityResponse,
  RegisterDonorResponse,
} from '@food-link/contracts';
import { DataSource, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors';
import { isStorableText } from '../common/text';
import type { AuthUser } from './auth-user';
import { Charity } from './charity.entity';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { LoginLimiterService } from './login-limiter.service';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';
import { User } from './user.entity';

const EMAIL_TAKEN = 'This e-mail address is already registered';
const CHARITY_NAME_TAKEN = 'A charity with this name is already registered';

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly limiter: LoginLimiterService,
  ) {}

  async registerDonor(body: RegisterDto, address: string): Promise<RegisterDonorResponse> {
    await this.limiter.registration(address);
    const passwordHash = await this.passwords.hash(body.password);
    const user = await this.insertUser(() => this.users.save(this.users.create({ ...body, passwordHash, userType: 'donor' })));
    return { message: 'Donor registered successfully', user_id: user.id };
  }

  async registerCharity(body: RegisterDto, address: string): Promise<RegisterCharityResponse> {
    await this.limiter.registration(address);
    const passwordHash = await this.passwords.hash(body.password);
    return this.insertUser(() =>
      this.dataSource.transaction(async (manager) => {
        const user = await manager.save(User, manager.create(User, { ...body, passwordHash, userType: 'charity' }));
        const charity = await manager.save(Charity, manager.create(Charity, { userId: user.id }));
        return { message: 'Charity registered successfully', charity_id: charity.id, user_id: user.id };
      }),
    );
  }

  async login({ email, password }: LoginDto, address: string): Promise<LoginResponse> {
    // Counted before the password is checked, so parallel guesses cannot outrun the limit.
    const attempt = await this.limiter.begin(email, address);
    let user: User | null;
    let valid: boolean;
    try {
      user = await this.users
        .createQueryBuilder('user')
        .addSelect('user.passwordHash')
        .where('lower(user.email) = :email', { email })
        .getOne();
      valid = await this.passwords.verify(user?.passwordHash, password, 'login');
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    if (!user || !valid) throw new UnauthorizedException('Invalid email or password');
    await attempt.succeeded();
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
    if (!user) throw new UnauthorizedException('The session token is invalid or has expired');
    return { user_id: user.id, name: user.name, email: user.email, user_type: user.userType };
  }

  async charityByName(name: string): Promise<CharityLookupResponse> {
    if (!isStorableText(name)) throw new NotFoundException('Charity not found');
    const row = await this.dataSource
      .createQueryBuilder()
      .select(['u.id AS user_id', 'c.id AS charity_id', 'u.name AS name'])
      .from(User, 'u')
      .innerJoin(Charity, 'c', 'c.user_id = u.id')
      .where(`u.user_type = 'charity' AND lower(u.name) = lower(:name)`, { name: name.trim() })
      .getRawOne<CharityLookupResponse>();
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
