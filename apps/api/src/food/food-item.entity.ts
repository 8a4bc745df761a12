import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { FOOD_STATUSES, type FoodStatus } from '@food-link/contracts';
import { User } from '../auth/user.entity';

@Entity('food_items')
export class FoodItem {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'donor_id', type: 'int' })
  donorId: number;

  @ManyToOne(() => User)
  @JoinColumn({ name: 'donor_id' })
  donor?: User;

  @Column({ name: 'food_name', type: 'varchar', length: 120 })
  foodName: string;

  @Column({ type: 'int' })
  quantity: number;

  @Column({ type: 'varchar', length: 1000 })
  description: string;

  /** A calendar date (`YYYY-MM-DD`); kept as a string so no time zone can shift it. */
  @Column({ name: 'expiration_date', type: 'date' })
  expirationDate: string;

  @Column({ type: 'enum', enum: FOOD_STATUSES, enumName: 'food_status', default: 'available' })
  status: FoodStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
