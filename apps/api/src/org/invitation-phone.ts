import { Injectable, Logger } from '@nestjs/common';
import { INVITATION_DAYS, PAGE_ROUTES, type MessagingChannel } from '@food-link/contracts';
import { OrganisationsService } from '../auth/organisations.service';
import { AppConfig } from '../config/app-config';
import { MessagingService } from '../messaging/messaging.service';
import { invitationWords } from './invitation-mail-texts';

/**
 * An invitation's link by WhatsApp or SMS too, when the admin gives the invitee's phone (issue 26: "by the
 * other channels when they exist"; docs/MESSAGING.md, "Invitations"). Sent once the invitation is
 * committed, in the words of its e-mail and the same language; a send that fails is logged (the e-mail
 * still goes, and the admin can invite again), never the invitation's failure.
 */
@Injectable()
export class InvitationPhone {
  private readonly logger = new Logger('Invitations');

  constructor(
    private readonly config: AppConfig,
    private readonly organisations: OrganisationsService,
    private readonly messaging: MessagingService,
  ) {}

  async send(invitationId: number, token: string, phone: string, channel: MessagingChannel): Promise<void> {
    const invitation = await this.organisations.openForMail(invitationId);
    if (!invitation) return;
    const link = `${this.config.publicUrl}${PAGE_ROUTES.join}?token=${token}`;
    const words = invitationWords({ ...invitation, days: INVITATION_DAYS }, invitation.language);
    try {
      const sent = await this.messaging.sendInvitation(phone, channel, words, link, invitation.language);
      if (sent.outcome === 'stopped') this.logger.log(`Invitation ${invitationId}: that phone said STOP; sent by e-mail only`);
    } catch (error) {
      this.logger.warn(`Invitation ${invitationId}: the ${channel} message failed (${(error as Error).message}); sent by e-mail only`);
    }
  }
}
