import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  cairoDate,
  normalHighC,
  safeUntil,
  type Allergen,
  type FoodCategory,
  type FoodStatus,
  type FoodUnit,
  type RequestStatus,
  type StorageKind,
  type OrgRole,
  type UserType,
} from '@food-link/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { PasswordService } from '../auth/password.service';
import { OrganisationsService } from '../auth/organisations.service';
import { UsersService } from '../auth/users.service';
import { ClaimsService } from '../handover/claims.service';
import { AppConfig } from '../config/app-config';
import { ListingsService } from '../listings/listings.service';
import type { PickupPointFields } from '../pickup-points/pickup-points.repository';
import { PickupPointsService } from '../pickup-points/pickup-points.service';
import { HandoverService } from '../handover/handover.service';
import { newPickupCode } from '../requests/requests.service';
import type { ScheduleFields } from '../schedules/schedules.repository';
import { SchedulesService } from '../schedules/schedules.service';
import { StatsService } from '../stats/stats.service';
import { VerificationService } from '../verification/verification.service';
import { demoCertificate } from './demo-certificate';

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

/**
 * The organisations' members (docs/ORGANISATIONS.md): Koshary El Tahrir gets a branch manager and a staff
 * member at its Dokki branch (point 1, where its claimed Ful medames waits), Ahl Masr a coordinator and two
 * volunteers, the first assigned to collect that Ful medames.
 */
const MEMBERS: { of: 'donor' | 'charity'; index: number; name: string; email: string; role: OrgRole; points?: number[] }[] = [
  { of: 'donor', index: 0, name: 'Mona Adel', email: 'mona.branch@demo.foodlink.eg', role: 'branch_manager', points: [1] },
  { of: 'donor', index: 0, name: 'Karim Fathy', email: 'karim.staff@demo.foodlink.eg', role: 'staff', points: [1] },
  { of: 'charity', index: 0, name: 'Salma Nabil', email: 'salma.coordinator@demo.foodlink.eg', role: 'coordinator' },
  { of: 'charity', index: 0, name: 'Omar Said', email: 'omar.volunteer@demo.foodlink.eg', role: 'volunteer' },
  { of: 'charity', index: 0, name: 'Youssef Hany', email: 'youssef.volunteer@demo.foodlink.eg', role: 'volunteer' },
];
/** The demo item whose claim the first volunteer collects. */
const ASSIGNED_ITEM = 'Ful medames';

/**
 * What the demo charities send for verification (docs/VERIFICATION.md), through the verification service
 * as a charity would, with a PDF certificate made at seed time: the first is then verified by an operator
 * (the configured one, if any; else Food Link itself), the second is left waiting in the review queue.
 */
const REGISTRATIONS = [
  { charity: 0, moss_number: '4821/2016', address: '14 El Sayeda Zeinab Street, Cairo', contact_phone: '+201001000201', verify: true },
  { charity: 1, moss_number: '1375/2019', address: '9 Faisal Street, Talbia, Giza', contact_phone: '+201101000202', verify: false },
];

