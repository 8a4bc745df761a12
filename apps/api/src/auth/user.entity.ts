import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { USER_TYPES, type UserType } from '@food-link/contracts';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Stored lower-cased; unique regardless of case. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  @Column({ name: 'user_type', type: 'enum', enum: USER_TYPES, enumName: 'user_type' })
  userType: UserType;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
