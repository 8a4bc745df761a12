import { Injectable, Logger } from '@nestjs/common';
import { INVITATION_DAYS, PAGE_ROUTES } from '@food-link/contracts';
import { OrganisationsService } from '../auth/organisations.service';
import { AppConfig } from '../config/app-config';
import { MessagingService } from '../messaging/messaging.service';
import { invitationWords } from './invitation-mail-texts';

/**
 * An invitation's link by WhatsApp or SMS too (issue 26: "by the other channels when they exist";
 * docs/MESSAGING.md, "Invitations"), when the invited e-mail is an account's with a verified phone: nothing
 * goes to a phone nobody verified (issue 29). Sent once the invitation is committed, in the words of its
 * e-mail, in the phone owner's language; a send that fails is logged (the e-mail still goes), never the
 * invitation's failure.
 */
@Injectable()
export class InvitationPhone {
  private readonly logger = new Logger('Invitations');

  constructor(
    private readonly config: AppConfig,
    private readonly organisations: OrganisationsService,
    private readonly messaging: MessagingService,
  ) {}

  async send(invitationId: number, token: string): Promise<void> {
    const invitation = await this.organisations.openForMail(invitationId);
    if (!invitation?.inviteeId) return;
    const link = `${this.config.publicUrl}${PAGE_ROUTES.join}?token=${token}`;
    try {
      await this.messaging.sendInvitation(invitation.inviteeId, (language) => invitationWords({ ...invitation, days: INVITATION_DAYS }, language), link);
    } catch (error) {
      this.logger.warn(`Invitation ${invitationId}: the phone message failed (${(error as Error).message}); sent by e-mail only`);
    }
  }
}