/** Each demo donor's places (docs/DOMAIN-RULES.md, "Places": governorate, area, address by landmark), in Arabic and English. */
type DemoPoint = Omit<PickupPointFields, 'lat' | 'lng'> & { donor: number; lat: number | null; lng: number | null };
const POINTS: DemoPoint[] = [
  {
    donor: 0,
    label: 'فرع التحرير — Tahrir branch',
    governorate: 'EG-C',
    area: 'وسط البلد — Downtown',
    address_line: '12 Talaat Harb Street, ground floor',
    landmark: 'Next to the Al-Nour mosque, green door',
    lat: 30.0478,
    lng: 31.2386,
    contact_name: 'Mona Adel',
    contact_phone: '+201001000101',
    notes: 'Ring the bell twice; the kitchen is at the back',
  },
  {
    donor: 0,
    label: 'فرع الدقي — Dokki branch',
    governorate: 'EG-GZ',
    area: 'الدقي — Dokki',
    address_line: '5 Mossadak Street',
    landmark: 'Opposite the Shell station',
    lat: 30.0385,
    lng: 31.2109,
    contact_name: 'Karim Fathy',
    contact_phone: '+201101000102',
    notes: null,
  },
  {
    donor: 1,
    label: 'المخبز الرئيسي — Main bakery',
    governorate: 'EG-C',
    area: 'الزمالك — Zamalek',
    address_line: '26 July Street, 2nd floor',
    landmark: 'Above the pharmacy, blue sign',
    lat: 30.0609,
    lng: 31.2197,
    contact_name: 'Hany Samir',
    contact_phone: '+201201000103',
    notes: 'Loading door on the side street',
  },
  {
    donor: 1,
    label: 'فرع أسيوط — Asyut branch',
    governorate: 'EG-AST',
    area: 'الحمراء — El Hamraa',
    address_line: 'Gomhoreya Street, building 14',
    landmark: 'Behind the university hospital',
    lat: null,
    lng: null,
    contact_name: 'Youssef Abdelrahman',
    contact_phone: '+201501000104',
    notes: null,
  },
  {
    donor: 2,
    label: 'مطعم الأنفوشي — Anfushi restaurant',
    governorate: 'EG-ALX',
    area: 'الأنفوشي — Anfushi',
    address_line: '3 Corniche Road',
    landmark: 'Facing the fishing boats, next to Qaitbay fort road',
    lat: 31.2027,
    lng: 29.8825,
    contact_name: 'Sayed Mahmoud',
    contact_phone: '+201001000105',
    notes: 'Ask for the kitchen manager',
  },
  {
    donor: 2,
    label: 'فرع الأقصر — Luxor branch',
    governorate: 'EG-LX',
    area: 'الكرنك — Karnak',
    address_line: 'Karnak Temple Street 40',
    landmark: 'Two streets north of the temple car park',
    lat: 25.7188,
    lng: 32.6573,
    contact_name: 'Amal Hassan',
    contact_phone: '+201101000106',
    notes: null,
  },
];

/**
 * The demo items: expiration `days` from today (Cairo), what happened to each, its pickup point (index
 * into POINTS), and its details; windows and preparation in hours from now.
 */
