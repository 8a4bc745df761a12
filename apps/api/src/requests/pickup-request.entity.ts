import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { REQUEST_STATUSES, type RequestStatus } from '@food-link/contracts';
import { User } from '../auth/user.entity';
import { FoodItem } from '../food/food-item.entity';

@Entity('pickup_requests')
export class PickupRequest {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'food_id', type: 'int' })
  foodId: number;

  @ManyToOne(() => FoodItem)
  @JoinColumn({ name: 'food_id' })
  food?: FoodItem;

  /** The charity's user id (not its charity_id): every call addresses charities by user id. */
  @Column({ name: 'charity_id', type: 'int' })
  charityId: number;

  @ManyToOne(() => User)
  @JoinColumn({ name: 'charity_id' })
  charity?: User;

  @Column({ type: 'enum', enum: REQUEST_STATUSES, enumName: 'request_status', default: 'pending' })
  status: RequestStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
