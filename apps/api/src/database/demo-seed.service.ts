import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { cairoDate, type RequestStatus, type UserType } from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { PasswordService } from '../auth/password.service';
import { UsersRepository } from '../auth/users.repository';
import { AppConfig } from '../config/app-config';
import { FoodRepository } from '../food/food.repository';
import { RequestsRepository } from '../requests/requests.repository';
import { StatsService } from '../stats/stats.service';

/** Shared by every demo account; printed at start so a newcomer can sign in. */
export const DEMO_PASSWORD = 'FoodLink-demo-2026';

const DONORS = [
  { name: 'Koshary El Tahrir', email: 'koshary.tahrir@demo.foodlink.eg' },
  { name: 'Zamalek Bakery', email: 'zamalek.bakery@demo.foodlink.eg' },
  { name: 'Alexandria Fish House', email: 'alex.fish@demo.foodlink.eg' },
];
const CHARITIES = [
  { name: 'Ahl Masr Community Kitchen', email: 'ahl.masr@demo.foodlink.eg' },
  { name: 'Giza Orphans Care', email: 'giza.orphans@demo.foodlink.eg' },
];

/** Days from today (Cairo) for each demo item, and what has happened to it. */
type DemoState = 'available' | 'claimed' | 'fulfilled' | 'cancelled' | 'expired';
const ITEMS: { donor: number; name: string; quantity: number; description: string; days: number; state: DemoState; charity?: number }[] = [
  { donor: 0, name: 'Koshary boxes', quantity: 40, description: 'Rice, lentils and pasta with tomato sauce, packed this evening', days: 1, state: 'available' },
  { donor: 0, name: 'Ful medames', quantity: 25, description: 'Slow-cooked fava beans in sealed tubs', days: 2, state: 'claimed', charity: 0 },
  { donor: 0, name: 'Ta\'meya sandwiches', quantity: 60, description: 'Falafel in baladi bread with salad', days: 0, state: 'fulfilled', charity: 1 },
  { donor: 1, name: 'Baladi bread', quantity: 120, description: 'Fresh loaves from the morning bake', days: 1, state: 'available' },
  { donor: 1, name: 'Feteer meshaltet', quantity: 15, description: 'Flaky layered pastry, plain', days: 3, state: 'cancelled', charity: 0 },
  { donor: 1, name: 'Basbousa trays', quantity: 30, description: 'Semolina cake with syrup, cut in portions', days: -1, state: 'expired' },
  { donor: 2, name: 'Grilled fish meals', quantity: 35, description: 'Grilled fish with rice and salad, chilled', days: 1, state: 'fulfilled', charity: 0 },
  { donor: 2, name: 'Lentil soup', quantity: 50, description: 'Shorbet ads in sealed containers', days: 4, state: 'available' },
];

/**
 * Fills an empty database with Egyptian demo data (donors, charities, items in every state) when the
 * environment asks for it, as `npm start` does. A database that has any user is left alone.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UsersRepository,
    private readonly food: FoodRepository,
    private readonly requests: RequestsRepository,
    private readonly passwords: PasswordService,
    private readonly config: AppConfig,
    private readonly stats: StatsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO) return;
    const seeded = await this.db.transaction(async (tx) => {
      // Serialises concurrent starts: only the first one to see an empty table seeds it.
      if (!(await this.users.lockWhileEmpty(tx))) return false;
      await this.seed(tx);
      return true;
    });
    if (!seeded) return;
    // The seed writes fulfilled donations directly, past the workers: count them into the totals.
    await this.stats.rebuild();
    this.printLogins();
  }

  private async seed(tx: EntityManager): Promise<void> {
    const passwordHash = await this.passwords.hash(DEMO_PASSWORD);
    const insertUser = (user: { name: string; email: string }, userType: UserType) =>
      this.users.insert({ ...user, passwordHash, userType }, tx);
    const donorIds: number[] = [];
    for (const donor of DONORS) donorIds.push(await insertUser(donor, 'donor'));
    const charityIds: number[] = [];
    for (const charity of CHARITIES) {
      const id = await insertUser(charity, 'charity');
      await this.users.insertCharity(id, tx);
      charityIds.push(id);
    }

    const today = new Date(`${cairoDate()}T12:00:00Z`);
    for (const item of ITEMS) {
      const expiry = new Date(today.getTime() + item.days * 86_400_000).toISOString().slice(0, 10);
      const foodStatus = item.state === 'available' || item.state === 'cancelled' ? 'available' : item.state === 'expired' ? 'expired' : 'claimed';
      const foodId = await this.food.insertSeeded(
        tx,
        donorIds[item.donor],
        { food_name: item.name, quantity: item.quantity, description: item.description, expiration_date: expiry },
        foodStatus,
      );
      if (item.charity === undefined) continue;
      const requestStatus = (item.state === 'claimed' ? 'pending' : item.state) as RequestStatus;
      await this.requests.insertSeeded(tx, foodId, charityIds[item.charity], requestStatus);
    }
  }

  private printLogins(): void {
    const lines = [
      ...DONORS.map((donor) => `  donor    ${donor.email}`),
      ...CHARITIES.map((charity) => `  charity  ${charity.email}`),
    ];
    this.logger.log(`Seeded demo data. Demo logins (password ${DEMO_PASSWORD}):\n${lines.join('\n')}`);
  }
}