type DemoState = 'available' | 'claimed' | 'fulfilled' | 'cancelled' | 'expired' | 'withdrawn' | 'not_collected';
interface DemoItem {
  donor: number;
  point: number;
  name: string;
  quantity: number;
  description: string;
  days: number;
  state: DemoState;
  charity?: number;
  category: FoodCategory;
  storage: StorageKind;
  unit: FoodUnit;
  weightKg?: number;
  allergens: Allergen[];
  preparedHoursAgo?: number;
  window?: [number, number];
  /** A cancelled request: cancelled late (docs/DOMAIN-RULES.md, "The handover"). */
  late?: boolean;
  /** A fulfilled request: what the charity reported it received. */
  received?: { received_quantity?: number; received_weight_kg?: number; comment?: string };
}
const ITEMS: DemoItem[] = [
  { donor: 0, point: 0, name: 'Koshary boxes', quantity: 40, description: 'Rice, lentils and pasta with tomato sauce, packed this evening', days: 1, state: 'available', category: 'cooked_meal', storage: 'hot', unit: 'portion', weightKg: 16, allergens: ['gluten'], preparedHoursAgo: 1, window: [0, 2] },
  { donor: 0, point: 1, name: 'Ful medames', quantity: 25, description: 'Slow-cooked fava beans in sealed tubs', days: 2, state: 'claimed', charity: 0, category: 'cooked_meal', storage: 'hot', unit: 'portion', weightKg: 10, allergens: [], preparedHoursAgo: 0.5, window: [0.5, 2.5] },
  { donor: 0, point: 0, name: 'Ta\'meya sandwiches', quantity: 60, description: 'Falafel in baladi bread with salad', days: 0, state: 'fulfilled', charity: 1, received: { received_quantity: 58, comment: 'Two sandwiches were squashed; the rest served at dinner' }, category: 'cooked_meal', storage: 'ambient', unit: 'portion', allergens: ['gluten', 'sesame'], preparedHoursAgo: 3, window: [-2.5, -1.5] },
  { donor: 1, point: 2, name: 'Baladi bread', quantity: 120, description: 'Fresh loaves from the morning bake', days: 1, state: 'available', category: 'bakery', storage: 'ambient', unit: 'item', weightKg: 15, allergens: ['gluten'], window: [1, 5] },
  { donor: 1, point: 3, name: 'Feteer meshaltet', quantity: 15, description: 'Flaky layered pastry, plain', days: 3, state: 'cancelled', charity: 0, category: 'bakery', storage: 'ambient', unit: 'tray', weightKg: 6, allergens: ['gluten', 'milk', 'eggs'], window: [20, 22] },
  { donor: 1, point: 2, name: 'Basbousa trays', quantity: 30, description: 'Semolina cake with syrup, cut in portions', days: -1, state: 'expired', category: 'bakery', storage: 'ambient', unit: 'tray', weightKg: 9, allergens: ['gluten', 'milk', 'tree_nuts'] },
  { donor: 2, point: 4, name: 'Grilled fish meals', quantity: 35, description: 'Grilled fish with rice and salad, chilled', days: 1, state: 'fulfilled', charity: 0, category: 'meat_fish', storage: 'chilled', unit: 'portion', weightKg: 14, allergens: ['fish'], window: [-3, -2] },
  { donor: 2, point: 5, name: 'Lentil soup', quantity: 50, description: 'Shorbet ads in sealed containers', days: 4, state: 'available', category: 'cooked_meal', storage: 'chilled', unit: 'portion', weightKg: 20, allergens: ['celery'], preparedHoursAgo: 5 },
  { donor: 2, point: 4, name: 'Rayeb yogurt cups', quantity: 80, description: 'Cultured milk cups, sealed, kept in the fridge', days: 2, state: 'available', category: 'dairy', storage: 'chilled', unit: 'item', weightKg: 10, allergens: ['milk'], window: [2, 6] },
  { donor: 1, point: 3, name: 'Mangoes and guavas', quantity: 40, description: 'Ripe fruit from the market, in crates', days: 2, state: 'available', category: 'produce', storage: 'ambient', unit: 'kg', allergens: [] },
  { donor: 0, point: 1, name: 'Bottled water', quantity: 200, description: '600 ml bottles in shrink-wrapped packs', days: 30, state: 'available', category: 'beverages', storage: 'ambient', unit: 'item', weightKg: 125, allergens: [], window: [18, 22] },
  { donor: 2, point: 5, name: 'Frozen kofta', quantity: 10, description: 'Minced beef kofta, frozen in 1 kg bags', days: 5, state: 'available', category: 'meat_fish', storage: 'frozen', unit: 'kg', allergens: [], window: [3, 7] },
  { donor: 0, point: 0, name: 'أرز بالخلطة — Rice with nuts', quantity: 30, description: 'أرز بالكبد والمكسرات في علب — rice with liver and nuts in boxes', days: 1, state: 'claimed', charity: 1, category: 'cooked_meal', storage: 'hot', unit: 'portion', weightKg: 12, allergens: ['tree_nuts'], preparedHoursAgo: 0.5, window: [0.25, 2] },
  { donor: 1, point: 3, name: 'عيش فينو — Fino rolls', quantity: 200, description: 'عيش فينو طازج من خبز الصباح — fresh rolls from the morning bake', days: 1, state: 'not_collected', charity: 1, category: 'bakery', storage: 'ambient', unit: 'item', weightKg: 8, allergens: ['gluten'] },
  { donor: 2, point: 5, name: 'جبنة قريش — Areesh cheese', quantity: 12, description: 'Fresh cottage cheese tubs, kept in the fridge', days: 3, state: 'cancelled', charity: 1, late: true, category: 'dairy', storage: 'chilled', unit: 'kg', allergens: ['milk'], window: [4, 8] },
  { donor: 2, point: 4, name: 'Tuna sandwiches', quantity: 45, description: 'Tuna and salad in baladi bread, chilled', days: 1, state: 'fulfilled', charity: 1, category: 'meat_fish', storage: 'chilled', unit: 'portion', weightKg: 9, allergens: ['fish', 'gluten'], window: [-4, -3], received: { received_weight_kg: 8.5 } },
  { donor: 1, point: 2, name: 'Date biscuits', quantity: 150, description: 'Ma\'amoul packs, sealed', days: 60, state: 'withdrawn', category: 'packaged', storage: 'ambient', unit: 'item', weightKg: 12, allergens: ['gluten', 'milk', 'soy'] },
];

/**
 * Standing collections (docs/DOMAIN-RULES.md): the Zamalek bakery's baladi bread every evening at 21:00 for
 * Ahl Masr, with Giza Orphans on the waitlist; Koshary El Tahrir's iftar meals every day of Ramadan, from
 * Maghrib + 30 to Maghrib + 90 minutes, for the open board. Both start today; the job lists each day ahead.
 */
