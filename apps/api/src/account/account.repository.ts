import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AUDIT_ACTIONS, EXPORT_DOCUMENT_NOTE, type AccountExport, type UserType } from '@food-link/contracts';
import type { DataSource, EntityManager } from 'typeorm';

export interface AccountRow {
  id: number;
  user_type: UserType;
}

/** What the export reads in its one query (the rest comes from the notifications' repositories). */
type ExportRows = Omit<AccountExport, 'exported_at' | 'charity_profile' | 'notification_preferences' | 'notifications' | 'volunteer_profile' | 'trip_orders'>;

/** The SQL of a user's personal data: reading it all out, and erasing it from a deleted account. */
@Injectable()
export class AccountRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Everything stored about the user, as the export hands it over (`null` when there is no such user). */
  async export(userId: number): Promise<ExportRows | null> {
    const [row] = await this.db.query<ExportRows[]>(
      `SELECT json_build_object('user_id', u.id, 'name', u.name, 'email', u.email, 'user_type', u.user_type,
                                'created_at', u.created_at) AS account,
              (SELECT json_build_object('charity_id', c.id, 'created_at', c.created_at) FROM charities c WHERE c.user_id = u.id) AS charity,
              coalesce((SELECT json_agg(json_build_object(
                          'food_id', f.id, 'food_name', f.food_name, 'quantity', f.quantity, 'description', f.description,
                          'expiration_date', to_char(f.expiration_date, 'YYYY-MM-DD'), 'status', f.status, 'created_at', f.created_at,
                          'requests', coalesce((SELECT json_agg(json_build_object(
                                                   'request_id', r.id, 'status', r.status, 'created_at', r.created_at,
                                                   'charity_name', ch.name) ORDER BY r.created_at, r.id)
                                                FROM pickup_requests r JOIN users ch ON ch.id = r.charity_id
                                               WHERE r.food_id = f.id), '[]'))
                          ORDER BY f.created_at, f.id)
                          FROM food_items f WHERE f.donor_id = u.id), '[]') AS donations,
              coalesce((SELECT json_agg(json_build_object(
                          'request_id', r.id, 'status', r.status, 'created_at', r.created_at, 'food_id', f.id,
                          'food_name', f.food_name, 'quantity', f.quantity, 'donor_name', d.name)
                          ORDER BY r.created_at, r.id)
                          FROM pickup_requests r JOIN food_items f ON f.id = r.food_id JOIN users d ON d.id = f.donor_id
                         WHERE r.charity_id = u.id), '[]') AS pickup_requests,
              coalesce((SELECT json_agg(json_build_object('endpoint', s.endpoint, 'created_at', s.created_at, 'last_success_at', s.last_success_at)
                                        ORDER BY s.created_at, s.id)
                          FROM push_subscriptions s WHERE s.user_id = u.id), '[]') AS push_subscriptions,
              coalesce((SELECT json_agg(json_build_object('charity_name', c.name, 'position', p.position, 'created_at', p.created_at) ORDER BY p.position)
                          FROM donor_partners p JOIN users c ON c.id = p.charity_id WHERE p.donor_id = u.id), '[]') AS partners,
              coalesce((SELECT json_agg(json_build_object('donor_name', d.name, 'created_at', p.created_at) ORDER BY p.created_at, d.id)
                          FROM donor_partners p JOIN users d ON d.id = p.donor_id WHERE p.charity_id = u.id), '[]') AS partner_of,
              coalesce((SELECT json_agg(json_build_object(
                          'id', p.id, 'label', p.label, 'governorate', p.governorate, 'area', p.area, 'address_line', p.address_line,
                          'landmark', p.landmark, 'lat', p.lat, 'lng', p.lng, 'contact_name', p.contact_name, 'contact_phone', p.contact_phone,
                          'notes', p.notes, 'is_default', p.is_default, 'created_at', p.created_at, 'deleted_at', p.deleted_at)
                          ORDER BY p.created_at, p.id)
                          FROM pickup_points p WHERE p.donor_id = u.id), '[]') AS pickup_points,
              (SELECT json_build_object(
                        'status', c.verification_status, 'moss_number', c.moss_number, 'address', c.address, 'contact_phone', c.contact_phone,
                        'submitted_at', c.submitted_at, 'decided_at', c.decided_at, 'reason', c.verification_reason,
                        'claiming_suspended_until', CASE WHEN c.claiming_suspended_until > now() THEN c.claiming_suspended_until END,
                        'document', CASE WHEN c.document_key IS NOT NULL THEN json_build_object('type', c.document_type, 'note', $2::text) END,
                        'audit', coalesce((SELECT json_agg(json_build_object(
                                             'action', a.action, 'reason', a.reason, 'status_before', a.status_before,
                                             'status_after', a.status_after, 'created_at', a.created_at) ORDER BY a.created_at, a.id)
                                             FROM verification_audit a
                                            WHERE a.subject_id = u.id AND a.action = ANY($3)), '[]'))
                 FROM charities c WHERE c.user_id = u.id) AS verification
         FROM users u
        WHERE u.id = $1 AND u.deleted_at IS NULL`,
      [userId, EXPORT_DOCUMENT_NOTE, AUDIT_ACTIONS],
    );
    return row ?? null;
  }

  /** Locks a live (not deleted) account for the rest of the transaction. */
  async lockLive(tx: EntityManager, userId: number): Promise<AccountRow | null> {
    const [row] = await tx.query<AccountRow[]>(`SELECT id, user_type FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [
      userId,
    ]);
    return row ?? null;
  }

  /**
   * Erases what a deleted account leaves besides its row (which UsersRepository.anonymise keeps, so past
   * donations and requests keep their counts): its Idempotency-Keys, push subscriptions, reset links,
   * charity profile, notification choices, notifications, partner lists, its phone and messages, and a
   * volunteer's profile and trip orders.
   */
  async erasePersonalData(tx: EntityManager, userId: number): Promise<void> {
    await tx.query(`DELETE FROM idempotency_keys WHERE user_id = $1`, [userId]);
    // Its browsers are notified no more.
    await tx.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [userId]);
    // A reset link sent before the deletion must not bring the account back.
    await tx.query(`DELETE FROM password_resets WHERE user_id = $1`, [userId]);
    // The matching profile (it holds a phone and a base), choices and notifications; a deleted charity
    // is matched no more, and is nobody's partner (nor has any).
    await tx.query(`DELETE FROM charity_profiles WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM notification_preferences WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM notifications WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM donor_partners WHERE donor_id = $1 OR charity_id = $1`, [userId]);
    // Its phone (freed for another account), the codes sent to it and the log of its messages.
    await tx.query(`DELETE FROM messaging_phones WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM messaging_code_sends WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM messaging_messages WHERE user_id = $1`, [userId]);
    // A volunteer's vehicle, area and hours, and the order they chose for their days (issue 28).
    await tx.query(`DELETE FROM volunteer_profiles WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM trip_orders WHERE volunteer_id = $1`, [userId]);
  }
}