const SCHEDULES: (Omit<ScheduleFields, 'pickup_point_id' | 'partners' | 'starts_on'> & { donor: number; point: number; partners: number[] })[] = [
  {
    donor: 1,
    point: 2,
    partners: [0, 1],
    food_name: 'خبز بلدي — Baladi bread',
    description: 'Fresh baladi bread from the evening bake, in bags of 20',
    category: 'bakery',
    storage: 'ambient',
    unit: 'item',
    quantity: 80,
    weight_kg: 8,
    allergens: ['gluten'],
    rule: 'FREQ=DAILY',
    ramadan: 'any',
    eids: 'any',
    window: { from: '21:00', until: '22:30' },
    ends_on: null,
  },
  {
    donor: 0,
    point: 0,
    partners: [],
    food_name: 'وجبات إفطار — Iftar meals',
    description: 'Koshary iftar boxes with dates and water, hot at sunset',
    category: 'cooked_meal',
    storage: 'hot',
    unit: 'portion',
    quantity: 50,
    weight_kg: 20,
    allergens: ['gluten'],
    rule: 'FREQ=DAILY',
    ramadan: 'only',
    eids: 'any',
    window: { anchor: 'maghrib', from_minutes: 30, until_minutes: 90 },
    ends_on: null,
  },
];

const HOUR_MS = 3_600_000;

/**
 * Fills an empty database with Egyptian demo data (donors, charities, items in every state) when the
 * environment asks for it, as `npm start` does. A database that already has a donor or a charity is left alone.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UsersService,
    private readonly food: ListingsService,
    private readonly points: PickupPointsService,
    private readonly requests: HandoverService,
    private readonly claims: ClaimsService,
    private readonly organisations: OrganisationsService,
    private readonly passwords: PasswordService,
    private readonly config: AppConfig,
    private readonly stats: StatsService,
    private readonly verification: VerificationService,
    private readonly schedules: SchedulesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO) return;
    const charityIds = await this.db.transaction(async (tx) => {
      // Serialises concurrent starts: only the first one to see an empty table seeds it.
      if (!(await this.users.lockWhileEmpty(tx))) return null;
      return this.seed(tx);
    });
    if (!charityIds) return;
    // The seed writes fulfilled donations directly, past the workers: count them into the totals.
    await this.stats.rebuild();
    // After the accounts are committed, as a charity's submission and an operator's decision would be.
    await this.sendRegistrations(charityIds);
    this.printLogins();
  }

  /** Seeds everything but verification; returns the charities' account ids. */
  private async seed(tx: EntityManager): Promise<number[]> {
    const passwordHash = await this.passwords.hash(DEMO_PASSWORD);
    const insertUser = (user: { name: string; email: string }, userType: UserType) =>
      this.users.insert({ ...user, passwordHash, userType, language: 'en' }, tx);
    const donorIds: number[] = [];
    const orgIds = { donor: [] as number[], charity: [] as number[] };
    for (const donor of DONORS) {
      const id = await insertUser(donor, 'donor');
      orgIds.donor.push(await this.organisations.create(tx, 'donor', donor.name, id));
      donorIds.push(id);
    }
    const charityIds: number[] = [];
    for (const charity of CHARITIES) {
      const id = await insertUser(charity, 'charity');
      await this.users.insertCharity(id, tx);
      orgIds.charity.push(await this.organisations.create(tx, 'charity', charity.name, id));
      charityIds.push(id);
    }

    const pointIds: number[] = [];
    for (const { donor, ...point } of POINTS) {
      const isFirst = !POINTS.slice(0, pointIds.length).some((earlier) => earlier.donor === donor);
      pointIds.push(await this.points.insert(tx, donorIds[donor], point, isFirst));
    }

    const memberIds = new Map<string, number>();
    for (const member of MEMBERS) {
      const id = await this.users.insert({ name: member.name, email: member.email, passwordHash, userType: member.of, language: 'en', memberOnly: true }, tx);
      await this.organisations.addMember(tx, orgIds[member.of][member.index], id, member.role, (member.points ?? []).map((point) => pointIds[point]));
      memberIds.set(member.email, id);
    }
    const volunteer = MEMBERS.find((member) => member.role === 'volunteer') as (typeof MEMBERS)[number];

    const now = Date.now();
    const today = new Date(`${cairoDate()}T12:00:00Z`);
    for (const item of ITEMS) {
      const requestId = await this.seedItem(tx, item, now, today, donorIds[item.donor], pointIds[item.point], charityIds);
      if (item.name === ASSIGNED_ITEM && requestId !== undefined) await this.claims.setAssignee(tx, requestId, memberIds.get(volunteer.email) as number);
    }
    for (const { donor, point, partners, ...schedule } of SCHEDULES) {
      await this.schedules.insertSeeded(tx, donorIds[donor], {
        ...schedule,
        pickup_point_id: pointIds[point],
        partners: partners.map((charity) => charityIds[charity]),
        starts_on: cairoDate(),
      });
    }
    return charityIds;
  }

  /**
   * Each demo charity's registration, submitted and (for the first) verified through VerificationService,
   * so the stored document, the audit trail and the charity's event are the real ones. Only ever after a
   * fresh seed: a database that already had a donor or a charity is not touched.
   */
  private async sendRegistrations(charityIds: number[]): Promise<void> {
    const operatorId = await this.demoOperatorId();
    for (const { charity, verify, ...fields } of REGISTRATIONS) {
      const id = charityIds[charity];
      const document = await demoCertificate({ name: CHARITIES[charity].name, ...fields });
      const org = { orgId: 0, accountId: id, kind: 'charity' as const, role: 'admin' as const, pickupPointIds: [] };
      await this.verification.submit({ id, userType: 'charity', org }, async () => ({ fields, document }));
      if (verify) await this.verification.decide(operatorId, id, { decision: 'verify' });
    }
  }

  /** The configured operator account (made at start by OperatorAccountService, before the seed runs), if any. */
  private async demoOperatorId(): Promise<number | null> {
    const email = this.config.OPERATOR_EMAIL?.trim().toLowerCase();
    const operator = email ? await this.users.findForLogin(email) : undefined;
    return operator?.userType === 'operator' ? operator.id : null;
  }

  /** One demo item with its safe time computed as for a real listing, and its request when it has one. */
  private async seedItem(tx: EntityManager, item: DemoItem, now: number, today: Date, donorId: number, pointId: number, charityIds: number[]) {
    const expiry = new Date(today.getTime() + item.days * 86_400_000).toISOString().slice(0, 10);
    const listedAt = new Date(now - Math.max(1, (item.preparedHoursAgo ?? 0) + 0.25) * HOUR_MS);
    const preparedAt = item.preparedHoursAgo === undefined ? null : new Date(now - item.preparedHoursAgo * HOUR_MS);
    const governorate = POINTS[item.point].governorate;
    const safe = safeUntil({
      category: item.category,
      storage: item.storage,
      preparedAt,
      expirationDate: expiry,
      listedAt,
      dayHighC: normalHighC(governorate, preparedAt ?? listedAt),
    });
    // A window never runs past the safe time (near midnight the end of the date can come first).
    const window = item.window && {
      from: new Date(Math.min(now + item.window[0] * HOUR_MS, safe.getTime() - 2 * HOUR_MS)),
      until: new Date(Math.min(now + item.window[1] * HOUR_MS, safe.getTime())),
    };
    const foodStatus: FoodStatus =
      item.state === 'cancelled' || item.state === 'not_collected'
        ? 'available'
        : item.state === 'fulfilled' || item.state === 'claimed'
          ? 'claimed'
          : item.state;
    const foodId = await this.food.insertSeeded(
      tx,
      donorId,
      {
        food_name: item.name,
        quantity: item.quantity,
        description: item.description,
        expiration_date: expiry,
        pickup_point_id: pointId,
        pickup_from: window?.from ?? null,
        pickup_until: window?.until ?? null,
        category: item.category,
        storage: item.storage,
        prepared_at: preparedAt,
        unit: item.unit,
        weight_kg: item.weightKg ?? null,
        allergens: item.allergens,
        safe_until: safe,
      },
      foodStatus,
      listedAt,
    );
    if (item.charity === undefined) return undefined;
    const requestStatus = (item.state === 'claimed' ? 'pending' : item.state) as RequestStatus;
    return this.requests.insertSeeded(tx, foodId, charityIds[item.charity], requestStatus, {
      pickupCode: requestStatus === 'pending' || requestStatus === 'fulfilled' ? newPickupCode() : undefined,
      lateCancellation: item.late,
      received: item.received,
    });
  }

  private printLogins(): void {
    const lines = [
      ...DONORS.map((donor) => `  donor    ${donor.email}`),
      ...CHARITIES.map((charity, index) => `  charity  ${charity.email}${REGISTRATIONS.find((sent) => sent.charity === index)?.verify ? ' (verified)' : ' (waiting for review)'}`),
      ...MEMBERS.map((member) => `  ${member.of.padEnd(8)} ${member.email} (${member.role} of ${(member.of === 'donor' ? DONORS : CHARITIES)[member.index].name})`),
    ];
    this.logger.log(`Seeded demo data. Demo logins (password ${DEMO_PASSWORD}):\n${lines.join('\n')}`);
  }
}
